"""Orion option mounts (G15.4): a mount fires as the weapon its load was armed as, and the
robot arms each with a disruptor (robot/energy.py OPTION_LOAD)."""

from __future__ import annotations

from sfb_desk.data.library import load_library
from sfb_desk.rules.combat.weapons import option_weapon
from sfb_desk.rules.energy.arming import WeaponArming


def test_an_option_mount_fires_as_its_load():
    spec = load_library().get("ORI-CR")
    mount = next(w for w in spec.weapons if w.type == "OPTION")
    held = WeaponArming(box=mount.box_ids[0], type="OPTION", mode="DISRUPTOR")
    assert option_weapon(mount, held).type == "DISRUPTOR"
    assert option_weapon(mount, held).arcs == mount.arcs
    assert option_weapon(mount, None) is mount  # nothing loaded: still an empty mount
    phaser = next(w for w in spec.weapons if w.type == "PH-1")
    assert option_weapon(phaser, held) is phaser


def test_the_robot_arms_and_fires_the_orions_option_mounts():
    from sfb_desk.robot.duel import play_duel

    result = play_duel("ORI-CR", "FED-CL", seed=0, turns=2)
    log = result.session.log
    eas = [r.data for r in log if r.kind == "answer" and r.key.startswith("T1.ea.ORI-CR")]
    orders = {w["box"]: w for w in eas[0]["weapons"]}
    assert {b for b in orders if b.startswith("option#")} == {"option#A", "option#B", "option#C"}
    assert all(orders[b]["mode"] == "DISRUPTOR" for b in orders if b.startswith("option#"))
    shots = [r.data for r in log if r.kind == "event" and r.data.kind == "shot"
             and r.data.unit == "ORI-CR" and str(r.data.get("box")).startswith("option#")]
    assert all(s.text.startswith("ORI-CR fires option mount ") for s in shots)  # in words
    assert shots  # the session accepted them and resolved each on the disruptor chart (E3)
