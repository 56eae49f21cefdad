"""Issue 12, item 3: one volley, one dice entry. The to-hit dice of a side's simultaneous fire
are ONE DiceRequest listing each shot (weapon, target, range, die chart column), in
declaration order; the DAC rolls of a volley are one request already (D4.21). Saves of
format 5 (a request per shot) migrate to the merged answers and replay to the same game."""

from __future__ import annotations

import json
from pathlib import Path

from sfb_desk.data.saves import load_game
from sfb_desk.engine.answers import SeededDice
from sfb_desk.engine.prompts import DiceRequest
from sfb_desk.engine.session import Session

from duel_script import script, setup

SAVES = Path(__file__).parents[1] / "data" / "saves"


def play_to(session: Session, key: str) -> None:
    source = script()
    while session.pending.key != key:
        session.answer(*source.answer(session.pending, session))


def test_a_side_s_volley_is_one_request_listing_each_shot():
    g = setup()
    s = Session(g.state, g.combat, g.specs)
    play_to(s, "T2.I8.hits.Federation")
    p = s.pending
    assert isinstance(p, DiceRequest) and p.kind == "1d6" and p.count == 4
    assert p.parts == ("T2.I8.shot.ENT.photon#B.KRT", "T2.I8.shot.ENT.photon#C.KRT",
                       "T2.I8.shot.ENT.phaser#1.KRT", "T2.I8.shot.ENT.phaser#2.KRT")
    assert len(p.lines) == 4 and p.lines[0].startswith("1. ENT photon B at KRT, range ")
    assert "chart column" in p.lines[2]  # a phaser reads a column of its chart
    # a photon's row of its hit-or-miss chart: its range column and hit number (E4)
    assert p.lines[0].endswith(", range 6, chart column 5-8, hits on 1-3")
    assert "4 × 1d6, one per shot in this order" in p.purpose
    assert s.answer([1, 3, 1]).rule == "D6.315"  # three rolls for four shots: refused (its rule)
    s.answer([1, 3, 1, 2])
    assert s.pending.key == "T2.I8.hits.Klingon" and s.pending.count == 4
    assert s.pending.lines[0] == "1. KRT disruptor A at ENT, range 6, chart column 5-8, hits on 1-4"
    s.answer([4, 5, 2, 6])  # every side rolls before any shot is resolved (simultaneous)
    shots = [r.data for r in s.log if r.kind == "event" and r.data.kind == "shot"
             and r.turn == 2]
    assert [dict(e.data)["roll"] for e in shots] == [1, 3, 1, 2, 4, 5, 2, 6]


def test_the_seeded_dice_roll_each_shot_as_before():
    """The seeded generator rolls each part by its own key: the same numbers a request per
    shot got, so seeded games and robot statistics do not move."""
    g = setup()
    s = Session(g.state, g.combat, g.specs)
    play_to(s, "T2.I8.hits.Federation")
    p = s.pending
    merged = SeededDice(7).roll(p, 7)
    single = [SeededDice(7).roll(DiceRequest(k, "one shot"), 7)[0] for k in p.parts]
    assert merged == single


def test_a_format_5_save_migrates_to_one_answer_a_volley():
    path = SAVES / "v5_ca_d7_hand_marks.sfbsave"
    old = json.loads(path.read_text())
    assert old["version"] == 5
    assert any(".shot." in r["key"] for r in old["log"] if r["kind"] == "answer")
    session = load_game(path)  # replays to the saved state, or raises
    keys = session.log.answer_keys()
    assert not any(".shot." in k for k in keys) and any(".hits." in k for k in keys)


def _volleys(session) -> list[DiceRequest]:  # noqa: ANN001
    return [r.data for r in session.log if r.kind == "prompt"
            and isinstance(r.data, DiceRequest) and r.data.rule == "D6.315"]


def test_a_format_7_save_gains_whose_dice_each_volley_is():
    path = SAVES / "v7_ca_d7_volley_dice.sfbsave"
    old = json.loads(path.read_text())
    assert old["version"] == 7
    assert not any("side" in r["data"] for r in old["log"] if r["kind"] == "prompt"
                   and r["data"].get("type") == "dice")
    session = load_game(path)  # its log must match the replay's, side included
    assert [(p.key, p.side) for p in _volleys(session)] == [
        ("T1.I1.hits.Klingon", "Klingon"), ("T1.I13.hits.Federation", "Federation"),
        ("T1.I18.hits.Klingon", "Klingon")]


def test_a_format_8_save_keeps_the_side_of_a_volley_from_two_ships():
    session = load_game(SAVES / "v8_two_a_side_fleet_volley.sfbsave")
    fleet = [p for p in _volleys(session) if p.unit is None]
    assert fleet and all(p.side == p.key.rsplit(".", 1)[1] for p in fleet)


def test_every_direct_fire_weapon_names_its_die_chart_row():
    """QA (issue 12): a disruptor's shot showed no die-table row. Each weapon's row as printed:
    the range column and, on a hit-or-miss chart, the hit number (E3, E4, E10, E5, FP8)."""
    from sfb_desk.rules.combat.resolve import die_row

    assert die_row("DISRUPTOR", None, 10) == "range 9-15, hits on 1-4"
    assert die_row("DISRUPTOR", "overload", 0) == "range 0, hits on 1-6"
    assert die_row("PHOTON", None, 10) == "range 9-12, hits on 1-2"
    assert die_row("PHOTON", "proximity", 12) == "range 9-12, hits on 1-4"
    assert die_row("HELLBORE", None, 5) == "range 5-8, hits on 8 or less"  # 2d6
    assert die_row("ADD", None, 2) == "range 2, hits on 1-3"
    assert die_row("PH-1", None, 10) == "range 9-15"  # the damage is read in the column
    assert die_row("PHOTON", None, 1) == ""  # no hit number printed at range 0-1 (E4.14)
