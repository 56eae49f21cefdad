"""Transporters, hit-and-run raids, boarding combat and capture in the sequencer (G8, D7)."""

from __future__ import annotations

from dataclasses import replace

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.saves import load_game, save_game
from sfb_desk.data.scenarios import load_scenarios
from sfb_desk.engine.answers import NO_ANSWER, At, Scripted
from sfb_desk.engine.session import Session
from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.systems.boarding import groups


def _setup(krt_shield_1=0, turns=2, krt_parties_lost=0):
    """ENT (FED-CA) in 2220 facing A; KRT (KLI-D7) adjacent in 2219 facing D, its shield #1
    (facing ENT) shot down to ``krt_shield_1`` boxes and ``krt_parties_lost`` of its boarding
    parties killed (G9.21) before the scene."""
    scenario = load_scenarios().get("PRACTICE-CA-D7-FIXED")
    game = units_from_scenario(scenario, load_library(), ids={"FED-CA": "ENT", "KLI-D7": "KRT"},
                               turns=turns)
    units = tuple(replace(u, hex=hex_from_label("2219")) if u.id == "KRT" else u
                  for u in game.state.units)
    ships = []
    for r in game.combat.ships:
        if r.id == "KRT":
            boxes = list(r.shields.boxes)
            boxes[0] = krt_shield_1
            r = replace(r, shields=replace(r.shields, boxes=tuple(boxes)),
                        boarding_parties_lost=krt_parties_lost)
        ships.append(r)
    return Session(replace(game.state, units=units), replace(game.combat, ships=tuple(ships)),
                   game.specs)


def _walk(session, answers, until=None):
    script = Scripted(answers)
    while session.pending is not None and (until is None or until not in session.pending.key):
        got = script.answer(session.pending, session)
        value = got[0] if got is not NO_ANSWER else [3] * getattr(session.pending, "count", 1)
        outcome = session.answer(value, "test")
        assert not hasattr(outcome, "rule"), outcome
    return session


EA = [At("T1.ea.ENT", {"speed_plot": 0, "transporters": 3}), At("T1.ea.KRT", {"speed_plot": 0})]


def _events(session, kind):
    return [r.data for r in session.log if r.kind == "event" and r.data.kind == kind]


def test_a_transporter_does_not_work_through_an_up_shield():
    session = _walk(_setup(krt_shield_1=0), EA, until="T1.I1.marines.Federation")
    refusal = session.check({"ENT": {"raids": [{"target": "KRT", "box": "disruptor#A"}]}})
    assert refusal.rule == "G8.21" and "ENT's shield" in refusal.message  # its own shield #1
    session2 = _walk(_setup(krt_shield_1=5), EA, until="T1.I1.marines.Federation")
    refusal = session2.check({"ENT": {"drop": [1], "raids": [{"target": "KRT",
                                                               "box": "disruptor#A"}]}})
    assert refusal.rule == "G8.21" and "KRT's shield" in refusal.message
    assert session.check({"ENT": {"drop": [1], "raids": [{"target": "KRT",
                                                           "box": "damage_control#1"}]}}).rule \
        == "D7.823"
    assert session.check({"ENT": {"drop": [1], "board": [{"target": "KRT",
                                                           "parties": 4}]}}).rule == "G8.11"


def test_a_raid_destroys_the_named_box_and_the_party_returns():
    session = _walk(_setup(), EA + [
        At("T1.I1.marines.Federation", {"ENT": {"drop": [1], "raids": [
            {"target": "KRT", "box": "disruptor#A"}]}}),
        At("T1.I1.raid.ENT.disruptor#A.KRT", [1])], until="T1.I2")
    (raid,) = _events(session, "raid")
    assert raid.get("result") == "system destroyed, party returns"
    assert "disruptor#A" in session.state.unit("KRT").destroyed
    assert session.combat.ship("ENT").boarding_parties_lost == 0
    assert session.combat.ship("ENT").shields.status[0] == "dropped"


def test_boarding_parties_capture_the_ship():
    """ENT beams 3 parties aboard on each of turn 1 and 2; KRT's parties (10 per its ship
    file... counted from the ship file) fight in the Boarding Party Combat Step; with the dice
    given, the attackers kill the defenders and take every control room: KRT is captured
    (D7.50) and the game ends with it captured."""
    session = _setup()
    krt_parties = session.specs["KLI-D7"].boarding_parties
    answers = EA + [
        At("T1.I1.marines.Federation", {"ENT": {"drop": [1], "board": [
            {"target": "KRT", "parties": 3}]}}),
    ]
    session = _walk(session, answers, until="boarding.attackers.KRT")
    assert session.combat.ship("KRT").systems.enemy_parties == 3
    # Round 1 (Final Activity Phase of turn 1): the 3 attackers roll 6 (2 points); the
    # defenders roll 1 (0 points).
    key = session.pending.key
    session = _walk(session, [At(key, [6]), At(key.replace("attackers", "defenders"),
                                               [1] * len(groups(krt_parties)))],
                    until="T2.ea.ENT")
    (fight,) = _events(session, "boarding_combat")
    assert fight.get("attackers") == 3 and fight.get("defenders") == krt_parties
    assert session.combat.ship("KRT").boarding_parties_lost == 2


