# SPDX-License-Identifier: MIT
"""Fold the names one module imports from another's ``const()`` definitions into literals, for the device build.

    python -m tools.fold FILE      print the text tools/build.py compiles for that project file

Each engine keeps one source per constant: ``board.py`` defines ``S_OWN = const(144)`` and the other modules
import the name (docs/architecture.md, "One source per constant"). MicroPython folds ``const()`` only inside the
module that defines it, so an imported name would be a global on the device: a dictionary entry in every module
that imports it, and a dictionary lookup at every use in the computer player's hot loops. ``tools/build.py``
therefore compiles, instead of each project file, the text :func:`fold` gives:

* every read of a name imported with ``from M import NAME`` (``as`` aliases too, at any depth), or read as
  ``M.NAME`` where ``from P import M`` bound ``M``, becomes the literal when ``M`` defines
  ``NAME = const(<integer expression>)`` or imports such a name (re-exports it);
* the import statement then drops the names it no longer needs (``pass`` when none is left), so the importing
  module holds no entry for them. A name it still needs (read in an f-string) is imported from the module that
  defines it, which keeps every public ``const()`` name as MicroPython does. Line numbers stay those of the
  source, so a traceback on the device names the right line.

A name is folded only where its meaning is certain: the file binds it in no other way (no assignment, argument,
loop variable or other import of it). A re-exported constant is gone from the re-exporting module on the device,
so with ``strict`` (the device build) the fold refuses a file that would read one as an attribute of something
other than an imported module (``session.rules.GUARD``): ``FoldError`` names the line. The source stays the
program of record: CPython and the unix MicroPython run it unfolded in the tests, with the same results
(``tests/test_fold.py`` replays seeded games from both).
"""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEVICE_PACKAGES = ("core", "firmware", "boards")


class FoldError(Exception):
    pass


def _source_of(module):
    """The project file of a dotted module name, or None (built-ins, site-packages)."""
    path = ROOT.joinpath(*module.split("."))
    if path.with_suffix(".py").is_file():
        return path.with_suffix(".py")
    if (path / "__init__.py").is_file():
        return path / "__init__.py"
    return None


def _module_name(path):
    parts = list(Path(path).resolve().relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


_OPS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
        ast.LShift: lambda a, b: a << b, ast.RShift: lambda a, b: a >> b, ast.BitOr: lambda a, b: a | b,
        ast.BitAnd: lambda a, b: a & b, ast.BitXor: lambda a, b: a ^ b}


