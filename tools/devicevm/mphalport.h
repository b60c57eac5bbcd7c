// SPDX-License-Identifier: MIT
// The device VM has no clock of its own: time is counted in instructions (devicevm.instructions()).
static inline void mp_hal_set_interrupt_char(char c) {
    (void)c;
}

// No pins: this keeps py/mphal.h from pulling in extmod's virtual pins, which the source distribution lacks.
#define mp_hal_pin_obj_t void *
