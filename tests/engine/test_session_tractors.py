"""Tractor beams in the sequencer (G7): a drone held in a tractor does not hit; links, energy,
release, the 8-impulse reuse limit, towing and negative tractor."""

from __future__ import annotations

from dataclasses import replace

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.saves import load_game, save_game
from sfb_desk.data.scenarios import load_scenarios
from sfb_desk.engine.answers import NO_ANSWER, At, Chain, Defaults, Scripted
from sfb_desk.engine.session import Session
from sfb_desk.rules.hexes import hex_from_label, hex_range


def _setup(krt_hex="2210", turns=1):
    scenario = load_scenarios().get("PRACTICE-CA-D7-FIXED")
    game = units_from_scenario(scenario, load_library(), ids={"FED-CA": "ENT", "KLI-D7": "KRT"},
                               turns=turns)
    units = tuple(replace(u, hex=hex_from_label(krt_hex)) if u.id == "KRT" else u
                  for u in game.state.units)
    return replace(game.state, units=units), game.combat, game.specs


class TractorDrones:
    """ENT's side: link tractor#1 on any enemy drone within range 1 (G7.31)."""

    def __init__(self, box="tractor#1"):
        self.box = box

    def answer(self, prompt, session):
        if getattr(prompt, "kind", "") != "tractors" or prompt.side != "Federation":
            return NO_ANSWER
        state = session.state
        ent = state.unit("ENT")
        if session.combat.tractors.holding("ENT"):
            return {}, "test"
        for u in state.units:
            if u.kind == "drone" and u.active and hex_range(u.hex, ent.hex) <= 1:
                return {"ENT": {"link": [{"box": self.box, "target": u.id, "power": 1}]}}, "test"
        return {}, "test"


LAUNCH = At("T1.I1.launch.Klingon", {"KRT": {"drones": [{"box": "drone#1", "id": "KD1",
                                                         "target": "ENT"}]}})


def _play(ent_ea, source=None, answers=()):
    state, combat, specs = _setup()
    session = Session(state, combat, specs)
    script = Scripted([At("T1.ea.ENT", ent_ea), At("T1.ea.KRT", {"speed_plot": 0}), LAUNCH,
                       *answers])
    sources = ([source] if source else []) + [script, Defaults()]
    refusal = session.run(Chain(*sources))
    assert refusal is None, refusal
    return session


def _events(session, kind, unit=None):
    return [r.data for r in session.log if r.kind == "event" and r.data.kind == kind
            and (unit is None or r.data.unit == unit)]


def test_without_a_tractor_the_drone_hits():
    session = _play({"speed_plot": 0})
    assert [e for e in _events(session, "impact") if e.unit == "KD1" or e.get("seeker") == "KD1"]


def test_a_drone_held_in_a_tractor_does_not_hit():
    """G7.52/G7.32: ENT (speed 0, 1 point of tractor power, G7.15) grabs drone KD1 when it
    comes within range 1 (G7.31); held, it neither moves nor strikes."""
    session = _play({"speed_plot": 0, "tractors": 1}, TractorDrones())
    (link,) = _events(session, "tractor_link")
    assert link.unit == "ENT" and link.get("target") == "KD1" and link.get("box") == "tractor#1"
    assert not [e for e in _events(session, "impact") if "KD1" in (e.unit, e.get("seeker"))]
    assert not _events(session, "volley")
    kd1 = session.state.find("KD1")
    assert kd1 is None or kd1.status != "impacted"


def test_a_link_needs_tractor_power_and_range():
    state, combat, specs = _setup()
    session = Session(state, combat, specs)
    session.run(Chain(Scripted([At("T1.ea.ENT", {"speed_plot": 0, "tractors": 1}),
                                At("T1.ea.KRT", {"speed_plot": 0}), LAUNCH]), Defaults()),
                limit=40)
    while session.pending is not None and session.pending.kind != "tractors":
        session.answer(session.pending.default if session.pending.default is not None
                       else [3], "test")
    refusal = session.check({"ENT": {"link": [{"box": "tractor#1", "target": "KRT"}]}})
    assert refusal is not None and refusal.rule == "G7.31"
    refusal = session.check({"ENT": {"link": [{"box": "tractor#9", "target": "KD1"}]}})
    assert refusal is not None and refusal.rule == "G7.11"
    refusal = session.check({"ENT": {"link": [{"box": "tractor#1", "target": "KD1",
                                               "power": 2}]}})
    assert refusal is not None and refusal.rule in ("G7.15", "G7.31")


def test_the_game_saves_and_replays_with_a_link(tmp_path):
    session = _play({"speed_plot": 0, "tractors": 1}, TractorDrones())
    loaded = load_game(save_game(tmp_path / "tractor.sfbsave", session))
    assert loaded.combat == session.combat and loaded.state == session.state


def test_a_ship_starting_erratic_maneuvers_releases_its_tractor_c10_52():
    """S0 L545 (C10.52): "a ship holding an object in a tractor would automatically release
    that tractor when beginning EM". ENT holds KD1 from impulse 24, announces EM on impulse
    25; it takes effect at the end of that impulse and the link goes at the next Operate
    Tractors step."""
    session = _play({"speed_plot": 0, "tractors": 1, "em": True}, TractorDrones(),
                    answers=[At("T1.I25.announce.Federation", {"ENT": {"em": "start"}})])
    (link,) = _events(session, "tractor_link")
    released = _events(session, "tractor_released")
    assert [(e.rule, e.get("target")) for e in released] == [("C10.52", "KD1")]
    at = [r.impulse for r in session.log if r.kind == "event" and r.data.kind ==
          "tractor_released"]
    assert at == [26]
