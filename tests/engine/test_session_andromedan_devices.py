"""Satellite ships (G19) and the displacement device (G18) in the sequencer (Module C2).

The RECONSTRUCTED Conquistador with its Cobra aboard (R10.8) against a KLI-D7, as the robot
duels set it up; robots answer until the prompt under test is pending, then the table's own
orders are checked and given."""

from __future__ import annotations

import pytest

from sfb_desk.data.game_setup import SetupError, units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.sat_ship_setup import embark, embark_standard_groups
from sfb_desk.engine.session import Session
from sfb_desk.robot.duel import duel_scenario
from sfb_desk.robot.robot import Robot
from sfb_desk.rules.hexes import FLOATING_MAP
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.systems.displacement import landing


@pytest.fixture(scope="module")
def library():
    return load_library()


def _game(library, distance=15):
    scenario = duel_scenario("AND-CON", "KLI-D7", turns=2, distance=distance, library=library)
    setup = embark_standard_groups(units_from_scenario(scenario, library, dice_seed=3), library)
    session = Session(setup.state, setup.combat, setup.specs)
    return session, [Robot(s.name, seed=3) for s in scenario.sides]


def _until(session, robots, kind, *, skip=0):
    """Robots answer until a ``kind`` prompt is pending (after ``skip`` of them)."""
    for _ in range(5000):
        prompt = session.pending
        if getattr(prompt, "kind", None) == kind or (
                kind == "dice_disdev" and ".disdev." in prompt.key):
            if not skip:
                return prompt
            skip -= 1
        robot = next(r for r in robots if r.mine(prompt, session))
        assert not isinstance(session.answer(robot.decide(prompt, session), "robot"), Refusal)
    raise AssertionError(f"no {kind} prompt")


def test_the_cobra_starts_in_the_hangar(library):
    session, _ = _game(library)
    cobra = session.state.unit("AND-COB")
    assert cobra.status == "hangar" and not cobra.active
    assert session.combat.ship("AND-CON").andro.aboard == ("AND-COB",)
    assert session.combat.ship("AND-COB").andro.carrier == "AND-CON"


def test_a_one_bay_hangar_takes_no_second_ship(library):
    scenario = duel_scenario("AND-CON", "KLI-D7", turns=1, library=library)
    game = embark_standard_groups(units_from_scenario(scenario, library), library)
    with pytest.raises(SetupError, match="G19.212"):
        embark(game, library, "AND-CON", ["AND-VIP"])
    with pytest.raises(SetupError, match="G19.211"):
        embark(game, library, "AND-CON", ["AND-CON"])


def test_launch_by_transporter_through_the_sequencer(library):
    session, robots = _game(library)
    prompt = _until(session, robots, "sat_ships")
    assert session.step.id == "6B-satships" and prompt.side == "Andromedan"
    far = {"AND-CON": {"launch": [{"ship": "AND-COB", "hex": "2223", "speed": 10}]}}
    assert session.check(far).rule == "G19.411"  # more than 5 hexes away
    fast = {"AND-CON": {"launch": [{"ship": "AND-COB", "hex": "2216", "speed": 12}]}}
    assert session.check(fast).rule == "G19.441"  # more than the form paid for, or 10
    wrong = {"KLI-D7": {"launch": []}}
    assert session.check(wrong).rule == "G19.413"
    ok = {"AND-CON": {"launch": [{"ship": "AND-COB", "hex": "2216", "facing": "A", "speed": 8}]}}
    done = session.answer(ok)
    launched = [e for e in done.events if e.kind == "sat_ship_launched"]
    assert launched and launched[0].get("power") == "4"  # G19.411: a medium takes 4
    cobra = session.state.unit("AND-COB")
    assert cobra.active and cobra.hex.label == "2216" and cobra.speed == 8 and cobra.facing == 0
    con = session.combat.ship("AND-CON")
    assert con.andro.aboard == () and con.systems.transporter_uses == 1  # G19.411
    assert session.combat.ship("AND-COB").andro.fc_disrupted_until == session.state.impulse + 4


