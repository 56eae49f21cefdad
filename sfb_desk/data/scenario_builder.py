"""A scenario built in the app (ships, hexes, facings, speeds, terrain, mines, victory) written as
a scenario file that validates like the library's (ssd_data/scenarios/FORMAT.md).

:class:`BuiltScenario` holds what the builder's dialog collects; :func:`scenario_text` writes it
as TOML (``tomli_w`` does the quoting); :func:`check_built` parses that text with the same
loader as the library (:func:`~sfb_desk.data.scenario_file.parse_scenario_text`), so a file the
builder saves is a file the library loads; :func:`save_built` writes it into the user's
scenarios folder. Built scenarios are SFB Desk set-ups, not rulebook scenarios: origin
``practice``, id ``PRACTICE-<NAME>``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from ..rules.systems.mines.laying import parse_rack_loads
from ..rules.systems.mines.records import MineError
from . import paths
from .custom_setup import UnitEntry
from .library import ShipLibrary
from .scenario_file import FileProblem, Scenario, ScenarioFileError, parse_scenario_text
from .scenario_schema import FORMAT_NAME, PRACTICE_PREFIX, SCHEMA_VERSION

DRAGON_AGES = ("young", "adult", "old", "ancient")  # SM7.461
NOTE = "Built in SFB Desk's scenario builder: not a rulebook scenario."


@dataclass(frozen=True, slots=True)
class BuiltTerrain:
    """A terrain feature; ``strength`` and ``motion`` ("C/D") for a gravity wave (P9.12) and
    ``motion`` for an ion storm's waves (P14.2, else rolled before play)."""

    kind: str
    hexes: tuple[str, ...]
    name: str = ""
    strength: int | None = None
    motion: str = ""


@dataclass(frozen=True, slots=True)
class BuiltMonster:
    """A monster placed by hand: its side, kind (:data:`~sfb_desk.rules.systems.monsters.
    MONSTERS`), hex, facing and, for a Space Dragon, its age (SM7.461)."""

    side: str
    monster: str
    hex: str
    facing: str = "A"
    age: str = ""


@dataclass(frozen=True, slots=True)
class BuiltMine:
    """One mine placed by hand (M6.1): the owner side and the record's fields."""

    side: str
    hex: str
    size: str = "large"
    type: str = "explosive"
    control: str = "automatic"
    detection: int = 1
    detection_range: int = 1
    chain_of: tuple[str, ...] = ()  # chain/deadman: hexes of the mines it answers (M5.33)


@dataclass(frozen=True, slots=True)
class BuiltScenario:
    title: str
    units: tuple[UnitEntry, ...]
    map_kind: str = "fixed"
    turns: int | None = None
    year: int | None = None
    terrain: tuple[BuiltTerrain, ...] = ()
    monsters: tuple[BuiltMonster, ...] = ()
    mines: tuple[BuiltMine, ...] = ()
    #: standard minefields (M6.2) laid as the M6.4 sample in a belt: (side, first, last column)
    standard_fields: tuple[tuple[str, int, int], ...] = ()
    victory_kind: str = "standard"
    victory_text: str = "Standard Victory Conditions (S2.20)."
    summary: str = ""
    notes: tuple[str, ...] = field(default=())

    @property
    def id(self) -> str:
        return scenario_id(self.title)


def scenario_id(title: str) -> str:
    """``PRACTICE-`` and the title in capitals, letters and digits joined by hyphens."""
    words = re.findall(r"[A-Za-z0-9]+", title.upper())
    if words and words[0] == "PRACTICE":
        words = words[1:]
    return PRACTICE_PREFIX + ("-".join(words) or "SCENARIO")


def _rack_table(text: str) -> dict[str, Any]:
    """A row's rack loads as the file's ``mine_racks`` (M9.17); {} when none is typed or the
    text is not a load (the row's check names the problem)."""
    try:
        loads = parse_rack_loads(text, len(text.split(",")))
    except MineError:
        return {}
    return {} if loads is None else {
        "mine_racks": [{"large": large, "small": small} for large, small in loads]}


