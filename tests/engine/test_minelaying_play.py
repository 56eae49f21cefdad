"""Laying mines in play through the sequencer (engine/minelaying_steps.py): a Romulan War
Eagle drops its nuclear space mine (M2.7), a minelayer lays from its racks (M9.21); illegal
orders are refused with the rule; the mine arms once its layer is out of range (M2.3) and the
enemy sees the counter but not what it is."""

from __future__ import annotations

from dataclasses import replace

import pytest
from functools import lru_cache

from sfb_desk.data.custom_setup import UnitEntry, setup_from_entries
from sfb_desk.data.library import load_library
from sfb_desk.engine.answers import At, Chain, Defaults, Scripted, SeededDice
from sfb_desk.engine.session import Session
from sfb_desk.rules.hexes import hex_range
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.ship import SpecialSystem


@lru_cache(maxsize=1)
def ships():
    return load_library()


def game(entries, *, minelayer: str | None = None, racks: int = 2) -> Session:
    setup = setup_from_entries(entries, ships(), turns=2, dice_seed=1, map_kind="fixed")
    specs = dict(setup.specs)
    if minelayer:  # a practice minelayer: the cruiser's hull with mine racks (M9.11)
        spec = specs[minelayer]
        specs[minelayer] = replace(spec, flags=spec.flags | {"minelayer"}, special=(
            *spec.special, SpecialSystem("mine_rack", "Mine racks", racks, damageable=False)))
    return Session(setup.state, setup.combat, specs)


def run_until(session: Session, script, stop) -> None:  # noqa: ANN001
    for _ in range(5000):
        if session.pending is None or stop(session):
            return
        session.run(script, limit=1)
    raise AssertionError("never reached")


def events(session: Session, kind: str) -> list:
    return [r.data for r in session.log if r.kind == "event" and r.data.kind == kind]


def we_and_ca() -> Session:
    return game([UnitEntry("ROM-WE", "WE", "Romulan", "1010", "B", 8, 2),
                 UnitEntry("FED-CA", "CA", "Federation", "2510", "E", 4, 2)])


def test_a_war_eagle_drops_its_nuclear_space_mine_and_it_arms_when_the_ship_is_away():
    session = we_and_ca()
    script = Chain(Scripted([At("T1.ea.WE", {"speed_plot": 8}), At("T1.ea.CA", {"speed_plot": 4}),
                             At("T1.I4.lay_mines.Romulan", {"WE": [{"from": "nsm",
                                                                    "detection": 4}]})]),
                   Defaults(), SeededDice())
    run_until(session, script, lambda s: bool(events(s, "mine_laid")))
    (laid,) = events(session, "mine_laid")
    we = session.state.unit("WE")
    assert laid.get("hex") == we.hex.label and laid.get("size") == "large"
    (mine,) = session.combat.battlefield.mines.live()
    assert mine.mode == "pre_active" and mine.detection == 4 and mine.laid_by == "WE"
    # the owner sees it whole; the enemy sees the counter dropped, not what it is
    (own,) = session.combat.battlefield.mines.view_for("Romulan")
    (theirs,) = session.combat.battlefield.mines.view_for("Federation")
    assert own.own and own.detection == 4 and own.type == "explosive"
    assert not theirs.own and theirs.detection is None and theirs.type == "unknown"
    assert session.combat.battlefield.stores_of("WE").nsm == 0
    run_until(session, script, lambda s: bool(events(s, "mine_armed")))
    (armed,) = events(session, "mine_armed")
    assert armed.rule == "M2.3"
    assert hex_range(session.state.unit("WE").hex, mine.hex) > 1
    assert session.combat.battlefield.mines.live()[0].mode == "active"
    # no second mine: the prompt is no longer asked of the Romulans (nothing to lay)
    run_until(session, script, lambda s: s.state.impulse >= 20)
    later = [r.key for r in session.log if r.kind == "prompt" and "lay_mines" in r.key]
    assert later and all(int(k.split(".")[1][1:]) <= 4 for k in later)


def test_illegal_laying_is_refused_with_the_rule():
    session = we_and_ca()
    script = Chain(Scripted([At("T1.ea.WE", {"speed_plot": 8}),
                             At("T1.ea.CA", {"speed_plot": 4})]), Defaults(), SeededDice())
    run_until(session, script, lambda s: "lay_mines" in (s.pending.key if s.pending else ""))
    for answer, rule in (({"WE": [{"from": "rack#1"}]}, "M9.21"),
                         ({"WE": [{"from": "nsm", "size": "small"}]}, "M2.0"),
                         ({"WE": [{"from": "nsm", "detection": 7}]}, "M6.1"),
                         ({"WE": [{"from": "nsm", "type": "captor"}]}, "M9.0"),
                         ({"WE": [{"from": "nsm"}, {"from": "nsm"}]}, "M2.7"),
                         ({"CA": [{"from": "nsm"}]}, "orders")):
        outcome = session.answer(answer, "table")
        assert isinstance(outcome, Refusal), answer
        assert outcome.rule == rule, (answer, outcome)
    assert not session.combat.battlefield.mines.mines