def test_displacement_declared_and_refused_with_its_rule(library):
    session, robots = _game(library, distance=6)
    prompt = _until(session, robots, "displacement")
    assert session.step.id == "6D1-disdev"
    box = next(b for b in ("dd#C", "dd#D"))
    assert session.check({"AND-CON": [{"box": "dd#X", "target": "KLI-D7"}]}).rule == "G18.21"
    bad = session.check({"AND-CON": [{"box": box, "target": "AND-CON"}]})
    assert bad.rule == "G18.311"  # an Andromedan's displacement names its direction
    both = [{"box": "dd#C", "target": "KLI-D7"}, {"box": "dd#D", "target": "KLI-D7"}]
    assert session.check({"AND-CON": both}).rule == "G18.61"
    assert session.check({"AND-CON": [{"box": box, "target": "KLI-D7", "swap": [9, 1]}]}).rule == "G18.41"
    done = session.answer({"AND-CON": [{"box": box, "target": "KLI-D7", "swap": [4, 1]}]})
    assert any(e.kind == "displacement_declared" for e in done.events)
    assert session.combat.ship("AND-CON").andro.disdev_user is False  # operates in 6D5
    # 6D5, after the explosions: the success die at range 6 (G18.33: 1-4), then the direction
    # and distance dice (G18.40) with the announced swap.
    assert _until(session, robots, "dice_disdev").key.endswith(f"disdev.{box}.KLI-D7")


def test_displacement_operates_in_6d5_and_moves_the_target(library):
    session, robots = _game(library, distance=6)
    _until(session, robots, "displacement")
    before = session.state.unit("KLI-D7").hex
    session.answer({"AND-CON": [{"box": "dd#C", "target": "KLI-D7", "swap": [4, 1]}]})
    roll = _until(session, robots, "dice_disdev")
    assert session.step.id == "6D5-disdev" and roll.rule == "G18.32"
    session.answer(2)  # range 6: 1-4 succeeds
    direction = session.pending
    assert direction.rule == "G18.40"
    session.answer(4)  # direction 4 (D, toward the Conquistador) is swapped for 1 (G18.41)
    done = session.answer(3)  # three hexes
    moved = [e for e in done.events if e.kind == "displaced"]
    assert moved and session.state.unit("KLI-D7").hex == landing(before, 1, 3, FLOATING_MAP)
    d7 = session.combat.ship("KLI-D7").andro
    con = session.combat.ship("AND-CON")
    assert d7.fc_exempt == "AND-CON" and d7.fc_disrupted_until == d7.displaced_at + 4  # G18.421
    launch = {"drones": [{"box": "drone#1", "id": "KD9", "target": "AND-CON"}]}
    assert session._fc_launch_refusal("KLI-D7", launch).rule == "G18.424"  # no new seekers
    assert session._fc_launch_refusal("KLI-D7", {"land": []}) is None
    assert con.andro.disdev_user and "dd#C" in con.fired and "dd#C" not in con.armed


def test_the_andromedan_mixins_shadow_no_other_step_method():
    """Each step mixin's methods are its own: a name defined twice would silently replace
    another part's (as a ``_d6`` or ``_land`` of the displacement device would)."""
    from sfb_desk.engine.displacement_steps import DisplacementSteps
    from sfb_desk.engine.panel_orders import PanelOrders
    from sfb_desk.engine.satship_steps import SatShipSteps

    mine = {n for cls in (DisplacementSteps, SatShipSteps, PanelOrders) for n in vars(cls)
            if callable(vars(cls)[n]) and not n.startswith("__")}
    others = {n for cls in Session.__mro__[1:]
              if cls not in (DisplacementSteps, SatShipSteps, PanelOrders, object)
              for n in vars(cls)}
    assert mine and not mine & others


