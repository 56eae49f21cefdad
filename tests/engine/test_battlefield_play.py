"""Terrain, mines and monsters in play (engine/battlefield_steps.py): SM5 The Sunsnake played to
its end, a minefield crossed with the mines hidden from the enemy, planets and stars."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import pytest

from sfb_desk.data.asteroid_table import save_table
from sfb_desk.data.custom_setup import entries_from_scenario, setup_from_entries
from sfb_desk.data.library import load_library
from sfb_desk.data.scenarios import load_scenarios
from sfb_desk.engine.answers import SeededDice
from sfb_desk.engine.session import Session
from sfb_desk.robot import Robot
from sfb_desk.rules.hexes import hex_from_label, hex_range
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.systems.terrain.asteroids import AsteroidBand, AsteroidTable
from sfb_desk.rules.systems.monsters import SUN_SNAKE_RANGE, mind_attack

H = hex_from_label


@lru_cache(maxsize=1)
def libraries():
    ships = load_library()
    return ships, load_scenarios(ships=ships)


def start(scenario_id: str, *, facing: str | None = None, turns=None, seed=7) -> Session:
    ships, scenarios = libraries()
    scenario = scenarios.get(scenario_id)
    entries, problems = entries_from_scenario(scenario, ships)
    assert not problems, problems
    if facing:
        entries = [replace(e, facing=e.facing or facing) for e in entries]
    setup = setup_from_entries(entries, ships, turns=turns, dice_seed=seed,
                               year=scenario.scenario.year, map_kind=scenario.map.kind,
                               scenario=scenario)
    return Session(setup.state, setup.combat, setup.specs)


def play(session: Session, robots: list[Robot], *, limit=60000, stop=None) -> None:
    dice = SeededDice()
    for _ in range(limit):
        prompt = session.pending
        if prompt is None or (stop and stop(session)):
            return
        robot = next((r for r in robots if r.mine(prompt, session)), None)
        value, source = robot.answer(prompt, session) if robot else dice.answer(prompt, session)
        outcome = session.answer(value, source)
        assert not isinstance(outcome, Refusal), (prompt.key, value, outcome)
    raise AssertionError("the game did not end within the limit")


def events(session: Session, *kinds: str) -> list:
    return [r for r in session.log if r.kind == "event" and r.data.kind in kinds]


#: A made-up Asteroid Damage Table (P3.2) for the robots' games with a nova's clusters (not the
#: Basic Set's numbers: robots never guess them, so the player's table must be there).
ONE_POINT = AsteroidTable("1d6", (AsteroidBand(1, None, (1, 1, 1, 1, 1, 1)),))


def test_sm5_the_sunsnake_plays_to_the_end():
    save_table(ONE_POINT)
    session = start("SM5", facing="A")
    field = session.combat.battlefield
    assert [(m.kind, m.hex.label) for m in field.monsters] == [("Sun Snake", "4222")]
    play(session, [Robot("Navy", "cadet", 3)])
    assert session.finished
    moves = events(session, "monster_moves", "nova")
    per_turn: dict[int, int] = {}
    for r in moves:
        per_turn[r.turn] = per_turn.get(r.turn, 0) + 1
    assert set(per_turn.values()) <= {3}  # three hexes a turn (SM5.45)
    nova = events(session, "nova")
    assert len(nova) == 1 and nova[0].data.get("hex") in {
        "0106", "0105", "0204", "0203", "0303", "0302", "0401"}  # fmt: skip
    assert len(events(session, "planet_scorched")) == 1  # the research station in 0805
    strikes = events(session, "monster_strikes")
    assert strikes, "the snake strikes the cruiser when it comes within five hexes"
    seen = set()
    for r in strikes:
        assert (r.turn, r.data.get("target")) not in seen  # once a turn each (SM5.45)
        seen.add((r.turn, r.data.get("target")))
        assert r.data.get("damage") == {1: 30, 2: 25, 3: 20, 4: 15, 5: 10, 6: 5}[
            r.data.get("roll")]
    (over,) = events(session, "game_over")
    assert over.data.get("side") == "Navy"
    cast = events(session, "cluster_cast")  # P12.53: one cluster an impulse after the nova
    assert cast and cast[0].turn == nova[0].turn
    assert all(r.data.get("damage") == 1 for r in events(session, "asteroid_damage"))
    ship = session.state.unit("FED-CA")
    assert ship.status in ("destroyed", "off_map", "disengaged")


def test_the_snake_strikes_only_within_five_hexes():
    save_table(ONE_POINT)
    session = start("SM5", facing="A")
    checked = []

    def watch(s: Session) -> bool:
        for r in events(s, "monster_strikes")[len(checked):]:
            snake = s.combat.battlefield.monsters[0]
            target = s.state.unit(r.data.get("target"))
            checked.append(hex_range(snake.hex, target.hex))
        return len(checked) >= 2 or s.state.turn > 20

    play(session, [Robot("Navy", "cadet", 3)], stop=watch)
    assert checked and all(r <= SUN_SNAKE_RANGE for r in checked)


def test_a_minefield_is_hidden_from_the_enemy_until_the_rules_reveal_it():
    session = start("PRACTICE-MINEFIELD", turns=4, seed=11)
    mines = session.combat.battlefield.mines
    assert len(mines) == 69  # the M6.4 sample package
    assert len(mines.view_for("Klingon")) == 69
    assert mines.view_for("Federation") == ()
    history = []

    def watch(s: Session) -> bool:
        field = s.combat.battlefield.mines
        seen = field.view_for("Federation")
        history.append(len(seen))
        for view in seen:  # only mines the Federation located (M7.22, M7.34) or saw explode
            assert "Federation" in field.get(view.id).located_by
            assert view.detection is None and not view.own
        assert len(field.view_for("Klingon")) == len(field.live())
        return False

    play(session, [Robot("Federation", "captain", 1), Robot("Klingon", "captain", 2)],
         stop=watch)
    revealed = events(session, "mine_detected", "mine_explodes", "minefield_detected")
    assert revealed, "crossing the belt, the cruiser meets the minefield"
    assert any(e.data.kind == "minefield_detected" for e in revealed)  # M7.1


def test_a_ship_may_not_enter_a_planet_hex_and_fire_through_it_is_blocked():
    session = start("PRACTICE-MINEFIELD", turns=1)
    field = session.combat.battlefield
    planet = field.terrain.hexes_of("planet")
    assert planet == {H("0815")}
    blocked = field.terrain.line_of_fire(H("0812"), H("0818"))
    assert blocked is not None and blocked.rule == "M4.45"


@pytest.mark.parametrize("kind", ["star"])
def test_entering_a_star_destroys_the_ship_without_an_explosion(kind):
    from sfb_desk.rules.systems.terrain import Feature, TerrainMap

    terrain = TerrainMap((Feature(kind, frozenset({H("0106")})),))
    hit = terrain.entering(H("0106"))
    assert hit is not None and hit.feature.info.destroys_entering and hit.rule == "SM5.41"


def test_moving_into_the_planet_is_refused_sm6_49():
    from sfb_desk.data.custom_setup import UnitEntry
    from sfb_desk.rules.movement.core import STRAIGHT

    ships, scenarios = libraries()
    scenario = scenarios.get("PRACTICE-MINEFIELD")  # its planet is in 0815
    entries = [UnitEntry("FED-CA", "CA", "Federation", "0816", "A", 8, 2),
               UnitEntry("KLI-D7", "D7", "Klingon", "3001", "D", 4, 2)]
    setup = setup_from_entries(entries, ships, turns=1, dice_seed=1, map_kind="fixed",
                               scenario=scenario)
    session = Session(setup.state, setup.combat, setup.specs)

    def at_move(s: Session) -> bool:
        p = s.pending
        return p is not None and getattr(p, "kind", "") == "movement" and p.unit == "CA"

    play(session, [Robot("Federation", "captain", 1), Robot("Klingon", "captain", 2)],
         stop=at_move)
    assert session.state.unit("CA").hex == H("0816")
    refusal = session.check(STRAIGHT)
    assert isinstance(refusal, Refusal) and refusal.rule == "SM6.49"
    assert "0815" in refusal.message


def test_sm6_the_mind_monster_feeds_on_the_library_until_it_is_wiped():
    session = start("SM6", seed=5)
    field = session.combat.battlefield
    assert [(m.kind, m.hex.label) for m in field.monsters] == [("Mind Monster", "0201")]
    assert (field.library_crew, field.library_banks) == (50, 25)
    play(session, [Robot("Navy", "cadet", 4)])
    moves = events(session, "monster_moves")
    per_turn: dict[int, int] = {}
    for r in moves:
        per_turn[r.turn] = per_turn.get(r.turn, 0) + 1
    assert max(per_turn.values()) <= 6  # speed six (SM6.45)
    attacks = events(session, "library_attacked")
    assert attacks and attacks[-1].data.get("crew") == 0 and attacks[-1].data.get("banks") == 0
    for r in events(session, "crew_blanked"):
        rng, roll = r.data.get("range"), r.data.get("roll")
        assert r.data.get("blanked") == mind_attack(rng, roll, roll is not None)
    (over,) = events(session, "game_over")
    assert over.data.rule == "SM6.5"
    assert session.combat.battlefield.ended.startswith("The Mind Monster has wiped the library")


def test_sh19_with_its_planet_plays_to_the_end():
    session = start("SH19", seed=3)
    planet = session.combat.battlefield.terrain.hexes_of("planet")
    assert planet == {H("2215")}
    occupied = set()

    def watch(s: Session) -> bool:
        occupied.update(u.hex for u in s.state.units if u.active)
        return False

    play(session, [Robot("Federation", "captain", 1), Robot("Klingon", "captain", 2)],
         stop=watch, limit=400000)
    assert session.finished
    (over,) = events(session, "game_over")
    assert over.data.get("side") in ("Federation", "Klingon")
    assert not occupied & planet  # nobody entered the planet's hex (SM6.49)


def test_m7_2_scanning_locates_the_mines_with_the_rolled_number_in_range():
    from sfb_desk.data.custom_setup import UnitEntry
    from sfb_desk.engine.answers import At, Chain, Defaults, Scripted
    from sfb_desk.rules.systems.mines import detect_individual

    ships, scenarios = libraries()
    scenario = scenarios.get("PRACTICE-MINEFIELD")
    entries = [UnitEntry("FED-CA", "CA", "Federation", "1815", "A", 4, 2),
               UnitEntry("KLI-D7", "D7", "Klingon", "0501", "D", 4, 2)]
    setup = setup_from_entries(entries, ships, turns=1, dice_seed=1, map_kind="fixed",
                               scenario=scenario)
    field = setup.combat.battlefield
    known = replace(field, known_fields=frozenset({"Federation"}))  # told of it (M7.1)
    session = Session(setup.state, replace(setup.combat, battlefield=known), setup.specs)
    script = Chain(Scripted([At("T1.ea.CA", {"speed_plot": 4}), At("T1.ea.D7", {"speed_plot": 0}),
                             At("T1.I1.mine_scan.CA", "yes"),
                             At("T1.I1.mine_scan_roll.CA", [3])]), Defaults(), SeededDice())
    while session.pending is not None and not events(session, "mines_scanned"):
        session.run(script, limit=1)
    (scan,) = events(session, "mines_scanned")
    ca = session.state.unit("CA")
    expected = detect_individual(ca.hex, "ship", 3, field.mines.live(), "Federation")
    assert expected  # the M6.4 sample has number-3 mines within six hexes of the cruiser
    assert sorted(scan.data.get("found")) == sorted(m.hex.label for m in expected)
    seen = {v.id for v in session.combat.battlefield.mines.view_for("Federation")}
    assert seen == {m.id for m in expected}
    # one attempt in any 8 consecutive impulses (M7.21): asked again on impulse 9, not before
    while session.pending is not None and session.state.impulse < 12:
        session.run(script, limit=1)
    keys = [r.key for r in session.log if r.kind == "prompt" and "mine_scan." in r.key]
    assert keys[:2] == ["T1.I1.mine_scan.CA", "T1.I9.mine_scan.CA"]


def test_a_mine_set_off_in_play_sets_off_its_chain_m5_33():
    from sfb_desk.data.custom_setup import UnitEntry
    from sfb_desk.data.scenario_builder import BuiltMine, BuiltScenario, check_built
    from sfb_desk.engine.answers import At, Chain, Defaults, Scripted

    ships, _ = libraries()
    units = (UnitEntry("FED-CA", "CA", "Federation", "1213", "A", 8, 2),
             UnitEntry("KLI-D7", "D7", "Klingon", "3001", "D", 0, 2))
    chain = [BuiltMine("Klingon", h, "large", control="chain", chain_of=("1210",))
             for h in ("1109", "1309", "1209")]
    built = BuiltScenario("Chain test", units, turns=1,
                          mines=(BuiltMine("Klingon", "1210", "large"), *chain))
    scenario = check_built(built, ships)
    assert not isinstance(scenario, list), scenario
    setup = setup_from_entries(list(units), ships, turns=1, dice_seed=1, scenario=scenario)
    session = Session(setup.state, setup.combat, setup.specs)
    script = Chain(Scripted([At("T1.ea.CA", {"speed_plot": 8}), At("T1.ea.D7", {"speed_plot": 0})]),
                   Defaults(), SeededDice())
    while session.pending is not None and len(events(session, "mine_explodes")) < 4:
        session.run(script, limit=1)
    blasts = events(session, "mine_explodes")
    assert blasts[0].data.get("hex") == "1210"  # the automatic NSM first, then its chain
    assert sorted(b.data.get("hex") for b in blasts[1:]) == ["1109", "1209", "1309"]
    assert blasts[0].data.get("victims") == ["CA"]  # speed 8 entering 1211 sets it off (M2.4)
    assert all(m.destroyed for m in session.combat.battlefield.mines.mines)


@pytest.mark.parametrize(("points", "outcome"), [(6, "destroyed"), (3, "detonates")])
def test_m8_sweeping_a_located_mine_with_phasers(points, outcome):
    from sfb_desk.data.custom_setup import UnitEntry
    from sfb_desk.data.scenario_builder import BuiltMine, BuiltScenario, check_built
    from sfb_desk.engine.answers import At, Chain, Defaults, Scripted

    ships, _ = libraries()
    units = (UnitEntry("FED-CA", "CA", "Federation", "1211", "A", 0, 2),
             UnitEntry("KLI-D7", "D7", "Klingon", "3001", "D", 0, 2))
    built = BuiltScenario("Sweep test", units, turns=1,
                          mines=(BuiltMine("Klingon", "1210", "large", detection=2),))
    scenario = check_built(built, ships)
    setup = setup_from_entries(list(units), ships, turns=1, dice_seed=1, scenario=scenario)
    field = setup.combat.battlefield
    located = field.mines.reveal([m.id for m in field.mines.mines], "Federation")
    combat = replace(setup.combat, battlefield=replace(field, mines=located))
    session = Session(setup.state, combat, setup.specs)
    mine_id = located.mines[0].id
    script = Chain(Scripted([
        At("T1.ea.CA", {"speed_plot": 0}), At("T1.ea.D7", {"speed_plot": 0}),
        At(f"T1.I1.sweep.{mine_id}.CA", "yes"), At(f"T1.I1.sweep_lock.{mine_id}.CA", [2]),
        At(f"T1.I1.sweep_damage.{mine_id}.CA", str(points))]), Defaults(), SeededDice())
    while session.pending is not None and not events(session, "mine_swept"):
        session.run(script, limit=1)
    (swept,) = events(session, "mine_swept")
    assert swept.data.get("outcome") == outcome
    assert session.combat.battlefield.mines.mines[0].destroyed
    blasts = events(session, "mine_explodes")
    assert (len(blasts), bool(blasts and blasts[0].data.get("victims") == ["CA"])) == (
        (0, False) if outcome == "destroyed" else (1, True))


def test_p8_sg24_the_survey_ship_in_orbit_moves_one_orbit_hex_a_turn():
    from sfb_desk.engine.answers import At, Chain, Defaults, Scripted

    session = start("SG24", turns=3, seed=2)
    (orbit,) = session.combat.battlefield.orbits
    uid, planet, clockwise = orbit
    assert (uid, planet.label, clockwise) == ("ROM-SPC", "2215", False)  # heading E: P8.1 reversed
    assert session.state.unit(uid).speed == 0  # P8.42: the orbit moves it
    script = Chain(Scripted([At(f"T{t}.ea.{u}", {"speed_plot": 0})
                             for t in (1, 2, 3) for u in ("ROM-SPC", "ROM-SPC-2")]),
                   Defaults(), SeededDice())
    while session.pending is not None and len(events(session, "orbit_moves")) < 3:
        session.run(script, limit=1)
    moves = [(r.turn, r.impulse, r.data.get("hex")) for r in events(session, "orbit_moves")]
    assert moves == [(1, 32, "2115"), (2, 32, "2116"), (3, 32, "2216")]
    assert session.state.unit(uid).hex.label == "2216"


def test_a_battlefield_game_saves_and_replays_to_the_same_state(tmp_path):
    from sfb_desk.data.saves import load_game, save_game

    session = start("PRACTICE-MINEFIELD", turns=2, seed=11)
    robots = [Robot("Federation", "captain", 1), Robot("Klingon", "captain", 2)]
    play(session, robots, stop=lambda s: s.state.turn == 1 and s.state.impulse >= 16)
    path = save_game(tmp_path / "minefield.sfbsave", session)
    again = load_game(path)
    assert again.combat.battlefield == session.combat.battlefield
    assert again.state.units == session.state.units
    save_table(ONE_POINT)
    sm5 = start("SM5", facing="A")
    play(sm5, [Robot("Navy", "cadet", 3)], stop=lambda s: s.state.turn == 2)
    back = load_game(save_game(tmp_path / "sm5.sfbsave", sm5))
    assert back.combat.battlefield.monsters == sm5.combat.battlefield.monsters
