"""QA (issue 12): the turn panel labelled the asteroid step of a game with asteroids (not SM5)
"Terrain (SM5.41)", the star's rule. A step that gathers every terrain, mine and monster is
labelled with the rule of what is at hand: the rule of its last prompt or event, else the
rules of the terrain on the map (P3.2 for asteroids), else no rule."""

from __future__ import annotations

from types import SimpleNamespace

from sfb_desk.engine.log import LogRecord
from sfb_desk.engine.prompts import Choice
from sfb_desk.rules.game_state import GameState
from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.systems.battlefield import BattlefieldState
from sfb_desk.rules.systems.terrain.field import Feature, TerrainMap
from sfb_desk.ui.table.impulse_tracker import ImpulseTracker, rules_at_hand, step_title


def _field(*kinds: str) -> BattlefieldState:
    return BattlefieldState(terrain=TerrainMap(tuple(
        Feature(k, frozenset({hex_from_label("1010")})) for k in kinds)))


def test_the_rules_of_the_terrain_at_hand():
    assert rules_at_hand("6A-battlefield", _field("asteroids")) == ["P3.2"]
    assert rules_at_hand("6A-battlefield", _field("star")) == ["SM5.41"]
    assert rules_at_hand("6A-battlefield", _field("planet")) == []
    assert rules_at_hand("6E-battlefield", _field("dust")) == ["P13.2"]
    assert step_title("6A-battlefield", "P3.2") == "Terrain (P3.2)"
    assert step_title("6A-battlefield") == "Terrain"  # never another terrain's rule
    assert step_title("6D-fire-decision") == "Fire Decision Step (D6.315)"  # others unchanged


def _tracker(qtbot, log, battlefield) -> ImpulseTracker:
    tracker = ImpulseTracker()
    qtbot.addWidget(tracker)
    tracker._controller = SimpleNamespace(
        log=log, record=SimpleNamespace(combat=SimpleNamespace(battlefield=battlefield)))
    tracker._controller_state(GameState(turn=1, impulse=3))
    return tracker


def test_the_turn_panel_names_the_asteroid_rule(qtbot):
    asked = Choice("T1.I3.asteroids.FED-CA", "FED-CA enters an asteroid hex: damage?",
                   ("0", "1"), rule="P3.2", unit="FED-CA")
    log = [LogRecord(1, "prompt", 1, 3, "6A-battlefield", asked.key, asked)]
    assert _tracker(qtbot, log, _field("asteroids")).step.text() == "Terrain (P3.2)"
    answered = log + [LogRecord(2, "answer", 1, 3, "6A-battlefield", asked.key, "1")]
    assert _tracker(qtbot, answered, _field("asteroids")).step.text() == "Terrain (P3.2)"
    assert _tracker(qtbot, answered, _field("planet")).step.text() == "Terrain"
