"""State and log to JSON values and back, with typed errors that name the path."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from sfb_desk.engine.codec import (
    CodecError,
    decode_log,
    decode_state,
    encode_log,
    encode_state,
)
from sfb_desk.engine.log import GameLog
from sfb_desk.engine.prompts import Choice, DiceRequest, Orders
from sfb_desk.rules.game_state import GameState, RuleOptions
from sfb_desk.rules.hexes import STANDARD_MAP, Hex, hex_from_label
from sfb_desk.rules.results import Refusal, event
from sfb_desk.rules.units import EmState, HetState, MoveProfile, TacState, new_seeker, new_ship


def rich_state() -> GameState:
    profile = MoveProfile(turn_mode="A", move_cost=Fraction(2, 3), breakdown=None, nimble=True,
                          warp=24, warp_systems=(("left_warp", 12), ("right_warp", 12)))
    ship = replace(
        new_ship("WC", "kli", profile, hex=Hex(-3, 40), facing=5, speed=17),
        plot=((1, 17), (9, -4)), het=HetState(paid=2, made=1, last_clock=12),
        em=EmState(paid=True, active=True, pending="stop"), tac=TacState(warp_paid=3),
        destroyed=frozenset({"left_warp#5", "bridge#1"}), allocation='{"hets":2}',
        accel_zero_turn=3, target=None, reverse=True,
    )
    drone = new_seeker("D1", "fed", hex=hex_from_label("0101"), facing=2, speed=32, target="WC")
    return GameState(turn=2, impulse=0, units=(ship, drone),
                     options=replace(RuleOptions(), het_min_gap=8), dice_seed=None,
                     last_turn=None, map=STANDARD_MAP)


def test_state_round_trip_through_json_text():
    state = rich_state()
    text = json.dumps(encode_state(state))
    back = decode_state(json.loads(text))
    assert back == state


def test_hexes_facings_and_fractions_read_as_players_write_them():
    doc = encode_state(rich_state())
    unit = doc["units"][0]
    assert unit["hex"] == Hex(-3, 40).key == "-3.39" and unit["facing"] == "F"  # exact in files
    assert unit["profile"]["move_cost"] == "2/3"
    assert unit["destroyed"] == ["bridge#1", "left_warp#5"]
    assert doc["map"] == {"columns": 42, "rows": 30}


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("units", 0, "facing"), 7, "units[0].facing: expected a facing letter"),
        (("units", 0, "speed"), "fast", "units[0].speed: expected a whole number"),
        (("units", 0, "hex"), "ZZ99", "units[0].hex: bad hex label"),
        (("units", 0, "profile", "move_cost"), "x/0", "move_cost: expected a fraction"),
        (("units", 0, "plot"), [[1]], "units[0].plot[0]: expected a list of 2"),
        (("units", 1, "het", "paid"), True, "het.paid: expected a whole number"),
        (("options", "het_on_impulse_1"), "yes", "expected true or false"),
        (("turn",), None, "turn: expected a whole number"),
    ],
)
def test_wrong_types_are_reported_with_their_path(path, value, message):
    doc = encode_state(rich_state())
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(CodecError) as err:
        decode_state(doc)
    assert message in str(err.value)


def test_unknown_missing_and_duplicate_fields_are_errors():
    doc = encode_state(rich_state())
    doc["units"][0]["shields"] = 1
    with pytest.raises(CodecError, match="unknown field"):
        decode_state(doc)
    doc = encode_state(rich_state())
    del doc["units"][1]["target"]
    with pytest.raises(CodecError, match="missing field"):
        decode_state(doc)
    doc = encode_state(rich_state())
    doc["units"][1]["id"] = "WC"
    with pytest.raises(CodecError, match="same id"):
        decode_state(doc)


def test_log_round_trip():
    log = GameLog()
    log.append("prompt", 1, 0, "1-ea", "T1.plot.A", Orders("T1.plot.A", "speed_plot", "plot",
                                                          unit="A"))
    log.append("answer", 1, 0, "1-ea", "T1.plot.A", [[1, 9], [17, 19]], "script")
    log.append("refused", 1, 0, "1-ea", "T1.plot.A", (40, Refusal("C12.384", "too fast")),
               "player")
    log.append("prompt", 1, 4, "6A-move", "k", Choice("k", "why", ("yes", "no"), default="no"))
    log.append("prompt", 1, 4, "6A-move", "d", DiceRequest("d", "roll", "2d6", 2, "D4"))
    log.append("event", 1, 4, "6A-move", "", event("boxes_destroyed", "A", "C6.5422", "t",
                                                   boxes=("a#5", "a#10"), n=2))
    back = decode_log(json.loads(json.dumps(encode_log(log))))
    assert back.records == log.records[:1] + (
        log.records[1].__class__(1, "answer", 1, 0, "1-ea", "T1.plot.A", [[1, 9], [17, 19]],
                                 "script"),
    ) + log.records[2:]


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda recs: recs[0].update(seq=5), "expected 0"),
        (lambda recs: recs[0].update(kind="rumour"), "expected one of"),
        (lambda recs: recs[0]["data"].update(type="poll"), "expected one of"),
        (lambda recs: recs[0].pop("turn"), "missing field(s) turn"),
    ],
)
def test_bad_log_records_are_reported(mutate, message):
    log = GameLog()
    log.append("prompt", 1, 0, "1-ea", "T1.plot.A", Orders("T1.plot.A", "speed_plot", "plot"))
    records = encode_log(log)
    mutate(records)
    with pytest.raises(CodecError) as err:
        decode_log(records)
    assert message in str(err.value)