def _until_key(session, robots, key):
    for _ in range(8000):
        prompt = session.pending
        if prompt.key == key:
            return prompt
        robot = next(r for r in robots if r.mine(prompt, session))
        assert not isinstance(session.answer(robot.decide(prompt, session), "robot"), Refusal)
    raise AssertionError(f"no prompt {key}")


def test_g19_22_the_cobra_fills_an_energy_form_in_the_hangar(library):
    session, robots = _game(library, distance=25)
    prompt = _until_key(session, robots, "T1.ea.AND-COB")
    assert prompt.kind == "energy_allocation" and session.state.unit("AND-COB").status == "hangar"
    robot = next(r for r in robots if r.mine(prompt, session))
    form = robot.decide(prompt, session)
    assert form["speed_plot"] == [[1, 10]]  # the robot plots the speed it would launch at
    cobra = session.state.unit("AND-COB")
    assert session._sat_speed_refusal(cobra, ((1, 12),)).rule == "G19.441"  # 10 at most
    change = {**form, "speed_plot": [[1, 6], [8, 8]]}
    assert session.check(change).rule == "G19.441"  # no speed change in the hangar
    session.answer(form)
    assert session.combat.ship("AND-COB").allocation is not None
    # Launched, it moves no faster than its form paid for (G19.441).
    _until(session, robots, "sat_ships")
    here = session.state.unit("AND-CON").hex.label
    over = {"AND-CON": {"launch": [{"ship": "AND-COB", "hex": here, "speed": 11}]}}
    assert session.check(over).rule == "G19.441"


def test_g19_272_weapons_arm_in_the_hangar(library, monkeypatch):
    import sfb_desk.robot.robot as robot_module

    session, robots = _game(library, distance=25)
    # Keep the Cobra aboard: the Andromedan robot launches nothing (the D7 answers as usual).
    monkeypatch.setattr(robot_module, "sat_ships_answer", lambda prompt, s, lv: {})
    _until_key(session, robots, "T2.ea.AND-COB")
    assert session.state.unit("AND-COB").status == "hangar"
    tr = session.combat.ship("AND-COB").energy.arming("tr#A")
    assert tr is not None and tr.energies == (2,)  # a light TR's first 2 (E9.212), carried


def _volley_on(session, tid, points, rolls):
    """A volley of ``points`` on ``tid``'s shield #1 through the damage path, DAC ``rolls``
    then 8s, every Choice its default; returns the prompts seen."""
    from sfb_desk.engine.prompts import DiceRequest
    from sfb_desk.rules.combat import Hit, VolleyGroup

    hit = Hit("KLI-D7", tid, points, 1, None, source="phaser#1")
    walk = session._resolve_volley(VolleyGroup(tid, hit.step, (hit,), 1))
    seen, rolls = [], list(rolls)
    try:
        asked = next(walk)
        while True:
            seen.append(asked)
            if isinstance(asked, DiceRequest):
                asked = walk.send([rolls.pop(0) if rolls else 8 for _ in range(asked.count)])
            else:
                asked = walk.send(asked.default)
    except StopIteration:
        return seen


def test_g19_213_a_shuttle_hit_on_the_mothership_goes_to_the_cobra_aboard(library):
    from dataclasses import replace

    session, _ = _game(library)
    con = session.state.unit("AND-CON")
    session._put(replace(con, destroyed=frozenset({"aft_hull#1", "aft_hull#2", "aft_hull#3"})))
    session._panel_put("AND-CON", replace(session.panels("AND-CON"), level="off"))
    session._panel_put("AND-COB", replace(session.panels("AND-COB"), level="off"))
    # Roll 8: A Hull (none left), APR (none), Shuttle: the hangar, so the Cobra (G19.213).
    _volley_on(session, "AND-CON", 1, [8, 8])
    events = [r.data for r in session.log if r.kind == "event"]
    hangar = [e for e in events if e.kind == "hangar_hit"]
    assert [(e.get("target"), e.get("points")) for e in hangar] == [("AND-COB", 1)]
    assert not any(b.startswith("hangar") for b in session.state.unit("AND-CON").destroyed)
    cobra = [e for e in events if e.kind == "damage_point" and e.unit == "AND-COB"]
    assert len(cobra) == 1  # its own volley, on its own DAC
    assert session.combat.ship("AND-COB").internal_points == 1


