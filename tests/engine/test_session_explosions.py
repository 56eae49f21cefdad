"""Self-destruction and ship explosions in the sequencer (D5.5, D5.12, D5.41)."""

from __future__ import annotations

from dataclasses import replace

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.saves import load_game, save_game
from sfb_desk.data.scenarios import load_scenarios
from sfb_desk.engine.answers import NO_ANSWER, At, Chain, Defaults, Scripted
from sfb_desk.engine.session import Session
from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.game_state import RuleOptions
from sfb_desk.rules.systems import SystemsOptions


def _setup(krt_hex="2219", options=RuleOptions()):
    """ENT (FED-CA) in 2220 facing A; KRT (KLI-D7) moved to ``krt_hex`` facing D."""
    scenario = load_scenarios().get("PRACTICE-CA-D7-FIXED")
    game = units_from_scenario(scenario, load_library(), ids={"FED-CA": "ENT", "KLI-D7": "KRT"},
                               turns=2, options=options)
    units = tuple(replace(u, hex=hex_from_label(krt_hex)) if u.id == "KRT" else u
                  for u in game.state.units)
    return replace(game.state, units=units), game.combat, game.specs


def _play(answers, **setup):
    state, combat, specs = _setup(**setup)
    session = Session(state, combat, specs)
    script = Scripted([At("T1.ea.ENT", {"speed_plot": 0}), At("T1.ea.KRT", {"speed_plot": 0}),
                       *answers])
    refusal = session.run(Chain(script, Defaults()))
    return session, refusal


def _events(session, kind):
    return [r.data for r in session.log if r.kind == "event" and r.data.kind == kind]


def test_a_self_destructing_ship_explodes_on_the_ship_next_to_it():
    """KRT, alone on its side (D5.51), self-destructs in phase 3; its explosion (strength 19,
    the KLI-D7 ship file, D5.2) reaches ENT in the adjacent hex (D5.41) on the shield facing it:
    ENT's shield #1 (30 boxes) loses 19."""
    session, refusal = _play([At("T1.self_destruct.Klingon", {"KRT": True})])
    assert refusal is None
    assert session.state.unit("KRT").status == "destroyed"
    (boom,) = _events(session, "explosion")
    assert boom.unit == "KRT" and boom.get("strength") == 19 and tuple(boom.get("victims")) == ("ENT",)
    (volley,) = _events(session, "volley")
    assert volley.unit == "ENT" and volley.get("damage") == 19 and volley.get("shield") == 1
    ent = session.combat.ship("ENT")
    assert ent.shields.boxes[0] == 30 - 19 and ent.shields.printed[0] == 30
    assert session.combat.ship("KRT").systems.exploded
    assert _events(session, "game_over")


def test_an_explosion_below_10_does_not_leave_its_hex():
    """D5.41: the same self-destruction two hexes away damages nothing."""
    session, _ = _play([At("T1.self_destruct.Klingon", {"KRT": True})], krt_hex="2218")
    (boom,) = _events(session, "explosion")
    assert not boom.get("victims") and not _events(session, "volley")


def test_self_destruction_is_refused_with_d5_51_when_other_ships_remain():
    """With the limits off (rule option) the order is accepted; the refusal is tested in the
    rules (a duel always leaves the ship alone on its side)."""
    options = RuleOptions(systems=SystemsOptions(self_destruct_limits=False))
    session, refusal = _play([At("T1.self_destruct.Klingon", {"ENT": True})], options=options)
    assert refusal is not None and "not a unit of side Klingon" in refusal.message


def test_a_bad_self_destruct_order_is_refused():
    session, refusal = _play([At("T1.self_destruct.Klingon", {"KRT": "yes"})])
    assert refusal is not None and refusal.rule == "D5.5"


def test_the_game_saves_and_replays_after_an_explosion(tmp_path):
    session, _ = _play([At("T1.self_destruct.Klingon", {"KRT": True})])
    loaded = load_game(save_game(tmp_path / "boom.sfbsave", session))
    assert loaded.combat == session.combat and loaded.state == session.state


def test_a_ship_destroyed_by_fire_explodes_on_the_ship_next_to_it():
    """KRT, its shield #1 gone and every internal box but its phasers and excess damage destroyed
    earlier, is destroyed by ENT's phaser at range 1 (D4.40); at the Explosion Step after
    direct fire (6D5.01) it explodes with strength 19 (KLI-D7 ship file) on ENT next to it."""
    state, combat, specs = _setup()
    spec = specs["KLI-D7"]
    keep = {b for b in spec.box_ids() if b.startswith(("shield", "excess_damage", "phaser"))}
    units = tuple(u.with_(destroyed=frozenset(set(spec.box_ids()) - keep)) if u.id == "KRT"
                  else u for u in state.units)
    ships = []
    for r in combat.ships:
        if r.id == "KRT":
            boxes = (0,) + r.shields.boxes[1:]
            r = replace(r, shields=replace(r.shields, boxes=boxes))
        ships.append(r)
    session = Session(replace(state, units=units), replace(combat, ships=tuple(ships)), specs)
    # The wreck has no power: emergency life support only (B3.3), shields and fire control off.
    wreck = {"speed_plot": 0, "life_support": "emergency", "shields": "off",
             "fire_control": "off"}
    script = Scripted([At("T1.ea.ENT", {"speed_plot": 0}), At("T1.ea.KRT", wreck),
                       At("T1.I1.fire.Federation", {"ENT": [{"box": "phaser#1",
                                                              "target": "KRT"}]})])
    while session.pending is not None:
        p = session.pending
        got = script.answer(p, session)
        low = 2 if getattr(p, "kind", "") == "2d6" else 1  # shots roll 1, the DAC 2
        value = got[0] if got is not NO_ANSWER else (
            [low] * p.count if p.prompt_type == "dice" else p.options[0])
        assert not hasattr(session.answer(value, "test"), "rule")
    destroyed = _events(session, "ship_destroyed")
    assert [e.unit for e in destroyed] == ["KRT"]
    (boom,) = _events(session, "explosion")
    assert boom.unit == "KRT" and boom.get("strength") == 19
    steps = [r.step for r in session.log if r.kind == "event" and r.data.kind == "explosion"]
    assert steps == ["6D-explosion"]
    ent_volleys = [e for e in _events(session, "volley") if e.unit == "ENT"]
    assert ent_volleys and ent_volleys[0].get("damage") == 19


def _explode_on_ent(ent_shields):
    state, combat, specs = _setup()
    session = Session(state, combat, specs)
    script = Scripted([At("T1.ea.ENT", {"speed_plot": 0, "shields": ent_shields}),
                       At("T1.ea.KRT", {"speed_plot": 0}),
                       At("T1.self_destruct.Klingon", {"KRT": True})])
    while session.pending is not None:
        p = session.pending
        got = script.answer(p, session)
        low = 2 if getattr(p, "kind", "") == "2d6" else 1
        value = got[0] if got is not NO_ANSWER else (
            [low] * p.count if p.prompt_type == "dice" else p.options[0])
        assert not hasattr(session.answer(value, "test"), "rule")
    (volley,) = [e for e in _events(session, "volley") if e.unit == "ENT"]
    return volley


def test_shields_at_minimum_stop_five_points_and_shields_off_none_d3_33():
    """The same explosion (19) on ENT's shield #1 (30 boxes): active stops it all, minimum
    stops 5 (D3.33), off stops nothing (D3.32: shields not powered are down)."""
    assert _explode_on_ent("active").get("internal") == 0
    assert _explode_on_ent("minimum").get("internal") == 19 - 5
    assert _explode_on_ent("off").get("internal") == 19
