"""The SSD widget's keyboard cursor over the boxes: the box an arrow key goes to, and the pan
that brings a box into view."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QRectF


def nearest_box(boxes: Mapping[str, QRectF], here: str | None, dx: int, dy: int) -> str | None:
    """The box an arrow key in direction (dx, dy) (one of them 0) moves the cursor to from box
    ``here``: the nearest one ahead, going straight counting three times as much as going
    sideways; None when nothing lies that way. With no cursor yet, the top-left box."""
    if not boxes:
        return None
    if here is None:
        return min(boxes, key=lambda b: (boxes[b].y(), boxes[b].x()))
    centre = boxes[here].center()
    best: tuple[float, str] | None = None
    for box_id, r in boxes.items():
        c = r.center()
        along = (c.x() - centre.x()) * dx + (c.y() - centre.y()) * dy
        if along <= 0.5:
            continue
        across = abs((c.y() - centre.y()) * dx) + abs((c.x() - centre.x()) * dy)
        score = along + 3.0 * across
        if best is None or score < best[0]:
            best = (score, box_id)
    return best[1] if best is not None else None


def pan_into_view(r: QRectF, width: float, height: float, margin: float) -> tuple[float, float]:
    """How far to pan so that ``r`` lies inside a ``width`` x ``height`` view, ``margin`` in."""
    dx = dy = 0.0
    if r.left() < margin:
        dx = margin - r.left()
    elif r.right() > width - margin:
        dx = width - margin - r.right()
    if r.top() < margin:
        dy = margin - r.top()
    elif r.bottom() > height - margin:
        dy = height - margin - r.bottom()
    return dx, dy
