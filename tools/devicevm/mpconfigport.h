// SPDX-License-Identifier: MIT
// The device VM: MicroPython configured like CircuitPython's SAMD51 build (PyBadge, PyGamer), run on QEMU's
// mps2-an386 board (a Cortex-M4 with an FPU). Options follow CircuitPython's py/circuitpy_mpconfig.h and
// ports/atmel-samd (read in upstream source, see docs/device.md); what differs is said beside it.

#include <stdint.h>
#include <alloca.h>

// The base feature level; every option that matters for speed or memory is set explicitly below.
#define MICROPY_CONFIG_ROM_LEVEL                (MICROPY_CONFIG_ROM_LEVEL_EXTRA_FEATURES)

// Object model and numbers, as CircuitPython's REPR_C build: 31-bit small ints, 30-bit floats in the word.
#define MICROPY_OBJ_REPR                        (MICROPY_OBJ_REPR_C)
#define MICROPY_FLOAT_IMPL                      (MICROPY_FLOAT_IMPL_FLOAT)
#define MICROPY_LONGINT_IMPL                    (MICROPY_LONGINT_IMPL_MPZ)   // pybadge/pygamer: LONGINT_IMPL = MPZ
#define MP_SSIZE_MAX                            (0x7fffffff)
#define MICROPY_FLOAT_HIGH_QUALITY_HASH         (0)
#define MICROPY_OPT_MPZ_BITWISE                 (0)

// Interpreter speed options CircuitPython turns on for a full build.
#define MICROPY_OPT_COMPUTED_GOTO               (1)
#define MICROPY_OPT_LOAD_ATTR_FAST_PATH         (1)
#define MICROPY_OPT_MAP_LOOKUP_CACHE            (1)

// Memory: a Python stack of 2 KB (CIRCUITPY_PYSTACK_SIZE), the collector without an allocation threshold,
// finalisers on. The heap is one block whose size the command line sets (CircuitPython grows a split heap
// out of its outer heap instead: see docs/device.md).
#define MICROPY_ENABLE_GC                       (1)
#define MICROPY_GC_ALLOC_THRESHOLD              (0)
#define MICROPY_ENABLE_FINALISER                (1)
#define MICROPY_ENABLE_PYSTACK                  (1)
#define DEVICEVM_PYSTACK_MAX                    (64 * 1024)  // the most the command line may ask for
#define DEVICEVM_PYSTACK_DEFAULT                (2048)
#define MICROPY_STACK_CHECK                     (1)
#define MICROPY_STACK_CHECK_MARGIN              (1024)       // CIRCUITPY_EXCEPTION_STACK_SIZE
#define MICROPY_ALLOC_PATH_MAX                  (256)        // host paths are longer than CIRCUITPY's 96
#define MICROPY_ALLOC_PARSE_CHUNK_INIT          (16)

// Loading and compiling: .mpy files (version 6) and source; no native code emitters (CIRCUITPY_ENABLE_MPY_NATIVE = 0).
#define MICROPY_ENABLE_COMPILER                 (1)
#define MICROPY_PERSISTENT_CODE_LOAD            (1)
#define MICROPY_HAS_FILE_READER                 (1)          // main.c reads files through semihosting
#define MICROPY_ENABLE_EXTERNAL_IMPORT          (1)
#define MICROPY_MODULE_FROZEN_MPY               (0)
#define MICROPY_EMIT_THUMB                      (0)
#define MICROPY_EMIT_INLINE_THUMB               (0)
#define MICROPY_ENABLE_SOURCE_LINE              (1)
#define MICROPY_ENABLE_DOC_STRING               (0)
#define MICROPY_ERROR_REPORTING                 (MICROPY_ERROR_REPORTING_NORMAL)
#define MICROPY_COMP_CONST                      (1)
#define MICROPY_COMP_DOUBLE_TUPLE_ASSIGN        (1)
#define MICROPY_COMP_MODULE_CONST               (1)
#define MICROPY_COMP_TRIPLE_TUPLE_ASSIGN        (0)
#define MICROPY_ROM_TEXT_COMPRESSION            (0)
#define MICROPY_CPYTHON_COMPAT                  (1)
#define MICROPY_CPYTHON_EXCEPTION_CHAIN         (1)
#define MICROPY_BUILTIN_METHOD_CHECK_SELF_ARG   (1)
#define MICROPY_CAN_OVERRIDE_BUILTINS           (1)
#define MICROPY_DEBUG_PRINTERS                  (0)
#define MICROPY_MEM_STATS                       (0)
#define MICROPY_KBD_EXCEPTION                   (0)
#define MICROPY_HELPER_REPL                     (0)
#define MICROPY_REPL_EVENT_DRIVEN               (0)
#define MICROPY_USE_INTERNAL_PRINTF             (1)
#define MICROPY_USE_INTERNAL_ERRNO              (1)
#define MICROPY_QSTR_BYTES_IN_HASH              (1)
#define MICROPY_MODULE_BUILTIN_INIT             (1)

