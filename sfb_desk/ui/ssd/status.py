"""Short arming-status texts for the SSD widget, from the energy model's per-weapon state.

The SSD widget draws a mapping ``box_id -> text`` beside the weapons; :func:`arming_texts`
builds it from :class:`~sfb_desk.rules.energy.arming.WeaponArming` values (``EnergyState
.weapons``): ``"2/4"`` energy stored of a standard load, ``"armed"`` a complete load, ``"OL"``
an overload, ``"held"`` a load held from an earlier turn (E4.22, FP2.51), ``"roll"`` a rolling
delay (FP1.221), and nothing for an empty weapon; :data:`FIRED` marks a weapon fired this turn.

Where the boxes are too narrow for the words (the whole SSD fitted to a small window), the
widget draws :func:`short_text` instead (``"✓"`` armed, ``"F"`` fired, ``"H"`` held ...), and
colours every tag by :func:`status_kind`, so the state reads at a glance at any zoom;
:func:`status_tags` lays the tags out so that neighbours never overlap.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QFont, QFontMetricsF

from sfb_desk.rules.energy.arming import WeaponArming
from sfb_desk.rules.energy.costs import ARMING


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def arming_text(arming: WeaponArming) -> str:
    """The short text for one weapon's arming state ('' for an empty weapon)."""
    if arming.complete:
        if arming.held:
            return "OL held" if arming.overload else "held"
        return "OL" if arming.overload else "armed"
    if arming.rolling:
        return "roll"
    if not arming.energies:
        return ""
    table = ARMING.get(arming.mode) or ARMING.get(arming.type)
    if table is None:
        return _number(arming.stored)
    return f"{_number(arming.stored)}/{_number(sum(table.turns, Fraction(0)))}"


def arming_texts(weapons: Iterable[WeaponArming]) -> dict[str, str]:
    """``{box id: text}`` of the weapons that hold anything."""
    return {w.box: text for w in weapons if (text := arming_text(w))}


FIRED = "fired"  # a weapon fired this turn (the SSD tabs add it; not an arming state)

#: Tags too long for a narrow box, shortened (the tool tip still gives the words).
_SHORT = {"armed": "\u2713", "held": "H", "OL": "OL", "OL held": "OLH", FIRED: "F", "roll": "R"}

#: Kinds of tag (:func:`status_kind`), each drawn in its own colour.
READY, SPENT, LOADING, OVERLOAD = "ready", "spent", "loading", "overload"


def short_text(text: str) -> str:
    """The short tag for ``text``: ``"armed"`` -> ``"✓"``, ``"fired"`` -> ``"F"``, ``"held"``
    -> ``"H"``, ``"OL held"`` -> ``"OLH"``, ``"roll"`` -> ``"R"``; ``"2/4"`` stays."""
    return _SHORT.get(text, text)


def status_kind(text: str) -> str:
    """What a tag says, for its colour: :data:`READY` (armed or held), :data:`OVERLOAD`,
    :data:`SPENT` (fired this turn) or :data:`LOADING` (part of a load, a rolling delay)."""
    if text in ("armed", "held"):
        return READY
    if text.startswith("OL"):
        return OVERLOAD
    if text == FIRED:
        return SPENT
    return LOADING


STATUS_MIN_PX = 7  # the smallest readable font for the words; below it the short tags are used
STATUS_FLOOR_PX = 6  # short tags may shrink to this in a very small window
STATUS_MAX_PX = 16


def row_pitch(boxes: Mapping[str, QRectF]) -> dict[str, float]:
    """For each box, the distance to the nearest box centre in its row (twice its width when
    it is alone there): a tag centred under it and no wider stays clear of its neighbours'."""
    rows: list[list[tuple[float, str]]] = []
    row_y = None
    for box_id, r in sorted(boxes.items(), key=lambda item: item[1].center().y()):
        if row_y is None or r.center().y() - row_y >= r.height() / 2:
            rows.append([])
            row_y = r.center().y()
        rows[-1].append((r.center().x(), box_id))
    pitch = {}
    for row in rows:
        row.sort()
        for k, (x, box_id) in enumerate(row):
            gaps = [abs(x - row[j][0]) for j in (k - 1, k + 1) if 0 <= j < len(row)]
            pitch[box_id] = min(gaps) if gaps else 2 * boxes[box_id].width()
    return pitch


def _fitted(text: str, base: QFont, start: int, room: float, floor: int) -> tuple[QFont, float] | None:
    """The font (from ``start`` px down to ``floor``) at which ``text`` fits ``room`` px."""
    font = QFont(base)
    for size in range(max(start, floor), floor - 1, -1):
        font.setPixelSize(size)
        width = QFontMetricsF(font).horizontalAdvance(text) + 4
        if width <= room:
            return font, width
    return None


def status_tags(texts: Mapping[str, str], rects: Mapping[str, QRectF], rooms: Mapping[str, float],
                base: QFont) -> dict[str, tuple[QRectF, str, QFont]]:
    """Each tag's rectangle (straddling the bottom edge of its box ``rects[id]``), text and
    font. The words when every tag fits its ``rooms[id]`` at a readable size, else the short
    form of every tag (:func:`short_text`), a letter or two a little larger."""
    def start(box_id: str, scale: float) -> int:
        return min(STATUS_MAX_PX, round(rects[box_id].height() * scale))

    words = {b: _fitted(t, base, start(b, 0.42), rooms[b], STATUS_MIN_PX) for b, t in texts.items()}
    use_words = all(words.values())
    layout = {}
    for box_id, text in texts.items():
        if use_words:
            shown, found = text, words[box_id]
        else:
            shown = short_text(text)
            found = _fitted(shown, base, start(box_id, 0.52), rooms[box_id], STATUS_FLOOR_PX)
        if found is None:  # even the short form is too wide: the floor size
            font = QFont(base)
            font.setPixelSize(STATUS_FLOOR_PX)
            found = (font, QFontMetricsF(font).horizontalAdvance(shown) + 4)
        font, width = found
        height = QFontMetricsF(font).height()
        r = rects[box_id]
        layout[box_id] = (QRectF(r.center().x() - width / 2, r.bottom() - height * 0.55, width, height),
                          shown, font)
    return layout


STATUS_FILL = QColor("#0b3d91")  # a weapon arming (part of its load)
#: Arming tag colours by :func:`status_kind` (white text on each).
STATUS_FILLS = {
    LOADING: STATUS_FILL,
    READY: QColor("#17703a"),
    OVERLOAD: QColor("#b3261e"),
    SPENT: QColor("#5f6368"),
}
