"""Words a player reads name the rulebooks by their titles, never by the internal source ids
("seed 000"): every CLI view of every ship and scenario, and the ship browser's details."""

from __future__ import annotations

import json
import re

import pytest

from sfb_desk.cli import main
from sfb_desk.commands.scenarios import describe_scenario
from sfb_desk.commands.ships import describe_ship
from sfb_desk.data.books import BOOK_TITLES, book_title, titled
from sfb_desk.data.library import load_library
from sfb_desk.data.scenarios import load_scenarios
from sfb_desk.data.ship_convert import spec_to_table

SEED = re.compile(r"\bseeds?\b", re.IGNORECASE)


def _clean(text: str, where: str) -> None:
    found = [line for line in text.splitlines() if SEED.search(line)]
    assert not found, f"{where}: {found[:3]}"


@pytest.fixture(scope="module")
def ships():
    return load_library()


def test_the_titles_of_the_rulebooks():
    assert [book_title(i) for i in ("000", "001", "002", "004")] == [
        "Advanced Missions", "F&E Combined Operations", "Module C2",
        "SFB Campaign Rules, The Admiral's Edition"]
    assert all(not SEED.search(t) for t in BOOK_TITLES.values())
    assert titled("reference/ssd_facts.json x (seed 000 L18932-18993)") == \
        "reference/ssd_facts.json x (Advanced Missions, lines 18932-18993)"
    assert titled("Module C2 (seed 002) R7.64") == "Module C2 R7.64"
    assert titled("seed 004 L12") == "SFB Campaign Rules, The Admiral's Edition, line 12"
    assert titled("no book here") == "no book here"


def test_every_ship_in_the_cli(ships, capsys):
    for spec in ships.ships.values():
        _clean("\n".join(describe_ship(spec, "file")), f"ship {spec.id}")
        _clean(json.dumps(spec_to_table(spec)), f"ship {spec.id} --json")
    for args in (["ships"], ["ships", "--json"], ["ship", "THO-WT"], ["ship", "AND-INT"]):
        assert main(args) == 0
        captured = capsys.readouterr()
        _clean(captured.out + captured.err, " ".join(args))


def test_every_scenario_in_the_cli(ships, capsys):
    library = load_scenarios(ships=ships)
    assert library.sorted()
    for scenario in library.sorted():
        _clean("\n".join(describe_scenario(scenario, ships, "file")), f"scenario {scenario.id}")
    for args in (["scenarios"], ["scenarios", "--json"], ["scenario", "SG22"], ["scenario", "SH46"]):
        assert main(args) == 0
        captured = capsys.readouterr()
        _clean(captured.out + captured.err, " ".join(args))


def _purpose_texts(source: str) -> list[tuple[int, str]]:
    """The literal text of every prompt's purpose (the third argument or ``purpose=`` of an
    ``Orders``, ``Choice`` or ``DiceRequest`` call) in one engine module."""
    import ast

    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in {"Orders", "Choice", "DiceRequest"}):
            continue
        args = list(node.args[2:3]) + [k.value for k in node.keywords if k.arg == "purpose"]
        for arg in args:
            parts = [c.value for c in ast.walk(arg)
                     if isinstance(c, ast.Constant) and isinstance(c.value, str)]
            found.append((node.lineno, "".join(parts)))
    return found


def test_prompts_ask_in_words_not_in_answer_syntax():
    """What a prompt asks reaches the orders panel and the event log: a sentence, never the
    shape of the machine answer (``{"general": n}``) — that belongs to the refusal a malformed
    answer gets and to the details view."""
    from pathlib import Path

    import sfb_desk.engine as engine

    texts = []
    for path in sorted(Path(engine.__file__).parent.rglob("*.py")):
        texts += [(f"{path.name}:{line}", text) for line, text in _purpose_texts(path.read_text())]
    assert len(texts) > 25  # the scan sees the engine's prompts
    syntax = re.compile(r'[{\[]\s*"?\w+"?\s*:|\{"|"\}')
    bad = [(where, text) for where, text in texts if syntax.search(text)]
    assert not bad, bad
    planted = 'Orders("k", "x", f"commit? {{\\"general\\": n}}", unit="A")'
    assert syntax.search(_purpose_texts(planted)[0][1])
    assert syntax.search(_purpose_texts('Orders("k", "x", "cloak: {ship: true}")')[0][1])


#: The names of the public transcriptions the ship library was cross-checked against: where a
#: fact came from is for a details view only (`ship ID`, the ship's details), never for the
#: lists and the set-up dialog a player reads to choose (QA, session 4: THO-CA's "amarillo").
SOURCE_SITE = re.compile(r"amarillo|terragos|iolsen|sfb-?player|sfbol|tgd-inc", re.IGNORECASE)


def _no_source(text: str, where: str) -> None:
    found = [line for line in text.splitlines() if SOURCE_SITE.search(line)]
    assert not found, f"{where}: {found[:3]}"


def test_lists_and_set_up_never_say_where_a_fact_came_from(ships, capsys):
    for args in (["scenarios"], ["scenarios", "--json"], ["ships"]):
        assert main(args) == 0
        captured = capsys.readouterr()
        _no_source(captured.out + captured.err, " ".join(args))
    assert main(["ships", "--json"]) == 0
    for entry in json.loads(capsys.readouterr().out):  # its "sources" are the details
        _no_source(json.dumps([entry["status"], entry["missing"]]), f"ships --json {entry['id']}")
    from sfb_desk.data.custom_setup import refusal_of_ship

    for spec in ships.ships.values():
        _no_source(refusal_of_ship(spec) or "", f"set-up dialog, ship {spec.id}")
    assert any("web generator" in (refusal_of_ship(s) or "") for s in ships.ships.values())


def test_the_set_up_dialog_scenario_pages_never_say_where_a_fact_came_from(ships):
    from sfb_desk.ui.setup.scenario_tab import scenario_html

    for scenario in load_scenarios(ships=ships).sorted():
        _no_source(scenario_html(scenario, ships), f"set-up dialog, scenario {scenario.id}")


def test_every_orders_kind_has_a_form_or_its_answer_shape():
    """An Orders prompt the panel has no form for is typed as JSON, and the JSON editor shows
    the answer's shape from ORDER_KINDS: every kind the engine asks has one of the two (a kind
    with neither would leave the table typing JSON blind)."""
    import ast
    from pathlib import Path

    import sfb_desk.engine as engine
    from sfb_desk.engine.prompts import ORDER_KINDS
    from sfb_desk.ui.orders.panel import editors

    asked = {}
    for path in sorted(Path(engine.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id == "Orders" and len(node.args) > 1 \
                    and isinstance(node.args[1], ast.Constant):
                asked[node.args[1].value] = f"{path.name}:{node.lineno}"
    assert len(asked) > 12  # the scan sees the engine's order kinds
    blind = {k: where for k, where in asked.items() if k not in ORDER_KINDS and k not in editors()}
    assert not blind, blind
