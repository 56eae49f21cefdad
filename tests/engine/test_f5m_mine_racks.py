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
    assert lost.rule == "M9.13" and lost.get("lost") == ["rack 2: 4 large, 0 small"]
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


def test_sg15_sets_up_in_the_app_path_with_its_loads_and_the_reaction_force_waiting():
    from sfb_desk.data.custom_setup import entries_from_scenario, setup_from_entries

    entries, problems = entries_from_scenario(sg15(), library())
    assert not problems
    assert [(e.unit_id, e.arrives_turn) for e in entries] == [("KLI-F5M", None), ("KLI-F5", 15)]
    setup = setup_from_entries(entries, library(), turns=None, dice_seed=1, scenario=sg15())
    field = setup.combat.battlefield
    assert [(r.large, r.small) for r in field.stores_of("KLI-F5M").racks][2] == (2, 4)
    assert field.arrivals == (("KLI-F5", 15),)
    assert setup.state.unit("KLI-F5").status == "awaiting"
    assert len(field.mines.mines) == 69  # the standard package (M6.2) in columns 20-24


def test_the_reaction_force_enters_on_its_turn():
    from sfb_desk.data.game_setup import units_from_scenario as setup_of

    side = sg15().sides[1]
    early = side.model_copy(update={"units": [side.units[0].model_copy(
        update={"arrives_turn": 2})]})
    scenario = sg15().model_copy(update={"sides": [sg15().sides[0], early]})
    setup = setup_of(scenario, library(), turns=3, dice_seed=3)
    session = Session(setup.state, setup.combat, setup.specs)
    script = Chain(Scripted([At("T1.ea.KLI-F5M", {"speed_plot": 6}),
                             At("T2.ea.KLI-F5M", {"speed_plot": 6}),
                             At("T2.ea.KLI-F5", {"speed_plot": 10})]), Defaults(), SeededDice())
    run_until(session, script, lambda s: s.state.turn == 1 and s.state.impulse == 20)
    assert session.state.unit("KLI-F5").status == "awaiting"
    assert not [r for r in session.log if r.kind == "prompt" and r.key == "T1.ea.KLI-F5"]
    run_until(session, script, lambda s: s.state.turn == 2 and s.state.impulse >= 2)
    (arrived,) = events(session, "arrives")
    assert arrived.unit == "KLI-F5" and arrived.get("hex") == "0129"
    assert session.state.unit("KLI-F5").status == "active"


def test_robots_play_sg15_three_turns_and_the_minesweeper_works_the_field():
    from sfb_desk.robot.battle import play_battle

    run = play_battle(sg15(), seed=4, turns=3, library=library(), keep_game=True)
    session = run.session
    kinds = {r.data.kind for r in session.log if r.kind == "event"}
    assert run.turns_played >= 1 and "moved" in kinds
    # the reaction force waits for turn 15 (SG15.2): the minesweeper is alone on the map
    assert session.state.unit("KLI-F5").status == "awaiting"
    assert not [r for r in session.log if r.kind == "prompt" and "KLI-F5." in r.key
                and r.key.endswith(".KLI-F5")]
    # M5.1122: a minesweeper entering a captor or sensor zone sets it off only on 1-4, so the
    # table is asked the die; every such roll of the F5M is recorded with its rule
    zone_rolls = [r for r in session.log if r.kind == "prompt" and ".mine." in r.key
                  and r.key.endswith(".KLI-F5M")]
    assert zone_rolls, "the F5M met no mine in three turns"


def test_m8_312_the_f5m_launches_its_minesweeping_shuttle_and_sweeps_in_sg15():
    from sfb_desk.rules.hexes import hex_from_label
    from sfb_desk.rules.systems.mines import Mine

    base = session_of()
    mine = Mine("K1", "Defender", hex_from_label("4201"), "small", detection=3,
                target_sizes=frozenset({1, 2, 3, 4}), located_by=frozenset({"Attacker"}))
    field = base.combat.battlefield
    combat = replace(base.combat, battlefield=replace(field, mines=field.mines.place(mine)))
    session = Session(base.state, combat, base.specs)
    script = Chain(Scripted([At("T1.ea.KLI-F5M", {"speed_plot": 0}),
                             At("T1.I1.mss_roll.K1.MSS1", [2])]), Defaults(), SeededDice())
    run_until(session, script, lambda s: s.pending is not None
              and s.pending.key.startswith("T1.I1.launch.Attacker"))
    launched = session.answer({"KLI-F5M": {"shuttles": [
        {"box": "shuttle#1", "id": "MSS1", "mission": "mss"}]}}, "table")
    assert not isinstance(launched, Refusal), launched
    assert session.combat.battlefield.stores_of("MSS1").kind == "mss"
    run_until(session, script, lambda s: bool(events(s, "mine_swept")))
    (swept,) = events(session, "mine_swept")
    assert swept.rule == "M8.32" and swept.get("outcome") == "mine"
    assert session.combat.battlefield.mines.get("K1").destroyed


