"""Our charts against the SSD tables extracted from the seeds (tools/reference/ssd_tables.json).

Where we follow the extraction's chosen copy the test says so; where we do not, the test pins
the exact difference recorded in sfb_desk/rules/decisions.md, so a change on either side shows.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from sfb_desk.rules.charts import c2, heavy_weapons, phasers, seeking
from sfb_desk.rules.charts.tables import hit_label

SSD_TABLES = Path(__file__).resolve().parents[2] / "tools" / "reference" / "ssd_tables.json"


@cache
def _tables() -> dict:
    return json.loads(SSD_TABLES.read_text(encoding="utf-8"))


def _chosen(name: str) -> dict:
    return _tables()["tables"][name]["chosen"]


def _labels(table) -> list[str]:
    return [b.label for b in table.bands]


@pytest.mark.parametrize(("ssd", "table"), [
    ("PHASER-1", phasers.PHASER_1), ("PHASER-2", phasers.PHASER_2),
    ("PHASER-3", phasers.PHASER_3),
])
def test_phaser_tables_equal_the_chosen_ssd_copy(ssd, table):
    chosen = _chosen(ssd)
    assert chosen["range_bands"] == _labels(table)
    assert [tuple(chosen["rows"][str(d)]) for d in range(1, 7)] == list(table.rows)


def test_phaser_1_die_3_candidates():
    """decisions.md E2: the seed's copies split on die 3; we take the peers' row, which is
    also the extraction's monotone choice, over the 5-vote plurality."""
    candidates = _tables()["tables"]["PHASER-1"]["row_candidates"][2]
    by_votes = {tuple(c["values"]): c["votes"] for c in candidates}
    assert by_votes[(7, 5, 5, 4, 4, 3, 1, 0, 0, 0, 0)] == 5
    assert by_votes[phasers.PHASER_1.rows[2]] == 4


def test_phaser_4_ssd_die_2_row_agrees():
    """The ground-based phaser-4 page has one full-width row (die 2) under 13 bands."""
    entry = _tables()["tables"]["PHASER-4"]
    assert entry["range_bands_reconstructed"]["bands"][:-1] == _labels(phasers.PHASER_4)[:-1]
    assert entry["range_bands_reconstructed"]["bands"][-1] == "71+"  # we close it at 100
    assert tuple(entry["copies"][0]["rows_printed"][1]) == phasers.PHASER_4.rows[1]


def test_fusion_equals_the_ssd_copy():
    chosen = _chosen("FUSION BEAM")
    assert chosen["range_bands_reconstructed"] == _labels(heavy_weapons.FUSION)
    assert [tuple(chosen["rows"][str(d)]) for d in range(1, 7)] == list(heavy_weapons.FUSION.rows)
    over = _chosen("FUSION OVERLOAD")
    assert [tuple(over["rows"][str(d)]) for d in range(1, 7)] == list(
        heavy_weapons.FUSION_OVERLOAD.rows
    )
    # decisions.md E7: the SSD header reads 3-6; we take 3-8 (overload maximum range 8).
    assert over["range_bands"] == ["0", "1", "2", "3-6"]
    assert _labels(heavy_weapons.FUSION_OVERLOAD) == ["0", "1", "2", "3-8"]


def _hit_cells(chart, mode: str) -> list[str]:
    return [hit_label(h, chart.dice) for h in chart.modes[mode].hit]


def _printed(row: list) -> list[str]:
    return ["-" if c in ("NA", "-", "–", None) else c for c in row]


