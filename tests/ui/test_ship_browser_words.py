"""The ship browser's details name the rulebooks by their titles, never "seed 000", for every
class in the library (its Sources section and [extra] facts show file text)."""

from __future__ import annotations

import re
from html import unescape

from sfb_desk.data.library import load_library
from sfb_desk.ui.library.browser import ship_details_html

SEED = re.compile(r"\bseeds?\b", re.IGNORECASE)


def test_no_class_details_say_seed():
    library = load_library()
    said = {}
    for spec in library.ships.values():
        text = unescape(re.sub(r"<[^>]+>", " ", ship_details_html(spec)))
        if SEED.search(text):
            said[spec.id] = SEED.search(text).string[max(0, SEED.search(text).start() - 40):][:80]
    assert not said, said
    tho = unescape(ship_details_html(library.get("THO-WT")))
    assert "Advanced Missions, lines 18932-18993" in tho
