// SPDX-License-Identifier: MIT
// The device VM's port: a bare-metal MicroPython for QEMU's mps2-an386 (Cortex-M4F) that takes its files and its
// console from the host through semihosting, and counts instructions on the virtual clock.
//
// QEMU runs it as
//   qemu-system-arm -M mps2-an386 -icount shift=0,sleep=off -semihosting-config enable=on,target=native,arg=ARGFILE
// where ARGFILE (a host path without spaces or commas) holds one setting a line:
//   heap BYTES | pystack BYTES | path DIR (appended to sys.path) | argv WORD (sys.argv, the first is the script)
// The script is a .py file (compiled here) or a .mpy file (loaded as the device loads it). The exit status is
// 0, 1 for an uncaught exception, or the value given to sys.exit().

#include <stdint.h>
#include <string.h>

#include "py/builtin.h"
#include "py/compile.h"
#include "py/cstack.h"
#include "py/gc.h"
#include "py/lexer.h"
#include "py/mperrno.h"
#include "py/mphal.h"
#include "py/objmodule.h"
#include "py/persistentcode.h"
#include "py/pystack.h"
#include "py/reader.h"
#include "py/runtime.h"
#include "shared/runtime/gchelper.h"

// ---------------------------------------------------------------------------------------------------------------
// Semihosting (ARM's "Angel" interface: BKPT 0xAB with the operation in r0 and a parameter block in r1)

#define SYS_OPEN 0x01
#define SYS_CLOSE 0x02
#define SYS_WRITE 0x05
#define SYS_READ 0x06
#define SYS_FLEN 0x0c
#define SYS_GET_CMDLINE 0x15
#define SYS_EXIT_EXTENDED 0x20
#define ADP_STOPPED_APPLICATION_EXIT 0x20026
#define OPEN_MODE_RB 1
#define OPEN_MODE_W 4
#define OPEN_MODE_A 8

static int semihost(int op, const void *block) {
    register int r0 __asm__ ("r0") = op;
    register const void *r1 __asm__ ("r1") = block;
    __asm__ volatile ("bkpt 0xab" : "+r" (r0) : "r" (r1) : "memory");
    return r0;
}

static int sh_open(const char *path, int mode) {
    uint32_t block[3] = {(uint32_t)path, (uint32_t)mode, (uint32_t)strlen(path)};
    return semihost(SYS_OPEN, block);
}

static void sh_close(int handle) {
    uint32_t block[1] = {(uint32_t)handle};
    semihost(SYS_CLOSE, block);
}

// Returns the number of bytes read (the call itself returns the number NOT read).
static int sh_read(int handle, void *buf, size_t len) {
    uint32_t block[3] = {(uint32_t)handle, (uint32_t)buf, (uint32_t)len};
    int left = semihost(SYS_READ, block);
    return left < 0 ? -1 : (int)len - left;
}

static void sh_write(int handle, const void *buf, size_t len) {
    uint32_t block[3] = {(uint32_t)handle, (uint32_t)buf, (uint32_t)len};
    semihost(SYS_WRITE, block);
}

static int stdout_handle = -1;
static int stderr_handle = -1;
static char out_buf[256];
static size_t out_len;

static void out_flush(void) {
    if (out_len) {
        sh_write(stdout_handle, out_buf, out_len);
        out_len = 0;
    }
}

MP_NORETURN static void sh_exit(int status) {
    out_flush();
    uint32_t block[2] = {ADP_STOPPED_APPLICATION_EXIT, (uint32_t)status};
    for (;;) {
        semihost(SYS_EXIT_EXTENDED, block);
    }
}

static void err_str(const char *str) {
    out_flush();
    sh_write(stderr_handle, str, strlen(str));
}

// ---------------------------------------------------------------------------------------------------------------
// Console: stdout is buffered and flushed at each newline, when full and at exit; bytes pass unchanged.

mp_uint_t mp_hal_stdout_tx_strn(const char *str, size_t len) {
    for (size_t i = 0; i < len; i++) {
        out_buf[out_len++] = str[i];
        if (out_len == sizeof(out_buf) || str[i] == '\n') {
            out_flush();
        }
    }
    return len;
}

void mp_hal_stdout_tx_strn_cooked(const char *str, size_t len) {
    mp_hal_stdout_tx_strn(str, len);
}

