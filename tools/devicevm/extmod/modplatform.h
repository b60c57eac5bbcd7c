// SPDX-License-Identifier: MIT
// py/modsys.c includes this extmod header, which the source distribution lacks; the device VM sets
// MICROPY_PY_SYS_PLATFORM itself and needs nothing else from it.
