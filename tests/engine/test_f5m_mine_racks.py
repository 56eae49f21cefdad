"""The Klingon F5M minehunter (a RECONSTRUCTED library class, R3.27) lays mines from its racks
in the scenario SG15 through the sequencer (M9.21), its racks loaded at set-up (M9.11, M9.17);
the DAC destroys a rack on Cargo, Shuttle and Excess Damage hits (M9.13) and its mines are
lost with it."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import pytest

from sfb_desk.data.game_setup import SetupError, units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.paths import ssd_data_dir
from sfb_desk.data.scenario_file import ScenarioFileError, parse_scenario_text
from sfb_desk.data.scenario_schema import RackLoad
from sfb_desk.data.scenarios import load_scenarios
from sfb_desk.engine.answers import At, Chain, Defaults, Scripted, SeededDice
from sfb_desk.engine.session import Session
from sfb_desk.rules.damage.allocation import allocate_damage
from sfb_desk.rules.damage.state import DamageState, Volley
from sfb_desk.rules.results import Refusal


@lru_cache(maxsize=1)
def library():
    return load_library()


@lru_cache(maxsize=1)
def sg15():
    return load_scenarios([ssd_data_dir() / "scenarios"], library()).get("SG15")


def session_of(scenario=None) -> Session:  # noqa: ANN001
    setup = units_from_scenario(scenario or sg15(), library(), turns=3, dice_seed=3)
    return Session(setup.state, setup.combat, setup.specs)


def run_until(session: Session, script, stop) -> None:  # noqa: ANN001
    for _ in range(5000):
        if session.pending is None or stop(session):
            return
        session.run(script, limit=1)
    raise AssertionError("never reached")


#: Both ships' energy: the minesweeper at 6 (it probes the field), the frigate waits.
PLOTS = [At("T1.ea.KLI-F5M", {"speed_plot": 6}), At("T1.ea.KLI-F5", {"speed_plot": 0})]


def events(session: Session, kind: str) -> list:
    return [r.data for r in session.log if r.kind == "event" and r.data.kind == kind]


def test_the_f5m_is_a_complete_reconstructed_minesweeper_with_four_racks():
    spec = library().get("KLI-F5M")
    assert spec.data_status == "reconstructed"
    assert {"minesweeper", "minelayer"} <= set(spec.flags)
    (racks,) = [s for s in spec.special if s.key == "mine_rack"]
    assert racks.boxes == 4 and racks.damageable  # four numbered rows on the SSD page (M9.11)
    f5 = library().get("KLI-F5")
    assert spec.shields == f5.shields  # the F5 hull (R3.27)
    assert not [w for w in spec.weapons if w.type == "DISRUPTOR"]


@pytest.mark.parametrize(("roll", "entry"), [(7, "cargo"), (2, "excess_damage")])
def test_m9_13_cargo_hits_destroy_a_rack_when_no_cargo_box_is_left(roll, entry):
    spec = library().get("KLI-F5M")
    state = DamageState.for_ship(spec)
    if entry == "excess_damage":  # nothing left but the racks: then they take the hits
        state = DamageState.for_ship(spec, [b for b in spec.box_ids()
                                            if not b.startswith(("mine_rack", "shield"))])
    result = allocate_damage(spec, state, Volley(1, shields=(1,)), [roll])
    (point,) = result.events
    assert point.box == "mine_rack#1" and point.system == "mine_rack"
    assert "M9.13" in point.note
    assert "mine_rack#1" in result.state.destroyed


def test_shuttle_hits_take_the_shuttle_first_then_a_rack():
    spec = library().get("KLI-F5M")
    result = allocate_damage(spec, DamageState.for_ship(spec), Volley(2, shields=(1,)), [8, 8])
    assert [e.box for e in result.events][:1] == ["aft_hull#1"]
    gone = DamageState.for_ship(spec, [b for b in spec.box_ids()
                                       if b.startswith(("aft_hull", "apr", "shuttle"))])
    (point,) = allocate_damage(spec, gone, Volley(1, shields=(1,)), [8]).events
    assert point.box == "mine_rack#1"


def test_sg15_loads_the_racks_as_bought_and_lays_through_the_sequencer():
    session = session_of()
    stores = session.combat.battlefield.stores_of("KLI-F5M")
    assert [(r.large, r.small) for r in stores.racks] == [(4, 0), (4, 0), (2, 4), (0, 0)]
    script = Chain(Scripted([*PLOTS, At("T1.I1.lay_mines.Attacker", {"KLI-F5M": [
        {"from": "rack#3", "size": "small", "detection": 5, "sizes": [5, 6]},
        {"from": "rack#1", "size": "large", "detection": 2}]})]), Defaults(), SeededDice())
    run_until(session, script, lambda s: len(events(s, "mine_laid")) >= 2)
    laid = events(session, "mine_laid")
    assert [e.get("source") for e in laid] == ["rack#3", "rack#1"]
    stores = session.combat.battlefield.stores_of("KLI-F5M")
    assert [(r.large, r.small) for r in stores.racks] == [(3, 0), (4, 0), (2, 3), (0, 0)]
    # one mine a rack a turn (M9.21); an empty rack lays nothing (M9.11, M9.12)
    run_until(session, script, lambda s: s.pending is not None
              and s.pending.key == "T1.I2.lay_mines.Attacker")
    again = session.answer({"KLI-F5M": [{"from": "rack#1"}]}, "table")
    assert isinstance(again, Refusal) and again.rule == "M9.21"
    empty = session.answer({"KLI-F5M": [{"from": "rack#4"}]}, "table")
    assert isinstance(empty, Refusal) and empty.rule == "M9.11"
    # the owner sees his mines whole; the defender sees the counters dropped, not what they are
    own = session.combat.battlefield.mines.view_for("Attacker")
    theirs = session.combat.battlefield.mines.view_for("Defender")
    laid_ids = {e.get("mine") for e in laid}
    assert {v.id for v in own if v.own} >= laid_ids
    seen = [v for v in theirs if v.id in laid_ids]
    assert seen and all(v.detection is None and v.type == "unknown" for v in seen)
    assert all(v.detection is None for v in theirs if not v.own)


def test_a_destroyed_rack_loses_its_mines_and_is_refused():
    session = session_of()
    hit = replace(session.state, units=tuple(
        replace(u, destroyed=u.destroyed | {"mine_rack#2"}) if u.id == "KLI-F5M" else u
        for u in session.state.units))
    session = Session(hit, session.combat, session.specs)
    script = Chain(Scripted(PLOTS), Defaults(), SeededDice())
    run_until(session, script, lambda s: s.pending is not None
              and s.pending.key == "T1.I1.lay_mines.Attacker")
    (lost,) = events(session, "mine_rack_lost")
    assert lost.rule == "M9.13" and lost.get("lost") == ["rack#2: 4 large, 0 small"]
    assert session.combat.battlefield.stores_of("KLI-F5M").racks[1].large == 0
    refused = session.answer({"KLI-F5M": [{"from": "rack#2"}]}, "table")
    assert isinstance(refused, Refusal) and refused.rule == "M9.13"
    assert not session.combat.battlefield.mines.view_for("Attacker") or all(
        m.laid_by != "KLI-F5M" for m in session.combat.battlefield.mines.live())


def problems_of(text: str) -> list[str]:
    with pytest.raises(ScenarioFileError) as refused:
        parse_scenario_text(text, "SG15.toml", library())
    return [p.message for p in refused.value.problems]


def test_a_rack_load_that_does_not_fit_is_a_clear_problem():
    text = (ssd_data_dir() / "scenarios" / "SG15.toml").read_text(encoding="utf-8")
    loads = "mine_racks = [{ large = 4 }, { large = 4 }, { large = 2, small = 4 }]"
    assert loads in text
    (problem,) = problems_of(text.replace(loads, "mine_racks = [{ large = 4, small = 2 }]"))
    assert "do not fit a mine rack (M9.11" in problem
    (problem,) = problems_of(text.replace(loads, loads[:-1] + ", {}, { large = 1 }]"))
    assert "5 rack loads for the 4 mine racks of KLI-F5M (M9.11)" in problem
    side = sg15().sides[0]
    unit = side.units[0].model_copy(update={"mine_racks": [RackLoad(large=3)] * 5})
    bad = sg15().model_copy(update={"sides": [side.model_copy(update={"units": [unit]}),
                                              sg15().sides[1]]})
    with pytest.raises(SetupError, match="M9.11"):
        session_of(bad)