def test_g19_213_with_the_hangar_empty_the_hit_walks_on(library):
    from dataclasses import replace

    session, _ = _game(library)
    session._ships["AND-CON"] = replace(session.combat.ship("AND-CON"), andro=replace(
        session.combat.ship("AND-CON").andro, aboard=()))
    con = session.state.unit("AND-CON")
    session._put(replace(con, destroyed=frozenset({"aft_hull#1", "aft_hull#2", "aft_hull#3"})))
    session._panel_put("AND-CON", replace(session.panels("AND-CON"), level="off"))
    _volley_on(session, "AND-CON", 1, [8])
    points = [r.data for r in session.log if r.kind == "event" and r.data.kind == "damage_point"]
    assert points[-1].get("box") == "right_warp#1"  # Shuttle, then on to Right W En
    assert not any(b.startswith("hangar") for b in session.state.unit("AND-CON").destroyed)


def test_the_robot_displaces_itself_away_when_its_panels_are_nearly_full(library):
    from dataclasses import replace

    from sfb_desk.robot.andro import displacement_answer, toward
    from sfb_desk.rules.energy.absorbers import PanelBank

    session, robots = _game(library, distance=6)
    prompt = _until(session, robots, "displacement")
    state = session.panels("AND-CON")
    session._panel_put("AND-CON", replace(state, banks=(PanelBank((0,) * 6, 36),
                                                        PanelBank((0,) * 4, 24))))
    robot = next(r for r in robots if r.mine(prompt, session))
    answer = displacement_answer(prompt, session, robot.style)
    con, d7 = session.state.unit("AND-CON"), session.state.unit("KLI-D7")
    away = "ABCDEF"[(toward(con.hex, d7.hex) + 3) % 6]
    assert answer == {"AND-CON": [{"box": answer["AND-CON"][0]["box"], "target": "AND-CON",
                                   "direction": away}]}
    assert session.check(answer) is None


def test_g19_31_the_cobra_aboard_is_lost_with_the_conquistador_and_adds_its_13(library):
    from dataclasses import replace

    session, _ = _game(library)
    session._put(replace(session.state.unit("AND-CON"), status="destroyed"))
    record = session.combat.ship("AND-CON")
    session._ships["AND-CON"] = replace(record, ship_destroyed=True)
    walk = session._explode("AND-CON")
    try:
        asked = next(walk)
        while True:
            asked = walk.send(asked.default if asked.default is not None else [8] * getattr(
                asked, "count", 1))
    except StopIteration:
        pass
    events = [r.data for r in session.log if r.kind == "event"]
    lost = [e for e in events if e.kind == "sat_ships_lost"]
    assert lost and lost[0].get("strength") == 13  # the Cobra's 13 (G19.322 example)
    boom = [e for e in events if e.kind == "explosion" and e.unit == "AND-CON"]
    assert boom and boom[0].get("strength") == library.get("AND-CON").explosion_strength + 13
    assert session.state.unit("AND-COB").status == "destroyed"
    assert session.combat.ship("AND-COB").systems.exploded  # no explosion of its own


def _launch_by_disdev(library, monkeypatch, rolls):
    import sfb_desk.robot.robot as robot_module

    session, robots = _game(library, distance=25)
    monkeypatch.setattr(robot_module, "sat_ships_answer", lambda prompt, s, lv: {})
    monkeypatch.setattr(robot_module, "displacement_answer", lambda prompt, s, lv: {})
    _until(session, robots, "displacement")
    done = session.answer({"AND-CON": [{"box": "dd#C", "target": "AND-COB", "direction": "A"}]})
    assert any(e.kind == "displacement_declared" and e.get("mode") == "launch"
               for e in done.events)
    seen = []
    while len(seen) < len(rolls):
        prompt = session.pending
        if ".disdev." in prompt.key or prompt.key.endswith("disdev.distance.AND-COB"):
            seen.append(prompt)
            session.answer(rolls[len(seen) - 1])
            continue
        robot = next(r for r in robots if r.mine(prompt, session))
        assert not isinstance(session.answer(robot.decide(prompt, session), "robot"), Refusal)
    return session, seen