void mp_hal_stdout_tx_str(const char *str) {
    mp_hal_stdout_tx_strn(str, strlen(str));
}

int mp_hal_stdin_rx_chr(void) {
    return -1;  // no input: the VM runs scripts, not a REPL
}

// ---------------------------------------------------------------------------------------------------------------
// The instruction counter. With -icount shift=0 every instruction advances QEMU's virtual clock by 1 ns, and with
// sleep=off the clock advances only with instructions. SysTick, clocked by the board's 25 MHz system clock,
// therefore ticks once every DEVICEVM_TICK instructions; its 24-bit wraps are counted in an interrupt.

#define SYST_CSR (*(volatile uint32_t *)0xe000e010)
#define SYST_RVR (*(volatile uint32_t *)0xe000e014)
#define SYST_CVR (*(volatile uint32_t *)0xe000e018)
#define SCB_ICSR (*(volatile uint32_t *)0xe000ed04)
#define SCB_CPACR (*(volatile uint32_t *)0xe000ed88)
#define ICSR_PENDSTSET (1u << 26)
#define SYSTICK_RELOAD 0xffffffu
#define DEVICEVM_TICK 40

static volatile uint32_t systick_wraps;

void SysTick_Handler(void) {
    systick_wraps++;
}

static void counter_start(void) {
    SYST_RVR = SYSTICK_RELOAD;
    SYST_CVR = 0;
    SYST_CSR = 7;  // processor clock, interrupt on wrap, enabled
}

// Ticks since start (a tick is DEVICEVM_TICK instructions).
static uint64_t counter_ticks(void) {
    __asm__ volatile ("cpsid i" ::: "memory");
    uint32_t wraps = systick_wraps;
    uint32_t value = SYST_CVR;
    if (SCB_ICSR & ICSR_PENDSTSET) {  // wrapped, and the interrupt has not run yet
        wraps++;
        value = SYST_CVR;
    }
    __asm__ volatile ("cpsie i" ::: "memory");
    return (uint64_t)wraps * (SYSTICK_RELOAD + 1) + (SYSTICK_RELOAD - value);
}

// ---------------------------------------------------------------------------------------------------------------
// The Python stack: filled with a marker so that its high-water mark can be read back.

#define PYSTACK_MARK 0x5a17c0deu
static uint32_t pystack_area[DEVICEVM_PYSTACK_MAX / 4];
static size_t pystack_bytes = DEVICEVM_PYSTACK_DEFAULT;

static size_t pystack_peak(void) {
    size_t words = pystack_bytes / 4;
    while (words > 0 && pystack_area[words - 1] == PYSTACK_MARK) {
        words--;
    }
    return words * 4;
}

// ---------------------------------------------------------------------------------------------------------------
// The devicevm module

static mp_obj_t devicevm_ticks(void) {
    // A small int until 2**30 ticks (about 43 G instructions), so reading it does not allocate.
    return mp_obj_new_int_from_ull(counter_ticks());
}
static MP_DEFINE_CONST_FUN_OBJ_0(devicevm_ticks_obj, devicevm_ticks);

// Runs a loop of exactly 2 * n + 2 instructions and returns the ticks it took: the check that a tick is
// DEVICEVM_TICK instructions (tests/test_devicevm.py).
static mp_obj_t devicevm_spin(mp_obj_t n_in) {
    uint32_t n = mp_obj_get_int(n_in);
    uint64_t start = counter_ticks();
    __asm__ volatile (
        "1: subs %0, %0, #1\n"
        "   bne 1b\n"
        : "+r" (n) : : "cc");
    return mp_obj_new_int_from_ull(counter_ticks() - start);
}
static MP_DEFINE_CONST_FUN_OBJ_1(devicevm_spin_obj, devicevm_spin);

static mp_obj_t devicevm_pystack_peak(void) {
    return MP_OBJ_NEW_SMALL_INT(pystack_peak());
}
static MP_DEFINE_CONST_FUN_OBJ_0(devicevm_pystack_peak_obj, devicevm_pystack_peak);

static mp_obj_t devicevm_pystack_size(void) {
    return MP_OBJ_NEW_SMALL_INT(pystack_bytes);
}
static MP_DEFINE_CONST_FUN_OBJ_0(devicevm_pystack_size_obj, devicevm_pystack_size);

