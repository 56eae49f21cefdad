"""``sfb-desk-cli``: headless commands for any table.

Sub-commands live in :mod:`sfb_desk.commands`, one module per topic, each with a
``register(subparsers)`` function; this module only discovers and dispatches them.

A command is imported only when it is called (DESIGN.md section 2): :data:`COMMANDS` says which
module registers each command name, so ``sfb-desk-cli range 0101 0105`` imports the geometry
module and nothing of the robot, numpy or the ship library. The help listing (no command,
``--help``) and a name not in the table import every module, so a new module works before it
is added to the table (tests/test_cli_startup.py checks the table against the modules).

A plain call (known options spelt out, the right number of arguments, no help asked) is read
without argparse (issue 13: start-up): the command's module registers into a
:class:`_QuickParser`, which records what it is told and parses only such calls; anything else
(``--help``, an error, an abbreviated option, a kind of argument it does not follow) goes to
argparse, which gives its usual help and messages. tests/test_cli_quick_args.py checks that
both read every plain call alike.
"""

from __future__ import annotations

import gc
import importlib
import sys
from types import SimpleNamespace

from sfb_desk import __version__, commands

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up)
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence

#: Command name -> the module of :mod:`sfb_desk.commands` that registers it.
COMMANDS: dict[str, str] = {
    "asteroid-table": "asteroids",
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
    import argparse

    parser = argparse.ArgumentParser(
        prog="sfb-desk-cli",
        description="SFB Desk headless commands: ships, charts, geometry, fire and damage.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    return parser, sub


def _register(sub: object, modules: Sequence[str]) -> None:
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


# ---------------------------------------------------------------------------------------------
# plain calls without argparse


class _Sink:
    """What the quick parser hands back for a call it does not follow: takes anything."""

    def __getattr__(self, name: str) -> _Sink:
        if name.startswith("__"):
            raise AttributeError(name)
        return self

    def __call__(self, *args: object, **kwargs: object) -> _Sink:
        return self


class _Argument:
    """One ``add_argument`` the quick parser follows."""

    def __init__(self, names: tuple[str, ...], kwargs: dict, parser_defaults: dict) -> None:
        self.names = names
        self.positional = not names[0].startswith("-")
        self.flag = kwargs.get("action") == "store_true"
        self.nargs = kwargs.get("nargs")
        self.type = kwargs.get("type")
        self.choices = kwargs.get("choices")
        self.required = bool(kwargs.get("required", False))
        if self.positional:
            self.dest = names[0]
        else:
            long = [n for n in names if n.startswith("--")]
            self.dest = kwargs.get("dest") or (long or names)[0].lstrip("-").replace("-", "_")
        self.default = parser_defaults.get(self.dest, kwargs.get("default", False if self.flag else None))


class _QuickParser:
    """Records a command's ``add_argument`` and ``set_defaults`` calls (see the module doc) and
    parses a plain call of the command as argparse would; None for anything else."""

    _KEYS = {"help", "metavar", "dest", "type", "default", "choices", "required", "action", "nargs"}

    def __init__(self) -> None:
        self.arguments: list[_Argument] = []
        self.defaults: dict[str, object] = {}
        self.simple = True

    def add_argument(self, *names: str, **kwargs: object) -> _Sink:
        action, nargs = kwargs.get("action", "store"), kwargs.get("nargs")
        positional = bool(names) and not names[0].startswith("-")
        simple = (bool(names) and not set(kwargs) - self._KEYS
                  and (action == "store" or (action == "store_true" and not positional))
                  and (nargs is None or (nargs == "?" and positional))
                  and (len(names) == 1 or not positional))
        if simple:
            self.arguments.append(_Argument(names, kwargs, self.defaults))
        else:
            self.simple = False
        return _Sink()

    def set_defaults(self, **kwargs: object) -> None:
        if any(_holds_recorder(value) for value in kwargs.values()):
            self.simple = False  # the command uses its parser later: a real one (argparse)
        self.defaults.update(kwargs)
        for argument in self.arguments:
            if argument.dest in kwargs:
                argument.default = kwargs[argument.dest]

    def __getattr__(self, name: str) -> _Sink:  # groups, sub-commands...: argparse's work
        if name.startswith("__"):
            raise AttributeError(name)
        self.simple = False
        return _Sink()

    def parse(self, tokens: Sequence[str]) -> dict[str, object] | None:
        if not self.simple:
            return None
        options = {n: a for a in self.arguments if not a.positional for n in a.names}
        positionals = [a for a in self.arguments if a.positional]
        given: dict[str, object] = {}
        seen: set[str] = set()
        words: list[str] = []
        after_option = False
        i = 0
        while i < len(tokens):
            token = tokens[i]
            i += 1
            if not token.startswith("-"):
                words.append(token)
                if after_option and any(a.nargs == "?" for a in positionals):
                    return None  # argparse reads an optional argument after an option otherwise
                continue
            argument = options.get(token)
            if argument is None:
                return None  # help, an unknown or abbreviated option, a negative number...
            after_option = True
            if argument.flag:
                value: object = True
            else:
                if i >= len(tokens) or tokens[i].startswith("-"):
                    return None
                value = self._value(argument, tokens[i])
                i += 1
                if value is _Sink:
                    return None
            given[argument.dest] = value
            seen.add(argument.dest)
        required = [a for a in positionals if a.nargs is None]
        if not len(required) <= len(words) <= len(positionals):
            return None
        optional_words = len(words) - len(required)
        for argument in positionals:
            if argument.nargs is None or optional_words > 0:
                optional_words -= argument.nargs == "?"
                value = self._value(argument, words.pop(0))
            else:
                value = argument.default
                if isinstance(value, str):
                    value = self._value(argument, value)
            if value is _Sink:
                return None
            given[argument.dest] = value
            seen.add(argument.dest)
        result: dict[str, object] = {}
        for argument in self.arguments:
            if argument.dest in seen:
                result[argument.dest] = given[argument.dest]
            elif argument.required:
                return None
            elif argument.dest not in result:
                value = argument.default
                if isinstance(value, str) and not argument.flag:
                    value = self._value(argument, value, check=False)
                    if value is _Sink:
                        return None
                result[argument.dest] = value
        for key, value in self.defaults.items():
            result.setdefault(key, value)
        return result

    @staticmethod
    def _value(argument: _Argument, text: str, check: bool = True) -> object:
        """``text`` through the argument's type and choices; :class:`_Sink` when argparse has
        to say what is wrong."""
        try:
            value = argument.type(text) if argument.type is not None else text
        except Exception:  # noqa: BLE001 - argparse reports it
            return _Sink
        if check and argument.choices is not None and value not in argument.choices:
            return _Sink
        return value


def _holds_recorder(value: object) -> bool:
    """``value`` is, or is a function holding, a recorder of this module."""
    recorders = (_QuickParser, _Commands, _Sink)
    if isinstance(value, recorders):
        return True
    for cell in getattr(value, "__closure__", None) or ():
        try:
            if isinstance(cell.cell_contents, recorders):
                return True
        except ValueError:  # an empty cell
            continue
    return False


class _Commands:
    """Stands in for argparse's sub-parsers while a module registers (see :class:`_QuickParser`)."""

    def __init__(self) -> None:
        self.parsers: dict[str, _QuickParser] = {}

    def add_parser(self, name: str, **kwargs: object) -> _QuickParser:
        self.parsers[name] = parser = _QuickParser()
        parser.simple = "aliases" not in kwargs
        return parser

    def __getattr__(self, name: str) -> _Sink:
        if name.startswith("__"):
            raise AttributeError(name)
        return _Sink()


def quick_args(argv: Sequence[str]) -> SimpleNamespace | None:
    """The arguments of a plain call of a command in :data:`COMMANDS`, read without argparse
    (the namespace argparse would give); None when argparse has to read them."""
    if not argv or argv[0] not in COMMANDS:
        return None
    module = importlib.import_module(f"{commands.__name__}.{COMMANDS[argv[0]]}")
    recorder = _Commands()
    try:
        module.register(recorder)
    except Exception:  # noqa: BLE001 - a register() the recorder cannot follow
        return None
    parser = recorder.parsers.get(argv[0])
    values = parser.parse(argv[1:]) if parser is not None else None
    return None if values is None else SimpleNamespace(command=argv[0], **values)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = quick_args(argv)
    if args is None:
        args = build_parser(_command_name(argv)).parse_args(argv)
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
