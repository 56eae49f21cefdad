"""Issue 12, item 6: what a player reads of a scenario (its notes, summary, limitations, the
reason it is not playable, option notes) never says where the program's facts came from
("seed", "seeds"): it names the rulebooks by their titles and says what to roll or do."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

SCENARIOS = Path(__file__).parents[2] / "ssd_data" / "scenarios"
SOURCE_KEYS = {"seed", "cites", "lines", "book"}  # the file's own provenance (details only)
WORD = re.compile(r"\bseeds?\b|\bseed's\b", re.IGNORECASE)


def player_texts(value, path=""):
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in SOURCE_KEYS:
                yield from player_texts(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from player_texts(v, f"{path}[{i}]")
    elif isinstance(value, str):
        yield path, value


def test_no_scenario_text_a_player_reads_mentions_seeds():
    found = []
    for f in sorted(SCENARIOS.glob("*.toml")):
        doc = tomllib.loads(f.read_text(encoding="utf-8"))
        found += [f"{f.name}{p}: {t[:60]}" for p, t in player_texts(doc) if WORD.search(t)]
    assert not found, "\n".join(found)


def test_the_check_finds_a_mention():
    assert list(player_texts({"status": {"limitations": ["not in the seeds"]}}))
    assert WORD.search("the S4 table is not in the seeds") and not WORD.search("seeded dice")
