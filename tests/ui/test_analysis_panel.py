"""The analysis panel draws what sfb_desk.analysis computes, and its controls drive it."""

from __future__ import annotations

import numpy as np
import pytest

from sfb_desk.analysis.energy_use import energy_use
from sfb_desk.analysis.expected_damage import (
    all_weapon_shots,
    expected_by_weapon,
    penetration_chance,
    volley_distribution,
)
from sfb_desk.analysis.monte_carlo import simulate
from sfb_desk.data.library import load_library
from sfb_desk.ui.analysis.panel import AnalysisPanel


@pytest.fixture(scope="module")
def library():
    return load_library()


@pytest.fixture
def panel(qtbot, library):
    widget = AnalysisPanel(library.get("FED-CA"), trials=2000, seed=1)
    qtbot.addWidget(widget)
    widget.resize(1400, 900)
    widget.show()
    return widget


def _curve(panel, name):
    x, y = panel.damage_items[name].getData()
    return np.asarray(x), np.asarray(y)


def test_expected_damage_curves_per_weapon_group_and_total(panel, library):
    assert set(panel.damage_items) == {"6 x Phaser-1", "4 x Photon torpedo", "total"}
    x, total = _curve(panel, "total")
    assert x[0] == 0 and x[-1] == 75  # the phaser-1's reach (E2)
    assert total[4] == pytest.approx(133 / 3)  # 6 x 23/6 + 4 x 4/6 x 8
    _, photons = _curve(panel, "4 x Photon torpedo")
    assert photons[0] == photons[1] == 0  # E4.23: photons cannot fire at range 0-1
    np.testing.assert_allclose(total, expected_by_weapon(library.get("FED-CA")).total)


def test_ew_shift_lowers_the_curves(panel):
    _, before = _curve(panel, "total")
    panel.ew_shift.setValue(2)
    _, after = _curve(panel, "total")
    assert np.all(after <= before + 1e-12) and after[4] < before[4]


def test_shield_chance_follows_the_controls(panel, library):
    spec = library.get("FED-CA")
    assert panel.shield.value() == 30  # the CA's strongest shield
    dist = volley_distribution(spec, all_weapon_shots(spec), max_range=75)
    np.testing.assert_allclose(panel.penetration, penetration_chance(dist, 30))
    start = panel.penetration.copy()
    panel.reinforcement.setValue(10)
    np.testing.assert_allclose(panel.penetration, penetration_chance(dist, 30, 10))
    assert np.all(panel.penetration <= start + 1e-12) and panel.penetration[4] < start[4]
    reinforced = panel.penetration.copy()
    panel.overload.setChecked(True)
    # Overloaded photons (16 points each, E4.413) get through 40 far more often at range 4.
    over = volley_distribution(spec, all_weapon_shots(spec, overload=True), max_range=75)
    np.testing.assert_allclose(panel.penetration, penetration_chance(over, 30, 10))
    assert panel.penetration[4] > reinforced[4] + 0.2
    assert "overloaded" in panel.shield_plot.plotItem.titleLabel.text


def test_monte_carlo_bars_and_points(panel):
    result = panel.monte_carlo
    assert result.points == 10 and result.trials == 2000
    outcomes = result.outcomes()
    any_bars, all_bars = panel.mc_bars
    np.testing.assert_allclose(any_bars.opts["width"], [o.p_any for o in outcomes])
    np.testing.assert_allclose(all_bars.opts["width"], [o.p_all for o in outcomes])
    ticks = panel.mc_plot.getAxis("left")._tickLevels[0]
    labels = [label for _, label in ticks]
    assert labels[0] == "all control" and "Phaser 1 (Phaser-1)" in labels and "left warp" in labels
    p10 = {o.label: o.p_any for o in outcomes}
    panel.points.setValue(40)
    assert panel.monte_carlo.points == 40
    p40 = {o.label: o.p_any for o in panel.monte_carlo.outcomes()}
    assert all(p40[k] >= p10[k] for k in p10)  # same seed: more points never repair
    assert "40 internal points" in panel.mc_title.text()


def test_energy_chart(panel):
    assert panel.energy is None
    records = [
        {"life_support": 1, "shields": 2, "speed_plot": 16, "weapons": 8},
        {"life_support": 1, "shields": 2, "speed_plot": 20, "weapons": 4, "ecm": 1},
    ]
    panel.set_energy(records)
    np.testing.assert_allclose(panel.energy.total, [27, 28])
    names = {item.opts.get("name") for item in panel.energy_plot.listDataItems()}
    assert {"Speed plot", "Weapons", "Shields"} <= names
    panel.set_energy(())
    assert panel.energy is None
    panel.set_energy(records)
    panel.set_ship(panel.spec)  # the same ship keeps its records ...
    assert panel.energy is not None
    panel.set_ship(load_library().get("KLI-D7"))  # ... another ship does not
    assert panel.energy is None


def test_other_ships_and_no_ship(panel, library):
    panel.set_ship(library.get("KLI-D7"))
    assert "6 x Disruptor bolt" not in panel.damage_items  # the D7 has 4 disruptors
    assert any("Disruptor" in name for name in panel.damage_items)
    assert panel.curves.unsupported  # its drone racks: no damage chart
    panel.set_ship(None)
    assert panel.damage_items == {} and panel.monte_carlo is None and panel.penetration is None
    assert panel.mc_bars == () and panel.ship_label.text() == "No ship"


def test_screenshot_is_drawn(panel, tmp_path):
    image = panel.grab()
    assert image.width() == 1400 and image.height() == 900
    path = tmp_path / "analysis.png"
    assert image.save(str(path)) and path.stat().st_size > 20_000


def test_show_monte_carlo_draws_a_result_computed_elsewhere(panel, library):
    spec = library.get("FED-CA")
    result = simulate(spec, 25, 700, seed=3)  # not the panel's points, trials nor seed
    panel.show_monte_carlo(result)
    assert panel.monte_carlo is result and panel.points.value() == 10
    any_bars, all_bars = panel.mc_bars
    np.testing.assert_allclose(any_bars.opts["width"], [o.p_any for o in result.outcomes()])
    np.testing.assert_allclose(all_bars.opts["width"], [o.p_all for o in result.outcomes()])
    title = panel.mc_title.text()
    assert "Lost after 25 internal points (700 trials)" in title and "more" not in title


def test_power_available_of_a_single_turn_is_drawn_as_a_point(panel):
    panel.set_energy(energy_use([{"life_support": 1, "shields": 2, "speed_plot": 16}],
                                available=[36]))
    (line,) = [i for i in panel.energy_plot.listDataItems()
               if i.opts.get("name") == "power available"]
    assert line.opts["symbol"] == "o"  # one turn: no line between points, only the point
    x, y = line.getData()
    assert list(x) == [1] and list(y) == [36]
