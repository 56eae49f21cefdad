"""Crew units and boarding parties on the SSD: counters clicked like boxes (G9.21, D7).

The printed page draws a tick per crew unit (``crew#1`` ...) and per boarding party
(``boarding#1`` ...; :func:`sfb_desk.printing.ssd_parts.tick_rows`). On screen they are
clickable like the system boxes: a click asks for one lost (or, on a crossed-out tick, one
restored), and the game controller makes it a table correction
(:mod:`sfb_desk.engine.corrections`, which counts them: which tick was clicked does not
matter). The ship record keeps the counts; :func:`counter_marks` turns them into the ticks
shown crossed out, from the first, as a player crosses them off on paper.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF

from sfb_desk.printing.form import BOX, TICK, FormLayout
from sfb_desk.rules.ship import ShipSpec

#: Counter prefix -> (what one is, rule).
COUNTERS = {"crew": ("Crew unit", "G9.21"), "boarding": ("Boarding party", "D7")}


def clickable_rects(form: FormLayout) -> tuple[dict[str, QRectF], dict[str, QRectF]]:
    """The page's system boxes and its counter ticks: id -> rect in page points."""
    boxes: dict[str, QRectF] = {}
    ticks: dict[str, QRectF] = {}
    for i in form.items:
        if i.box_id and i.kind in (BOX, TICK):
            (boxes if i.kind == BOX else ticks)[i.box_id] = QRectF(i.rect.x, i.rect.y,
                                                                   i.rect.w, i.rect.h)
    return boxes, ticks


def marked_form(base: FormLayout, marked: frozenset[str]) -> FormLayout:
    """``base`` with exactly the boxes and counter ticks in ``marked`` crossed out."""
    items = tuple(i._replace(marked=i.box_id in marked)
                  if i.kind == BOX or (i.kind == TICK and i.box_id) else i for i in base.items)
    return FormLayout(base.width, base.height, items, base.info)


def counter_marks(spec: ShipSpec, crew_lost: int, boarding_lost: int) -> frozenset[str]:
    """The ticks shown crossed out for ``crew_lost`` crew units and ``boarding_lost``
    boarding parties (at most the ship's; none when the ship file gives no count)."""
    crew = range(1, min(crew_lost, spec.crew_units or 0) + 1)
    boarding = range(1, min(boarding_lost, spec.boarding_parties or 0) + 1)
    return frozenset({f"crew#{n}" for n in crew} | {f"boarding#{n}" for n in boarding})


def counter_tooltip(spec: ShipSpec, tick: str, marked: bool) -> str:
    """``crew#3 — Crew unit 3 of 43 (G9.21)`` and whether it is lost."""
    prefix, _, number = tick.partition("#")
    name, rule = COUNTERS.get(prefix, (prefix, ""))
    total = spec.crew_units if prefix == "crew" else spec.boarding_parties
    state = "lost" if marked else "aboard"
    return (f"{tick} — {name} {number} of {total} ({rule})\n{state}: click to mark one "
            f"{'restored' if marked else 'lost'}")
