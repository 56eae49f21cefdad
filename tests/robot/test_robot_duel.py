"""play_duel: the outcome, the save, and the errors it raises instead of playing on."""

from __future__ import annotations

import pytest
from robot_games import library

from sfb_desk.data.saves import load_game
from sfb_desk.robot import DuelError, Robot, play_duel
from sfb_desk.robot.duel import duel_scenario


def test_outcome_is_scored_by_s2_and_replays_from_its_save(tmp_path):
    result = play_duel("FED-DD", "KLI-D6", seed=3, turns=3, library=library())
    a, b = result.ships
    assert (a.ship, b.ship, a.side, b.side) == ("FED-DD", "KLI-D6", "Federation", "Klingon")
    assert result.levels == ("captain", "captain") and 1 <= result.turns_played <= 3
    session = result.session
    for s in (a, b):
        record = session.combat.ship(s.id)
        assert s.internal == record.internal_points
        unit = session.state.unit(s.id)
        assert s.boxes == sum(1 for x in unit.destroyed if not x.startswith("shield"))
    assert set(result.victory_levels) <= {
        "Astounding victory", "Decisive victory", "Substantive victory", "Tactical victory",
        "Marginal victory", "Draw", "Marginal defeat", "Tactical defeat", "Brutal defeat",
        "Crushing defeat", "Devastating defeat"}
    assert result.winner in ("A", "B", None)
    loaded = load_game(result.save(tmp_path / "g.sfbsave"))
    assert loaded.state == session.state and loaded.combat == session.combat


def test_the_duel_is_a_practice_scenario_of_the_schema():
    scenario = duel_scenario("ROM-KR", "GOR-CA", turns=4, distance=12, library=library())
    assert scenario.map.kind == "floating" and scenario.length.turns == 4
    (sa, ua), (sb, ub) = scenario.units()
    assert (sa.name, sb.name) == ("Romulan", "Gorn")
    assert (ua.hex, ub.hex, ua.facing, ub.facing) == ("2214", "2202", "A", "D")


def test_a_refused_answer_stops_the_duel_naming_the_prompt(monkeypatch):
    real = Robot.decide

    def bad(self, prompt, session):
        if getattr(prompt, "kind", "") == "fire" and session.state.impulse == 3:
            return {"FED-CA": [{"box": "photon#Z", "target": "KLI-D7"}]}
        return real(self, prompt, session)

    monkeypatch.setattr(Robot, "decide", bad)
    with pytest.raises(DuelError, match=r"T1\.I3\.fire\.Federation: the session refused") as err:
        play_duel("FED-CA", "KLI-D7", seed=0, turns=1, library=library())
    assert err.value.session.pending.key == "T1.I3.fire.Federation"


def test_a_turn_with_too_many_answers_is_a_hang():
    with pytest.raises(DuelError, match="more than 40 answers.*hangs"):
        play_duel("FED-FF", "KLI-F5", seed=0, turns=1, library=library(), answer_cap=40)


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="seed"):
        play_duel("FED-CA", "KLI-D7", seed=-1)
    with pytest.raises(ValueError, match="at least one turn"):
        play_duel("FED-CA", "KLI-D7", turns=0)
    with pytest.raises(ValueError, match="unknown robot level"):
        play_duel("FED-CA", "KLI-D7", levels=("captain", "ensign"))
    with pytest.raises(KeyError, match="NOPE"):
        play_duel("FED-CA", "NOPE", library=library())
