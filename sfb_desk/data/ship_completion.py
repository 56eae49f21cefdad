"""Completing a ship class from the player's SSD book (issue 16): the designer's model, no Qt.

:class:`Completion` follows one class while the player types. It keeps

* a **checklist**: each fact the file misses (``[status].missing``) with whether the ship being
  edited now has it, and each fact the sources dispute (``[[disagreements]]``) with the sources'
  values side by side and the value the ship has now; a disputed fact is done once the player
  says the value typed matches the SSD book (:meth:`Completion.settle`);
* the **problems** of the ship as the file loader would report them (validation as you type);
* :meth:`Completion.mark_verified`: "checked against my SSD book, page N": complete, verified,
  ``checked_against`` the page, the settled disagreements noted;
* :meth:`Completion.save`: the file in the user's ships folder, where the library finds it
  first (:meth:`sfb_desk.data.library.ShipLibrary.add_file` puts it in at once).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from sfb_desk.data import paths
from sfb_desk.data.ship_file import ShipFileError, dump_ship, parse_ship_text, save_ship
from sfb_desk.rules.ship import COUNTED_SYSTEMS, Disagreement, ShipSpec

#: What the library's ``missing`` entries ask for, as tests on the ship being edited.
FILLED: dict[str, Callable[[ShipSpec], bool]] = {
    "shield box counts": lambda s: s.shields is not None,
    "system box counts": lambda s: bool(s.systems),
    "weapons": lambda s: bool(s.weapons),
    "sensor/scanner/damage-control tracks": lambda s: bool(
        s.sensor_track and s.scanner_track and s.damage_control_track),
    "excess damage boxes": lambda s: s.excess_damage is not None,
    "shuttle boxes": lambda s: bool(s.shuttle_bays),
    "crew units and boarding parties": lambda s: s.crew_units is not None
    and s.boarding_parties is not None,
    "transporter bomb boxes": lambda s: any("bomb" in x.key for x in s.special),
    "BPV": lambda s: s.bpv_combat is not None,
    "size class": lambda s: s.size_class is not None,
    "movement cost": lambda s: s.move_cost is not None,
    "turn mode": lambda s: s.turn_mode is not None,
    "breakdown": lambda s: s.breakdown is not None,
    # Entries that start with these words (the importer adds the reason after them).
    "sensor/scanner tracks": lambda s: bool(s.sensor_track) and len(s.sensor_track)
    == len(s.scanner_track),
    "web generator": lambda s: any("web" in x.key for x in s.special),
}


def is_filled(entry: str, spec: ShipSpec) -> bool | None:
    """Whether the ship has the fact a ``missing`` entry asks for; None: no test can tell."""
    for key, test in FILLED.items():
        if entry == key or entry.startswith(key + " "):
            return test(spec)
    return None
_SECTIONS = {"bpv.combat": "bpv_combat", "bpv.economic": "bpv_economic",
             "tracks.sensor": "sensor_track", "tracks.scanner": "scanner_track",
             "tracks.damage_control": "damage_control_track",
             "tracks.excess_damage": "excess_damage"}


#: The core reference's disagreement names for [systems] keys.
_PLURALS = {"transporters": "transporter", "tractors": "tractor", "labs": "lab",
            "probes": "probe", "probe_launchers": "probe"}


def value_now(spec: ShipSpec, field: str) -> object:
    """The value the ship has now for a disagreement's ``field`` (file paths as the importer
    writes them: ``systems.flag_bridge``, ``tracks.sensor``, ``data.move_cost``, ...)."""
    if field.startswith("systems.hull"):
        return "/".join(str(spec.count(k)) for k in ("forward_hull", "aft_hull", "center_hull"))
    if field.startswith("systems."):
        return spec.count(field.split(".", 1)[1])
    if field in _SECTIONS:
        value = getattr(spec, _SECTIONS[field])
        return list(value) if isinstance(value, tuple) else value
    if field.startswith("weapons ("):
        kind = field[len("weapons ("):-1]
        groups = {"phaser boxes": lambda t: t.startswith("PH-"),
                  "drone and ADD boxes": lambda t: t in ("DRONE", "ADD")}
        test = groups.get(kind, lambda t: not t.startswith("PH-") and t not in ("DRONE", "ADD"))
        return sum(w.boxes for w in spec.weapons if test(w.type))
    if field == "shuttle boxes":
        return spec.shuttle_boxes
    name = _PLURALS.get(field.split(".", 1)[-1], field.split(".", 1)[-1])
    if name in COUNTED_SYSTEMS:
        return spec.count(name)
    if name == "shields":
        return list(spec.shields) if spec.shields is not None else None
    value = getattr(spec, name, None)
    return str(value) if value is not None and name in ("move_cost",) else value


def _text(value: object) -> str:
    if value is None:
        return "—"
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    return str(value)


#: The check item of a RECONSTRUCTED Module C2 class: every count not stated by the module must
#: be typed from the player's SSD book and confirmed before the ship is marked checked.
RECONSTRUCTED_ENTRY = "every reconstructed box count (from your SSD book)"

@dataclass(frozen=True)
class CheckItem:
    """One line of the checklist."""

    field: str  # a [status].missing entry, or a disagreement's field
    kind: str  # "missing" or "disputed"
    done: bool
    now: str  # the value the ship has now (disputed facts)
    values: tuple[tuple[str, str], ...] = ()  # source -> value, side by side


class Completion:
    """The model of the designer's completion view (module doc)."""

    def __init__(self, spec: ShipSpec) -> None:
        self.start = spec
        self.spec = spec
        self.settled: set[str] = set()
        self.confirmed: set[str] = set()  # missing entries no test can see (player's word)

    # -- following the edits --------------------------------------------------------------
    def update(self, spec: ShipSpec) -> None:
        """The ship as the designer has it now."""
        self.spec = spec

    def settle(self, field: str) -> None:
        """The player says the value the ship has now for a disputed fact matches the book."""
        if field not in {d.field for d in self.start.disagreements}:
            raise KeyError(f"{field!r} is not disputed in {self.start.id}")
        self.settled.add(field)

    def confirm(self, entry: str) -> None:
        """The player says a missing entry is settled: entered where no test can see it (e.g.
        "web generator ..."), or none on this SSD (e.g. no transporter bombs)."""
        if entry == RECONSTRUCTED_ENTRY and self.start.data_status == "reconstructed":
            self.confirmed.add(entry)
            return
        if entry not in self.start.missing:
            raise KeyError(f"{entry!r} is not missing in {self.start.id}")
        self.confirmed.add(entry)

    # -- what is left --------------------------------------------------------------------------
    def checklist(self) -> list[CheckItem]:
        items = []
        for entry in self.start.missing:
            done = bool(is_filled(entry, self.spec)) or entry in self.confirmed
            items.append(CheckItem(entry, "missing", done, ""))
        if self.start.data_status == "reconstructed":  # issue 17: Module C2 prints no counts
            items.append(CheckItem(RECONSTRUCTED_ENTRY, "reconstructed",
                                   RECONSTRUCTED_ENTRY in self.confirmed, ""))
        for d in self.start.disagreements:
            now = value_now(self.spec, d.field)
            values = (*((s, _text(d.chosen)) for s in (d.agreeing or ("chosen",))),
                      *((s, _text(v)) for s, v in d.values))
            items.append(CheckItem(d.field, "disputed", d.field in self.settled, _text(now),
                                   values))
        return items

    def left(self) -> list[CheckItem]:
        return [item for item in self.checklist() if not item.done]

    def problems(self) -> list[str]:
        """The ship's problems as the file loader reports them (empty: the file will load)."""
        try:
            parse_ship_text(dump_ship(self._marked(self.spec, "")), f"{self.spec.id}.toml")
        except ShipFileError as error:
            return [f"{p.field}: {p.message}" if p.field else p.message for p in error.problems]
        return []

    def refusal(self, page: str) -> str | None:
        """Why the ship cannot be marked checked against the book yet (None: it can)."""
        left = self.left()
        if left:
            return "still to do: " + ", ".join(item.field for item in left)
        problems = self.problems()
        if problems:
            return f"{len(problems)} problem(s): {problems[0]}"
        if not page.strip():
            return "give the page of your SSD book"
        return None

    # -- the result ----------------------------------------------------------------------------
    def _marked(self, spec: ShipSpec, page: str) -> ShipSpec:
        where = f"SSD book, page {page.strip()}" if page.strip() else None
        disagreements = []
        for d in spec.disagreements:
            if d.field in self.settled and where:
                now = value_now(spec, d.field)
                d = Disagreement(d.field, tuple(now) if isinstance(now, list) else now,
                                 d.values, d.agreeing,
                                 f"settled by the player against the {where}")
            disagreements.append(d)
        return replace(spec, complete=True, missing=(), verification="verified" if where
                       else spec.verification, checked_against=where,
                       disagreements=tuple(disagreements),
                       notes=spec.notes + ((f"Checked against the player's {where}.",)
                                           if where else ()))

    def mark_verified(self, page: str) -> ShipSpec:
        """The ship "checked against my SSD book" on ``page``: complete and verified."""
        reason = self.refusal(page)
        if reason:
            raise ValueError(f"{self.spec.id} cannot be marked checked yet: {reason}")
        self.spec = self._marked(self.spec, page)
        return self.spec

    def save(self, directory: Path | None = None) -> Path:
        """Write the ship into the user's ships folder (or ``directory``); it loads first."""
        folder = directory if directory is not None else paths.user_data_dir() / "ships"
        return save_ship(self.spec, folder / f"{self.spec.id}.toml")
