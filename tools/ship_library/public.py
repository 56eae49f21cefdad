"""Finding each class in the public transcriptions (reads the cache; the parsing is pure)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from . import msc, terragos
from .amarillo import ship_facts
from .sources import AMARILLO_SHIPS, MSC, TERRAGOS, TERRAGOS_TYPES, SourceFile, read_text

#: Our race codes as Terragos writes them.
TERRAGOS_RACES = {"FED": "Federation", "KLI": "Klingon", "ROM": "Romulan", "KZI": "Kzinti",
                  "GOR": "Gorn", "THO": "Tholian", "ORI": "Orion", "HYD": "Hydran",
                  "LYR": "Lyran"}


@lru_cache(maxsize=4)
def _terragos(cache: Path) -> list[dict] | None:
    text = read_text(TERRAGOS, cache)
    return None if text is None else terragos.parse_shipyard(text)


@lru_cache(maxsize=4)
def _msc(cache: Path) -> list[dict] | None:
    text = read_text(MSC, cache)
    return None if text is None else msc.parse_chart(text)


def gather(sid: str, doc: dict, cache: Path, report: list[str]) -> dict:
    """{"amarillo": ..., "terragos": ..., "msc": ...} for ``imports.merge``: each a
    (SourceFile, facts) pair or None; a file absent from the cache is added to ``report``."""
    ident = doc["identity"]
    found: dict[str, tuple[SourceFile, dict] | None] = {"amarillo": None, "terragos": None,
                                                         "msc": None}
    if sid in AMARILLO_SHIPS:
        file = AMARILLO_SHIPS[sid]
        text = read_text(file, cache)
        if text is None:
            report.append(f"{sid}: {file.repository} {file.path} @{file.commit[:7]}")
        else:
            found["amarillo"] = (file, ship_facts(json.loads(text)))
    ships = _terragos(cache)
    for file, parsed in ((TERRAGOS, ships), (MSC, _msc(cache))):
        line = f"{file.repository} {file.path} @{file.commit[:7]}"
        if parsed is None and line not in report:
            report.append(line)
    if ships is not None and ident["race"] in TERRAGOS_RACES:
        record = terragos.find(ships, TERRAGOS_RACES[ident["race"]], ident.get("rule"),
                               ident["class_code"], TERRAGOS_TYPES.get(sid))
        if record is not None:
            found["terragos"] = (TERRAGOS, record)
    rows = _msc(cache)
    if rows is not None:
        row = msc.find(rows, ident["race"], ident.get("rule"), ident["class_code"])
        if row is not None:
            found["msc"] = (MSC, msc.row_facts(row))
    return found
