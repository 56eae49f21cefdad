"""Engine time for one full turn (32 impulses) of 10 ships and 100 seeking weapons
(DESIGN.md section 10: under 50 ms).

Workload: five Federation CAs and five Klingon D7s (from the ship library) at speeds 10..28,
and 100 drones and plasma torpedoes at speeds 8, 12, 20 and 32, each seeking one of the ships
on the floating map. The session walks the whole turn: energy allocation and speed plots (20
scripted answers), then per impulse the ships' movement prompts, the seekers' pursuit and
impact check, the announcement, launch and fire prompts of both sides (answered with their
defaults), the end-of-impulse step, and record keeping. Every prompt, answer and event goes
into the log, as in a real game.

With benchmarks disabled (the default) the body runs once and checks the result. Time it with
``pytest tests/benchmarks/test_bench_turn.py --benchmark-enable``.
"""

from __future__ import annotations

import pytest

from sfb_desk.data.library import load_library
from sfb_desk.engine.answers import Chain, Defaults, Scripted
from sfb_desk.engine.session import Session
from sfb_desk.rules.game_state import GameState
from sfb_desk.rules.hexes import Hex
from sfb_desk.rules.movement.speed import hexes_moved
from sfb_desk.rules.units import PLASMA, DRONE, new_seeker, new_ship, profile_from_spec

pytestmark = pytest.mark.benchmark

SHIPS = 10
SEEKERS = 100


def battle() -> tuple[GameState, list[object]]:
    lib = load_library()
    profiles = [profile_from_spec(lib.get("FED-CA")), profile_from_spec(lib.get("KLI-D7"))]
    ships = []
    for i in range(SHIPS):
        side = ("fed", "kli")[i % 2]
        ships.append(new_ship(
            f"S{i}", side, profiles[i % 2], hex=Hex.from_offset(4 + 4 * i, 10 + 10 * (i % 2)),
            facing=(1, 4)[i % 2], speed=10 + 2 * i,
        ))
    seekers = []
    for j in range(SEEKERS):
        target = ships[(j * 3) % SHIPS]
        enemy = "kli" if target.side == "fed" else "fed"
        seekers.append(new_seeker(
            f"W{j}", enemy, hex=Hex.from_offset(2 + (j * 7) % 40, 2 + (j * 11) % 28),
            facing=j % 6, speed=(8, 12, 20, 32)[j % 4], target=target.id,
            kind=(DRONE, PLASMA)[j % 2],
        ))
    answers: list[object] = []
    for ship in ships:
        answers += [ship.speed, {"warp": ship.speed}]
    state = GameState(units=tuple(ships + seekers), dice_seed=11, last_turn=1)
    return state, answers


STATE, ANSWERS = battle()


def one_turn() -> Session:
    session = Session(STATE)
    session.run(Chain(Scripted(ANSWERS), Defaults()))
    return session


def test_bench_one_turn_of_10_ships_and_100_seekers(benchmark):
    session = benchmark(one_turn)
    assert session.finished and session.state.turn == 2
    impacted = {ev.unit for ev in session.log.events() if ev.kind == "impact"}
    after = {u.id: u for u in session.state.units}
    for before in STATE.units:
        if before.is_seeker:
            if before.id in impacted:
                assert before.id not in after
            else:
                assert after[before.id].travelled == before.speed  # S hexes a turn (C1.4)
        else:
            moved = [e for e in session.log.events() if e.kind == "moved" and e.unit == before.id]
            assert len(moved) == hexes_moved(((1, before.speed),)) == before.speed
    assert 0 < len(impacted) < SEEKERS
    benchmark.extra_info["log_records"] = len(session.log)
