"""Energy balance due to damage: the resolution procedure and its prompts (D22.2-D22.5)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

from sfb_desk.data.library import load_library
from sfb_desk.rules.energy import Allocation, WeaponOrder, check, initial_state
from sfb_desk.rules.energy.d22 import D22Choice, Progress, warp_check
from sfb_desk.rules.energy.d22_balance import balance, balance_steps
from sfb_desk.rules.energy.options import EnergyOptions


@pytest.fixture(scope="module")
def lib():
    return load_library()


def run(gen, answers):
    """Drive a balance_steps generator with ``answers`` by prompt key (a list is used in turn;
    None then answers with the default); return the prompts and the result."""
    prompts = []
    queues = {k: list(v) if isinstance(v, list) else [v] for k, v in answers.items()}
    try:
        prompt = next(gen)
        while True:
            prompts.append(prompt)
            queue = queues.get(prompt.key, [])
            prompt = gen.send(queue.pop(0) if queue else None)
    except StopIteration as stop:
        return prompts, stop.value


def ca_full() -> Allocation:
    """Fed CA, all 34 allocated: 1 + 1 + 6 + photons 8 + shields 2 + speed 16."""
    return Allocation("FED-CA", phaser_capacitor=F(6),
                      weapons=tuple(WeaponOrder(f"photon#{d}") for d in "ABCD"),
                      speed_plot=((1, 16),), impulse_hexes=1)


def test_no_damage_no_change(lib):
    ca = lib.get("FED-CA")
    r = balance(ca_full(), ca, initial_state(ca), Progress(impulse=8), [])
    assert r.allocation == ca_full() and r.steps == () and r.general.shortage == 0


def test_warp_shortage_asks_what_to_cut(lib):
    """D22.27: warp remaining 20 (10 boxes lost at impulse 4) against available warp movement
    and photon arming: the owner chooses; stopping photon arming is one choice (D22.54)."""
    ca = lib.get("FED-CA")
    dead = [f"left_warp#{n}" for n in range(1, 11)]
    p = Progress(impulse=4)
    w = warp_check(ca_full(), ca, initial_state(ca), p, dead)
    assert w.shortage > 0
    prompts, r = run(balance_steps(ca_full(), ca, initial_state(ca), p, dead),
                     {"warp_cut": "weapon:photon#A"})
    first = prompts[0]
    assert isinstance(first, D22Choice) and first.rule == "D22.27"
    assert "weapon:photon#A" in first.options and "slow" in first.options
    assert r.allocation.order("photon#A").action == "none"
    assert ("D22.54", "photon#A arming stopped (earlier turns' energy lost)") in r.steps
    assert warp_check(r.allocation, ca, initial_state(ca), p, dead).shortage == 0


def test_bad_answer_repeats_the_prompt_with_an_error(lib):
    ca = lib.get("FED-CA")
    dead = [f"left_warp#{n}" for n in range(1, 11)]
    gen = balance_steps(ca_full(), ca, initial_state(ca), Progress(impulse=4), dead)
    first = next(gen)
    again = gen.send("self-destruct")
    assert again.key == first.key and "choose one of" in again.error


def test_general_shortage_slows_the_ship_by_at_most_half(lib):
    """D22.433: after reserve power, the ship must slow, by at most half its speed (13 -> by 6),
    the least that resolves the shortage; then the owner reduces other energy (D22.434)."""
    d7 = lib.get("KLI-D7")
    a = Allocation("KLI-D7", phaser_capacitor=F(9), speed_plot=((1, 13),), impulse_hexes=1,
                   weapons=tuple(WeaponOrder(f"disruptor#{d}") for d in "ABCD"),
                   general_reinforcement=2, battery_recharge=F(0))
    a = replace(a, specific_reinforcement=(4, 0, 0, 0, 0, 0))
    state = initial_state(d7)
    dead = ["apr#1", "apr#2", "apr#3", "apr#4", "impulse#1", "impulse#2", "impulse#3"]
    prompts, r = run(balance_steps(a, d7, state, Progress(impulse=1), dead, reserve=F(2)),
                     {"reserve": "0", "reduce": "general_reinforcement"})
    keys = [p.key for p in prompts]
    assert keys[0] == "reserve"
    rules = [rule for rule, _ in r.steps]
    assert "D22.433" in rules
    slow = [text for rule, text in r.steps if rule == "D22.433" and "slowed" in text][0]
    assert "from 13 to 7" in slow  # 13 reduced by 6 at most
    assert "reduce" in keys and r.allocation.general_reinforcement < 2
    assert r.shortage_left == 0


def test_reserve_power_answers_the_shortage(lib):
    """D22.432: reserve power used voluntarily before any slow-down."""
    d7 = lib.get("KLI-D7")
    a = Allocation("KLI-D7", phaser_capacitor=F(9), speed_plot=((1, 18),), impulse_hexes=1,
                   weapons=tuple(WeaponOrder(f"disruptor#{d}") for d in "ABCD"))
    prompts, r = run(balance_steps(a, d7, initial_state(d7), Progress(impulse=1), ["apr#1"],
                                   reserve=F(3)), {"reserve": "1"})
    assert [p.key for p in prompts] == ["reserve"]
    assert r.reserve_used == 1 and r.shortage_left == 0
    assert r.allocation.speed_plot == a.speed_plot


def test_emergency_life_support_first_for_a_crippled_ship(lib):
    """D22.431: a crippled ship goes on emergency life support before anything else."""
    d7 = lib.get("KLI-D7")
    a = Allocation("KLI-D7", phaser_capacitor=F(9), speed_plot=((1, 18),), impulse_hexes=1,
                   weapons=tuple(WeaponOrder(f"disruptor#{d}") for d in "ABCD"))
    state = replace(initial_state(d7), crippled=True)
    r = balance(a, d7, state, Progress(impulse=1), ["apr#1"])
    assert r.allocation.life_support == "emergency" and r.steps[0][0] == "D22.431"


def test_cancel_het_and_unmade_accelerations(lib):
    """D22.433: planned but unmade accelerations are cancelled first; then the owner is asked
    whether to cancel the unused HET."""
    ca = lib.get("FED-CA")
    state = initial_state(ca)
    a = Allocation("FED-CA", speed_plot=((1, 10), (20, 20)), impulse_hexes=1, hets=1,
                   phaser_capacitor=F(6))
    spare = check(a, ca, state)[0].unallocated
    a = replace(a, general_reinforcement=int(spare // 2), specific_reinforcement=(
        int(spare % 2), 0, 0, 0, 0, 0))
    assert check(a, ca, state)[0].unallocated == 0
    dead = [f"right_warp#{n}" for n in range(1, 9)]
    prompts, r = run(balance_steps(a, ca, state, Progress(impulse=6), dead),
                     {"cancel_het": "yes"})
    assert [p.key for p in prompts] == ["cancel_het"]
    assert r.allocation.speed_plot == ((1, 10),) and r.allocation.hets == 0
    assert [rule for rule, _ in r.steps] == ["D22.433", "D22.433"]
    assert r.shortage_left == 0 and r.unallocated > 0  # D22.58: the HET frees more than needed


def test_held_weapon_cut_is_ejected(lib):
    """D22.55: cancelling holding energy ejects the weapon."""
    ca = lib.get("FED-CA")
    from sfb_desk.rules.energy.arming import WeaponArming
    armed = WeaponArming("photon#A", "PHOTON", "PHOTON", (F(2), F(2)), complete=True)
    state = initial_state(ca)
    state = replace(state, weapons=tuple(armed if w.box == "photon#A" else w
                                         for w in state.weapons))
    a = Allocation("FED-CA", phaser_capacitor=F(6), speed_plot=((1, 0),), fire_control="off",
                   weapons=(WeaponOrder("photon#A", "hold"),), general_reinforcement=11,
                   shields="minimum")
    dead = ["right_warp#" + str(n) for n in range(1, 16)] + ["left_warp#" + str(n)
                                                             for n in range(1, 16)]
    prompts, r = run(balance_steps(a, ca, state, Progress(impulse=3), dead),
                     {"reduce": "weapon:photon#A"})
    assert "photon#A" in r.ejected


def test_strict_maximum_speed_option(lib):
    """D22.62 (optional): the D7B slows at once to 26."""
    d7 = lib.get("KLI-D7")
    a = Allocation("KLI-D7", speed_plot=((1, 31),), impulse_hexes=1)
    dead = [f"left_warp#{n}" for n in range(1, 6)]
    r = balance(a, d7, initial_state(d7), Progress(impulse=19), dead,
                options=EnergyOptions(d22_strict_max_speed=True))
    assert r.allocation.speed_plot == ((1, 31), (20, 26))
    assert r.steps[0][0] == "D22.62"
    plain = balance(a, d7, initial_state(d7), Progress(impulse=19), dead)
    assert plain.allocation.speed_plot == ((1, 31),)  # D22.61: may stay at 31
