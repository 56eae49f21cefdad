"""The printed page of tables (printing/tables_form.py): the F&E folio, a build list and a
combat round lie inside the page with nothing drawn over anything else; long records split."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "fe"))
from fe_round_data import ROUND  # noqa: E402

from sfb_desk.fe import combat_round, folio  # noqa: E402
from sfb_desk.printing.tables_form import TablesSheet, page_size_check, tables_sheets  # noqa: E402

LETTER = (540.0, 720.0)  # a letter page's printable rectangle with 36 pt margins


def test_folio_page_fits_without_overlaps(qapp):
    sheet = TablesSheet("F&E Combined Operations - folio", "Klingon, Turn #7",
                        tuple(folio.sections(folio.EXAMPLE)))
    form = sheet.layout(*LETTER)
    assert page_size_check(form) == []
    texts = form.texts()
    assert "Treasury at end of turn" in texts and "66" in texts and "(312.11)" in texts


def test_round_record_splits_over_pages_and_each_fits(qapp):
    sections = combat_round.sections(combat_round.evaluate(ROUND))
    sheets = tables_sheets("combat round", "", sections)
    assert len(sheets) >= 2
    for sheet in sheets:
        assert page_size_check(sheet.layout(*LETTER)) == []
    lines = [line for s in sheets for sec in s.sections for line in sec.get("lines", [])]
    assert len(lines) == len(combat_round.evaluate(ROUND).steps)


def test_a_long_table_is_continued(qapp):
    rows = [(f"line {n}", str(n)) for n in range(120)]
    sheets = tables_sheets("t", "", [{"title": "Long", "columns": ("a", "b"), "rows": rows,
                                      "notes": ["end"]}])
    titles = [sec["title"] for s in sheets for sec in s.sections]
    assert titles[0] == "Long" and all(t == "Long (continued)" for t in titles[1:])
    assert sum(len(sec["rows"]) for s in sheets for sec in s.sections) == 120
    for sheet in sheets:
        assert page_size_check(sheet.layout(*LETTER)) == []