static size_t heap_bytes = 96 * 1024;

static mp_obj_t devicevm_heap_size(void) {
    return MP_OBJ_NEW_SMALL_INT(heap_bytes);
}
static MP_DEFINE_CONST_FUN_OBJ_0(devicevm_heap_size_obj, devicevm_heap_size);

static const mp_rom_map_elem_t devicevm_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_devicevm) },
    { MP_ROM_QSTR(MP_QSTR_ticks), MP_ROM_PTR(&devicevm_ticks_obj) },
    { MP_ROM_QSTR(MP_QSTR_TICK), MP_ROM_INT(DEVICEVM_TICK) },
    { MP_ROM_QSTR(MP_QSTR_spin), MP_ROM_PTR(&devicevm_spin_obj) },
    { MP_ROM_QSTR(MP_QSTR_pystack_peak), MP_ROM_PTR(&devicevm_pystack_peak_obj) },
    { MP_ROM_QSTR(MP_QSTR_pystack_size), MP_ROM_PTR(&devicevm_pystack_size_obj) },
    { MP_ROM_QSTR(MP_QSTR_heap_size), MP_ROM_PTR(&devicevm_heap_size_obj) },
};
static MP_DEFINE_CONST_DICT(devicevm_globals, devicevm_globals_table);

const mp_obj_module_t devicevm_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&devicevm_globals,
};
MP_REGISTER_MODULE(MP_QSTR_devicevm, devicevm_module);

// ---------------------------------------------------------------------------------------------------------------
// Files: imports and scripts are read from the host through a small buffered reader (as the posix reader does).

typedef struct _reader_t {
    int handle;
    size_t len;
    size_t pos;
    byte buf[32];
} reader_t;

static mp_uint_t reader_readbyte(void *data) {
    reader_t *reader = (reader_t *)data;
    if (reader->pos >= reader->len) {
        if (reader->len == 0) {
            return MP_READER_EOF;
        }
        int n = sh_read(reader->handle, reader->buf, sizeof(reader->buf));
        if (n <= 0) {
            reader->len = 0;
            return MP_READER_EOF;
        }
        reader->len = n;
        reader->pos = 0;
    }
    return reader->buf[reader->pos++];
}

static void reader_close(void *data) {
    reader_t *reader = (reader_t *)data;
    sh_close(reader->handle);
    m_del_obj(reader_t, reader);
}

void mp_reader_new_file(mp_reader_t *reader, qstr filename) {
    const char *path = qstr_str(filename);
    int handle = sh_open(path, OPEN_MODE_RB);
    if (handle < 0) {
        mp_raise_OSError_with_filename(MP_ENOENT, path);
    }
    reader_t *r = m_new_obj(reader_t);
    r->handle = handle;
    int n = sh_read(handle, r->buf, sizeof(r->buf));
    r->len = n < 0 ? 0 : n;
    r->pos = 0;
    reader->data = r;
    reader->readbyte = reader_readbyte;
    reader->close = reader_close;
}

mp_lexer_t *mp_lexer_new_from_file(qstr filename) {
    mp_reader_t reader;
    mp_reader_new_file(&reader, filename);
    return mp_lexer_new(filename, reader);
}

static bool host_file_exists(const char *path) {
    int handle = sh_open(path, OPEN_MODE_RB);
    if (handle < 0) {
        return false;
    }
    sh_close(handle);
    return true;
}

static bool ends_with(const char *str, const char *suffix) {
    size_t a = strlen(str), b = strlen(suffix);
    return a >= b && strcmp(str + a - b, suffix) == 0;
}

// Semihosting has no stat: a folder is a package when it holds __init__.py or __init__.mpy, and only .py and
// .mpy files are files (the host opens folders too, so a bare name is never taken for a file).
mp_import_stat_t mp_import_stat(const char *path) {
    char buf[MICROPY_ALLOC_PATH_MAX + 16];
    size_t len = strlen(path);
    if (len + 14 < sizeof(buf)) {
        memcpy(buf, path, len);
        memcpy(buf + len, "/__init__.py", 13);
        if (host_file_exists(buf)) {
            return MP_IMPORT_STAT_DIR;
        }
        memcpy(buf + len, "/__init__.mpy", 14);
        if (host_file_exists(buf)) {
            return MP_IMPORT_STAT_DIR;
        }
    }
    if ((ends_with(path, ".py") || ends_with(path, ".mpy")) && host_file_exists(path)) {
        return MP_IMPORT_STAT_FILE;
    }
    return MP_IMPORT_STAT_NO_EXIST;
}

