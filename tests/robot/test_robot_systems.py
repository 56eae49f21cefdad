"""The robot uses the ship systems where they pay (robot/systems.py): tractors on drones,
hit-and-run raids, boarding, never a self-destruction; the duel reports count each use."""

from __future__ import annotations

from sfb_desk.robot.duel import SYSTEM_EVENTS, play_duel, system_counts


def test_the_robot_tractors_drones_and_raids_and_never_self_destructs():
    kinds: set[str] = set()
    for seed in (0, 3, 6):
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
    assert "tractor_link" in kinds and "raid" in kinds and "boarding_combat" in kinds
    assert "self_destruct" not in kinds


def test_every_raid_the_robot_orders_is_legal_and_pays(monkeypatch):
    """D7.8 audit: each raid the robot orders, at the moment it orders it, is within
    transporter range (G8.14) of a target whose shield facing the raider is down (G8.21), the
    raider's own facing shield down or dropped in the same order (D3.5), names a box a raid may
    hit (D7.81, D7.823) that is a heavy weapon or a drone rack, and is sent by a spare party
    (half the printed parties stay home, at least 2)."""
    import sfb_desk.robot.robot as robot_module
    from sfb_desk.rules.arcs import shield_struck
    from sfb_desk.rules.hexes import hex_range
    from sfb_desk.rules.systems import transporters as tp
    from sfb_desk.robot.systems import RAID_FAMILIES, spare_parties
    from sfb_desk.robot.view import ship

    seen: list[dict] = []
    real = robot_module.marines_answer

    def down(s, toward) -> bool:  # noqa: ANN001
        st = s.record.shields
        hit = shield_struck(s.unit.hex, s.unit.facing, toward).shields or tuple(range(1, 7))
        return any(st.status[k - 1] != "up" or st.boxes[k - 1] == 0 for k in hit)

    def audited(prompt, session, lv):  # noqa: ANN001
        orders = real(prompt, session, lv)
        for uid, what in orders.items():
            me = ship(session, uid)
            raids = what.get("raids", [])
            assert len(raids) <= spare_parties(me)
            for raid in raids:
                foe = ship(session, raid["target"])
                assert hex_range(me.unit.hex, foe.unit.hex) <= 5
                assert down(foe, me.unit.hex)
                assert down(me, foe.unit.hex) or what.get("drop")
                assert tp.raid_target_refusal(raid["box"], foe.spec.box_ids(),
                                              foe.unit.destroyed) is None
                family = raid["box"].split("#")[0]
                assert family in RAID_FAMILIES
                seen.append(raid)
        return orders

    monkeypatch.setattr(robot_module, "marines_answer", audited)
    for seed in (2, 3, 4):
        play_duel("FED-CA", "KLI-D7", seed=seed, turns=4, keep_game=False)
    assert seen  # the audit saw raids


def test_transporter_power_is_paid_only_where_a_raid_can_pay():
    """G8.13: no transporter energy while every enemy shield is up (nothing a raid could go
    through), nor for a ship with no spare parties."""
    from dataclasses import replace

    from sfb_desk.robot.levels import level
    from sfb_desk.robot.systems import spare_parties, transporter_power
    from sfb_desk.robot.view import ship

    from robot_games import start

    session = start("FED-CA", "KLI-D7", distance=3)
    me = ship(session, "FED-CA")
    assert transporter_power(session, me, level("captain")) == 0  # every KLI-D7 shield up
    record = session.combat.ship("KLI-D7")
    shields = replace(record.shields, boxes=(0,) + tuple(record.shields.boxes[1:]))
    session._ships["KLI-D7"] = replace(record, shields=shields)  # shield #1 shot away
    assert spare_parties(me) == 10 - 5
    assert transporter_power(session, me, level("captain")) == 3  # one a transporter
    spent = replace(me.record, boarding_parties_lost=5)
    assert spare_parties(replace(me, record=spent)) == 0
    assert transporter_power(session, replace(me, record=spent), level("captain")) == 0
