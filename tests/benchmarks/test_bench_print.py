"""An SSD page to PDF (DESIGN.md section 10: under 300 ms a page).

Each round lays out and paints one SSD page (Letter, auto orientation: both orientations are
laid out, the better is painted) into a new PDF file; the multi-page round writes the Fed CA,
Klingon D7 and C8 and the Fed DN in one job. With benchmarks disabled (the default) the body
runs once and the PDF is checked. Time it with
``pytest tests/benchmarks/test_bench_print.py --benchmark-enable``; per page = mean / pages
(``extra_info``).
"""

from __future__ import annotations

import pytest

from printing.pdf_text import read_pdf  # tests/printing/pdf_text.py
from sfb_desk.data.library import load_library
from sfb_desk.printing.output import PageSetup, SsdSheet, export_pdf

pytestmark = pytest.mark.benchmark

LIBRARY = load_library()


def _write(path, ids):
    sheets = [SsdSheet(LIBRARY.get(i), frozenset(LIBRARY.get(i).box_ids()[::6])) for i in ids]
    return export_pdf(path, sheets, PageSetup("letter", "auto"))


@pytest.mark.parametrize("ship_id", ["FED-CA", "KLI-C8"])
def test_bench_ssd_page_to_pdf(benchmark, qapp, tmp_path, ship_id):
    path = tmp_path / f"{ship_id}.pdf"
    _write(tmp_path / "warm.pdf", [ship_id])  # fonts registered, charts cached
    benchmark.extra_info["pages"] = 1
    job = benchmark(_write, path, [ship_id])
    doc = read_pdf(path)
    assert len(doc.pages) == len(job.pages) == 1
    assert LIBRARY.get(ship_id).name in doc.pages[0].text


def test_bench_four_page_job(benchmark, qapp, tmp_path):
    ids = ["FED-CA", "KLI-D7", "KLI-C8", "FED-DN"]
    path = tmp_path / "job.pdf"
    _write(tmp_path / "warm.pdf", ids[:1])
    benchmark.extra_info["pages"] = len(ids)
    job = benchmark(_write, path, ids)
    doc = read_pdf(path)
    assert len(doc.pages) == len(job.pages) == 4
    for page, ship_id in zip(doc.pages, ids, strict=True):
        assert LIBRARY.get(ship_id).id in page.text