static mp_obj_t builtin_open(size_t n_args, const mp_obj_t *args, mp_map_t *kwargs) {
    (void)n_args;
    (void)args;
    (void)kwargs;
    mp_raise_OSError(MP_ENOENT);  // the device's files are not modelled
}
MP_DEFINE_CONST_FUN_OBJ_KW(mp_builtin_open_obj, 1, builtin_open);

// ---------------------------------------------------------------------------------------------------------------
// Running a script

static void run_script(const char *path) {
    qstr name = qstr_from_str(path);
    mp_obj_t module_fun;
    if (ends_with(path, ".mpy")) {
        mp_module_context_t *ctx = m_new_obj(mp_module_context_t);
        ctx->module.globals = mp_globals_get();
        mp_compiled_module_t cm;
        cm.context = ctx;
        mp_raw_code_load_file(name, &cm);
        module_fun = mp_make_function_from_proto_fun(cm.rc, ctx, NULL);
    } else {
        mp_lexer_t *lex = mp_lexer_new_from_file(name);
        mp_parse_tree_t tree = mp_parse(lex, MP_PARSE_FILE_INPUT);
        module_fun = mp_compile(&tree, name, false);
    }
    mp_store_global(MP_QSTR___file__, MP_OBJ_NEW_QSTR(name));
    mp_call_function_0(module_fun);
}

// Returns the process exit status: 0, the value of a SystemExit, or 1 after printing an uncaught exception.
static int run_guarded(const char *path) {
    nlr_buf_t nlr;
    if (nlr_push(&nlr) == 0) {
        run_script(path);
        nlr_pop();
        return 0;
    }
    mp_obj_t exc = MP_OBJ_FROM_PTR(nlr.ret_val);
    if (mp_obj_is_subclass_fast(MP_OBJ_FROM_PTR(mp_obj_get_type(exc)), MP_OBJ_FROM_PTR(&mp_type_SystemExit))) {
        mp_obj_t value = mp_obj_exception_get_value(exc);
        if (value == mp_const_none) {
            return 0;
        }
        mp_int_t status;
        if (mp_obj_get_int_maybe(value, &status)) {
            return status & 0xff;
        }
        mp_obj_print(value, PRINT_STR);
        mp_hal_stdout_tx_strn("\n", 1);
        return 1;
    }
    mp_obj_print_exception(&mp_plat_print, exc);
    return 1;
}

// ---------------------------------------------------------------------------------------------------------------
// Start-up

static char args_text[8192];
#define MAX_WORDS 64
static const char *argv_words[MAX_WORDS];
static const char *path_words[MAX_WORDS];

extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _sheap, _eheap, _estack;
#define C_STACK_BYTES (32 * 1024)

static size_t parse_size(const char *text) {
    size_t value = 0;
    while (*text >= '0' && *text <= '9') {
        value = value * 10 + (size_t)(*text++ - '0');
    }
    return value;
}