def test_a_minelayer_lays_one_mine_a_rack_a_turn_m9_21():
    session = game([UnitEntry("FED-CA", "MS", "Federation", "1010", "B", 4, 2),
                    UnitEntry("KLI-D7", "D7", "Klingon", "3010", "E", 4, 2)], minelayer="FED-CA")
    script = Chain(Scripted([At("T1.ea.MS", {"speed_plot": 4}), At("T1.ea.D7", {"speed_plot": 4}),
                             At("T1.I1.lay_mines.Federation",
                                {"MS": [{"from": "rack#1", "size": "large", "detection": 2,
                                         "zone": 0, "sizes": [1, 2, 3, 4]}]})]),
                   Defaults(), SeededDice())
    run_until(session, script, lambda s: bool(events(s, "mine_laid")))
    run_until(session, script, lambda s: "lay_mines" in (s.pending.key if s.pending else "")
              and s.state.impulse >= 2)
    refused = session.answer({"MS": [{"from": "rack#1"}]}, "table")
    assert isinstance(refused, Refusal) and refused.rule == "M9.21"
    assert not isinstance(session.answer({"MS": [{"from": "rack#2", "size": "large"}]},
                                         "table"), Refusal)
    mines = session.combat.battlefield.mines.live()
    assert [m.id for m in mines] == ["MS-M1", "MS-M2"]
    assert mines[0].detection_range == 0 and mines[0].target_sizes == frozenset({1, 2, 3, 4})
    racks = session.combat.battlefield.stores_of("MS").racks
    assert [(r.large, r.laid_turn) for r in racks] == [(3, 1), (3, 1)]
    # the D7 cannot lay from racks: it is no minelayer and carries none (M9.14)
    run_until(session, script, lambda s: s.state.impulse >= 4)
    assert not [r for r in session.log if r.kind == "prompt" and "lay_mines.Klingon" in r.key]


def sweeper_game(mines) -> Session:  # noqa: ANN001
    """A practice minesweeper (the cruiser's hull, flagged a minesweeper) at speed 0 in 1010."""
    from sfb_desk.rules.systems.battlefield import BattlefieldState
    from sfb_desk.rules.systems.mines import Minefield

    entries = [UnitEntry("FED-CA", "MS", "Federation", "1010", "A", 0, 2),
               UnitEntry("KLI-D7", "D7", "Klingon", "3010", "E", 0, 2)]
    setup = setup_from_entries(entries, ships(), turns=2, dice_seed=1, map_kind="fixed")
    specs = dict(setup.specs)
    specs["FED-CA"] = replace(specs["FED-CA"], flags=specs["FED-CA"].flags | {"minesweeper"})
    field = BattlefieldState(mines=Minefield(tuple(mines)))
    return Session(setup.state, replace(setup.combat, battlefield=field), specs)


def launch(session: Session, mission: str, sid: str, **extra) -> object:  # noqa: ANN003
    script = Chain(Scripted([At("T1.ea.MS", {"speed_plot": 0}),
                             At("T1.ea.D7", {"speed_plot": 0})]), Defaults(), SeededDice())
    run_until(session, script, lambda s: s.pending is not None and s.pending.key.startswith(
        "T1.I1.launch.Federation"))
    return session.answer({"MS": {"shuttles": [{"box": "shuttle#1", "id": sid,
                                                "mission": mission, **extra}]}}, "table")


@pytest.mark.parametrize(("roll", "outcome"), [(3, "mine"), (5, "mine_and_shuttle"),
                                               (6, "nothing")])
def test_m8_32_a_minesweeping_shuttle_sweeps_the_located_mine_in_its_hex(roll, outcome):
    from sfb_desk.rules.hexes import hex_from_label
    from sfb_desk.rules.systems.mines import Mine

    mine = Mine("K1", "Klingon", hex_from_label("1010"), "small", detection=3,
                target_sizes=frozenset({1, 2, 3, 4}), located_by=frozenset({"Federation"}))
    session = sweeper_game([mine])
    assert not isinstance(launch(session, "mss", "MSS1"), Refusal)
    script = Chain(Scripted([At("T1.I1.mss_roll.K1.MSS1", [roll])]), Defaults(), SeededDice())
    run_until(session, script, lambda s: bool(events(s, "mine_swept")))
    (swept,) = events(session, "mine_swept")
    assert swept.get("outcome") == outcome and swept.rule == "M8.32"
    field = session.combat.battlefield
    assert field.mines.get("K1").destroyed == (outcome != "nothing")
    assert session.state.unit("MSS1").active == (outcome != "mine_and_shuttle")
    blasts = events(session, "mine_explodes")
    assert len(blasts) == (1 if outcome == "mine_and_shuttle" else 0)  # M8.32: it detonates
    if outcome == "nothing":  # another die the next impulse (M8.32)
        run_until(session, Chain(Defaults(), SeededDice()),
                  lambda s: len(events(s, "mine_swept")) >= 2)
        assert events(session, "mine_swept")[1].get("hex") == "1010"


