# SPDX-License-Identifier: MIT
"""Static check that core/ stays in the Python subset CPython, MicroPython and CircuitPython share.

``python -m tools.subset [PATH ...]`` (default: core and firmware) prints one line per problem (``file:line:
message``) and exits 1 if any.
It complements, and never replaces, running the core under the real MicroPython interpreter: it catches what
the unix port would accept but the device would not (large ints, modules CircuitPython lacks), and names
problems before a test has to stumble on them.
"""

import ast
import sys
from pathlib import Path

# Modules CircuitPython builds include that the core may use.
DEVICE_MODULES = {"array", "collections", "errno", "gc", "math", "micropython", "os", "struct", "sys", "time"}
# What the firmware may import besides: CircuitPython's display and hardware modules and the bundled libraries.
FIRMWARE_MODULES = DEVICE_MODULES | {
    "adafruit_display_text", "adafruit_displayio_layout", "binascii", "bitmaptools", "board", "boards", "core",
    "displayio",
    "microcontroller", "storage", "supervisor", "terminalio", "usb_hid", "usb_midi", "vectorio",
}
# Modules MicroPython/CircuitPython lack, named so the message says why.
MISSING_ON_DEVICE = {"typing", "dataclasses", "enum", "abc", "functools", "itertools", "__future__"}
# str methods missing on MicroPython (platform-facts), and others it has never had.
MISSING_STR_METHODS = {
    "ljust", "rjust", "zfill", "title", "capitalize", "isalnum", "casefold", "swapcase", "expandtabs",
    "format_map", "isidentifier", "isprintable", "isdecimal", "isnumeric", "translate", "maketrans",
    "removeprefix", "removesuffix", "istitle",
}
SMALL_INT_LIMIT = (1 << 30) - 1


_FOLDABLE = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.LShift: "<<", ast.Pow: "**"}


def _folded_int(node):
    """The value of an int-only constant expression such as ``1 << 40``, else None."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in _FOLDABLE:
        left = _folded_int(node.left)
        right = _folded_int(node.right)
        huge = type(node.op) in (ast.LShift, ast.Pow) and not 0 <= (right or 0) < 64
        if left is not None and right is not None and not huge:
            return eval("{} {} {}".format(left, _FOLDABLE[type(node.op)], right))
    return None


class _Checker(ast.NodeVisitor):
    def __init__(self, path, package_root, allowed, integers_only):
        self.path = path
        self.package_root = package_root
        self.allowed = allowed
        self.integers_only = integers_only
        self.problems = []

    def _problem(self, node, message):
        self.problems.append("{}:{}: {}".format(self.path, getattr(node, "lineno", 0), message))

    def _check_module(self, node, name):
        top = name.split(".")[0]
        if top in MISSING_ON_DEVICE:
            self._problem(node, "import of '{}': not available on MicroPython/CircuitPython".format(name))
        elif top != self.package_root and top not in self.allowed:
            self._problem(node, "import of '{}': only {} and CircuitPython modules are allowed".format(
                name, self.package_root))

    def visit_Import(self, node):
        for alias in node.names:
            self._check_module(node, alias.name)

    def visit_ImportFrom(self, node):
        if node.level:
            self._problem(node, "relative import: write 'from core... import' (the device bundle flattens nothing)")
        else:
            self._check_module(node, node.module or "")

    def visit_Constant(self, node):
        if not self.integers_only:
            return
        if isinstance(node.value, float) or isinstance(node.value, complex):
            self._problem(node, "float literal {!r}: rules and scores are integers".format(node.value))
        elif isinstance(node.value, int) and not isinstance(node.value, bool) and abs(node.value) > SMALL_INT_LIMIT:
            self._problem(node, "integer literal {} is not a small int on the device (>= 2**30)".format(node.value))

    def visit_BinOp(self, node):
        if isinstance(node.op, ast.Div) and self.integers_only:
            self._problem(node, "'/' makes a float: use '//'")
        value = _folded_int(node)
        if value is not None and abs(value) > SMALL_INT_LIMIT:
            self._problem(node, "constant expression = {} is not a small int on the device (>= 2**30)".format(value))
        self.generic_visit(node)

    def visit_AugAssign(self, node):
        if isinstance(node.op, ast.Div) and self.integers_only:
            self._problem(node, "'/=' makes a float: use '//='")
        self.generic_visit(node)

    def visit_AsyncFunctionDef(self, node):
        self._problem(node, "'async def': not in the shared subset")
        self.generic_visit(node)

    def visit_Await(self, node):
        self._problem(node, "'await': not in the shared subset")

    def visit_Slice(self, node):
        if node.step is not None:
            self._problem(node, "slice with a step: MicroPython raises NotImplementedError")
        self.generic_visit(node)

    def visit_Call(self, node):
        if isinstance(node.func, ast.Attribute) and node.func.attr in MISSING_STR_METHODS:
            self._problem(node, "'.{}()' does not exist on MicroPython strings".format(node.func.attr))
        self.generic_visit(node)

    def visit_Match(self, node):
        self._problem(node, "'match' statement: not in MicroPython")
        self.generic_visit(node)

    def visit_TryStar(self, node):
        self._problem(node, "'except*': not in MicroPython")
        self.generic_visit(node)

    def visit_FormattedValue(self, node):
        if node.conversion == ord("a"):
            self._problem(node, "f-string '!a': not in MicroPython")
        self.generic_visit(node)


def check_source(source, path="<source>", package_root="core"):
    """Return the list of problems in one file's source.

    ``package_root`` "core" applies the core's rules (integers only, core and device modules only);
    "firmware" allows floats and the display modules but keeps the language subset.
    """
    try:
        tree = ast.parse(source, filename=str(path))
    except SyntaxError as err:
        return ["{}:{}: syntax error: {}".format(path, err.lineno, err.msg)]
    if package_root == "core":
        checker = _Checker(path, package_root, DEVICE_MODULES, True)
    else:
        checker = _Checker(path, package_root, FIRMWARE_MODULES, False)
    checker.visit(tree)
    return checker.problems


def check_tree(root, package_root="core"):
    problems = []
    for path in sorted(Path(root).rglob("*.py")):
        problems.extend(check_source(path.read_text(), path, package_root))
    return problems


def main(argv):
    paths = argv or ["core", "firmware"]
    problems = []
    for path in paths:
        root = "firmware" if Path(path).parts[:1] == ("firmware",) else "core"
        if Path(path).is_dir():
            problems.extend(check_tree(path, root))
        else:
            problems.extend(check_source(Path(path).read_text(), path, root))
    for line in problems:
        print(line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