def scenario_dict(built: BuiltScenario) -> dict[str, Any]:
    """The table tree of the scenario file (FORMAT.md)."""
    head: dict[str, Any] = {"id": built.id, "title": built.title or "Untitled",
                            "origin": "practice", "summary": built.summary or built.title,
                            "notes": [NOTE, *built.notes]}
    if built.year is not None:
        head["year"] = built.year
    length: dict[str, Any] = {"until": "one side destroyed, captured or disengaged"}
    if built.turns:
        length["turns"] = built.turns
    sides: dict[str, list[dict[str, Any]]] = {}
    for e in built.units:
        unit: dict[str, Any] = {"ship": e.ship.upper(), "hex": e.hex.strip(),
                                "facing": e.facing or "choice",
                                "speed": e.speed if e.speed is not None else "max",
                                "weapon_status": e.weapon_status
                                if e.weapon_status is not None else "roll"}
        if e.unit_id.strip():
            unit["name"] = e.unit_id.strip()
        if e.refits:
            unit["refits"] = list(e.refits)
        if e.arrives_turn is not None:
            unit["arrives_turn"] = e.arrives_turn
        unit.update(_rack_table(e.mine_racks))
        sides.setdefault(e.side.strip(), []).append(unit)
    for m in built.monsters:
        sides.setdefault(m.side.strip(), []).append(monster_unit(m))
    raw: dict[str, Any] = {
        "format": FORMAT_NAME, "format_version": SCHEMA_VERSION, "scenario": head,
        "status": {"playable": True}, "map": {"kind": built.map_kind}, "length": length,
    }  # fmt: skip
    if built.terrain:
        raw["terrain"] = [
            {"kind": t.kind, "hexes": list(t.hexes), **({"name": t.name} if t.name else {}),
             **({"strength": t.strength} if t.strength else {}),
             **({"motion": t.motion} if t.motion else {})}
            for t in built.terrain
        ]
    fields: list[dict[str, Any]] = []
    for side, first, last in built.standard_fields:
        fields.append({"side": side, "package": "standard", "columns": [first, last],
                       "area": f"columns {first:02d}-{last:02d}", "hidden": True})
    by_side: dict[str, list[dict[str, Any]]] = {}
    for m in built.mines:
        mine = {"hex": m.hex, "size": m.size, "type": m.type, "control": m.control,
                "detection": m.detection, "detection_range": m.detection_range}
        if m.chain_of:
            mine["chain_of"] = list(m.chain_of)
        by_side.setdefault(m.side, []).append(mine)
    for side, mines in by_side.items():
        fields.append({"side": side, "package": "custom", "hidden": True, "mines": mines})
    if fields:
        raw["minefields"] = fields
    raw["sides"] = [{"name": name, "units": units} for name, units in sides.items()]
    raw["victory"] = {"kind": built.victory_kind, "text": built.victory_text}
    return raw


def monster_unit(m: BuiltMonster) -> dict[str, Any]:
    """A monster's ``[[sides.units]]``: its speed is its kind's (SM5.45, SM6.45) or, for a
    dragon, its wings over its age's speed factor (SM7.464)."""
    from ..rules.systems.monsters import MONSTERS, DragonRecord

    unit: dict[str, Any] = {"monster": m.monster, "hex": m.hex.strip(), "facing": m.facing}
    if m.monster == "Space Dragon":
        age = m.age or "adult"
        unit["age"] = age
        unit["speed"] = DragonRecord.new(age).speed() if age in DRAGON_AGES else 0
    else:
        known = MONSTERS.get(m.monster)
        unit["speed"] = known.speed if known is not None else 0
    return unit


def scenario_text(built: BuiltScenario) -> str:
    """The scenario file's text."""
    head = (f"# {built.title}: {NOTE}\n# Saved by SFB Desk's scenario builder; format "
            "described in ssd_data/scenarios/FORMAT.md.\n")
    return head + tomli_w.dumps(scenario_dict(built))


def check_built(built: BuiltScenario, library: ShipLibrary) -> Scenario | list[FileProblem]:
    """The scenario as the library would load it, or every problem (the loader's own)."""
    try:
        return parse_scenario_text(scenario_text(built), f"{built.id}.toml", library)
    except ScenarioFileError as error:
        return error.problems


def save_built(built: BuiltScenario, library: ShipLibrary, folder: Path | None = None
               ) -> Path | list[FileProblem]:
    """Write the scenario into ``folder`` (default the user's scenarios folder) as
    ``<ID>.toml`` once it validates; the problems instead when it does not."""
    checked = check_built(built, library)
    if isinstance(checked, list):
        return checked
    folder = folder if folder is not None else paths.user_data_dir() / "scenarios"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{built.id}.toml"
    path.write_text(scenario_text(built), encoding="utf-8")
    return path


def sides_of(units: Sequence[UnitEntry]) -> list[str]:
    return list(dict.fromkeys(e.side.strip() for e in units if e.side.strip()))
