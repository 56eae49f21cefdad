"""The rulebooks by their titles: the one mapping from the program's internal source ids.

Data files and the reference name a rulebook by an internal id ("000" ... "004"); a player reads
its title. :func:`book_title` gives the title of an id, and :func:`titled` rewrites any text that
still names a book by its id ("seed 000 L120-130", "Module C2 (seed 002)") into titles, for the
places that show file text to a player (ship sources, scenario sources, [extra] facts).
"""

from __future__ import annotations

import re

#: internal source id -> the title a player reads. 003 prints no title of its own (its first
#: page is the sequence of play); the program calls it the GM campaign rules.
BOOK_TITLES: dict[str, str] = {
    "000": "Advanced Missions",
    "001": "F&E Combined Operations",
    "002": "Module C2",
    "003": "GM Campaign Rules",
    "004": "SFB Campaign Rules, The Admiral's Edition",
}

_ID = r"(?P<id>00[0-4])"
# "Module C2 (seed 002)": the title is already there, the id in brackets goes
_TITLE_THEN_ID = re.compile(
    r"(?P<title>" + "|".join(map(re.escape, BOOK_TITLES.values())) + r") \(seeds? " + _ID + r"\)"
)
# "seed 000 L120-130" / "seed 000 L120": the book, then its line numbers
_ID_LINES = re.compile(r"\bseeds? " + _ID + r",? L(?P<first>\d+)(?:-(?P<last>\d+))?\b")
_ID_ONLY = re.compile(r"\bseeds? " + _ID + r"\b")


def book_title(source_id: str | None) -> str:
    """The title of the rulebook with internal id ``source_id`` ("000" -> "Advanced Missions");
    an unknown id gives "rulebook <id>", never the word the id was stored under."""
    if not source_id:
        return ""
    return BOOK_TITLES.get(str(source_id).zfill(3), f"rulebook {source_id}")


def lines_text(first: int | str, last: int | str | None = None) -> str:
    """"line 12" or "lines 12-30" (a details view may say where a fact is printed)."""
    if last is None or str(last) == str(first):
        return f"line {first}"
    return f"lines {first}-{last}"


def titled(text: str) -> str:
    """``text`` with every mention of a rulebook by its internal id replaced by its title:
    "(seed 000 L18932-18993)" -> "(Advanced Missions, lines 18932-18993)", "Module C2 (seed 002)
    R7.64" -> "Module C2 R7.64". Text without such a mention comes back unchanged."""
    if "seed" not in text.lower():
        return text
    text = _TITLE_THEN_ID.sub(lambda m: m["title"] if BOOK_TITLES[m["id"]] == m["title"]
                              else f"{m['title']} ({BOOK_TITLES[m['id']]})", text)
    text = _ID_LINES.sub(
        lambda m: f"{BOOK_TITLES[m['id']]}, {lines_text(m['first'], m['last'])}", text)
    return _ID_ONLY.sub(lambda m: BOOK_TITLES[m["id"]], text)


# Where a fact came from, which only a details view shows (the project's rule: a player never
# reads file line numbers, file names or the program's own notes files unless he asks).
_LINE_REF = r"L\d{2,}(?:-\d+)?"
_ONLY_LINES = re.compile(r"\s*\(\s*" + _LINE_REF + r"(?:\s*[,;]\s*" + _LINE_REF + r")*\s*\)")
_LINES_AFTER = re.compile(r"\s*[,;]\s*" + _LINE_REF + r"\b")
_LINES_BEFORE = re.compile(r"\b" + _LINE_REF + r"\s*[,;:]\s*")
_BOOK_LINES = re.compile(r",\s*lines? \d+(?:-\d+)?")
_NOTES_FILE = re.compile(r"decisions\.md[,;:]?\s*")
_PATH = re.compile(r"\s*\(?\b[\w./-]+\.(?:json|toml|md)\b\)?")
_EMPTY = re.compile(r"\s*\(\s*\)")


def for_players(text: str) -> str:
    """``text`` with the places its facts came from left out, for the normal (not details)
    view: line references ("(L10394-10402)", ", L9389-9391"), "lines N-M" after a book's title,
    file names ("reference/core_ships.json") and the program's notes file ("(decisions.md,
    SM5.2)" -> "(SM5.2)"); rulebooks named by internal id get their titles. Rule numbers stay."""
    text = titled(text)
    text = _ONLY_LINES.sub("", text)
    text = _LINES_AFTER.sub("", text)
    text = _LINES_BEFORE.sub("", text)
    text = _BOOK_LINES.sub("", text)
    text = _NOTES_FILE.sub("", text)
    text = _PATH.sub("", text)
    return _EMPTY.sub("", text)
