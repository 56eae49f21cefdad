"""The robot uses the ship systems where they pay (robot/systems.py): tractors on drones,
hit-and-run raids, never a self-destruction; the duel reports count each use."""

from __future__ import annotations

from sfb_desk.robot.duel import SYSTEM_EVENTS, play_duel, system_counts


def test_the_robot_tractors_drones_and_raids_and_never_self_destructs():
    kinds: set[str] = set()
    for seed in (0, 1):
        result = play_duel("FED-CA", "KLI-D7", seed=seed, turns=4)
        log = result.session.log
        kinds |= {r.data.kind for r in log if r.kind == "event"}
        counts = dict(result.systems)
        assert set(counts) == {name for name, _ in SYSTEM_EVENTS}
        assert counts == dict(system_counts(result.session))
        assert result.to_json()["systems"] == counts
        held = [r.data.get("target") for r in log if r.kind == "event"
                and r.data.kind == "tractor_link"]
        drones = {u.id for u in result.session.state.units if u.kind == "drone"}
        assert all(t in drones or t in ("FED-CA", "KLI-D7") for t in held)
    assert "tractor_link" in kinds and "raid" in kinds
    assert "self_destruct" not in kinds
