"""``sfb-desk-cli``: headless commands for any table.

Sub-commands live in :mod:`sfb_desk.commands`, one module per topic, each with a
``register(subparsers)`` function; this module only discovers and dispatches them.

A command is imported only when it is called (DESIGN.md section 2): :data:`COMMANDS` says which
module registers each command name, so ``sfb-desk-cli range 0101 0105`` imports the geometry
module and nothing of the robot, numpy or the ship library. The help listing (no command,
``--help``) and a name not in the table import every module, so a new module works before it
is added to the table (tests/test_cli_startup.py checks the table against the modules).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import sys
from collections.abc import Sequence

from sfb_desk import __version__, commands

#: Command name -> the module of :mod:`sfb_desk.commands` that registers it.
COMMANDS: dict[str, str] = {
    "campaign": "campaign",
    "chart": "charts", "impulse": "charts",
    "dac": "damage",
    "duel": "duel", "duels": "duel",
    "ea": "energy",
    "fe": "fe",
    "fire": "fire",
    "range": "geometry", "arcs": "geometry",
    "turnmode": "movement",
    "print": "print_forms",
    "scenarios": "scenarios", "scenario": "scenarios",
    "validate": "ships", "ships": "ships", "ship": "ships",
    "ship-import": "ship_json", "ship-export": "ship_json",
}


def command_modules() -> list[str]:
    """Every module of :mod:`sfb_desk.commands` (by name), sorted."""
    import pkgutil

    return sorted(info.name for info in pkgutil.iter_modules(commands.__path__))


def _new_parser() -> tuple[argparse.ArgumentParser, argparse._SubParsersAction]:
    parser = argparse.ArgumentParser(
        prog="sfb-desk-cli",
        description="SFB Desk headless commands: ships, charts, geometry, fire and damage.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    return parser, sub


def _register(sub: argparse._SubParsersAction, modules: Sequence[str]) -> None:
    for name in modules:
        module = importlib.import_module(f"{commands.__name__}.{name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser with every command, or with only ``command``'s module when the table knows
    it (the others are not imported)."""
    parser, sub = _new_parser()
    module = COMMANDS.get(command) if command else None
    _register(sub, [module] if module else command_modules())
    return parser


def _command_name(argv: Sequence[str]) -> str | None:
    """The command named in ``argv``: its first word that is not an option."""
    for arg in argv:
        if not arg.startswith("-"):
            return arg
        if arg == "--":
            return None
    return None


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(_command_name(argv))
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser = build_parser()  # the listing of every command
        parser.print_help()
        return 2
    try:
        return int(func(args) or 0)
    except BrokenPipeError:  # e.g. piped into `head`
        return 0


def run() -> int:
    """:func:`main` as the program (the ``sfb-desk-cli`` script): the command, then the heap
    frozen, so that the interpreter's exit does not walk it for cycles before the system takes
    the memory back (a few milliseconds of every light command)."""
    code = main()
    gc.freeze()
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run())
