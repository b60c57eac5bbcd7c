# SPDX-License-Identifier: MIT
"""No core module imports one that imports it back, so no import works only by the order modules load in: an
engine's shared names live in its ``board.py``, which imports no other module of the engine (docs/architecture.md).
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Imports made inside a function when it is called, which close a loop with a load-time import the other way. They
# do not depend on the order of loading: the text delegates positions to a module a game being played never loads,
# and Pawns Crossing loads its checks only to refuse a move or check a state (its layout is still in rules.py).
CALL_TIME_LOOPS = {
    ("core.pave_the_way.notation", "core.pave_the_way.position"),
    ("core.pawns_crossing.notation", "core.pawns_crossing.position"),
    ("core.pawns_crossing.checks", "core.pawns_crossing.rules"),
}


def _modules():
    found = {}
    for path in sorted((ROOT / "core").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] != "__init__":  # a package's __init__ always loads first: not an edge of the graph
            found[".".join(parts)] = path
    return found


def imports(path, modules, load_time):
    """The core modules ``path`` imports: at load time (``load_time``), or anywhere."""
    tree = ast.parse(path.read_text())
    if load_time:
        nodes = [n for stmt in tree.body if not isinstance(stmt, (ast.FunctionDef, ast.ClassDef))
                 for n in ast.walk(stmt)]
    else:
        nodes = list(ast.walk(tree))
    out = set()
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                if node.module + "." + alias.name in modules:
                    out.add(node.module + "." + alias.name)
                elif node.module in modules:
                    out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names if alias.name in modules)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "call_rare"
              and node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value in modules):
            out.add(node.args[0].value)  # core.game.call_rare imports it for the call
    return out


def _cycle(graph):
    """A cycle of ``graph`` as a list of modules, or None."""
    state = {}

    def visit(node, trail):
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return trail[trail.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt, trail + [nxt])
                if found:
                    return found
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node, [node])
            if found:
                return found
    return None


def test_no_core_module_imports_at_load_time_one_that_imports_it_back():
    modules = _modules()
    graph = {name: imports(path, modules, True) - {name} for name, path in modules.items()}
    assert _cycle(graph) is None, " -> ".join(_cycle(graph))


def test_the_only_loops_through_call_time_imports_are_the_known_ones():
    modules = _modules()
    graph = {name: imports(path, modules, False) - {name} for name, path in modules.items()}
    loops = set()
    for a in graph:
        for b in graph[a]:
            if a in graph.get(b, ()):
                loops.add(tuple(sorted((a, b))))
    assert loops == CALL_TIME_LOOPS


def test_the_cycle_finder_finds_one():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
