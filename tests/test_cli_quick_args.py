"""The CLI reads a plain call without argparse (issue 13: start-up), alike to argparse.

:func:`sfb_desk.cli.quick_args` must give, for every call it reads, the very namespace argparse
gives, and leave to argparse every call it cannot read alike (help, errors, abbreviations,
sub-commands of sub-commands): checked on the calls below, every command of every module.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import subprocess
import sys

import pytest

from sfb_desk import cli

# Calls of each light command: plain ones, and ones argparse must read (None below).
CALLS = [
    (["range", "0101", "0105"], True),
    (["range", "0101"], False),  # missing argument: argparse's error
    (["range", "0101", "0105", "0110"], False),
    (["range", "-h"], False),
    (["range", "--help"], False),
    (["range", "0101", "-0105"], False),
    (["arcs", "--from", "0101", "--facing", "1", "--to", "0105"], True),
    (["arcs", "--to", "0105", "--json", "--from", "0101", "--facing", "A"], True),
    (["arcs", "--from", "0101", "--to", "0105"], False),  # --facing is required
    (["arcs", "--from=0101", "--facing", "1", "--to", "0105"], False),
    (["arcs", "--fro", "0101", "--facing", "1", "--to", "0105"], False),  # abbreviated
    (["arcs", "--from", "0101", "--facing", "--to", "0105"], False),
    (["arcs", "--from", "0101", "--facing", "1", "--to", "0105", "--same-hex-direction", "B"], True),
    (["chart", "dac"], True),
    (["chart", "dac", "--json"], True),
    (["chart", "--list"], True),
    (["chart"], True),
    (["chart", "--json", "dac"], False),  # an optional argument after an option
    (["chart", "dac", "extra"], False),
    (["impulse", "12"], True),
    (["turnmode", "B", "10", "--em"], True),
    (["ship", "FED-CA"], True),
    (["ship", "--json", "fed-ca"], True),
    (["ship", "FED-CA", "--json", "--json"], True),
    (["ship"], False),
    (["ship", "FED-CA", "--", "x"], False),
    (["ships", "--race", "FED"], True),
    (["ships", "--race"], False),
    (["validate", "a.toml", "b.toml"], False),  # nargs="*": argparse's
    (["ea", "template", "FED-CA"], False),  # sub-commands of a command: argparse's
    (["print", "ea", "FED-CA", "-o", "x.pdf"], False),
    (["fe", "ships"], False),
    (["--version"], False),
    (["bogus"], False),
    ([], False),
]


def _argparse(argv: list[str]) -> dict | None:
    """argparse's namespace for ``argv``, or None when it stops (help, error)."""
    parser = cli.build_parser(cli._command_name(argv))
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            return vars(parser.parse_args(argv))
        except SystemExit:
            return None


@pytest.mark.parametrize(("argv", "quick"), CALLS, ids=[" ".join(a) or "-" for a, _ in CALLS])
def test_a_plain_call_is_read_as_argparse_reads_it_and_the_rest_by_argparse(argv, quick):
    got = cli.quick_args(argv)
    assert (got is not None) == quick
    if got is not None:
        assert vars(got) == _argparse(argv)


def test_every_simple_command_reads_its_plain_calls_alike():
    """Each command the quick parser follows, called with all its arguments and options (a
    value for each), gives argparse's namespace; the ones it does not follow are argparse's."""
    followed = []
    for name, module in sorted(cli.COMMANDS.items()):
        recorder = cli._Commands()
        cli._register(recorder, [module])
        parser = recorder.parsers[name]
        if not parser.simple:
            continue
        argv = [name]
        for argument in parser.arguments:
            value = _sample(argument)
            if argument.positional:
                argv.append(value)
            elif argument.flag:
                argv.append(argument.names[-1])
            else:
                argv += [argument.names[-1], value]
        expected = _argparse(argv)
        got = cli.quick_args(argv)
        assert got is not None and vars(got) == expected, argv
        followed.append(name)
    assert {"range", "arcs", "chart", "ship", "ships", "impulse", "turnmode"} <= set(followed)


def _sample(argument: cli._Argument) -> str:
    if argument.choices is not None:
        return str(list(argument.choices)[-1])
    return "3" if argument.type in (int, float) else "0101"


def test_a_command_that_keeps_its_parser_is_read_by_argparse():
    """A default holding the parser (``ea``'s usage, ``print``'s) needs argparse's parser."""
    recorder = cli._Commands()
    parser = recorder.add_parser("x")
    parser.add_argument("a")
    parser.set_defaults(func=lambda args: parser.print_usage())
    assert not parser.simple and parser.parse(["1"]) is None


def test_a_bad_type_or_choice_is_left_to_argparse():
    recorder = cli._Commands()
    parser = recorder.add_parser("x")
    parser.add_argument("n", type=int)
    parser.add_argument("--page", choices=("letter", "a4"), default="letter")
    parser.set_defaults(func=print)
    assert parser.parse(["3"]) == {"n": 3, "page": "letter", "func": print}
    assert parser.parse(["three"]) is None
    assert parser.parse(["3", "--page", "legal"]) is None


def _cli(*args: str, tmp_path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sfb_desk.cli", *args], capture_output=True,
                          text=True, timeout=120, env={"SFB_DESK_HOME": str(tmp_path),
                                                       "PATH": "/usr/bin:/bin"})


def test_help_errors_and_unknown_commands_are_argparse_s(tmp_path):
    done = _cli("ship", "--help", tmp_path=tmp_path)
    usage = done.stdout.splitlines()[0] if done.stdout else ""
    assert done.returncode == 0 and usage.startswith("usage: sfb-desk-cli ship [-h] [--json]")
    assert usage.endswith(" ID") and "positional arguments:" in done.stdout  # argparse's own help
    done = _cli("ship", tmp_path=tmp_path)
    assert done.returncode == 2
    assert done.stderr.endswith("sfb-desk-cli ship: error: the following arguments are required: ID\n")
    done = _cli("bogus", tmp_path=tmp_path)
    assert done.returncode == 2 and "invalid choice: 'bogus'" in done.stderr
    done = _cli("range", "0101", "0105", "--nope", tmp_path=tmp_path)
    assert done.returncode == 2 and "unrecognized arguments: --nope" in done.stderr
    done = _cli("--version", tmp_path=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("sfb-desk-cli ")
