"""No import circles inside sfb_desk.

Every import statement counts: at module level, inside functions (deferred imports) and under
``if TYPE_CHECKING:``. A circle is a set of modules each reaching the others through such
imports. Edges go to the module named: ``from a.b import c`` is an edge to ``a.b.c`` when that is
a module, else to ``a.b``; the parents a package import runs implicitly are not edges (every
package's ``__init__`` would otherwise sit in a circle with its re-exporting submodules).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "sfb_desk"


def module_graph(root: Path) -> dict[str, set[str]]:
    """Module name -> the modules of ours it imports (see the module docstring)."""
    modules: dict[str, tuple[Path, list[str]]] = {}
    for path in root.rglob("*.py"):
        parts = [root.name, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts = parts[:-1]
            package = parts
        else:
            package = parts[:-1]
        modules[".".join(parts)] = (path, package)
    graph: dict[str, set[str]] = {}
    for name, (path, package) in modules.items():
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.Import):
                edges.update(alias.name for alias in node.names if alias.name in modules)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package[: len(package) - node.level + 1]
                    module = ".".join(base + ([node.module] if node.module else []))
                else:
                    module = node.module or ""
                for alias in node.names:
                    if f"{module}.{alias.name}" in modules:
                        edges.add(f"{module}.{alias.name}")
                    elif module in modules:
                        edges.add(module)
        edges.discard(name)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_cycles():
    assert cycles(module_graph(PACKAGE)) == []


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        ({"a.py": "from . import b\n", "b.py": "from .a import x\n"},
         [["sfb_desk.a", "sfb_desk.b"]]),
        ({"a.py": "def f():\n    from sfb_desk.b import y\n", "b.py": "import sfb_desk.a\n"},
         [["sfb_desk.a", "sfb_desk.b"]]),
        ({"p/__init__.py": "", "p/a.py": "from typing import TYPE_CHECKING\n"
          "if TYPE_CHECKING:\n    from .b import B\n", "p/b.py": "from .c import C\n",
          "p/c.py": "from ..p.a import A\n"},
         [["sfb_desk.p.a", "sfb_desk.p.b", "sfb_desk.p.c"]]),
        ({"p/__init__.py": "from .a import x\n", "p/a.py": "from .b import y\n", "p/b.py": ""}, []),
    ],
)
def test_cycle_check_catches_circles(tmp_path, files, expected):
    """Prove the check can fail: a small tree with a planted circle (or none)."""
    root = tmp_path / "sfb_desk"
    for name, source in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source)
    (root / "__init__.py").write_text("")
    assert cycles(module_graph(root)) == expected
