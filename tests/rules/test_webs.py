"""Tholian webs (Module C2 E12-E13, Advanced Missions G26): casting, forming, dissipation,
movement, fire. Each worked example is cited by its rule."""

from __future__ import annotations

from sfb_desk.rules.charts.c2 import web_caster_strength
from sfb_desk.rules.hexes import hex_from_label as H
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.systems import web_anchor
from sfb_desk.rules.systems.web_casting import (
    check_cast,
    check_snare,
    ew_reduction,
    snare_hexes,
    straight,
)
from sfb_desk.rules.systems.webs import (
    NO_WEBS,
    Web,
    add_web,
    blocking_web,
    dissipate_webs,
    enter,
    form_webs,
    pay,
)


def _labels(hexes):
    return [h.label for h in hexes]


def test_e12_25_straight_web_example():
    line = [H(x) for x in ("3306", "3406", "3506", "3606", "3706")]
    assert straight(line)
    assert straight([H(x) for x in ("3306", "3405", "3506", "3605", "3706")])
    assert not straight([H(x) for x in ("3306", "3406", "3506", "3605", "3706")])  # 3406 + 3605
    assert not straight([H(x) for x in ("3306", "3405", "3506", "3606", "3706")])  # 3405 + 3606


def test_e12_44_table_every_cell():
    table = {1: (10, 5, 3, 2, 2), 2: (20, 10, 6, 5, 4), 3: (30, 15, 10, 7, 6),
             4: (35, 20, 13, 10, 8), 5: (35, 25, 16, 12, 10)}
    for effective, row in table.items():
        for n, strength in enumerate(row, 1):
            assert web_caster_strength(effective, n, 10) == strength
            if effective + 1 <= 5:  # E12.452: one point lost at 11-20
                assert web_caster_strength(effective + 1, n, 15) == strength
            if effective + 2 <= 5:  # E12.453: two at 21-30
                assert web_caster_strength(effective + 2, n, 25) == strength
    # E12.452 example: four stored, one lost at range 11-20, three make 30 web points.
    assert web_caster_strength(4, 1, 12) == 30
    # E12.43 example: 50 points in a three-hex web make three 16-strength hexes.
    assert web_caster_strength(5, 3, 5) == 16


def _cast(hexes, energy=5, state=NO_WEBS, **kw):
    base = dict(owner="NCL", source="webcaster#W", firer_hex=H("1010"), facing=0, arcs=("FA",),
                hexes=[H(x) for x in hexes], energy=energy, state=state, clock=5)
    base.update(kw)
    return check_cast(**base)


def test_cast_checks_each_rule():
    web = _cast(["0905", "1005", "1105"])
    assert isinstance(web, Web) and web.strength == 16 and not web.anchored
    assert _cast(["1010"]).rule == "E12.41"  # range 0
    assert _cast(["1011"]).rule == "E12.41"  # behind: out of the FA arc
    assert _cast(["0905", "1105"]).rule == "E12.25"  # not adjacent: not a line
    assert _cast(["1005"] * 1 + ["1004", "1003", "1002", "1001", "1000"]).rule == "E12.41"
    assert _cast(["1005"], energy=1, firer_hex=H("1030")).rule == "E12.45"  # range 25
    laid = add_web(NO_WEBS, web)
    assert _cast(["1006"], state=laid).rule == "E12.24"  # next to the first web
    assert _cast(["1003"], state=laid).rule == "E12.52"  # through it
    assert isinstance(_cast(["1003"], state=laid, firer_hex=H("1005")), Web)  # out of a web hex
    anchored = _cast(["1009"], anchored=True, anchors=[H("1008")])
    assert anchored.anchored and anchored.strength == 35
    assert _cast(["1005"], anchored=True, anchors=[]).rule == "E12.211"
    assert _cast(["1009"], anchored=True, anchors=[H("1008")], erratic=True).rule == "E12.215"


def test_e12_55_forming_and_dissipation_example():
    """E12.55: cast on impulse 5, effective on 9, gone on 25."""
    state = add_web(NO_WEBS, Web("", "NCL", "webcaster#W", (H("1005"),), 10, cast_at=5))
    for clock in (5, 6, 7, 8):
        state, formed, _ = form_webs(state, clock, {})
        assert not formed and state.formed_at(H("1005")) is None
    state, formed, caught = form_webs(state, 9, {"KRT": H("1005"), "ENT": H("1006")})
    assert formed and [c.unit for c in caught] == ["KRT"]  # E12.552: it stayed too long
    state, gone, _ = dissipate_webs(state, 24)
    assert not gone
    state, gone, freed = dissipate_webs(state, 25)
    assert gone and [c.unit for c in freed] == ["KRT"] and not state.webs


def test_e12_26_trapped_ship_example():
    """E12.26: an 8-point free-standing web cast on impulse 27 (solid on 31) of the previous
    turn; a speed-16 ship halts in it on impulse 8 having spent 4 points. It would escape after
    8 points (impulse 24) but the web dissipates on impulse 15 after 3 points paid."""
    from sfb_desk.rules.charts.impulse import moves_on

    state = add_web(NO_WEBS, Web("", "NCL", "webcaster#W", (H("1005"),), 8, cast_at=27))
    state, _, _ = form_webs(state, 31, {})
    state, caught = enter(state, "KRT", H("1005"))
    assert caught is not None
    paid, freed_at = 0, None
    for impulse in range(9, 33):
        clock = 32 + impulse
        if moves_on(16, impulse) and state.holding("KRT"):
            state, rec, free = pay(state, "KRT")
            paid = rec.paid
        state, gone, freed = dissipate_webs(state, clock)
        if freed:
            freed_at = impulse
            break
    assert (freed_at, paid) == (15, 3)
    # Without the dissipation the eighth point is paid on impulse 24.
    state = add_web(NO_WEBS, Web("", "NCL", "webcaster#W", (H("1005"),), 8, cast_at=27,
                                 anchored=True))
    state, _ = enter(state, "KRT", H("1005"))
    for impulse in range(9, 33):
        if moves_on(16, impulse):
            state, rec, free = pay(state, "KRT")
            if free:
                break
    assert impulse == 24


