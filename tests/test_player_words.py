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
