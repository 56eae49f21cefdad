"""What the light CLI commands import (issue 13: a light command at most 4x a bare interpreter).

Each command runs in a fresh interpreter and reports ``sys.modules``: commands are imported
only when called (DESIGN.md section 2), so ``range`` never loads numpy, the robot, Qt, the
ship library or pydantic (nor typing, json, pathlib or pickle); ``ship`` with the library in its
cache never loads the file loader (and takes its one class from the cache alone:
tests/data/test_library_cache.py). Structure, not time: tools/bench_startup.py measures the time (docs/performance.md).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

import pytest

from sfb_desk import cli

HEAVY = ("numpy", "pyqtgraph", "PySide6", "sfb_desk.robot", "sfb_desk.engine", "sfb_desk.analysis",
         "sfb_desk.printing", "sfb_desk.qt", "sfb_desk.ui")
LIBRARY = ("pydantic", "tomllib", "sfb_desk.data.library", "sfb_desk.data.ship_file")
# Standard modules the light commands do without (typing: type hints only under TYPE_CHECKING;
# json: only with --json; pathlib, pickle: the ship library's; argparse: only for help and errors)
STDLIB = ("typing", "json", "pathlib", "pickle", "argparse")

PROBE = """
import contextlib, io, sys
from sfb_desk.cli import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    code = main(sys.argv[1:])
modules = sorted(sys.modules)  # before the probe's own json
import json
print(json.dumps({"code": code, "out": out.getvalue(), "modules": modules}))
"""


def _run(args: list[str], home, *, xdg: bool = False) -> dict:
    """Run ``args`` with the user folders under ``home``: by the override (SFB_DESK_HOME) or,
    with ``xdg``, as a player's Linux start finds them (the XDG variables)."""
    env = dict(os.environ, SFB_DESK_HOME=str(home))
    if xdg:
        del env["SFB_DESK_HOME"]
        env.update(XDG_DATA_HOME=str(home / "data"), XDG_CACHE_HOME=str(home / "cache"),
                   XDG_CONFIG_HOME=str(home / "config"))
    done = subprocess.run([sys.executable, "-c", PROBE, *args], env=env, capture_output=True,
                          text=True, timeout=120, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def _loaded(report: dict, names: tuple[str, ...]) -> list[str]:
    return [m for m in report["modules"] if any(m == n or m.startswith(n + ".") for n in names)]


@pytest.mark.parametrize("args", [
    ["range", "0101", "0105"],
    ["arcs", "--from", "0101", "--facing", "1", "--to", "0105"],
    ["chart", "dac"],
    ["turnmode", "B", "10"],
])
def test_light_commands_import_neither_the_heavy_parts_nor_the_library(args, tmp_path):
    report = _run(args, tmp_path)
    assert report["code"] == 0 and report["out"]
    assert _loaded(report, HEAVY + LIBRARY + STDLIB) == []
    assert [m for m in report["modules"] if m.startswith("sfb_desk.commands.")] == [
        f"sfb_desk.commands.{cli.COMMANDS[args[0]]}"]


def test_ship_reads_the_compiled_library_without_the_file_loader(tmp_path):
    first = _run(["ship", "FED-CA"], tmp_path)  # compiles the library into the cache
    assert "sfb_desk.data.ship_file" in first["modules"]
    second = _run(["ship", "FED-CA"], tmp_path)
    assert second["out"] == first["out"] and second["out"].startswith("FED-CA: Federation CA")
    assert _loaded(second, HEAVY) == []
    assert _loaded(second, ("pydantic", "tomllib", "sfb_desk.data.ship_file", "typing", "json",
                            "argparse", "dataclasses", "inspect", "pickle")) == []


def test_ship_json_writes_the_file_tables_without_the_schema(tmp_path):
    """``ship ID --json`` gives the class as the file's tables: the format's name, version and
    flags come from data/ship_format_names.py, not the pydantic schema."""
    _run(["ship", "FED-CA"], tmp_path)  # compiles the library into the cache
    report = _run(["ship", "FED-CA", "--json"], tmp_path)
    table = json.loads(report["out"])
    assert table["format"] == "sfb-desk-ship" and table["identity"]["id"] == "FED-CA"
    assert _loaded(report, HEAVY + ("pydantic", "tomllib", "sfb_desk.data.ship_schema",
                                    "sfb_desk.data.ship_file", "argparse")) == []


def test_a_players_start_finds_its_folders_without_platformdirs(tmp_path):
    """Without the override, the user folders on Linux come from the XDG rules directly:
    platformdirs (and the typing it imports) is not loaded by a light command."""
    first = _run(["ship", "FED-CA"], tmp_path, xdg=True)
    second = _run(["ship", "FED-CA"], tmp_path, xdg=True)
    assert (tmp_path / "cache" / "sfb-desk").is_dir()  # the compiled library went there
    assert second["out"] == first["out"]
    assert _loaded(second, ("platformdirs", "typing", "pydantic")) == []


def test_help_lists_every_command(tmp_path):
    env = dict(os.environ, SFB_DESK_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "sfb_desk.cli", "--help"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0
    for name in cli.COMMANDS:
        assert name in done.stdout


def test_the_command_table_names_what_each_module_registers():
    """cli.COMMANDS is an index of the modules: each command name to the module registering it."""
    registered: dict[str, str] = {}
    for module in cli.command_modules():
        sub = argparse.ArgumentParser().add_subparsers()
        cli._register(sub, [module])
        registered.update({name: module for name in sub.choices})
    assert registered == cli.COMMANDS


def test_a_command_missing_from_the_table_still_runs(monkeypatch, capsys):
    """A new module works before its names are added to the table (all modules are read)."""
    monkeypatch.setattr(cli, "COMMANDS", {})
    assert cli.main(["range", "0101", "0105"]) == 0
    assert "4" in capsys.readouterr().out


def test_no_command_prints_the_whole_listing(capsys):
    assert cli.main([]) == 2
    out = capsys.readouterr().out
    assert "range" in out and "duel" in out and "ship" in out