def test_g19_42_a_displacement_launch(library, monkeypatch):
    # 1-5 succeeds (G18.323), 1-5 gives control (G18.511), the owner names 6 hexes (G18.52).
    session, seen = _launch_by_disdev(library, monkeypatch, [3, 2, "6"])
    assert [p.rule for p in seen] == ["G18.32", "G18.511", "G18.511"]
    assert seen[2].options == tuple(str(n) for n in range(1, 7))  # at most 6 (G18.52)
    cobra, con = session.state.unit("AND-COB"), session.state.unit("AND-CON")
    assert cobra.active and cobra.hex == landing(con.hex, 1, 6, FLOATING_MAP)
    assert session.combat.ship("AND-CON").andro.aboard == ()
    assert session.combat.ship("AND-COB").andro.launched_at == session.combat.ship(
        "AND-COB").andro.displaced_at  # launched and displaced at once; FC disrupted (G19.46)


def test_g19_424_a_failed_displacement_launch_keeps_the_ship_aboard_8_impulses(library,
                                                                               monkeypatch):
    session, seen = _launch_by_disdev(library, monkeypatch, [6])
    assert session.state.unit("AND-COB").status == "hangar"
    record = session.combat.ship("AND-COB").andro
    assert record.no_launch_until == record.targeted_at + 8
    here = session.state.unit("AND-CON").hex.label
    launch = {"AND-CON": {"launch": [{"ship": "AND-COB", "hex": here}]}}
    assert session._check_sat_ships("Andromedan", launch).rule == "G19.424"


def test_g19_32_a_cobra_exploding_in_the_hangar_fills_the_conquistadors_panels(library):
    from dataclasses import replace

    session, _ = _game(library)
    session._put(replace(session.state.unit("AND-COB"), status="destroyed"))
    session._ships["AND-COB"] = replace(session.combat.ship("AND-COB"), ship_destroyed=True)
    list(session._explode("AND-COB"))  # 26 released: the panels (36 + 24 at standard) hold it
    events = [r.data for r in session.log if r.kind == "event"]
    boom = [e for e in events if e.kind == "sat_ship_exploded_in_hangar"]
    assert boom and (boom[0].get("released"), boom[0].get("internal")) == (26, 0)
    assert sum(b.held for b in session.panels("AND-CON").banks) == 26
    assert session.combat.ship("AND-CON").andro.aboard == ()
    assert not any(e.kind == "explosion" and e.unit == "AND-COB" for e in events)  # not D5.4


def test_g19_321_what_the_panels_cannot_hold_is_internal_damage_on_the_mothership(library):
    from dataclasses import replace

    from sfb_desk.engine.prompts import DiceRequest
    from sfb_desk.rules.energy.absorbers import PanelBank

    session, _ = _game(library)
    session._panel_put("AND-CON", replace(session.panels("AND-CON"), banks=(
        PanelBank((0,) * 6, 30), PanelBank((0,) * 4, 24))))  # room for 6 at standard
    session._put(replace(session.state.unit("AND-COB"), status="destroyed"))
    session._ships["AND-COB"] = replace(session.combat.ship("AND-COB"), ship_destroyed=True)
    walk, counts = session._explode("AND-COB"), []
    try:
        asked = next(walk)
        while True:
            if isinstance(asked, DiceRequest):
                counts.append(asked.count)
                asked = walk.send([8] * asked.count)
            else:
                asked = walk.send(asked.default)
    except StopIteration:
        pass
    assert counts == [20]  # 26 released, 6 into the forward bank, 20 internal (G19.321)
    assert session.combat.ship("AND-CON").internal_points == 20