static int main_(void) {
    stdout_handle = sh_open(":tt", OPEN_MODE_W);
    stderr_handle = sh_open(":tt", OPEN_MODE_A);

    // The command line is the path of the settings file.
    char cmdline[256];
    uint32_t block[2] = {(uint32_t)cmdline, sizeof(cmdline) - 1};
    if (semihost(SYS_GET_CMDLINE, block) != 0) {
        err_str("devicevm: no command line\n");
        return 2;
    }
    cmdline[block[1]] = 0;
    char *args_path = cmdline;
    char *space = strchr(cmdline, ' ');
    if (space) {  // QEMU passes the kernel's name first
        args_path = space + 1;
    }
    int handle = sh_open(args_path, OPEN_MODE_RB);
    if (handle < 0) {
        err_str("devicevm: cannot open the settings file\n");
        return 2;
    }
    int n = sh_read(handle, args_text, sizeof(args_text) - 1);
    sh_close(handle);
    if (n <= 0 || n >= (int)sizeof(args_text) - 1) {
        err_str("devicevm: the settings file is empty or too long\n");
        return 2;
    }
    args_text[n] = 0;

    size_t n_argv = 0, n_path = 0;
    for (char *line = args_text; *line;) {
        char *end = strchr(line, '\n');
        if (end) {
            *end = 0;
        }
        char *value = strchr(line, ' ');
        value = value ? value + 1 : line + strlen(line);
        if (strncmp(line, "heap ", 5) == 0) {
            heap_bytes = parse_size(value);
        } else if (strncmp(line, "pystack ", 8) == 0) {
            pystack_bytes = parse_size(value) & ~7u;
        } else if (strncmp(line, "argv", 4) == 0 && n_argv < MAX_WORDS) {
            argv_words[n_argv++] = value;
        } else if (strncmp(line, "path", 4) == 0 && n_path < MAX_WORDS) {
            path_words[n_path++] = value;
        }
        if (!end) {
            break;
        }
        line = end + 1;
    }
    size_t heap_room = (char *)&_eheap - (char *)&_sheap;
    if (n_argv == 0 || heap_bytes < 1024 || heap_bytes > heap_room || pystack_bytes < 256
        || pystack_bytes > DEVICEVM_PYSTACK_MAX) {
        err_str("devicevm: settings need argv SCRIPT, heap within the RAM and pystack within 64 KB\n");
        return 2;
    }

    mp_cstack_init_with_top(&_estack, C_STACK_BYTES);
    gc_init(&_sheap, (char *)&_sheap + heap_bytes);
    for (size_t i = 0; i < pystack_bytes / 4; i++) {
        pystack_area[i] = PYSTACK_MARK;
    }
    mp_pystack_init(pystack_area, (char *)pystack_area + pystack_bytes);
    mp_init();
    for (size_t i = 0; i < n_path; i++) {
        mp_obj_list_append(mp_sys_path, mp_obj_new_str(path_words[i], strlen(path_words[i])));
    }
    for (size_t i = 0; i < n_argv; i++) {
        mp_obj_list_append(mp_sys_argv, mp_obj_new_str(argv_words[i], strlen(argv_words[i])));
    }
    int status = run_guarded(argv_words[0]);
    mp_deinit();
    return status;
}

void gc_collect(void) {
    gc_collect_start();
    gc_helper_collect_regs_and_stack();
    gc_collect_end();
}

void nlr_jump_fail(void *val) {
    (void)val;
    err_str("devicevm: uncaught NLR jump\n");
    sh_exit(3);
}

void MP_NORETURN __fatal_error(const char *msg) {
    err_str(msg);
    sh_exit(3);
}

#ifndef NDEBUG
void __assert_func(const char *file, int line, const char *func, const char *expr) {
    (void)file;
    (void)line;
    (void)func;
    err_str("devicevm: assertion failed: ");
    err_str(expr);
    err_str("\n");
    sh_exit(3);
}
#endif

void HardFault_Handler(void) {
    err_str("devicevm: hard fault\n");
    sh_exit(4);
}

void Default_Handler(void) {
    err_str("devicevm: unexpected interrupt\n");
    sh_exit(4);
}

void Reset_Handler(void) __attribute__((naked, noreturn));
void Reset_Handler(void) {
    // The FPU first: compiled code may use it anywhere (CPACR: full access to CP10 and CP11).
    SCB_CPACR |= 0xfu << 20;
    __asm__ volatile ("dsb\n isb" ::: "memory");
    for (uint32_t *src = &_sidata, *dst = &_sdata; dst < &_edata;) {
        *dst++ = *src++;
    }
    for (uint32_t *dst = &_sbss; dst < &_ebss;) {
        *dst++ = 0;
    }
    counter_start();
    sh_exit(main_());
}

const uint32_t isr_vector[] __attribute__((section(".isr_vector"), used)) = {
    (uint32_t)&_estack,
    (uint32_t)&Reset_Handler,
    (uint32_t)&Default_Handler,    // NMI
    (uint32_t)&HardFault_Handler,
    (uint32_t)&HardFault_Handler,  // MemManage
    (uint32_t)&HardFault_Handler,  // BusFault
    (uint32_t)&HardFault_Handler,  // UsageFault
    0, 0, 0, 0,
    (uint32_t)&Default_Handler,    // SVCall
    (uint32_t)&Default_Handler,    // DebugMonitor
    0,
    (uint32_t)&Default_Handler,    // PendSV
    (uint32_t)&SysTick_Handler,
};
