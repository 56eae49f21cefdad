"""The ship file format's name, version and flags (FORMAT.md), apart from its schema.

:mod:`sfb_desk.data.ship_schema` validates files with them (through pydantic); writing a class
back as the file's tables (:func:`sfb_desk.data.ship_convert.spec_to_table`: ``sfb-desk-cli ship
ID --json``, ``ship-export``, the designer's save) needs only these, so it does without pydantic
(issue 13: start-up).
"""

from __future__ import annotations

FORMAT_NAME = "sfb-desk-ship"
SCHEMA_VERSION = 1
FLAGS = (
    "nimble", "shock", "aegis", "cloak", "stealth", "scout", "carrier", "commando", "police",
    "minesweeper", "minelayer", "tug", "sublight", "q_ship", "derfacs", "uim",
)  # fmt: skip