def test_sg15_5_the_attacker_scores_mines_located_and_destroyed():
    from sfb_desk.data.game_victory import field_mine_points, score_game

    session = session_of()
    field = session.combat.battlefield
    assert field.mine_points == ("Attacker", 1, 4, "SG15.5")
    assert field_mine_points(field) == []
    first, second, third = field.mines.mines[:3]
    mines = field.mines.update(replace(first, located_by=frozenset({"Attacker"})))
    mines = mines.update(replace(second, destroyed=True))
    mines = mines.update(replace(third, located_by=frozenset({"Defender"})))  # his own: no
    worked = replace(field, mines=mines)
    assert field_mine_points(worked) == [("Attacker", 6, "SG15.5: 2 mines located, 1 destroyed")]
    plain = score_game(session.state, session.combat, session.specs)
    scored = score_game(session.state, replace(session.combat, battlefield=worked), session.specs)
    assert scored.side("Attacker").points == plain.side("Attacker").points + 6


def test_the_pass_policy_asks_only_while_a_rack_can_lay():
    from sfb_desk.engine.orders.pass_policy import DEFAULT
    from sfb_desk.rules.hexes import hex_from_label

    session = session_of()
    near = replace(session.state, units=tuple(  # the frigate already on the map, 6 hexes off
        replace(u, status="active", hex=hex_from_label("3604")) if u.id == "KLI-F5" else u
        for u in session.state.units))
    session = Session(near, session.combat, session.specs)
    script = Chain(Scripted([*PLOTS, At("T1.I1.lay_mines.Attacker", {"KLI-F5M": [
        {"from": "rack#1"}, {"from": "rack#2"}, {"from": "rack#3", "size": "small"}]})]),
        Defaults(), SeededDice())
    run_until(session, script, lambda s: s.pending is not None
              and s.pending.key == "T1.I1.lay_mines.Attacker")
    assert not DEFAULT.passes(session.pending, session.state, session.combat, session.specs)
    run_until(session, script, lambda s: s.pending is not None
              and s.pending.key == "T1.I2.lay_mines.Attacker")
    # every rack with mines has laid its one mine this turn (M9.21), rack 4 is empty
    assert DEFAULT.passes(session.pending, session.state, session.combat, session.specs)


def test_the_gorn_ms_is_reconstructed_on_the_destroyer_and_can_stand_in_for_the_f5m():
    spec = library().get("GOR-MS")
    dd = library().get("GOR-DD")
    assert spec.data_status == "reconstructed" and spec.shields == dd.shields
    assert [s.boxes for s in spec.special if s.key == "mine_rack"] == [4]
    assert "GOR-MS" in sg15().sides[0].units[0].alternatives
    side = sg15().sides[0]
    gorn = side.model_copy(update={"units": [side.units[0].model_copy(
        update={"ship": "GOR-MS", "name": "MS"})]})
    setup = units_from_scenario(sg15().model_copy(update={"sides": [gorn, sg15().sides[1]]}),
                                library(), turns=1, dice_seed=1)
    racks = setup.combat.battlefield.stores_of("MS").racks
    assert [(r.large, r.small) for r in racks] == [(4, 0), (4, 0), (2, 4), (0, 0)]


class TriggerDie:
    """Answers the M5.112 zone die of mine ``mine`` with ``roll``, and which shield a captor's
    shot down a hex spine strikes (the first offered)."""

    def __init__(self, mine: str, roll: int) -> None:
        self.mine, self.roll, self.asked = mine, roll, []

    def answer(self, prompt, session):  # noqa: ANN001, ANN201
        from sfb_desk.engine.answers import NO_ANSWER

        if f".mine.{self.mine}." in prompt.key and prompt.rule == "M5.112":
            self.asked.append(prompt.key)
            return [self.roll], "table"
        if ".shield.captor." in prompt.key:  # a shot down a hex spine: the first shield (D3.4)
            return prompt.options[0], "table"
        return NO_ANSWER


@pytest.mark.parametrize(("roll", "fires"), [(4, True), (5, False)])
def test_m5_1122_the_f5m_sets_off_a_captor_only_on_1_to_4(roll, fires):
    from sfb_desk.rules.hexes import hex_from_label
    from sfb_desk.rules.systems.mines import Mine

    base = session_of()
    captor = Mine.loaded(id="X1", owner="Defender", hex=hex_from_label("4102"), size="small",
                         type="captor", captor="D", detection_range=0,
                         target_sizes=frozenset({1, 2, 3, 4}))
    field = replace(base.combat.battlefield, mines=base.combat.battlefield.mines.place(captor))
    session = Session(base.state, replace(base.combat, battlefield=field), base.specs)
    die = TriggerDie("X1", roll)
    script = Chain(die, Scripted(PLOTS), Defaults(), SeededDice())
    run_until(session, script, lambda s: s.state.impulse >= 12)
    assert session.state.unit("KLI-F5M").hex.label == "4002"  # it went through 4102
    assert len(die.asked) == 1  # a minesweeper rolls (M5.1122); another ship would not
    assert bool(session.combat.battlefield.mines.get("X1").fire_clocks) == fires