// Built-in types and modules: CircuitPython's full-build set where MicroPython's py/ has them. Not here, because
// they live in extmod/ or CircuitPython's shared-bindings: time, os, json, re, binascii, random (and every
// hardware module); the tools put stand-ins on sys.path where the firmware needs them.
#define MICROPY_PY_ASYNC_AWAIT                  (1)
#define MICROPY_PY_BUILTINS_BYTEARRAY           (1)
#define MICROPY_PY_BUILTINS_BYTES_HEX           (1)
#define MICROPY_PY_BUILTINS_COMPLEX             (1)
#define MICROPY_PY_BUILTINS_ENUMERATE           (1)
#define MICROPY_PY_BUILTINS_FILTER              (1)
#define MICROPY_PY_BUILTINS_FROZENSET           (1)
#define MICROPY_PY_BUILTINS_HELP                (0)
#define MICROPY_PY_BUILTINS_INPUT               (0)
#define MICROPY_PY_BUILTINS_MEMORYVIEW          (1)
#define MICROPY_PY_BUILTINS_MIN_MAX             (1)
#define MICROPY_PY_BUILTINS_NOTIMPLEMENTED      (1)
#define MICROPY_PY_BUILTINS_POW3                (1)
#define MICROPY_PY_BUILTINS_PROPERTY            (1)
#define MICROPY_PY_BUILTINS_REVERSED            (1)
#define MICROPY_PY_BUILTINS_ROUND_INT           (1)
#define MICROPY_PY_BUILTINS_SET                 (1)
#define MICROPY_PY_BUILTINS_SLICE               (1)
#define MICROPY_PY_BUILTINS_SLICE_ATTRS         (1)
#define MICROPY_PY_BUILTINS_SLICE_INDICES       (1)
#define MICROPY_PY_BUILTINS_STR_CENTER          (1)
#define MICROPY_PY_BUILTINS_STR_PARTITION       (1)
#define MICROPY_PY_BUILTINS_STR_SPLITLINES      (1)
#define MICROPY_PY_BUILTINS_STR_UNICODE         (1)
#define MICROPY_PY_ALL_SPECIAL_METHODS          (1)
#define MICROPY_PY_REVERSE_SPECIAL_METHODS      (1)
#define MICROPY_PY_DESCRIPTORS                  (1)
#define MICROPY_PY_FSTRINGS                     (1)
#define MICROPY_PY_FUNCTION_ATTRS               (1)
#define MICROPY_PY_ATTRTUPLE                    (1)
#define MICROPY_PY_ARRAY                        (1)
#define MICROPY_PY_ARRAY_SLICE_ASSIGN           (1)
#define MICROPY_PY_COLLECTIONS                  (1)
#define MICROPY_PY_COLLECTIONS_ORDEREDDICT      (1)
#define MICROPY_PY_COLLECTIONS_DEQUE            (1)
#define MICROPY_PY_COLLECTIONS_DEQUE_ITER       (1)
#define MICROPY_PY_COLLECTIONS_DEQUE_SUBSCR     (1)
#define MICROPY_PY_MATH                         (1)          // CircuitPython's own math module stands here
#define MICROPY_PY_CMATH                        (0)
#define MICROPY_PY_GC                           (1)
#define MICROPY_PY_SYS                          (1)
#define MICROPY_PY_SYS_MAXSIZE                  (1)
#define MICROPY_PY_SYS_EXIT                     (1)
#define MICROPY_PY_SYS_STDFILES                 (0)
#define MICROPY_PY_SYS_PATH_ARGV_DEFAULTS       (1)
#define MICROPY_PY_MICROPYTHON_MEM_INFO         (1)
#define MICROPY_PY_STRUCT                       (1)          // CircuitPython's struct stands here
#define MICROPY_PY_ERRNO                        (1)
#define MICROPY_PY_IO                           (1)
#define MICROPY_PY_IO_IOBASE                    (0)
#define MICROPY_PY_THREAD                       (0)
#define MICROPY_PY_UCTYPES                      (0)
#define MICROPY_PY_RANDOM                       (0)
#define MICROPY_PY_OS                           (0)
#define MICROPY_PY_TIME                         (0)
#define MICROPY_PY_JSON                         (0)
#define MICROPY_PY_RE                           (0)
#define MICROPY_PY_BINASCII                     (0)
#define MICROPY_VFS                             (0)

// Type definitions for a 32-bit Cortex-M.
#define MICROPY_MAKE_POINTER_CALLABLE(p) ((void *)((mp_uint_t)(p) | 1))
#define MP_ENDIANNESS_LITTLE                    (1)
typedef int mp_int_t;
typedef unsigned int mp_uint_t;
typedef long mp_off_t;

#define MICROPY_HW_BOARD_NAME "device VM (QEMU mps2-an386)"
#define MICROPY_HW_MCU_NAME "Cortex-M4F"
#define MICROPY_PY_SYS_PLATFORM "devicevm"

// No background tasks run between bytecodes (CircuitPython runs its display, USB and keypad work there).
#define MICROPY_VM_HOOK_LOOP
#define MICROPY_VM_HOOK_RETURN

#define MICROPY_BEGIN_ATOMIC_SECTION() (0)
#define MICROPY_END_ATOMIC_SECTION(state) ((void)(state))

// The module with the instruction counter and the Python stack's high-water mark.
#define MP_STATE_PORT MP_STATE_VM
