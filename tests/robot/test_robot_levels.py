"""The levels play differently: behaviour on the same position, and results over seeded duels."""

from __future__ import annotations

from robot_games import library, play_until, robots, start

from sfb_desk.robot import Robot
from sfb_desk.robot.duel import play_duel
from sfb_desk.robot.view import facing_shield, ship


def _allocation(level: str, ship_a="FED-CA", ship_b="KLI-D7", distance=15):
    session = start(ship_a, ship_b, distance=distance)
    prompt = play_until(session, robots(session), lambda p, s: p.unit == ship_a)
    me = ship(session, prompt.unit)
    enemy = next(u for u in session.state.units if u.side != me.unit.side)
    robot = Robot(me.unit.side, level, 0)
    value, _ = robot.answer(prompt, session)
    return value, facing_shield(me.unit, enemy.hex)


def test_commodore_reinforces_the_shield_facing_the_enemy():
    value, shields = _allocation("commodore")
    assert shields == (1,)  # the ships start bow to bow
    specific = value["specific_reinforcement"]
    assert specific[0] > 0 and sum(specific[1:]) == 0
    assert value["general_reinforcement"] == 0


def test_captain_reinforces_in_general_and_slows_down_near_the_enemy_and_cadet_does_not():
    captain, _ = _allocation("captain")
    assert captain["general_reinforcement"] > 0 and sum(captain["specific_reinforcement"]) == 0
    captain, _ = _allocation("captain", distance=8)
    cadet, _ = _allocation("cadet", distance=8)
    assert cadet["speed_plot"][0][1] > captain["speed_plot"][0][1]


def test_overloads_are_armed_close_in_and_not_far_out():
    near, _ = _allocation("captain", "KLI-D7", "FED-CA", distance=8)
    far, _ = _allocation("captain", "KLI-D7", "FED-CA", distance=20)
    assert any(o["overload"] for o in near["weapons"] if o["box"].startswith("disruptor"))
    assert not any(o["overload"] for o in far["weapons"])
    cadet, _ = _allocation("cadet", "KLI-D7", "FED-CA", distance=8)
    assert not any(o["overload"] for o in cadet["weapons"])


def test_commodore_out_damages_cadet_over_seeded_duels():
    dealt = {"commodore": 0, "cadet": 0}
    for a, b in (("FED-CA", "KLI-D7"), ("FED-DD", "KLI-D6")):
        for seed, levels in ((0, ("commodore", "cadet")), (1, ("cadet", "commodore"))):
            result = play_duel(a, b, seed, turns=4, levels=levels, library=library(),
                               keep_game=False)
            first, second = result.ships
            dealt[levels[0]] += second.internal
            dealt[levels[1]] += first.internal
    assert dealt["commodore"] > 1.5 * dealt["cadet"], dealt
