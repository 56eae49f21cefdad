"""The HTML pieces of the library details panes (ui/library/browser.py ship_details_html and
ui/setup/scenario_tab.py scenario_html), so both look alike: the page, a warning box, a
headed bullet list. Every argument named ``*_html`` is already HTML (escape text first)."""

from __future__ import annotations

from collections.abc import Iterable

PAGE_START = "<html><body style='font-family: sans-serif'>"
PAGE_END = "</body></html>"


def warning(inner_html: str) -> str:
    """A paragraph on a pale yellow box: what is missing or not possible."""
    return ("<p style='background:#fff0c2; padding:6px; border:1px solid #d9a400'>"
            f"{inner_html}</p>")


def bullets(heading_html: str, items_html: Iterable[str]) -> str:
    """``heading_html``, then one bullet per item."""
    return heading_html + "<ul>" + "".join(f"<li>{item}</li>" for item in items_html) + "</ul>"
