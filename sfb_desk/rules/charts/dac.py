"""The Damage Allocation Chart (D4.21) as data.

Rows are the 2d6 roll (2..12); columns A..M are walked left to right (D4.22). A bold entry
(marked ``bold=True``) is scored at most once per volley (D4.31). The cells are the chart's
printed entries, reduced to the engine's vocabulary:

* counted systems use the names of :mod:`sfb_desk.rules.ship` (``left_warp``, ``aft_hull`` ...);
* weapon entries are the DAC groups ``phaser``, ``torpedo`` ("Torp") and ``drone``, and
  ``any_weapon``; ``any_warp`` is "Any W En"; ``excess_damage`` is column M;
* ``shuttle`` hits a shuttle box; ``sensor``, ``scanner`` and ``damage_control`` hit the tracks.

Source: ../shared/reference/basic-set-facts.md section 5.1 (the ADB 1990 chart sheet; identical
cell for cell, bold included, in three independent transcriptions). The SFB Online client's
row 11 column L reads Probe instead of Phaser; we follow the printed chart
(sfb_desk/rules/decisions.md, D4.21).
"""

from __future__ import annotations

from dataclasses import dataclass

COLUMNS: tuple[str, ...] = tuple("ABCDEFGHIJKLM")


@dataclass(frozen=True, slots=True)
class DacEntry:
    system: str
    bold: bool = False
    label: str = ""  # the chart's own wording, for display and logs


def _e(label: str) -> DacEntry:
    bold = label.endswith("*")
    label = label.rstrip("*")
    return DacEntry(_SYSTEM_OF_LABEL[label], bold, label)


_SYSTEM_OF_LABEL: dict[str, str] = {
    "Bridge": "bridge",
    "Flag Bridge": "flag_bridge",
    "Emer Bridge": "emergency_bridge",
    "Aux Control": "aux_control",
    "Sensor": "sensor",
    "Scanner": "scanner",
    "Damage Control": "damage_control",
    "F Hull": "forward_hull",
    "A Hull": "aft_hull",
    "Cargo": "cargo",
    "Left W En": "left_warp",
    "Right W En": "right_warp",
    "Center W En": "center_warp",
    "Any W En": "any_warp",
    "Impulse": "impulse",
    "APR": "apr",
    "Battery": "battery",
    "Trans": "transporter",
    "Tractor": "tractor",
    "Shuttle": "shuttle",
    "Lab": "lab",
    "Probe": "probe",
    "Phaser": "phaser",
    "Torp": "torpedo",
    "Drone": "drone",
    "Any Weapon": "any_weapon",
    "Excess Damage": "excess_damage",
    "Excess": "excess_damage",
}

_ROWS_TEXT: dict[int, tuple[str, ...]] = {
    2: ("Bridge*", "Flag Bridge*", "Sensor*", "Damage Control*", "A Hull*", "Left W En",
        "Trans", "Tractor", "Shuttle", "Lab", "F Hull", "Right W En", "Excess Damage"),
    3: ("Drone*", "Phaser*", "Impulse", "Left W En", "Right W En", "A Hull", "Shuttle",
        "Damage Control*", "Center W En", "Lab", "Battery", "Phaser", "Excess"),
    4: ("Phaser*", "Trans*", "Right W En", "Impulse", "F Hull", "A Hull", "Left W En", "APR",
        "Lab", "Trans", "Probe", "Center W En", "Excess"),
    5: ("Right W En*", "A Hull", "Cargo", "Battery", "Shuttle", "Torp*", "Left W En", "Impulse",
        "Right W En", "Tractor", "Probe", "Any Weapon", "Excess"),
    6: ("F Hull", "Impulse", "Lab", "Left W En", "Sensor*", "Tractor", "Shuttle", "Right W En",
        "Phaser", "Trans", "Battery", "Any Weapon", "Excess"),
    7: ("Cargo", "F Hull", "Battery", "Center W En", "Shuttle", "APR", "Lab", "Phaser",
        "Any W En", "Probe", "A Hull", "Any Weapon", "Excess"),
    8: ("A Hull", "APR", "Shuttle", "Right W En", "Scanner*", "Tractor", "Lab", "Left W En",
        "Phaser", "Trans", "Battery", "Any Weapon", "Excess"),
    9: ("Left W En*", "F Hull", "Cargo", "Battery", "Lab", "Drone*", "Right W En", "Impulse",
        "Left W En", "Tractor", "Probe", "Any Weapon", "Excess"),
    10: ("Phaser*", "Tractor*", "Left W En", "Impulse", "A Hull", "F Hull", "Right W En", "APR",
         "Lab", "Trans", "Probe", "Center W En", "Excess"),
    11: ("Torp*", "Phaser*", "Impulse", "Right W En", "Left W En", "F Hull", "Tractor",
         "Damage Control*", "Center W En", "Lab", "Battery", "Phaser", "Excess"),
    12: ("Aux Control*", "Emer Bridge*", "Scanner*", "Probe*", "F Hull*", "Right W En", "Trans",
         "Shuttle", "Tractor", "Lab", "A Hull", "Left W En", "Excess"),
}

#: DAC[roll] is the row for that 2d6 roll: a tuple of 13 entries, columns A..M.
DAC: dict[int, tuple[DacEntry, ...]] = {
    roll: tuple(_e(label) for label in row) for roll, row in _ROWS_TEXT.items()
}

#: Every system name a DAC cell can hold.
DAC_SYSTEMS: frozenset[str] = frozenset(e.system for row in DAC.values() for e in row)