def test_fire_through_a_web_is_blocked_into_and_out_of_is_not():
    state = add_web(NO_WEBS, Web("", "NCL", "w", (H("1005"),), 10, 1, anchored=True))
    assert blocking_web(state, H("1003"), H("1007")) is not None  # G10.61 via E11.42
    assert blocking_web(state, H("1005"), H("1008")) is None  # out of it
    assert blocking_web(state, H("1001"), H("1005")) is None  # into it
    forming = add_web(NO_WEBS, Web("", "NCL", "w", (H("1005"),), 10, 1))
    assert blocking_web(forming, H("1003"), H("1007")) is None  # E12.533: not yet solid


def test_e13_31_snare_arcs_example():
    """E13.31: a PC in 1010 facing A: right 1110/1111, left 0910/0911."""
    assert _labels(snare_hexes(H("1010"), 0, "right")) == ["1110", "1111"]
    assert _labels(snare_hexes(H("1010"), 0, "left")) == ["0910", "0911"]
    assert _labels(snare_hexes(H("1010"), 0, "rear")) == ["1011"]  # E13.32 WT, small Q-ship
    kw = dict(owner="PC", source="snare#1", ship_hex=H("1010"), facing=0, state=NO_WEBS, clock=3)
    two = check_snare(side="right", hexes=[H("1110"), H("1111")], stored=1, **kw)
    assert two.strength == 5 and not two.anchored  # E13.22, E13.213
    assert check_snare(side="right", hexes=[H("1110")], stored=1, **kw).strength == 10
    assert check_snare(side="right", hexes=[H("1009")], stored=1, **kw).rule == "E13.31"
    assert check_snare(side="left", hexes=[H("0910")], stored=0, **kw).rule == "E13.211"
    assert check_snare(side="left", hexes=[H("1012")], stored=1, **kw).rule == "E13.212"


def test_e12_564_ew_table():
    assert ew_reduction(50, 6, 0) == 50 and ew_reduction(50, 5, 1) == 50  # 1-6: none
    assert ew_reduction(50, 6, 1) == 25 and ew_reduction(15, 6, 2) == 8  # -50%, .5 up
    assert ew_reduction(10, 6, 3) == 3 and ew_reduction(50, 6, 4) == 13  # -75%, .5 up
    assert ew_reduction(50, 6, 5) == 0  # 11+: no web


def test_g26_anchor_buoy():
    free = add_web(NO_WEBS, Web("", "PC", "w", (H("1005"),), 10, 1))
    anchored = add_web(NO_WEBS, Web("", "PC", "w", (H("1005"),), 10, 1, anchored=True))
    assert web_anchor.check_lay(anchored, H("1005"), charged=False).rule == "G26.21"
    assert web_anchor.check_lay(anchored, H("1006"), charged=True).rule == "G26.36"
    assert web_anchor.check_lay(free, H("1005"), charged=True).rule == "G26.32"
    assert web_anchor.check_lay(anchored, H("1005"), charged=True, reserve_start=10,
                                clock=30).rule == "G26.22"
    assert web_anchor.check_lay(anchored, H("1005"), charged=True) is None
    laid = web_anchor.lay(anchored, "B1", H("1005"))
    assert web_anchor.check_recover(laid, "B1", room=True).rule == "G26.351"
    buoy = web_anchor.damage(web_anchor.Buoy("B1", H("1005"), "W1"), 15)
    assert not buoy.destroyed and web_anchor.damage(buoy, 1).destroyed  # G26.112
    assert isinstance(web_anchor.check_recover(laid, "B9", room=True), Refusal)


def test_e12_16_and_e13_14_fleet_limits():
    from sfb_desk.rules.systems.web_casting import snare_fleet_limit, web_caster_fleet_limit

    assert web_caster_fleet_limit(3, 11) == 5  # E12.16: "5 web casters in a standard 11-ship fleet"
    assert web_caster_fleet_limit(3, 40) == 6  # the overall limit
    assert web_caster_fleet_limit(1, 1) == 1 and web_caster_fleet_limit(5, 2) == 4
    assert snare_fleet_limit(5, 183) == 2  # 25% of 5, rounded up
    assert snare_fleet_limit(5, 184) == 3 and snare_fleet_limit(5, 185) == 4
    assert snare_fleet_limit(5, 182) == 0 and snare_fleet_limit(5, 186) is None


def test_the_energy_template_tops_a_web_caster_up_and_leaves_a_full_one():
    """E12.31: a caster stores at most 5; the starting allocation arms one with room and
    gives a full one no order (the robot found no legal allocation for a full caster)."""
    from dataclasses import replace
    from fractions import Fraction

    from sfb_desk.data.library import load_library
    from sfb_desk.rules.energy import initial_state
    from sfb_desk.rules.energy.template import template

    spec = load_library().get("THO-NCL")
    state = initial_state(spec)

    def with_store(amount):
        return replace(state, weapons=tuple(
            replace(w, store=((0, Fraction(amount)),)) if w.box == "webcaster#W" else w
            for w in state.weapons))

    def caster_orders(amount):
        return [o for o in template(spec, with_store(amount), turn=1).weapons
                if o.box == "webcaster#W"]

    assert [o.action for o in caster_orders(2)] == ["arm"]
    assert caster_orders(5) == []
