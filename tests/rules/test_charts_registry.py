"""The chart registry (display form for CLI, GUI and printing) and the shared table machinery."""

from __future__ import annotations

import pytest

from sfb_desk.rules.charts import dac, registry
from sfb_desk.rules.charts.impulse import impulses_for
from sfb_desk.rules.charts.registry import CHART_NAMES, ChartView, UnknownChart, chart
from sfb_desk.rules.charts.tables import (
    Band,
    DieTable,
    HitChart,
    HitMode,
    OutOfRange,
    parse_bands,
)
from sfb_desk.rules.weapon_types import WEAPON_TYPES

REQUIRED = (
    "dac", "impulse", "turn-mode", "phaser-1", "phaser-2", "phaser-3", "phaser-4", "phaser-g",
    "photon", "disruptor", "plasma", "fusion", "hellbore", "anti-drone", "tr-heavy", "tr-light",
    "ppd", "web-caster", "web-fist", "displacement", "ew-shift",
)


def test_every_required_chart_is_registered():
    assert set(REQUIRED) <= set(CHART_NAMES)
    assert len(set(CHART_NAMES)) == len(CHART_NAMES)


def test_every_weapon_type_table_is_a_chart():
    tables = {t.table for t in WEAPON_TYPES.values() if t.table}
    assert tables <= set(CHART_NAMES)


@pytest.mark.parametrize("name", CHART_NAMES)
def test_views_are_rectangular_strings(name):
    view = chart(name)
    assert isinstance(view, ChartView)
    assert view.name == name and view.title and view.rule
    assert view.rows
    for row in view.rows:
        assert len(row) == len(view.columns)
        assert all(isinstance(c, str) for c in row)
    assert all(isinstance(n, str) and n for n in view.notes)
    data = view.to_dict()
    assert list(data) == ["name", "title", "rule", "columns", "rows", "notes"]


def test_unknown_chart():
    with pytest.raises(UnknownChart) as info:
        chart("phaser-9")
    assert info.value.names == CHART_NAMES
    assert "phaser-1" in str(info.value)
    assert isinstance(info.value, KeyError)


def test_dac_view_is_built_from_dac_py_with_bold_marked():
    view = chart("dac")
    assert view.columns == ("2d6", *"ABCDEFGHIJKLM")
    assert [r[0] for r in view.rows] == [str(n) for n in range(2, 13)]
    # Row 2 of basic-set-facts 5.1, copied by hand.
    assert view.rows[0][1:] == ("Bridge*", "Flag Bridge*", "Sensor*", "Damage Control*",
                                "A Hull*", "Left W En", "Trans", "Tractor", "Shuttle", "Lab",
                                "F Hull", "Right W En", "Excess Damage")
    for row in view.rows:
        entries = dac.DAC[int(row[0])]
        assert [c.endswith("*") for c in row[1:]] == [e.bold for e in entries]


def test_impulse_view_marks_the_chart():
    view = chart("impulse")
    assert len(view.columns) == 33 and len(view.rows) == 32
    row9 = view.rows[8]
    assert row9[0] == "9"
    assert tuple(i for i in range(1, 33) if row9[i] == "x") == impulses_for(9)


def test_phaser_view_reads_the_table():
    view = chart("phaser-1")
    assert view.columns == ("Die", "0", "1", "2", "3", "4", "5", "6-8", "9-15", "16-25",
                            "26-50", "51-75")
    assert view.rows[2] == ("3", "7", "5", "5", "4", "4", "4", "3", "1", "0", "0", "0")


def test_photon_view():
    view = chart("photon")
    rows = {r[0]: r[1:] for r in view.rows}
    assert rows["Hit, standard"] == ("-", "1-5", "1-4", "1-3", "1-2", "1")
    assert rows["Damage, overload"] == ("2xE", "2xE", "2xE", "2xE", "-", "-")
    assert rows["Feedback, overload"][0] == "4"


def test_disruptor_view_shares_damage_rows():
    rows = {r[0]: r[1:] for r in chart("disruptor").rows}
    assert rows["Damage, standard/UIM/DERFACS"] == ("0", "5", "4", "4", "3", "3", "2", "2", "1")
    assert "Damage, overload/UIM overload" in rows


def test_plasma_view_includes_type_d_and_bolts():
    rows = {r[0]: r[1:] for r in chart("plasma").rows}
    assert rows["Type D"][:6] == ("10", "8", "5", "2", "1", "0")
    assert rows["Bolt hit"][0] == "1-4" and rows["Bolt hit"][-1] == "1"


