"""Where each box of an SSD goes: a pure layout, shared by the screen and the printed form.

The layout is computed in abstract units (one box = 1.0 unit square) with no Qt, so the SSD
widget, the PDF writer and tests all place boxes identically. Sections follow the paper SSD:
shields, control, power, hull, other systems and shuttles, weapons, special systems, tracks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sfb_desk.rules.ship import ShipSpec
from sfb_desk.rules.weapon_types import weapon_type

BOX = 1.0  # box side
GAP = 0.25  # space between boxes
TITLE = 1.1  # height of a group title line
PAD = 0.8  # space between groups

_LABELS = {
    "bridge": "Bridge",
    "flag_bridge": "Flag bridge",
    "emergency_bridge": "Emergency bridge",
    "aux_control": "Auxiliary control",
    "security": "Security",
    "left_warp": "Left warp",
    "right_warp": "Right warp",
    "center_warp": "Center warp",
    "impulse": "Impulse",
    "apr": "APR",
    "awr": "AWR",
    "battery": "Battery",
    "forward_hull": "Forward hull",
    "aft_hull": "Aft hull",
    "center_hull": "Center hull",
    "cargo": "Cargo",
    "armor": "Armor",
    "lab": "Lab",
    "transporter": "Transporter",
    "tractor": "Tractor",
    "probe": "Probe",
}
SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Control", ("bridge", "flag_bridge", "emergency_bridge", "aux_control", "security")),
    ("Power", ("left_warp", "right_warp", "center_warp", "impulse", "apr", "awr", "battery")),
    ("Hull", ("forward_hull", "aft_hull", "center_hull", "cargo", "armor")),
    ("Systems", ("lab", "transporter", "tractor", "probe")),
)


#: Measures text in box units: ``measure(text, bold)``. Renderers pass one built from their font
#: metrics so titles never clip; the default is a conservative estimate for tests and tools.
Measure = Callable[[str, bool], float]


def estimate_text(text: str, bold: bool) -> float:
    return len(text) * (0.56 if bold else 0.48)


def system_label(system: str) -> str:
    return _LABELS.get(system, system.replace("_", " ").capitalize())


@dataclass(frozen=True, slots=True)
class Cell:
    """One box: its id, top-left corner, and the text printed in it (track values, designators)."""

    box_id: str
    x: float
    y: float
    text: str = ""


@dataclass(frozen=True, slots=True)
class Group:
    title: str
    section: str
    x: float
    y: float
    width: float
    height: float
    cells: tuple[Cell, ...]
    caption: str = ""  # e.g. the arcs of a weapon group


@dataclass(frozen=True, slots=True)
class SsdLayout:
    groups: tuple[Group, ...]
    width: float
    height: float

    def cell_at(self, x: float, y: float) -> Cell | None:
        for group in self.groups:
            if group.x <= x <= group.x + group.width and group.y <= y <= group.y + group.height:
                for cell in group.cells:
                    if cell.x <= x <= cell.x + BOX and cell.y <= y <= cell.y + BOX:
                        return cell
        return None


@dataclass(frozen=True, slots=True)
class _Block:
    title: str
    section: str
    ids: tuple[str, ...]
    texts: tuple[str, ...]
    per_row: int
    caption: str = ""


def _blocks(spec: ShipSpec) -> list[_Block]:
    blocks: list[_Block] = []
    if spec.shields is not None:
        for k, n in enumerate(spec.shields, start=1):
            ids = tuple(f"shield{k}#{i}" for i in range(1, n + 1))
            blocks.append(_Block(f"Shield #{k} ({n})", "Shields", ids, ("",) * n, 10))
    for section, systems in SECTIONS:
        for system in systems:
            n = spec.count(system)
            if n:
                ids = tuple(f"{system}#{i}" for i in range(1, n + 1))
                blocks.append(_Block(f"{system_label(system)} ({n})", section, ids, ("",) * n, 10))
    if spec.shuttle_bays:
        first = 1
        for number, bay in enumerate(spec.shuttle_bays, start=1):
            ids = tuple(f"shuttle#{i}" for i in range(first, first + bay.boxes))
            first += bay.boxes
            title = "Shuttle bay" if len(spec.shuttle_bays) == 1 else f"Shuttle bay {number}"
            caption = ", ".join(bay.contents)
            blocks.append(_Block(f"{title} ({bay.boxes})", "Systems", ids, ("",) * bay.boxes, 10,
                                 caption))
    by_type: dict[str, list] = {}
    for weapon in spec.weapons:
        by_type.setdefault(weapon.type, []).append(weapon)
    for code, weapons in by_type.items():
        wt = weapon_type(code)
        name = wt.name if wt else code
        ids: list[str] = []
        texts: list[str] = []
        arcs: list[str] = []
        for weapon in weapons:
            ids.extend(weapon.box_ids)
            texts.extend([weapon.designator] * len(weapon.box_ids))
            arc = "+".join(weapon.arcs) or "-"
            if weapon.rack_type:
                arc = f"type {weapon.rack_type}"
            arcs.append(f"{weapon.designator}:{arc}")
        blocks.append(_Block(name, "Weapons", tuple(ids), tuple(texts), 8, " ".join(arcs)))
    for special in spec.special:
        if special.boxes:
            blocks.append(_Block(f"{special.name} ({special.boxes})", "Special", special.box_ids,
                                 ("",) * special.boxes, 10))
    for track, label in (("sensor", "Sensor"), ("scanner", "Scanner"),
                         ("damage_control", "Damage control")):
        values = getattr(spec, f"{track}_track")
        if values:
            ids = tuple(f"{track}#{i}" for i in range(1, len(values) + 1))
            blocks.append(_Block(label, "Tracks", ids, tuple(str(v) for v in values), 10))
    if spec.excess_damage:
        n = spec.excess_damage
        ids = tuple(f"excess_damage#{i}" for i in range(1, n + 1))
        blocks.append(_Block(f"Excess damage ({n})", "Tracks", ids, ("",) * n, 10))
    return blocks


def layout_ssd(spec: ShipSpec, width: float = 60.0, measure: Measure = estimate_text) -> SsdLayout:
    """Flow the box groups into rows no wider than ``width`` units, section by section.

    A group is as wide as its boxes or its title and caption (``measure``), whichever is wider.
    """
    groups: list[Group] = []
    y = 0.0
    for section in ("Shields", "Control", "Power", "Hull", "Systems", "Weapons", "Special",
                    "Tracks"):
        blocks = [b for b in _blocks(spec) if b.section == section]
        if not blocks:
            continue
        x = 0.0
        row_height = 0.0
        for block in blocks:
            n = len(block.ids)
            cols = max(1, min(n, block.per_row))
            rows = max(1, -(-n // cols))
            box_w = cols * BOX + (cols - 1) * GAP
            w = max(box_w, measure(block.title, True), measure(block.caption, False))
            h = TITLE + rows * BOX + (rows - 1) * GAP + (TITLE if block.caption else 0.0)
            if x > 0 and x + w > width:
                x = 0.0
                y += row_height + PAD
                row_height = 0.0
            cells = tuple(
                Cell(box_id, x + (i % cols) * (BOX + GAP), y + TITLE + (i // cols) * (BOX + GAP),
                     text)
                for i, (box_id, text) in enumerate(zip(block.ids, block.texts, strict=True))
            )
            groups.append(Group(block.title, section, x, y, w, h, cells, block.caption))
            x += w + PAD
            row_height = max(row_height, h)
        y += row_height + PAD * 1.5
    total_w = max((g.x + g.width for g in groups), default=0.0)
    return SsdLayout(tuple(groups), total_w, max(y - PAD * 1.5, 0.0))