def test_mss_and_mls_only_from_minesweepers_and_minelayers_with_their_limits():
    session = sweeper_game([])
    refused = launch(session, "mls", "MLS1", mines={"large": 2, "small": 1})
    assert isinstance(refused, Refusal) and refused.rule == "R1.F6"
    assert not isinstance(session.answer({"MS": {"shuttles": [
        {"box": "shuttle#1", "id": "MLS1", "mission": "mls", "mines": {"large": 1,
                                                                       "small": 2}}]}},
        "table"), Refusal)
    stores = session.combat.battlefield.stores_of("MLS1")
    assert (stores.kind, stores.load_large, stores.load_small, stores.controller) == (
        "mls", 1, 2, "MS")
    warship = we_and_ca()
    script = Chain(Scripted([At("T1.ea.WE", {"speed_plot": 8}),
                             At("T1.ea.CA", {"speed_plot": 4})]),
                   Defaults(), SeededDice())
    run_until(warship, script, lambda s: s.pending is not None and s.pending.key.startswith(
        "T1.I1.launch.Federation"))
    no = warship.answer({"CA": {"shuttles": [{"box": "shuttle#1", "id": "S1",
                                              "mission": "mss"}]}}, "table")
    assert isinstance(no, Refusal) and no.rule == "M8.313"


def test_r1_f6b_the_minelaying_shuttle_lays_a_quarter_turn_after_launch():
    session = sweeper_game([])
    assert not isinstance(launch(session, "mls", "MLS1"), Refusal)
    script = Chain(Defaults(), SeededDice())
    run_until(session, script, lambda s: s.pending is not None
              and s.pending.key.startswith("T1.I") and "lay_mines.Federation" in s.pending.key)
    impulse = session.state.impulse
    assert impulse == 1  # asked at once: the MLS holds mines (and says why it cannot yet)
    early = session.answer({"MLS1": [{"from": "mls"}]}, "table")
    assert isinstance(early, Refusal) and early.rule == "R1.F6B"
    run_until(session, script, lambda s: s.state.impulse >= 9 and s.pending is not None
              and "lay_mines.Federation" in s.pending.key)
    assert not isinstance(session.answer({"MLS1": [{"from": "mls", "detection": 6}]}, "table"),
                          Refusal)
    (mine,) = session.combat.battlefield.mines.live()
    assert mine.laid_by == "MLS1" and mine.hex == session.state.unit("MLS1").hex


def test_the_pass_policy_asks_for_mines_only_when_one_can_be_laid_near_an_enemy():
    from sfb_desk.engine.orders.pass_policy import ASK_ALL, DEFAULT
    from sfb_desk.rules.hexes import hex_from_label

    session = we_and_ca()  # the cruiser 15 hexes off: beyond the 10-hex reach
    script = Chain(Scripted([At("T1.ea.WE", {"speed_plot": 8}),
                             At("T1.ea.CA", {"speed_plot": 4})]), Defaults(), SeededDice())
    run_until(session, script, lambda s: s.pending is not None
              and s.pending.key.endswith("lay_mines.Romulan"))
    args = (session.pending, session.state, session.combat, session.specs)
    assert DEFAULT.passes(*args) and not ASK_ALL.passes(*args)
    close = replace(session.state, units=tuple(
        replace(u, hex=hex_from_label("1212")) if u.id == "CA" else u
        for u in session.state.units))
    assert not DEFAULT.passes(session.pending, close, session.combat, session.specs)
    assert "mine laying" in DEFAULT.describe()


def test_a_game_with_a_laid_mine_and_a_captor_saves_and_replays_to_the_same_state(tmp_path):
    from sfb_desk.data.saves import load_game, save_game
    from sfb_desk.rules.hexes import hex_from_label
    from sfb_desk.rules.systems.battlefield import BattlefieldState
    from sfb_desk.rules.systems.mines import Mine, Minefield

    session = we_and_ca()
    captor = Mine.loaded(id="K1", owner="Romulan", hex=hex_from_label("2010"), size="small",
                         type="captor", captor="A", detection_range=6)
    session = Session(session.initial, replace(session.initial_combat, battlefield=(
        BattlefieldState(mines=Minefield((captor,))))), session.specs)
    script = Chain(Scripted([At("T1.ea.WE", {"speed_plot": 8}), At("T1.ea.CA", {"speed_plot": 8}),
                             At("T1.I4.lay_mines.Romulan", {"WE": [{"from": "nsm",
                                                                    "detection": 2}]})]),
                   Defaults(), SeededDice())
    run_until(session, script, lambda s: bool(events(s, "mine_armed"))
              and bool(events(s, "launched")))
    field = session.combat.battlefield
    assert field.stores_of("WE").nsm == 0 and field.mines.get("K1").fire_clocks
    again = load_game(save_game(tmp_path / "mines.sfbsave", session))
    assert again.combat.battlefield == field
    assert again.state.units == session.state.units
