"""The event log in a player's words (issue 12 item 6): every line of whole robot duels, FED-CA
against KLI-D7 with tractors, hit-and-run raids, boarding and an explosion, reads without a box
id (``phaser#1``) or a prompt key (``T2.I17.fire.Federation``) while the details switch is off;
with it on, the keys are there for a player who wants them."""

from __future__ import annotations

import re

import pytest

from sfb_desk.engine.log import EVENT, PROMPT
from sfb_desk.robot.duel import play_duel
from sfb_desk.ui.table.event_log import EventLog, describe

BOX_ID = re.compile(r"\w+#\w+")
PROMPT_KEY = re.compile(r"\bT\d+\.(?:I\d+\.)?[\w-]+\.")
#: A seeking weapon's id (``KLI-D7.T1I1.drone1``, ``ROM-KR.T1I5.plasmaA``): a player reads
#: "KLI-D7's drone 1 (launched turn 1 impulse 1)".
SEEKER = re.compile(r"[\w-]+\.T\d+I\d+\.\w+")
#: Seeds whose 6-turn duels between them hold every system the test is about.
SEEDS = (4, 6)
WANTED = {"tractor_link", "tractor_released", "raid", "boarding", "boarding_combat",
          "explosion", "launched", "impact", "shot", "damage_point", "repair"}


@pytest.fixture(scope="module")
def duels():
    return [play_duel("FED-CA", "KLI-D7", seed=seed, turns=6) for seed in SEEDS]


def _lines(log, details: bool):
    asked: dict[str, object] = {}
    for record in log:
        if record.kind == PROMPT:
            asked[record.key] = record.data
        line = describe(record, asked.get(record.key), details=details)
        yield record, line.split("  ", 1)[1]  # without the turn.impulse at its head


def test_every_line_of_whole_duels_reads_without_box_ids_or_prompt_keys(duels):
    kinds, bad = set(), []
    for result in duels:
        for record, body in _lines(result.session.log, details=False):
            if record.kind == EVENT:
                kinds.add(record.data.kind)
            if BOX_ID.search(body) or PROMPT_KEY.search(body) or SEEKER.search(body):
                bad.append(body)
    assert WANTED <= kinds, WANTED - kinds  # the duels did use every system
    assert seekers_named(duels)
    assert not bad, bad[:5]


def test_a_plasma_duel_reads_without_seeker_ids():
    """ROM-KR against GOR-CA: plasma torpedoes launched, fired on and hitting, said as their
    launcher's weapon and launch ("ROM-KR's plasma A (launched turn 1 impulse 5)")."""
    result = play_duel("ROM-KR", "GOR-CA", seed=2, turns=4)
    bodies = [body for _record, body in _lines(result.session.log, details=False)]
    assert any("'s plasma " in b and "(launched turn " in b for b in bodies)
    bad = [b for b in bodies if SEEKER.search(b) or BOX_ID.search(b)]
    assert not bad, bad[:5]


SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # a program name: ship_destroyed, left_warp


@pytest.mark.parametrize(("ship_a", "ship_b", "seed"), [
    ("AND-CON", "KLI-D7", 8),  # panels, a satellite ship launched, a displacement
    ("ISC-DN", "KLI-C8", 2),  # PPDs, plasma, drones; a ship destroyed to its last point
])
def test_other_duels_read_without_ids_or_program_names(ship_a, ship_b, seed):
    result = play_duel(ship_a, ship_b, seed=seed, turns=4)
    bad = [body for _record, body in _lines(result.session.log, details=False)
           if BOX_ID.search(body) or PROMPT_KEY.search(body) or SNAKE.search(body)]
    assert not bad, bad[:5]


def seekers_named(duels) -> bool:  # noqa: ANN001
    """The duels' drones are named by launcher, rack and launch in the log."""
    return any("KLI-D7's drone " in body and "(type I, launched turn 1 impulse 1)" in body
               for result in duels for _r, body in _lines(result.session.log, details=False))


def test_the_events_keep_their_machine_fields(duels):
    events = [r.data for r in duels[0].session.log if r.kind == EVENT]
    shots = [e for e in events if e.kind == "shot"]
    assert shots and all("#" in e.get("box") for e in shots)  # box ids for saves and replay
    assert all(e.text.startswith(f"{e.unit} fires ") for e in shots)
    links = [e for e in events if e.kind == "tractor_link"]
    assert links and all(e.get("box").startswith("tractor#") and " tractor " in e.text
                         for e in links)


def test_details_show_the_prompt_keys(duels):
    answers = [body for record, body in _lines(duels[0].session.log, details=True)
               if record.kind == "answer"]
    assert any(PROMPT_KEY.search(body) for body in answers)


def test_the_log_view_names_units_as_the_game_does(qtbot):
    """Bound to a game, answers name the units by their own names (a table game's ENT is
    "Enterprise")."""
    from sfb_desk.engine.log import GameLog
    from sfb_desk.engine.prompts import Orders
    from sfb_desk.rules.units import Unit

    class Game:  # what the view reads of a controller
        class state:  # noqa: N801
            units = (Unit("ENT", "Federation", spec_id="FED-CA", name="Enterprise"),
                     Unit("KRT", "Klingon", spec_id="KLI-D7", name="Krenshaw"))
        record = None
        log = ()

        class Signal:
            def connect(self, slot):  # noqa: ANN001
                pass
        event_logged = log_reset = Signal()

    view = EventLog()
    qtbot.addWidget(view)
    view.bind(Game())
    log = GameLog()
    ask = Orders("T1.I2.tractors.Federation", "tractors", "Tractor beams of side Federation",
                 side="Federation", rule="G7", default={})
    log.append("prompt", 1, 2, "6B", ask.key, ask)
    log.append("answer", 1, 2, "6B", ask.key, {"ENT": {"link": [
        {"box": "tractor#1", "target": "KRT", "power": 2}]}}, "player")
    view.reset(log.records)
    assert view.visible_lines()[-1].endswith(
        "Tractor beams of side Federation: Enterprise: lock tractor 1 on Krenshaw (power 2) "
        "— the table")
