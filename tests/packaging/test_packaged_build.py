"""The stand-alone build: packaging/build.py (PyInstaller, packaging/sfb-desk.spec) builds
``sfb-desk/`` into a temporary folder, and the built programs run from there, away from the
source tree, with only what the build bundled.

One build (about a minute of CPU) serves every test in this module.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD_SCRIPT = ROOT / "packaging" / "build.py"
SHIP_FILES = sorted((ROOT / "ssd_data" / "ships").glob("*.toml"))
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Iterator[Path]:
    """Build once per module into a temporary dist/ and give ``<dist>/sfb-desk``; the ~250 MB of
    build output are removed afterwards (pytest keeps its last temporary folders)."""
    base = tmp_path_factory.mktemp("packaged-build")
    env = dict(os.environ, PYINSTALLER_CONFIG_DIR=str(base / "pyinstaller-cache"))
    result = subprocess.run(
        [sys.executable, str(BUILD_SCRIPT),
         "--distpath", str(base / "dist"), "--workpath", str(base / "build")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=1200, check=False,
    )
    assert result.returncode == 0, (
        f"packaging/build.py failed ({result.returncode}):\n{result.stdout[-4000:]}\n"
        f"{result.stderr[-8000:]}"
    )
    shutil.rmtree(base / "build", ignore_errors=True)
    folder = base / "dist" / "sfb-desk"
    assert folder.is_dir(), f"no {folder} after the build"
    yield folder
    shutil.rmtree(base, ignore_errors=True)


def run(program: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run([str(program), *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=180, check=False)


def test_gui_self_test(dist, tmp_path):
    result = run(dist / f"sfb-desk{EXE_SUFFIX}", "--self-test", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    match = re.search(
        r"^self-test: main window rendered (\d+)x(\d+) in \d+ ms; "
        r"(\d+) ship classes loaded, (\d+) file problems",
        result.stdout, re.MULTILINE,
    )
    assert match, f"no self-test line in:\n{result.stdout}\n{result.stderr}"
    width, height, classes, problems = map(int, match.groups())
    assert width > 0 and height > 0
    # The bundled library, all of it: the built program cannot reach the source tree's ssd_data.
    assert classes >= 100
    assert classes == len(SHIP_FILES)
    assert problems == 0


def test_cli_impulse(dist, tmp_path):
    result = run(dist / f"sfb-desk-cli{EXE_SUFFIX}", "impulse", "9", "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert json.loads(result.stdout) == [4, 8, 11, 15, 18, 22, 25, 29, 32]


def test_cli_validate_checks_the_bundled_library(dist, tmp_path):
    result = run(dist / f"sfb-desk-cli{EXE_SUFFIX}", "validate", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    count = len(SHIP_FILES)
    assert f"{count} files, {count} valid, 0 invalid" in result.stdout


def test_cli_has_every_sub_command_module(dist):
    """sfb_desk.cli discovers its commands with pkgutil, which PyInstaller cannot see."""
    from PyInstaller.archive.readers import pkg_archive_contents

    frozen = set(pkg_archive_contents(str(dist / f"sfb-desk-cli{EXE_SUFFIX}")))
    modules = {f"sfb_desk.commands.{p.stem}" for p in (ROOT / "sfb_desk" / "commands").glob("*.py")
               if p.stem != "__init__"}
    assert modules, "no command modules found in the source tree"
    assert modules <= frozen, f"missing from the CLI: {sorted(modules - frozen)}"


def test_gui_bundle_contents(dist):
    from PyInstaller.archive.readers import pkg_archive_contents

    frozen = set(pkg_archive_contents(str(dist / f"sfb-desk{EXE_SUFFIX}")))
    for wanted in ("sfb_desk.app", "sfb_desk.ui.window.main_window", "pyqtgraph", "numpy"):
        assert wanted in frozen, f"{wanted} is not in the GUI build"
    for unwanted in ("tkinter", "pytest", "setuptools", "PyInstaller"):
        assert unwanted not in frozen, f"{unwanted} should be left out of the GUI build"

    internal = dist / "_internal"
    # Qt's Python modules are extension modules: files next to the PYZ, not in it.
    qt_modules = {p.name.split(".")[0] for p in (internal / "PySide6").glob("Qt*.*")
                  if p.suffix in (".so", ".pyd")}
    assert {"QtCore", "QtGui", "QtWidgets", "QtSvg"} <= qt_modules
    unwanted_qt = {"QtQml", "QtQuick", "QtNetwork", "QtWebEngineCore", "QtDesigner", "QtSql"}
    assert not qt_modules & unwanted_qt, f"left in: {sorted(qt_modules & unwanted_qt)}"
    # ssd_data/ and resources/ in full, where sfb_desk.data.paths looks in a frozen build.
    for folder in ("ssd_data", "resources"):
        source = ROOT / folder
        files = [p.relative_to(source) for p in source.rglob("*") if p.is_file()]
        assert files
        missing = [f for f in files if not (internal / "sfb_desk" / f"_{folder}" / f).is_file()]
        assert not missing, f"not bundled from {folder}/: {missing}"
    assert not (internal / "PySide6" / "Qt" / "translations").exists()
    if sys.platform.startswith("linux"):
        plugins = internal / "PySide6" / "Qt" / "plugins"
        assert (plugins / "platforms" / "libqxcb.so").is_file()
        assert (plugins / "platforms" / "libqoffscreen.so").is_file()
        assert not list(plugins.glob("platformthemes/*gtk3*"))
        dangling = [p for p in internal.rglob("*") if p.is_symlink() and not p.exists()]
        assert not dangling, f"dangling links: {dangling}"
