"""The phaser tables (E2): phaser-1, -2, -3, -4 and -G, each a die-roll damage table.

Rows are the 1d6 roll, columns the range bands, cells the damage (range-of-effect weapons; EW
shifts per E1.822, see :mod:`.tables`). Sources, ../shared/reference/basic-set-facts.md:

* phaser-1, -2, -3: section 5.4 (four peers agree cell for cell; the SSD tables in our seed,
  ssd_tables.json, give the same chosen rows). Phaser-1 die-3 row and phaser-2 die-2 row were
  disputed: sfb_desk/rules/decisions.md (E2).
* phaser-4: G4.5 (the SFB Online client chart and Terragos agree). Its "0-5" column splits at
  3/4 for dice 3-6, so the bands are printed as 0-3 and 4-5, as on the SSD (ground-based
  phaser-4); maximum range 100.
* phaser-G fires on the phaser-3 table (G4.5; E2.15): the same rows, not a copy.
"""

from __future__ import annotations

from dataclasses import replace

from .tables import DieTable, parse_bands

PHASER_1 = DieTable(
    name="phaser-1",
    title="Phaser-1",
    rule="E2",
    bands=parse_bands("0", "1", "2", "3", "4", "5", "6-8", "9-15", "16-25", "26-50", "51-75"),
    rows=(
        (9, 8, 7, 6, 5, 5, 4, 3, 2, 1, 1),
        (8, 7, 6, 5, 5, 4, 3, 2, 1, 1, 0),
        (7, 5, 5, 4, 4, 4, 3, 1, 0, 0, 0),
        (6, 4, 4, 4, 4, 3, 2, 0, 0, 0, 0),
        (5, 4, 4, 4, 3, 3, 1, 0, 0, 0, 0),
        (4, 4, 3, 3, 2, 2, 0, 0, 0, 0, 0),
    ),
    notes=(
        "Maximum range 75. Fires from the phaser capacitor: 1 energy (H6.21).",
        "Die-3 row as the four peers read it; see decisions.md (E2).",
    ),
)

PHASER_2 = DieTable(
    name="phaser-2",
    title="Phaser-2",
    rule="E2",
    bands=parse_bands("0", "1", "2", "3", "4-8", "9-15", "16-30", "31-50"),
    rows=(
        (6, 5, 5, 4, 3, 2, 1, 1),
        (6, 5, 4, 4, 2, 1, 1, 0),
        (6, 4, 4, 4, 1, 1, 0, 0),
        (5, 4, 4, 3, 1, 0, 0, 0),
        (5, 4, 3, 3, 0, 0, 0, 0),
        (5, 3, 3, 3, 0, 0, 0, 0),
    ),
    notes=("Maximum range 50. Fires from the phaser capacitor: 1 energy (H6.21).",),
)

PHASER_3 = DieTable(
    name="phaser-3",
    title="Phaser-3",
    rule="E2",
    bands=parse_bands("0", "1", "2", "3", "4-8", "9-15"),
    rows=(
        (4, 4, 4, 3, 1, 1),
        (4, 4, 4, 2, 1, 0),
        (4, 4, 4, 1, 0, 0),
        (4, 4, 3, 0, 0, 0),
        (4, 3, 2, 0, 0, 0),
        (3, 3, 1, 0, 0, 0),
    ),
    notes=("Maximum range 15. Fires from the phaser capacitor: 0.5 energy (H6.21).",),
)

PHASER_4 = DieTable(
    name="phaser-4",
    title="Phaser-4",
    rule="E2",
    bands=parse_bands(
        "0-3", "4-5", "6", "7", "8", "9", "10", "11-13", "14-17", "18-25", "26-40", "41-70",
        "71-100",
    ),
    rows=(
        (20, 20, 20, 15, 12, 10, 8, 6, 5, 4, 3, 2, 1),
        (20, 20, 15, 12, 11, 9, 8, 6, 4, 3, 2, 1, 0),
        (20, 15, 12, 11, 10, 8, 7, 5, 4, 2, 1, 0, 0),
        (20, 15, 11, 10, 9, 8, 6, 4, 3, 1, 0, 0, 0),
        (15, 12, 10, 9, 8, 7, 5, 3, 2, 0, 0, 0, 0),
        (15, 10, 9, 8, 7, 6, 5, 3, 1, 0, 0, 0, 0),
    ),
    notes=(
        "Maximum range 100 (the SSD prints the last band open, 71+); see decisions.md (E2).",
    ),
)

PHASER_G = replace(
    PHASER_3,
    name="phaser-g",
    title="Phaser-G (gatling)",
    rule="E2.15",
    notes=(
        "Fires on the phaser-3 table, up to 4 times a turn at 1/4 energy a shot, exempt from"
        " the 1/4-turn refire gap (E2.151).",
    ),
)

PHASER_TABLES: dict[str, DieTable] = {
    t.name: t for t in (PHASER_1, PHASER_2, PHASER_3, PHASER_4, PHASER_G)
}


def phaser_table(kind: str) -> DieTable:
    """The table for ``kind``: "phaser-1" .. "phaser-4", "phaser-g" (also "1", "G", "PH-1")."""
    key = str(kind).strip().lower().removeprefix("phaser-").removeprefix("ph-")
    try:
        return PHASER_TABLES[f"phaser-{key}"]
    except KeyError:
        known = ", ".join(PHASER_TABLES)
        raise ValueError(f"unknown phaser kind {kind!r} (known: {known})") from None


def phaser_damage(kind: str, die: int, range_: int, shift: int = 0) -> int:
    """Damage of one phaser shot (E2): ``kind`` at ``range_`` on a 1d6 ``die``.

    ``shift`` is the net EW shift (D6.34), applied per E1.822. A range beyond the phaser's
    maximum raises :class:`~.tables.OutOfRange`.
    """
    return phaser_table(kind).damage(die, range_, shift)


def phaser_max_range(kind: str) -> int:
    return phaser_table(kind).max_range