def _int_value(node, known):
    """The value of an integer expression of literals and already known constants, else None."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Name) and node.id in known:
        return known[node.id][0]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        value = _int_value(node.operand, known)
        return None if value is None else -value
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        left = _int_value(node.left, known)
        right = _int_value(node.right, known)
        if left is not None and right is not None:
            return _OPS[type(node.op)](left, right)
    return None


_TABLES = {}


def constants(module):
    """``{name: (value, defining module, name there)}`` for what ``module`` defines with ``const()`` at its top
    level or imports from another project module that does (its re-exports)."""
    if module in _TABLES:
        return _TABLES[module]
    _TABLES[module] = {}  # an import cycle ends here
    path = _source_of(module)
    table = {}
    if path is not None:
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                    and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name) \
                    and node.value.func.id == "const" and len(node.value.args) == 1:
                value = _int_value(node.value.args[0], table)
                if value is not None:
                    table[node.targets[0].id] = (value, module, node.targets[0].id)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                source = constants(node.module)
                for alias in node.names:
                    if alias.name in source:
                        table[alias.asname or alias.name] = source[alias.name]
    _TABLES[module] = table
    return table


def _reexported(module, name):
    """Whether ``module`` has ``name`` only by importing it: the device build drops it there."""
    entry = constants(module).get(name)
    return entry is not None and (entry[1], entry[2]) != (module, name)


_DROPPED = set()


def _dropped():
    """Every constant some device module re-exports, so that the device build drops it there."""
    if not _DROPPED:
        for package in DEVICE_PACKAGES:
            for path in sorted((ROOT / package).rglob("*.py")):
                module = _module_name(path)
                _DROPPED.update(name for name in constants(module) if _reexported(module, name))
    return _DROPPED


def _bindings(tree):
    """(constant imports, module imports, other names): a local name -> the set of constants it is imported as
    ((defining module, name)), -> the set of project modules it is imported as, and the names bound otherwise."""
    consts = {}
    modules = {}
    other = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            table = constants(node.module) if node.module and not node.level else {}
            for alias in node.names:
                local = alias.asname or alias.name
                if alias.name in table:
                    consts.setdefault(local, set()).add(table[alias.name])
                elif not node.level and node.module and _source_of(node.module + "." + alias.name) is not None:
                    modules.setdefault(local, set()).add(node.module + "." + alias.name)
                else:
                    other.add(local)
        elif isinstance(node, ast.Import):
            other.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            other.add(node.id)
        elif isinstance(node, ast.arg):
            other.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            other.add(node.name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            other.update(node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            other.add(node.name)
    return consts, modules, other


def _literal(value):
    return str(value) if value >= 0 else "({})".format(value)


def fold(text, module="", strict=True):
    """Return ``(folded text, reads folded)`` for the source ``text`` of ``module``; with ``strict``, raise
    FoldError where a re-exported constant would be read at run time through something other than an import."""
    tree = ast.parse(text)
    consts, aliases, other = _bindings(tree)
    names = {}  # a name imported as one constant and bound no other way -> that constant
    for local, entries in consts.items():
        if len(entries) == 1 and local not in other and local not in aliases:
            names[local] = next(iter(entries))
    modules = {}  # a name imported as one project module and bound no other way -> that module
    for local, paths in aliases.items():
        if len(paths) == 1 and local not in other and local not in consts:
            modules[local] = next(iter(paths))
    fstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            fstrings.update(id(sub) for sub in ast.walk(node))
    edits = []  # (first line, start column, last line, end column, text), in UTF-8 byte columns
    kept = set()  # folded names still read where a literal cannot go
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in names:
            if id(node) in fstrings:
                kept.add(node.id)
            else:
                edits.append((node.lineno, node.col_offset, node.lineno, node.end_col_offset,
                              _literal(names[node.id][0])))
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
            base = node.value
            if isinstance(base, ast.Name) and base.id in modules and node.attr in constants(modules[base.id]):
                if id(node) not in fstrings and node.lineno == node.end_lineno:
                    edits.append((node.lineno, node.col_offset, node.lineno, node.end_col_offset,
                                  _literal(constants(modules[base.id])[node.attr][0])))
                elif strict and _reexported(modules[base.id], node.attr):
                    raise FoldError("{}:{}: {}.{} is re-exported, so gone on the device: read it outside an "
                                    "f-string".format(module, node.lineno, base.id, node.attr))
            elif strict and node.attr in _dropped() and not (isinstance(base, ast.Name) and base.id in modules):
                raise FoldError("{}:{}: '.{}' may be a constant the device build drops from a module that "
                                "re-exports it; read it through a module imported by name ('from PACKAGE import "
                                "MODULE', then MODULE.{})".format(module, node.lineno, node.attr, node.attr))
    reads = len(edits)
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or not node.module or node.level:
            continue
        table = constants(node.module)
        statements = []
        keep = []
        for alias in node.names:
            local = alias.asname or alias.name
            entry = table.get(alias.name)
            if entry is None:
                keep.append(alias)
            elif local in names and local not in kept:
                continue  # every read is a literal now
            elif entry[1] != node.module:  # still read, and re-exported here: from the module that defines it
                statements.append("from {} import {}".format(entry[1], entry[2] + (
                    " as " + local if local != entry[2] else "")))
            else:
                keep.append(alias)
        if len(keep) == len(node.names):
            continue
        if keep:
            statements.insert(0, "from {} import {}".format(node.module, ", ".join(
                alias.name + (" as " + alias.asname if alias.asname else "") for alias in keep)))
        # as many lines as the source, so that the device's tracebacks name the source's lines
        edits.append((node.lineno, node.col_offset, node.end_lineno, node.end_col_offset,
                      "; ".join(statements) or "pass"))
    lines = text.encode().split(b"\n")
    for first, start, last, end, new in sorted(edits, reverse=True):
        head = lines[first - 1][:start] + new.encode()
        tail = lines[last - 1][end:]
        lines[first - 1:last] = [head + tail] + [b""] * (last - first)
    return b"\n".join(lines).decode(), reads


# Every project file that runs from a compiled tree, on the device or on the device VM (tools/devicevm.py, the
# tests of tests/core, the scripts tools/mp*.py): a module's own constant stays public while any of them may read it
# from outside. The tests and tools that run on CPython or the unix port import the sources, where it is public.
READERS = tuple(folder + "/**/*.py" for folder in DEVICE_PACKAGES + ("tests/core",)) + ("tools/mp*.py",
                                                                                         "tools/refwork.py")
_READ = {}


def _names_read(tree):
    """The names a folded module may read from another at run time: attributes, imported names and strings that
    are names (``getattr(profile, "WIDTH")``)."""
    read = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            read.add(node.attr)
        elif isinstance(node, ast.ImportFrom):
            read.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier():
            read.add(node.value)
    return read


def _read_from_outside(module):
    """The names that some project file other than ``module`` reads at run time, once folded."""
    if not _READ:
        for pattern in READERS:
            for path in sorted(ROOT.glob(pattern)):
                try:
                    text = fold(path.read_text(), _module_name(path), strict=False)[0]
                except SyntaxError:
                    continue
                _READ[_module_name(path)] = _names_read(ast.parse(text))
    read = set()
    for other, names in _READ.items():
        if other != module:
            read |= names
    return read


def privatize(text, module):
    """Return ``(text, names)``: ``text`` (already folded) with each public ``NAME = const(...)`` that ``module``
    defines renamed ``_NAME`` where no other project file reads it at run time (the fold made their reads literals).

    MicroPython folds a constant whose name starts with an underscore and neither stores it in the module nor
    interns its name; a public one costs the module's dictionary an entry and the interpreter's string table a
    name, for every constant of every loaded module. Only names the module binds with ``const()`` alone (no other
    assignment, argument or import, and no read inside an f-string) are renamed, on the same lines and columns."""
    tree = ast.parse(text)
    own = [name for name, entry in constants(module).items()
           if entry[1:] == (module, name) and not name.startswith("_")]
    if not own:
        return text, []
    bound = {}  # name -> how many times the module binds it
    loads = []
    fstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            fstrings.update(id(sub) for sub in ast.walk(node))
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Load):
                loads.append(node)
            else:
                bound[node.id] = bound.get(node.id, 0) + 1
        elif isinstance(node, ast.arg):
            bound[node.arg] = bound.get(node.arg, 2) + 2
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            bound[node.name] = bound.get(node.name, 2) + 2
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                local = (alias.asname or alias.name).split(".")[0]
                bound[local] = bound.get(local, 2) + 2
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            for name in node.names:
                bound[name] = bound.get(name, 2) + 2
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound[node.name] = bound.get(node.name, 2) + 2
    outside = _read_from_outside(module)
    private = set(name for name in own if bound.get(name) == 1 and "_" + name not in bound
                  and name not in outside)
    private -= set(node.id for node in loads if id(node) in fstrings)
    edits = [(node.lineno, node.col_offset, node.end_col_offset) for node in ast.walk(tree)
             if isinstance(node, ast.Name) and node.id in private]
    lines = text.encode().split(b"\n")
    for line, start, end in sorted(edits, reverse=True):
        lines[line - 1] = lines[line - 1][:start] + b"_" + lines[line - 1][start:end] + lines[line - 1][end:]
    return b"\n".join(lines).decode(), sorted(private)


def fold_file(path, strict=True, private=False):
    """The folded text of a project file (the text itself for a file outside the project); with ``private`` (the
    compiled builds) its constants that no other file reads are renamed private (:func:`privatize`)."""
    path = Path(path)
    text = path.read_text()
    try:
        path.resolve().relative_to(ROOT)
    except ValueError:
        return text
    module = _module_name(path)
    text = fold(text, module, strict)[0]
    return privatize(text, module)[0] if private else text


def main(argv):
    if len(argv) != 1:
        print(__doc__.split("\n\n")[1])
        return 2
    sys.stdout.write(fold_file(argv[0], private=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
