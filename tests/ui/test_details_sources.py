"""The app's scenario and ship descriptions say facts in the rulebook's terms; where a fact came
from (rulebook lines, files, the program's notes) only in the ship's details section."""

from __future__ import annotations

import re
from html import unescape

from sfb_desk.data.library import load_library
from sfb_desk.data.scenarios import load_scenarios
from sfb_desk.ui.library.browser import ship_details_html
from sfb_desk.ui.setup.scenario_tab import scenario_html

SOURCE_WORDS = re.compile(r"\bL\d+|\blines? \d|\.json|decisions\.md|seed|\.toml", re.IGNORECASE)


def _text(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html))


def test_scenario_descriptions_never_say_where_facts_came_from():
    ships = load_library()
    for scenario in load_scenarios(ships=ships).sorted():
        found = SOURCE_WORDS.findall(_text(scenario_html(scenario, ships)))
        assert not found, (scenario.id, found)


def test_ship_details_keep_sources_below_the_facts():
    for spec in load_library().search():
        html = ship_details_html(spec)
        facts = html.split("<h4>Details: where the facts were read</h4>")[0]
        facts = facts.split("<p style='color:#555'>Sources: ")[0]
        found = SOURCE_WORDS.findall(_text(facts))
        assert not found, (spec.id, found)
    f5m = ship_details_html(load_library().get("KLI-F5M"))
    assert "Details: where the facts were read" in f5m and "L16247" in f5m