def test_disruptor_equals_the_chosen_copy():
    chosen = _chosen("DISRUPTOR")
    chart = heavy_weapons.DISRUPTOR
    rows = chosen["rows_printed"]
    assert chosen["range_bands"] == _labels(chart)
    assert _printed(rows["HIT STD"]) == _hit_cells(chart, "standard")
    assert _printed(rows["HIT DERFACS"]) == _hit_cells(chart, "derfacs")
    assert _printed(rows["HIT OVERLOAD"]) == _hit_cells(chart, "overload")
    assert _printed(rows["HIT OVERLOAD UIM"])[:7] == _hit_cells(chart, "uim-overload")[:7]
    # decisions.md E3: the SSD prints UIM only to 16-22; 23-30 and 31-40 come from the peers.
    assert _printed(rows["HIT UIM"])[:7] == _hit_cells(chart, "uim")[:7]
    assert rows["HIT UIM"][7:] == [None, None]
    assert [int(c) for c in rows["DAMAGE STD"]] == list(chart.modes["standard"].damage)
    assert [int(c) for c in rows["DAMAGE OVERLOAD"]] == list(chart.modes["overload"].damage)


def test_photon_equals_the_chosen_copy():
    chosen = _chosen("PHOTON")
    chart = heavy_weapons.PHOTON
    rows = chosen["rows_printed"]
    assert chosen["range_bands"] == _labels(chart)
    assert _printed(rows["HIT STD"]) == _hit_cells(chart, "standard")
    assert _printed(rows["HIT PROXIMITY"]) == _hit_cells(chart, "proximity")
    assert _printed(rows["HIT OVERLOAD"]) == _hit_cells(chart, "overload")
    assert rows["DAMAGE OVERLOAD"][:4] == ["VARIES"] * 4  # we chart 2 x energy (E4.413)


def test_hellbore_equals_the_chosen_copy():
    chosen = _chosen("HELLBORE")["rows_numeric"]
    chart = heavy_weapons.HELLBORE
    assert tuple(chosen["HIT"]) == chart.modes["standard"].hit
    assert tuple(chosen["BASE DAMAGE"]) == chart.modes["standard"].damage
    assert tuple(chosen["O/L DAMAGE"]) == chart.modes["overload"].damage


def test_plasma_equals_the_chosen_copy():
    chosen = _chosen("PLASMA WARHEAD")
    assert chosen["range_bands"] == [b.label for b in seeking.PLASMA_BANDS]
    for letter in "RSGF":
        assert tuple(chosen["rows_numeric"][f"TYPE {letter}"]) == seeking.PLASMA_WARHEADS[letter]
    d = chosen["rows_numeric"]["TYPE D"]
    assert tuple(d[:5]) == seeking.PLASMA_D_WARHEAD[:5]


def test_anti_drone_equals_the_chosen_copy():
    chosen = _chosen("ANTI-DRONE")
    assert chosen["range_bands"] == _labels(seeking.ANTI_DRONE)
    assert tuple(chosen["rows_numeric"]["HIT"]) == seeking.ANTI_DRONE.modes["standard"].hit


def test_ppd_web_caster_and_web_fist_equal_the_monitor_page():
    ppd = _chosen("PPD")["rows_numeric"]
    assert tuple(ppd["HIT"]) == c2.PPD.modes["standard"].hit
    assert tuple(ppd["DAMAGE"]) == c2.PPD.modes["standard"].damage
    web = _chosen("WEB CASTER")["rows_numeric"]
    assert [[int(str(c).rstrip("*")) for c in row] for row in web.values()] == [
        list(row) for row in c2.WEB_CASTER_STRENGTH
    ]
    fist = _chosen("WEB FIST")["rows_numeric"]
    assert tuple(fist["HIT"]) == c2.WEB_FIST.modes["1"].hit
    damage_rows = [fist["ENERGY"], fist["row4"], fist["row5"], fist["row6"], fist["row7"]]
    charted = [c2.WEB_FIST.modes[str(e)].damage for e in range(1, 6)]
    assert [tuple(r) for r in damage_rows] == charted


def test_module_c2_rule_tables_are_the_ones_charted():
    titles = {t["rule"]: t["title"] for t in _tables()["module_c2_rule_tables"]}
    assert set(titles) == {"E9.35", "E9.36", "E11.32", "E12.44", "E14.22", "E14.31", "G18.33"}
    charted = {c2.TR_HEAVY.rule, c2.TR_LIGHT.rule, c2.PPD.rule, "E12.44", c2.WEB_FIST.rule,
               "E14.31", c2.DISPLACEMENT.rule}
    assert charted == set(titles)
