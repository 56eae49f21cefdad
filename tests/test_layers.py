"""The layering of DESIGN.md section 2, enforced by walking every module's imports.

Each package may import only the packages listed for it. The rules layer may import only the
standard library: no Qt, numpy, pydantic or any other third-party package, and nothing of ours
outside sfb_desk.rules.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "sfb_desk"

# Which of our packages each layer may import (itself always allowed).
ALLOWED: dict[str, set[str]] = {
    "rules": set(),
    "engine": {"rules"},
    "analysis": {"rules"},
    "printing": {"rules"},
    "data": {"rules", "engine"},
    "robot": {"rules", "engine", "analysis", "data"},
    "qt": {"rules", "engine", "data", "analysis", "robot", "printing"},
    "campaign": {"rules", "engine", "data"},
    "fe": {"campaign", "rules", "data"},
    "commands": {"rules", "engine", "data", "analysis", "robot", "printing", "campaign", "fe"},
    "cli": {"rules", "engine", "data", "analysis", "robot", "printing", "commands", "campaign", "fe"},
    "ui": {"rules", "engine", "data", "analysis", "robot", "printing", "qt", "campaign", "fe"},
    "app": {"ui", "qt", "data", "rules", "engine"},
}
# The parts of the ui layer (ui/<part>/) and the other parts each may import: the main window
# assembles them all; the others stand on the shared pieces (common) and on what they show.
UI_PARTS: dict[str, set[str]] = {
    "common": set(),
    "map": {"common"},
    "ssd": {"common"},
    "ea": {"common"},
    "orders": {"common"},
    "table": {"common"},
    "analysis": {"common"},
    "fe": {"common"},
    "campaign": {"common", "ssd"},  # the fleet roster shows each ship's SSD
    "library": {"common", "ssd"},  # the designer previews on the SSD widget
    "setup": {"common", "library"},  # the ship picker shows the browser's details
    "scenario_builder": {"common", "setup"},  # reuses the set-up dialog's picker and table
    "window": {"common", "map", "ssd", "ea", "orders", "table", "analysis", "fe", "library",
               "setup", "campaign", "scenario_builder"},
}
# Third-party packages forbidden per layer (the rules layer allows the standard library only).
NO_QT = {"PySide6", "pyqtgraph", "shiboken6"}
FORBIDDEN_THIRD_PARTY: dict[str, set[str]] = {
    "engine": NO_QT,
    "data": NO_QT,
    "analysis": NO_QT,
    "robot": NO_QT,
    "campaign": NO_QT,
    "fe": NO_QT,
    "commands": {"pyqtgraph"},
    "cli": {"pyqtgraph"},
}


def _layer_of(path: Path, root: Path) -> str:
    rel = path.relative_to(root)
    return rel.parts[0].removesuffix(".py") if rel.parts[0] != "__init__.py" else "__init__"


def imports_of(path: Path, root: Path) -> list[tuple[int, str]]:
    """Absolute module names imported by a file (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package_parts = ["sfb_desk", *path.relative_to(root).parent.parts]
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package_parts[: len(package_parts) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.append((node.lineno, module))
            if node.module is None or node.level:
                found.extend((node.lineno, f"{module}.{alias.name}") for alias in node.names)
    return found


def _ui_part(path: Path, root: Path) -> str | None:
    rel = path.relative_to(root)
    return rel.parts[1] if len(rel.parts) > 2 and rel.parts[0] == "ui" else None


def unlisted(root: Path | None = None) -> list[str]:
    """Packages and top-level modules the tables above do not name (so nothing checks them),
    and modules lying loose in ui/ outside its parts."""
    root = root or PACKAGE
    found = []
    for entry in sorted(root.iterdir()):
        name = entry.name.removesuffix(".py")
        if entry.name.startswith(("_", ".")) or not (entry.suffix == ".py" or entry.is_dir()):
            continue
        if name not in ALLOWED:
            found.append(f"sfb_desk/{entry.name}: no entry in ALLOWED")
    ui = root / "ui"
    for entry in sorted(ui.iterdir()) if ui.is_dir() else ():
        if entry.is_dir() and not entry.name.startswith(("_", ".")) and entry.name not in UI_PARTS:
            found.append(f"sfb_desk/ui/{entry.name}: no entry in UI_PARTS")
        elif entry.suffix == ".py" and entry.name != "__init__.py":
            found.append(f"sfb_desk/ui/{entry.name}: a ui module belongs in one of its parts")
    return found


def violations(root: Path | None = None) -> list[str]:
    root = root or PACKAGE
    problems: list[str] = []
    stdlib = sys.stdlib_module_names
    for path in sorted(root.rglob("*.py")):
        layer = _layer_of(path, root)
        if layer == "__init__":
            continue
        allowed = ALLOWED.get(layer)
        part = _ui_part(path, root)
        for lineno, module in imports_of(path, root):
            top = module.split(".")[0]
            where = f"{path.relative_to(root.parent)}:{lineno} imports {module}"
            if top == "sfb_desk":
                parts = module.split(".")
                if len(parts) == 1:
                    continue  # `import sfb_desk` / `from sfb_desk import __version__`
                target = parts[1]
                if target == "ui" and part is not None and len(parts) > 2:
                    other = parts[2]
                    if other != part and other not in UI_PARTS.get(part, set()):
                        problems.append(f"{where}: ui part '{part}' may not import ui part "
                                        f"'{other}'")
                if target in ("__init__", "__version__", layer) or target.startswith("_"):
                    continue
                if allowed is not None and target not in allowed:
                    problems.append(f"{where}: layer '{layer}' may not import '{target}'")
            elif layer == "rules" and top not in stdlib and top != "__future__":
                problems.append(f"{where}: the rules layer may import the standard library only")
            elif top in FORBIDDEN_THIRD_PARTY.get(layer, set()):
                problems.append(f"{where}: layer '{layer}' may not import {top}")
    return problems


def test_layers_are_clean():
    assert violations() == []


def test_every_package_is_in_the_tables():
    assert unlisted() == []


def test_unlisted_catches_a_new_package(tmp_path):
    root = tmp_path / "sfb_desk"
    for folder in ("rules", "newthing", "ui/map", "ui/newpart"):
        (root / folder).mkdir(parents=True)
    (root / "ui" / "loose.py").write_text("")
    assert unlisted(root) == ["sfb_desk/newthing: no entry in ALLOWED",
                              "sfb_desk/ui/loose.py: a ui module belongs in one of its parts",
                              "sfb_desk/ui/newpart: no entry in UI_PARTS"]


@pytest.mark.parametrize(
    ("layer_file", "source", "expected"),
    [
        ("rules/bad.py", "from PySide6.QtCore import QObject\n", "standard library only"),
        ("rules/bad.py", "import numpy\n", "standard library only"),
        ("rules/bad.py", "from sfb_desk.ui import main_window\n", "may not import 'ui'"),
        ("rules/bad.py", "from ..data import paths\n", "may not import 'data'"),
        ("rules/charts/bad.py", "from ...engine import x\n", "may not import 'engine'"),
        ("engine/bad.py", "import PySide6\n", "may not import PySide6"),
        ("data/bad.py", "from sfb_desk.qt import worker\n", "may not import 'qt'"),
        ("campaign/bad.py", "from PySide6 import QtCore\n", "may not import PySide6"),
        ("campaign/bad.py", "from sfb_desk.robot import duel\n", "may not import 'robot'"),
        ("fe/bad.py", "from sfb_desk.ui import main_window\n", "may not import 'ui'"),
        ("fe/bad.py", "import pyqtgraph\n", "may not import pyqtgraph"),
        ("cli.py", "from sfb_desk.ui.window.main_window import MainWindow\n", "may not import 'ui'"),
        ("ui/map/bad.py", "from sfb_desk.ui.window.main_window import MainWindow\n",
         "ui part 'map' may not import ui part 'window'"),
        ("ui/common/bad.py", "from ..ssd.widget import SsdWidget\n",
         "ui part 'common' may not import ui part 'ssd'"),
    ],
)
def test_layer_check_catches_violations(tmp_path, layer_file, source, expected):
    """Prove the check can fail: plant a bad import in a copy of the tree and see it reported."""
    fake = tmp_path / "sfb_desk"
    target = fake / layer_file
    target.parent.mkdir(parents=True)
    target.write_text(source)
    problems = violations(fake)
    assert any(expected in p for p in problems), problems


def test_rules_layer_imports_in_a_bare_interpreter():
    """Importing every rules module pulls in no Qt, numpy or pydantic."""
    import subprocess

    code = (
        "import importlib, pkgutil, sys\n"
        "import sfb_desk.rules as r\n"
        "for m in pkgutil.walk_packages(r.__path__, 'sfb_desk.rules.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = [m for m in ('PySide6', 'numpy', 'pydantic', 'pyqtgraph') if m in sys.modules]\n"
        "print(bad); sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