def test_each_side_rolls_its_own_boarding_combat_dice():
    """D7.4: the attackers' dice belong to the boarding side (Federation), the defenders' to
    the boarded ship's (Klingon): a robot answers only its own side's request, and the prompt
    names the side the table reads."""
    from sfb_desk.robot import Robot
    from sfb_desk.robot.view import side_of

    session = _setup()
    answers = EA + [At("T1.I1.marines.Federation", {"ENT": {"drop": [1], "board": [
        {"target": "KRT", "parties": 3}]}})]
    session = _walk(session, answers, until="boarding.attackers.KRT")
    fed, kli = Robot("Federation"), Robot("Klingon")
    attackers = session.pending
    assert side_of(attackers, session) == "Federation" and attackers.side == "Federation"
    assert fed.mine(attackers, session) and not kli.mine(attackers, session)
    session.answer([6], "test")
    defenders = session.pending
    assert "boarding.defenders.KRT" in defenders.key
    assert side_of(defenders, session) == "Klingon" and defenders.unit == "KRT"
    assert kli.mine(defenders, session) and not fed.mine(defenders, session)


def test_save_and_replay_with_marines(tmp_path):
    session = _walk(_setup(), EA + [
        At("T1.I1.marines.Federation", {"ENT": {"drop": [1], "guards": ["bridge#1"], "raids": [
            {"target": "KRT", "box": "phaser#1"}]}})], until="T1.I3")
    loaded = load_game(save_game(tmp_path / "raid.sfbsave", session))
    assert loaded.combat == session.combat and loaded.state == session.state


def test_boarding_parties_take_every_control_room_and_capture_the_ship():
    """KRT has lost 12 of its 14 boarding parties to internal damage (G9.21). Turn after turn
    ENT beams 3 parties over (one a transporter, G8.33) and the boarding combat (attackers
    rolling 6, defenders 1, +2 for the D7's security stations, D7.422) kills the defenders,
    then takes the control rooms one point each (D7.362) until every one is held: KRT is
    captured (D7.50) and the game ends with it captured, scored as captured by S2.20."""
    from sfb_desk.data.game_victory import outcomes_of

    session = _setup(turns=8, krt_parties_lost=12)
    answers = list(EA) + [At(f"T{t}.ea.{u}", {"speed_plot": 0, "transporters": 3}
                             if u == "ENT" else {"speed_plot": 0})
                          for t in range(2, 9) for u in ("ENT", "KRT")]
    answers += [At("T1.I1.marines.Federation", {"ENT": {"drop": [1], "board": [
        {"target": "KRT", "parties": 3}]}})]
    answers += [At(f"T{t}.I1.marines.Federation", {"ENT": {"board": [
        {"target": "KRT", "parties": 3}]}}) for t in (2, 3)]
    script = Scripted(answers)
    while session.pending is not None:
        p = session.pending
        if "boarding.attackers" in p.key:
            value = [6] * p.count
        elif "boarding.defenders" in p.key:
            value = [1] * p.count
        else:
            got = script.answer(p, session)
            value = got[0] if got is not NO_ANSWER else [3] * getattr(p, "count", 1)
        assert not hasattr(session.answer(value, "test"), "rule")
    captured = _events(session, "ship_captured")
    assert [e.unit for e in captured] == ["KRT"] and captured[0].get("side") == "Federation"
    krt = session.combat.ship("KRT")
    rooms = [b for b in session.specs["KLI-D7"].box_ids()
             if b.split("#")[0] in ("bridge", "flag_bridge", "emergency_bridge", "aux_control",
                                    "security")]
    assert krt.systems.rooms_captured == frozenset(rooms)
    assert session.state.unit("KRT").status == "captured"
    assert outcomes_of(session.state, session.combat)["KRT"].captured
    assert _events(session, "game_over")


def test_a_transporter_bomb_is_placed_as_a_small_mine_and_arms_two_impulses_later():
    """M3.22: ENT (shield #1 dropped) places a T-bomb two hexes ahead, an empty hex within 5;
    it is a small explosive mine of ENT's side, pre-active, and arms at the Marine Activity
    Stage two impulses later, ENT being out of its detonation range (M3.223, M3.32)."""
    session = _walk(_setup(), EA, until="T1.I1.marines.Federation")
    assert session.check({"ENT": {"drop": [1], "tbombs": [{"hex": "2219"}]}}).rule == "M3.22"
    assert session.check({"ENT": {"drop": [1], "tbombs": [{"hex": "2214"}]}}).rule == "M3.22"
    assert session.check({"ENT": {"tbombs": [{"hex": "2218"}]}}).rule == "G8.21"
    session = _walk(session, [At("T1.I1.marines.Federation", {"ENT": {"drop": [1], "tbombs": [
        {"hex": "2218"}]}})], until="T1.I4")
    (mine,) = session.combat.battlefield.mines.mines
    assert (mine.hex.label, mine.size, mine.owner, mine.laid_by) == ("2218", "small",
                                                                      "Federation", "ENT")
    armed = [r for r in session.log if r.kind == "event" and r.data.kind == "tbomb_armed"]
    assert [r.impulse for r in armed] == [3]
    assert session.combat.battlefield.mines.get(mine.id).mode == "active"
    assert session.combat.ship("ENT").systems.tbombs_used == 1
