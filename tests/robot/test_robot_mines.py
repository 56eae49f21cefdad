"""The robot lays mines where they pay (robot/mines.py): a War Eagle pursued by a cruiser drops
its nuclear space mine in the cruiser's path; with nobody behind it, it keeps it."""

from __future__ import annotations

import sys
from pathlib import Path

from sfb_desk.engine.answers import At, Chain, Defaults, Scripted, SeededDice
from sfb_desk.robot import Robot

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))
import test_minelaying_play as games  # noqa: E402


def play(entries, impulses: int):  # noqa: ANN001
    session = games.game(entries)
    robot = Robot("Romulan", "captain", 1)
    script = Chain(robot, Scripted([At("T1.ea.CA", {"speed_plot": 8})]), Defaults(),
                   SeededDice())
    games.run_until(session, script, lambda s: s.state.impulse >= impulses
                    or bool(games.events(s, "mine_laid")))
    return session


def test_a_pursued_war_eagle_drops_its_mine_behind_it():
    session = play([games.UnitEntry("ROM-WE", "WE", "Romulan", "1010", "B", 8, 2),
                    games.UnitEntry("FED-CA", "CA", "Federation", "0711", "B", 8, 2)], 16)
    (laid,) = games.events(session, "mine_laid")
    (mine,) = session.combat.battlefield.mines.live()
    assert mine.laid_by == "WE" and mine.target_sizes == frozenset({3})
    assert 1 <= mine.detection <= 6


def test_with_nobody_behind_it_the_war_eagle_keeps_its_mine():
    session = play([games.UnitEntry("ROM-WE", "WE", "Romulan", "1010", "B", 8, 2),
                    games.UnitEntry("FED-CA", "CA", "Federation", "2005", "E", 8, 2)], 12)
    assert not games.events(session, "mine_laid")
