"""Energy use over the turns: generic per-turn mappings, ledgers, and the rules' allocations."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import pytest

from sfb_desk.analysis.energy_use import energy_use, line_label
from sfb_desk.data.library import load_library

TURNS = [
    {"life_support": 1, "shields": 2, "speed_plot": 16, "phaser_capacitor": Fraction(3, 2)},
    {"life_support": 1, "shields": 2, "speed_plot": 20, "weapons": 8},
    {"life_support": 1, "speed_plot": 8, "weapons": 8, "ecm": Fraction(1, 4)},
]


def test_mappings_per_turn():
    use = energy_use(TURNS, first_turn=3)
    assert list(use.turns) == [3, 4, 5]
    assert use.lines == ("life_support", "shields", "speed_plot", "phaser_capacitor", "weapons", "ecm")
    np.testing.assert_allclose(use.total, [20.5, 31, 17.25])
    np.testing.assert_allclose(use.cumulative, [20.5, 51.5, 68.75])
    np.testing.assert_allclose(use.line("shields"), [2, 2, 0])  # missing line: 0 that turn
    assert np.isnan(use.available).all() and np.isnan(use.unused).all()
    assert list(use.totals_by_line())[:2] == ["speed_plot", "weapons"]


def test_groups_and_top_lines():
    use = energy_use(TURNS, available=[30, 32, None])
    np.testing.assert_allclose(use.unused[:2], [9.5, 1])
    assert np.isnan(use.unused[2])
    grouped = use.grouped({"speed_plot": "movement", "weapons": "weapons", "phaser_capacitor": "weapons"})
    assert grouped.lines == ("other", "movement", "weapons")
    np.testing.assert_allclose(grouped.total, use.total)
    np.testing.assert_allclose(grouped.line("weapons"), [1.5, 8, 8])
    top = use.top(2)
    assert top.lines == ("speed_plot", "weapons", "other")
    np.testing.assert_allclose(top.total, use.total)
    assert line_label("speed_plot") == "Speed plot"


@dataclass
class _Ledger:
    costs: dict
    available: Fraction


def test_ledgers_leave_out_the_weapon_breakdown():
    """B3.1 line 20 counts the heavy-weapons line, not its per-weapon breakdown."""
    ledgers = [
        _Ledger({"weapons": 4, "weapon:photon#A": 2, "weapon:photon#B": 2, "shields": 2}, Fraction(30)),
        _Ledger({"weapons": 0, "shields": 2, "life_support": 1}, Fraction(29)),
    ]
    use = energy_use(ledgers)
    assert "weapon:photon#A" not in use.lines
    np.testing.assert_allclose(use.total, [6, 3])
    np.testing.assert_allclose(use.available, [30, 29])


def test_bad_records_are_refused():
    with pytest.raises(ValueError, match="not >= 0"):
        energy_use([{"shields": -1}])
    with pytest.raises(ValueError, match="3 values"):
        energy_use(TURNS[:2], available=[1, 2, 3])
    with pytest.raises(TypeError, match="not an energy record"):
        energy_use([TURNS[0], 42])
    assert energy_use([]).lines == ()


def test_allocations_are_priced_by_the_rules_ledger():
    """Energy Allocation Forms (B3) of the rules layer, priced turn by turn."""
    from sfb_desk.rules.energy import initial_state, ledger, template

    spec = load_library().get("FED-CA")
    state = initial_state(spec)
    first = template(spec, state)
    use = energy_use([first, first], spec=spec)
    expected = ledger(first, spec, state)
    assert use.total[0] == pytest.approx(float(expected.total_used))
    assert use.available[0] == pytest.approx(float(expected.available))
    assert use.line("life_support")[0] == pytest.approx(float(expected.costs["life_support"]))
    with pytest.raises(ValueError, match="spec"):
        energy_use([first])