def test_ppd_and_web_caster_views_print_as_the_seed():
    rows = {r[0]: r[1:] for r in chart("ppd").rows}
    assert rows["Splash"] == ("0", "1+4+1", "1+3+1", "1+2+1", "1+1+1", "1+1+0", "0+1+0")
    assert rows["Alt"][0] == "0" and rows["Alt"][1] == "3+3"
    web = chart("web-caster")
    assert web.rows[3] == ("4", "5", "-", "35*", "20", "13", "10", "8")


def test_turn_mode_view():
    rows = {r[0]: r[1:] for r in chart("turn-mode").rows}
    assert rows["A"][:5] == ("1-6", "7-12", "13-19", "20-26", "27+")
    assert rows["Seeking"][0] == "all"


def test_views_are_cached_and_immutable():
    assert chart("fusion") is chart("fusion")
    with pytest.raises(AttributeError):
        chart("fusion").title = "x"  # type: ignore[misc]


def test_views_are_derived_from_the_table_given():
    """The registry retypes nothing: a view shows whatever its data table holds."""
    from sfb_desk.rules.charts import phasers

    changed = DieTable("phaser-2", "Phaser-2", "E2", phasers.PHASER_2.bands,
                       ((9,) * 8, *phasers.PHASER_2.rows[1:]))
    assert registry._die_table(changed).rows[0][1:] == ("9",) * 8
    assert chart("phaser-2").rows[0][1:] == tuple(map(str, phasers.PHASER_2.rows[0]))


# --- tables.py --------------------------------------------------------------------------------

def test_parse_bands():
    assert parse_bands("0", "1-2", "3+") == (Band(0, 0), Band(1, 2), Band(3, None))
    assert [b.label for b in parse_bands("0", "1-2", "3+")] == ["0", "1-2", "3+"]
    for bad in (("0", "2"), ("0-3", "3-4"), ("5-1",), ("0+", "1")):
        with pytest.raises(ValueError):
            parse_bands(*bad)


def test_die_table_validates_its_shape():
    bands = parse_bands("0", "1-5")
    with pytest.raises(ValueError):
        DieTable("x", "X", "E0", bands, ((1, 1),) * 5)
    with pytest.raises(ValueError):
        DieTable("x", "X", "E0", bands, ((1, 1, 1),) * 6)
    with pytest.raises(ValueError):
        DieTable("x", "X", "E0", parse_bands("1-5"), ((1,),) * 6)
    table = DieTable("x", "X", "E0", bands, ((2, 1),) * 6)
    assert table.max_range == 5 and table.in_range(5) and not table.in_range(6)
    with pytest.raises(OutOfRange):
        table.damage(1, 6)


def test_hit_chart_validates_its_shape():
    bands = parse_bands("0", "1-5", "6+")
    with pytest.raises(ValueError):
        HitChart("x", "X", "E0", "1d6", bands, {"m": HitMode("m", hit=(1, 2))})
    with pytest.raises(ValueError):
        HitChart("x", "X", "E0", "1d6", bands, {"m": HitMode("m", hit=(None, None, None))})
    with pytest.raises(ValueError):
        HitChart("x", "X", "E0", "1d6", bands, {"m": HitMode("m", hit=(None, 2, 1))})
    chart_ = HitChart("x", "X", "E0", "1d6", bands, {"m": HitMode("m", hit=(None, 2, None))})
    assert chart_.max_range("m") == 5
    with pytest.raises(ValueError, match="unknown mode"):
        chart_.resolve("n", 1, 1)
    with pytest.raises(ValueError):
        chart_.resolve("m", 1, 7)
    assert chart_.resolve("m", 1, 2).hit and not chart_.resolve("m", 1, 3).hit


def test_the_registry_names_every_phaser_table_and_loads_one_chart_module_at_a_time():
    """The registry names the phaser tables without importing them (start-up): the names are
    phasers.PHASER_TABLES's, in its order; building the DAC loads the DAC's module only."""
    import json
    import subprocess
    import sys

    from sfb_desk.rules.charts.phasers import PHASER_TABLES

    assert [n for n in CHART_NAMES if n.startswith("phaser-")] == list(PHASER_TABLES)
    probe = ("import json, sys; from sfb_desk.rules.charts.registry import chart; chart('dac'); "
             "print(json.dumps(sorted(m for m in sys.modules if m.startswith('sfb_desk.rules.'))))")
    loaded = json.loads(subprocess.run([sys.executable, "-c", probe], capture_output=True,
                                       text=True, check=True, timeout=120).stdout)
    assert "sfb_desk.rules.charts.dac" in loaded
    assert not {"sfb_desk.rules.charts.c2", "sfb_desk.rules.charts.phasers",
                "sfb_desk.rules.charts.heavy_weapons", "sfb_desk.rules.charts.seeking"} & set(loaded)
