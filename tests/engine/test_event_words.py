"""Words for players (issue 12 item 6): event texts and prompt purposes name boxes as the SSD
labels them and units by their names (sfb_desk.engine.words); the machine fields stay ids."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sfb_desk.engine.prompts import Choice
from sfb_desk.engine.words import UnitWords, answer_words, value_words
from sfb_desk.rules.box_names import box_words, boxes_in_words, option_words
from sfb_desk.rules.results import event
from sfb_desk.rules.units import Unit
from tests.robot.robot_games import play_until, robots, start


@pytest.mark.parametrize(("box", "words"), [
    ("phaser#1", "phaser 1"), ("disruptor#B", "disruptor B"), ("drone#2", "drone rack 2"),
    ("shield3#5", "shield #3 box 5"), ("ppd#D", "PPD D"), ("left_warp#3", "left warp 3"),
    ("drone#1.2", "drone rack 1 box 2"), ("tr#A", "TR beam A"), ("tractor#2", "tractor 2"),
])
def test_box_words_are_the_ssd_labels_in_a_sentence(box, words):
    assert box_words(box) == words


def test_every_box_id_in_a_text_and_choice_options():
    assert boxes_in_words("KLI-D7 disruptor#A at FED-CA shield #1, #6/#1/#2") == \
        "KLI-D7 disruptor A at FED-CA shield #1, #6/#1/#2"
    assert option_words("weapon:photon#C") == "photon C"
    assert option_words("phaser_capacitor") == "phaser capacitor"
    assert option_words("shield 2") == "shield 2" and option_words("drone#1") == "drone rack 1"


def _units():
    return {"ENT": Unit("ENT", "Federation", spec_id="FED-CA", name="Enterprise"),
            "KRT": Unit("KRT", "Klingon", spec_id="KLI-D7", name="Krenshaw"),
            "CA2": Unit("CA2", "Federation", spec_id="FED-CA", name="Heavy Cruiser"),
            "ENT.T1I1.drone1": Unit("ENT.T1I1.drone1", "Federation", kind="drone")}


class _Spec:
    name = "Heavy Cruiser"


def test_units_by_their_own_names_and_ids_kept_elsewhere():
    words = UnitWords(_units(), {"FED-CA": _Spec()})
    ev = event("shot", "KRT", "D6.315", "KRT fires phaser#1 at ENT: range 3", box="phaser#1",
               target="ENT")
    said = words.event(ev)
    assert said.text == "Krenshaw fires phaser 1 at Enterprise: range 3"
    assert (said.kind, said.unit, said.data) == (ev.kind, ev.unit, ev.data)  # machine fields
    # a class's name is no name of its own; a seeker is named by its launcher's weapon
    assert words.text("CA2 tractors ENT.T1I1.drone1 of ENT.") == \
        "CA2 tractors Enterprise's drone 1 (launched turn 1 impulse 1) of Enterprise."
    assert words.unit("ENT.T1I1.drone1") == "Enterprise's drone 1 (launched turn 1 impulse 1)"
    assert words.text("type-IV drone KRT.T2I17.drone2 hits ENT") == \
        "Krenshaw's drone 2 (type IV, launched turn 2 impulse 17) hits Enterprise"
    assert words.text("plasma-G torpedo KRT.T3I9.plasmaB") == \
        "Krenshaw's plasma B (plasma-G, launched turn 3 impulse 9)"
    assert words.unit("ENT") == "Enterprise" and words.unit("CA2") == "CA2"
    ask = Choice("T1.I3.spine.ENT.phaser#1", "ENT phaser#1 strikes a hex spine: which shield "
                 "of KRT?", ("shield 1", "shield 2"), "D3.43", "ENT")
    asked = words.prompt(ask)
    assert asked.purpose == "Enterprise phaser 1 strikes a hex spine: which shield of Krenshaw?"
    assert (asked.key, asked.options, asked.unit) == (ask.key, ask.options, ask.unit)


def test_ship_orders_answers_in_words():
    words = UnitWords(_units(), {"FED-CA": _Spec()})
    assert answer_words("tractors", {"ENT": {"link": [
        {"box": "tractor#1", "target": "KRT", "power": 2}], "release": ["CA2"]}}, words) == \
        "Enterprise: lock tractor 1 on Krenshaw (power 2); release CA2"
    assert answer_words("marines", {"KRT": {"drop": [2], "raids": [
        {"target": "ENT", "box": "phaser#3"}], "board": [{"target": "ENT", "parties": 2}]}},
        words) == "Krenshaw: drop shield 2; raid phaser 3 of Enterprise; board Enterprise " \
                  "(parties 2)"
    assert answer_words("displacement", {"ENT": [{"box": "dd#A", "target": "KRT",
                                                   "direction": "B"}]}, words) == \
        "Enterprise: displacement device A on Krenshaw (direction B)"
    assert answer_words("fire", {"ENT": []}) is None
    assert value_words({"weapon_status": "left_warp#1"}) == "weapon status left warp 1"


def test_a_game_with_named_ships_says_their_names():
    session = start(turns=2)
    named = {"FED-CA": "Enterprise", "KLI-D7": "Krenshaw"}
    state = session.initial
    state = replace(state, units=tuple(replace(u, name=named[u.id]) for u in state.units))
    from sfb_desk.engine.session import Session

    session = Session(state, session.initial_combat, session.specs)
    players = robots(session)
    play_until(session, players, lambda p, s: any(
        r.kind == "event" and r.data.kind == "shot" for r in s.log))
    shots = [r.data for r in session.log if r.kind == "event" and r.data.kind == "shot"]
    assert shots and all(s.text.startswith(("Enterprise fires ", "Krenshaw fires "))
                         for s in shots)
    assert all(s.unit in named and s.get("target") in named for s in shots)  # ids kept
    assert all("#" not in s.text for s in shots)
