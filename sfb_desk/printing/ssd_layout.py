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
    #: ``caption`` wrapped to the group's width, one TITLE-high line each below the boxes.
    caption_lines: tuple[str, ...] = ()

    def moved(self, dx: float, dy: float) -> Group:
        cells = tuple(Cell(c.box_id, c.x + dx, c.y + dy, c.text) for c in self.cells)
        return Group(self.title, self.section, self.x + dx, self.y + dy, self.width, self.height,
                     cells, self.caption, self.caption_lines)


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
class Block:
    """A group of boxes before layout: title, section, ids, texts, boxes per row, caption."""

    title: str
    section: str
    ids: tuple[str, ...]
    texts: tuple[str, ...]
    per_row: int
    caption: str = ""


def blocks(spec: ShipSpec) -> list[Block]:
    """The box groups of an SSD, in SSD order, each tagged with its section."""
    out: list[Block] = []
    if spec.shields is not None:
        for k, n in enumerate(spec.shields, start=1):
            ids = tuple(f"shield{k}#{i}" for i in range(1, n + 1))
            out.append(Block(f"Shield #{k} ({n})", "Shields", ids, ("",) * n, 10))
    for section, systems in SECTIONS:
        for system in systems:
            n = spec.count(system)
            if n:
                ids = tuple(f"{system}#{i}" for i in range(1, n + 1))
                out.append(Block(f"{system_label(system)} ({n})", section, ids, ("",) * n, 10))
    if spec.shuttle_bays:
        first = 1
        for number, bay in enumerate(spec.shuttle_bays, start=1):
            ids = tuple(f"shuttle#{i}" for i in range(first, first + bay.boxes))
            first += bay.boxes
            title = "Shuttle bay" if len(spec.shuttle_bays) == 1 else f"Shuttle bay {number}"
            caption = ", ".join(bay.contents)
            out.append(Block(f"{title} ({bay.boxes})", "Systems", ids, ("",) * bay.boxes, 10,
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
        out.append(Block(name, "Weapons", tuple(ids), tuple(texts), 10, " ".join(arcs)))
    for special in spec.special:
        if special.key == "mine_rack" and special.boxes:  # numbered, as the SSD pages do
            out.append(Block(f"{special.name} ({special.boxes})", "Special", special.box_ids,
                             tuple(str(n) for n in range(1, special.boxes + 1)), 10,
                             "4 large mines a rack, 2 small for 1 large (M9.11)"))
        elif special.boxes:
            out.append(Block(f"{special.name} ({special.boxes})", "Special", special.box_ids,
                             ("",) * special.boxes, 10))
    for track, label in (("sensor", "Sensor"), ("scanner", "Scanner"),
                         ("damage_control", "Damage control")):
        values = getattr(spec, f"{track}_track")
        if values:
            ids = tuple(f"{track}#{i}" for i in range(1, len(values) + 1))
            out.append(Block(label, "Tracks", ids, tuple(str(v) for v in values), 10))
    if spec.excess_damage:
        n = spec.excess_damage
        ids = tuple(f"excess_damage#{i}" for i in range(1, n + 1))
        out.append(Block(f"Excess damage ({n})", "Tracks", ids, ("",) * n, 10))
    return out


SECTION_ORDER: tuple[str, ...] = ("Shields", "Control", "Power", "Hull", "Systems", "Weapons",
                                  "Special", "Tracks")


def wrap_words(text: str, width: float, measure: Measure, bold: bool = False) -> tuple[str, ...]:
    """Greedy word wrap of ``text`` to ``width`` units (a single long word keeps its line)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if line and measure(candidate, bold) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return tuple(lines)


@dataclass(frozen=True, slots=True)
class Extent:
    """A block's size before placing: width, height, boxes per row and wrapped caption."""

    width: float
    height: float
    cols: int
    lines: tuple[str, ...]


def extent(block: Block, width: float, measure: Measure, per_row: int | None = None) -> Extent:
    """Size of a group: title line, boxes ``per_row`` to a row, caption wrapped below.

    The group is as wide as its boxes or its title, whichever is wider; a caption wider than
    that may widen it up to ``width`` and wraps beyond.
    """
    n = len(block.ids)
    fit = int((width + GAP) // (BOX + GAP))  # never wider than the row
    cols = max(1, min(n, per_row or block.per_row, fit))
    rows = max(1, -(-n // cols))
    box_w = cols * BOX + (cols - 1) * GAP
    w = max(box_w, measure(block.title, True))
    lines: tuple[str, ...] = ()
    if block.caption:
        caption_w = measure(block.caption, False)
        if caption_w <= w:
            lines = (block.caption,)
        else:
            w = max(w, min(caption_w, width))
            lines = (block.caption,) if caption_w <= w else wrap_words(block.caption, w, measure)
            w = max([w, *(measure(line, False) for line in lines)])
    h = TITLE + rows * BOX + (rows - 1) * GAP + TITLE * len(lines)
    return Extent(w, h, cols, lines)


def place(block: Block, size: Extent, x: float, y: float) -> Group:
    """The group of ``block`` with its top-left corner at (x, y)."""
    cols = size.cols
    cells = tuple(
        Cell(box_id, x + (i % cols) * (BOX + GAP), y + TITLE + (i // cols) * (BOX + GAP), text)
        for i, (box_id, text) in enumerate(zip(block.ids, block.texts, strict=True))
    )
    return Group(block.title, block.section, x, y, size.width, size.height, cells,
                 block.caption, size.lines)


def block_group(block: Block, x: float, y: float, width: float, measure: Measure,
                per_row: int | None = None) -> Group:
    """:func:`extent` and :func:`place` in one step."""
    return place(block, extent(block, width, measure, per_row), x, y)


def flow(chosen: list[Block], width: float, measure: Measure,
         sections: tuple[str, ...]) -> tuple[list[tuple[Block, Extent, float, float]], float]:
    """Positions of the blocks in rows no wider than ``width``, section by section; and the
    height. (No cells are made: cheap enough to call while searching for a box size.)"""
    placed: list[tuple[Block, Extent, float, float]] = []
    y = 0.0
    for section in sections:
        in_section = [b for b in chosen if b.section == section]
        if not in_section:
            continue
        x = 0.0
        row_height = 0.0
        for block in in_section:
            size = extent(block, width, measure)
            if x > 0 and x + size.width > width:
                x = 0.0
                y += row_height + PAD
                row_height = 0.0
            placed.append((block, size, x, y))
            x += size.width + PAD
            row_height = max(row_height, size.height)
        y += row_height + PAD * 1.5
    return placed, max(y - PAD * 1.5, 0.0)


def layout_ssd(spec: ShipSpec, width: float = 60.0, measure: Measure = estimate_text,
               sections: tuple[str, ...] = SECTION_ORDER,
               spec_blocks: list[Block] | None = None) -> SsdLayout:
    """Flow the box groups into rows no wider than ``width`` units, section by section.

    A group is as wide as its boxes or its title, whichever is wider; its caption wraps to fit
    (see :func:`extent`). ``sections`` chooses (and orders) the sections laid out;
    ``spec_blocks`` may pass ``blocks(spec)`` when it is already at hand.
    """
    chosen = blocks(spec) if spec_blocks is None else spec_blocks
    placed, height = flow(chosen, width, measure, sections)
    groups = tuple(place(block, size, x, y) for block, size, x, y in placed)
    total_w = max((g.x + g.width for g in groups), default=0.0)
    return SsdLayout(groups, total_w, height)
