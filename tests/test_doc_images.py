"""docs/images holds only the pictures the docs use (COORD rule): every file there is named by
README.md or a page of docs/, and every picture the docs name is there."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IMAGES = ROOT / "docs" / "images"
LINK = re.compile(r"docs/images/([\w.+-]+)|(?<![\w/])images/([\w.+-]+)")


def doc_texts() -> dict[str, str]:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    return {p.name: p.read_text(encoding="utf-8") for p in pages}


def named(texts: dict[str, str]) -> set[str]:
    return {a or b for text in texts.values() for a, b in LINK.findall(text)}


def test_every_picture_is_used_and_every_used_picture_exists():
    used = named(doc_texts())
    present = {p.name for p in IMAGES.iterdir() if p.is_file()}
    assert not present - used, f"pictures no doc uses: {sorted(present - used)}"
    missing = sorted(used - present)
    assert not missing, f"pictures the docs name but docs/images lacks: {missing}"


def test_the_check_sees_an_unused_and_a_missing_picture():
    texts = {"README.md": "![a](docs/images/a.png) and [b](images/b.png)"}
    assert named(texts) == {"a.png", "b.png"}
    assert {"a.png", "c.png"} - named(texts) == {"c.png"}
