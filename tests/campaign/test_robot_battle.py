"""Robots fight a scenario of several ships with carried damage (sfb_desk/robot/battle.py)."""

from __future__ import annotations

from sfb_desk.data.scenario_schema import Scenario
from sfb_desk.robot.battle import play_battle, shield_box_ids


def _scenario(damage: list[str]) -> Scenario:
    def unit(ship: str, name: str, hex_: str, speed: int, dmg=()) -> dict:  # noqa: ANN001
        return {"ship": ship, "name": name, "hex": hex_, "facing": "D", "speed": speed,
                "weapon_status": 1, "damage": list(dmg)}

    return Scenario.model_validate({
        "format": "sfb-desk-scenario", "format_version": 1,
        "scenario": {"id": "PRACTICE-BATTLE-TEST", "title": "C8 against two frigates",
                     "origin": "practice"},
        "status": {"playable": True}, "map": {"kind": "floating"}, "length": {"turns": 2},
        "sides": [
            {"name": "Klingon", "units": [unit("KLI-C8", "Kang", "2215", 15, damage)]},
            {"name": "Kzinti", "units": [unit("KZI-FF", "FF 1", "2201", 16),
                                         unit("KZI-FF", "FF 2", "2401", 16)]},
        ],
        "victory": {"kind": "standard", "text": "Standard Victory Conditions (S2.20)"},
    })


def test_three_ships_fight_and_carried_damage_stays_destroyed():
    carried = ["left_warp#1", "left_warp#2", "shield1#44"]
    run = play_battle(_scenario(carried), seed=3, keep_game=True)
    result = run.result()
    assert result["format"] == "sfb-desk-battle-result" and result["turns_played"] >= 1
    assert [s["unit"] for s in result["ships"]] == ["Kang", "FF 1", "FF 2"]
    kang = result["ships"][0]
    assert kang["carried"] == carried
    # carried damage stays destroyed unless the robot repaired it in play (D9.7 may work on
    # boxes destroyed before the scenario; D9.73 bars only this turn's)
    repaired = set(carried) - set(kang["destroyed_boxes"])
    assert len(repaired) <= run.session.combat.ship("Kang").boxes_repaired
    assert "shield1#44" in kang["destroyed_boxes"]
    assert set(result["victory"]) == {"Klingon", "Kzinti"}
    assert all(s["fate"] in ("destroyed", "disengaged", "on map") for s in result["ships"])


def test_shield_box_ids_take_the_highest_numbers():
    assert shield_box_ids((3, 2, 0, 0, 0, 0), (1, 2, 0, 0, 0, 0)) == ["shield1#2", "shield1#3"]
