"""Ship information lookup: the Combined Operations SIT excerpts (701.S-711.S), and the link
from each counter to its SFB ship in our library where one exists.

The SIT's "SFB Ref #" column gives a number (or an R-number) within the race's section of the
SFB rules: the D5A's "24" is Klingon R3.24, the monitor's "22" is R1.22. The rulebook does not
say so; the reading is an inference (decisions.md), so every link says how it was found: "SFB
ref R3.24" (the library ship's rule number matches) or "class code" (a ship of the same race
and class code, for counters without an SFB ref or whose ref is not in the library).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .sit_data import SIT_ROWS

#: SIT race -> (SFB R section, library race code)
RACE_SECTIONS: dict[str, tuple[str, str]] = {
    "General": ("R1", "GEN"), "Federation": ("R2", "FED"), "Klingon": ("R3", "KLI"),
    "Romulan": ("R4", "ROM"), "Kzinti": ("R5", "KZI"), "Gorn": ("R6", "GOR"),
    "Tholian": ("R7", "THO"), "Orion": ("R8", "ORI"), "Hydran": ("R9", "HYD"),
    "Lyran": ("R11", "LYR"),
}
SINGLE_SOURCE = "F&E Combined Operations SIT excerpt (one source)"


@dataclass(frozen=True, slots=True)
class SitEntry:
    race: str
    designation: str
    sfb_ref: str
    factors: str
    product: str
    command: str
    date: str
    hull: str
    conversion: str
    build: str
    salvage: str
    notes: str
    line: int

    @property
    def attack(self) -> int | None:
        m = re.match(r"\s*(\d+)", self.factors)
        return int(m.group(1)) if m else None

    @property
    def defense(self) -> int | None:
        """The second number of ``attack-defense`` (a single number is both, e.g. "9/4")."""
        m = re.match(r"\s*(\d+)(?:[-+](\d+))?", self.factors)
        if not m:
            return None
        return int(m.group(2) or m.group(1))

    @property
    def ew(self) -> str:
        """The EW rating or choices from the notes (313.1), e.g. "4" or "4EW:2AF, 1EW:6AF"."""
        choices = re.findall(r"\((\d+EW:\w+)\)", self.notes)
        if choices:
            return ", ".join(choices)
        m = re.search(r"EW\s*=\s*(\d+)", self.notes)
        return m.group(1) if m else ""

    @property
    def shock(self) -> int | None:
        """The non-shock attack factor of a shock variant (311.22)."""
        m = re.search(r"non-shock attack factor\s*=\s*(\d+)", self.notes)
        return int(m.group(1)) if m else None

    def sfb_rule(self) -> str | None:
        """The SFB rule number the SFB ref column reads as (inferred), or None."""
        ref = self.sfb_ref.strip()
        if re.fullmatch(r"R\d+\.\d+[A-Z]?", ref):
            return ref
        if re.fullmatch(r"\d+[A-Z]?", ref):
            return f"{RACE_SECTIONS[self.race][0]}.{ref}"
        return None

    def as_dict(self) -> dict:
        return {"race": self.race, "designation": self.designation, "sfb_ref": self.sfb_ref,
                "factors": self.factors, "product": self.product, "command": self.command,
                "date": self.date, "hull": self.hull, "conversion": self.conversion,
                "build": self.build, "salvage": self.salvage, "notes": self.notes,
                "attack": self.attack, "defense": self.defense, "ew": self.ew,
                "shock": self.shock, "sfb_rule": self.sfb_rule(), "source": SINGLE_SOURCE}


ENTRIES: tuple[SitEntry, ...] = tuple(
    SitEntry(*row[:12], line=int(row[12])) for row in SIT_ROWS)


def lookup(text: str = "", race: str | None = None, exact: bool = False) -> list[SitEntry]:
    """Entries whose designation matches ``text`` exactly (any case), else (unless ``exact``)
    whose designation or notes contain it."""
    needle = text.strip().casefold()
    pool = [e for e in ENTRIES if race is None or e.race.casefold() == race.casefold()]
    exact_hits = [e for e in pool if e.designation.casefold() == needle]
    if exact_hits or not needle:
        return exact_hits or pool
    if exact:
        return []
    return [e for e in pool if needle in e.designation.casefold()
            or needle in e.notes.casefold()]


@dataclass(frozen=True, slots=True)
class Link:
    ship_id: str
    how: str  # "SFB ref R3.24" or "class code"


def library_index(library) -> dict[str, list[str]]:
    """rule number -> library ship ids, and (race code, class code) keys, from a
    :class:`sfb_desk.data.library.ShipLibrary`."""
    index: dict[str, list[str]] = {}
    for ship_id, spec in library.ships.items():
        if spec.rule:
            index.setdefault(spec.rule.upper(), []).append(ship_id)
        index.setdefault(f"{spec.race}:{spec.class_code.upper()}", []).append(ship_id)
    return index


def link_entry(entry: SitEntry, index: dict[str, list[str]]) -> Link | None:
    rule = entry.sfb_rule()
    if rule and rule.upper() in index:
        return Link(sorted(index[rule.upper()])[0], f"SFB ref {rule}")
    return link_counter(entry.race, entry.designation, index)


def link_counter(race: str, counter: str, index: dict[str, list[str]]) -> Link | None:
    """A counter (e.g. a set-up chart's "D7") to the library ship of that race and class."""
    if race not in RACE_SECTIONS:
        return None
    code = RACE_SECTIONS[race][1]
    ids = index.get(f"{code}:{counter.strip().upper()}")
    return Link(sorted(ids)[0], "class code") if ids else None
