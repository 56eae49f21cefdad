"""The energy template holds every complete load that may be held, including a launcher's own
load that carries no mode (set up by weapon status, S4): photons (E4.22), overloaded photons
(E4.42), plasma (FP2.51) and fusion after the Y168 refit (E7.23); never a load that cannot be
held."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

from sfb_desk.data.library import load_library
from sfb_desk.rules.energy import initial_state, template, validate
from sfb_desk.rules.energy.arming import WeaponArming
from sfb_desk.rules.energy.costs import ARMING
from sfb_desk.rules.energy.options import EnergyOptions


@pytest.fixture(scope="module")
def lib():
    return load_library()


def loaded(spec, *, kinds=None, **fields):
    """``spec`` at turn start with every launcher of ``kinds`` (default all) holding a
    complete load with no mode (as weapon status sets it up), plus ``fields``."""
    state = initial_state(spec)
    weapons = []
    for w in state.weapons:
        table = ARMING.get(w.type)
        if table is not None and (kinds is None or w.type in kinds):
            w = replace(w, energies=tuple(table.turns), complete=True, **fields)
        weapons.append(w)
    return replace(state, weapons=tuple(weapons))


def actions(alloc) -> dict[str, str]:
    return {o.box: o.action for o in alloc.weapons}


def no_errors(alloc, spec, state, options=None):
    kw = {"options": options} if options is not None else {}
    return [i for i in validate(alloc, spec, state, **kw) if i.is_error] == []


def test_held_photons_are_held(lib):
    ca = lib.get("FED-CA")
    state = loaded(ca)
    assert all(w.mode == "" and w.complete for w in state.weapons if w.type == "PHOTON")
    alloc = template(ca, state)
    assert actions(alloc) == {f"photon#{d}": "hold" for d in "ABCD"}
    assert no_errors(alloc, ca, state)


def test_overloaded_photons_are_held(lib):
    """E4.42: an overloaded photon may be held (at the overload hold, decisions.md)."""
    ca = lib.get("FED-CA")
    state = loaded(ca)
    state = replace(state, weapons=tuple(
        replace(w, energies=(F(2), F(2), F(4)), overload=True) if w.box == "photon#A" else w
        for w in state.weapons))
    alloc = template(ca, state)
    assert actions(alloc)["photon#A"] == "hold"
    assert no_errors(alloc, ca, state)


def test_plasma_s_and_g_are_held(lib):
    kr = lib.get("ROM-KR")
    state = loaded(kr)
    launchers = [w.box for w in state.weapons if w.type.startswith("PLASMA")]
    assert launchers
    alloc = template(kr, state)
    assert {b: actions(alloc).get(b) for b in launchers} == {b: "hold" for b in launchers}
    assert no_errors(alloc, kr, state)


def test_loads_that_cannot_be_held_get_no_order(lib):
    """Plasma-R (FP2.51) and a disruptor (E3.24) are let go, not held."""
    for ship_id, kind in (("ROM-WE", "PLASMA-R"), ("KLI-D7", "DISRUPTOR")):
        spec = lib.get(ship_id)
        state = loaded(spec, kinds={kind})
        alloc = template(spec, state)
        boxes = {w.box for w in state.weapons if w.type == kind}
        assert boxes and not boxes & set(actions(alloc)), (ship_id, actions(alloc))


def test_fusion_held_only_with_the_y168_refit(lib):
    rn = lib.get("HYD-RN")
    boxes = {w.box for w in initial_state(rn).weapons if w.type == "FUSION"}
    assert boxes
    state = loaded(rn, kinds={"FUSION"})
    assert not boxes & set(actions(template(rn, state)))
    refit = EnergyOptions(fusion_hold=True)
    alloc = template(rn, state, options=refit)
    assert {b: actions(alloc).get(b) for b in boxes} == {b: "hold" for b in boxes}
    assert no_errors(alloc, rn, state, refit)
