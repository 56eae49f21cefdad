"""A game of ships fought with the full rules ends when one side has no ship left in the fight
(S2.20; decisions.md): at the end of the impulse it happens, with a "game_over" event; and it
is scored by S2.20 from the game itself (sfb_desk/data/game_victory.py)."""

from __future__ import annotations

import pytest

from sfb_desk.data.custom_setup import UnitEntry, setup_from_entries
from sfb_desk.data.game_victory import CannotScoreGame, score_game, side_gone
from sfb_desk.data.library import load_library
from sfb_desk.engine.answers import At, Chain, Defaults, Scripted
from sfb_desk.engine.session import Session


@pytest.fixture(scope="module")
def library():
    return load_library()


def edge_game(library):
    """The Federation CA one hex from the top edge of the fixed map, heading off it at speed 4;
    the D7 far away."""
    return setup_from_entries(
        [UnitEntry("FED-CA", "ENT", "Federation", "2201", "A", 4, 0),
         UnitEntry("KLI-D7", "KRT", "Klingon", "2220", "A", 4, 0)],
        library, turns=3, dice_seed=1, map_kind="fixed")


def test_leaving_the_fixed_map_ends_the_game_at_the_end_of_that_impulse(library):
    g = edge_game(library)
    session = Session(g.state, g.combat, g.specs)
    script = Chain(Scripted([At("T1.ea.ENT", {"speed_plot": 4}),
                             At("T1.ea.KRT", {"speed_plot": 4})]), Defaults())
    session.run(script)
    assert session.finished and session.state.turn == 1
    ent = session.state.find("ENT")
    assert ent.status == "off_map"
    over = [r.data for r in session.log if r.kind == "event" and r.data.kind == "game_over"]
    assert len(over) == 1 and over[0].rule == "S2.20" and dict(over[0].data) == {
        "side": "Federation"}
    # the game stopped in the impulse the CA left: nothing after it was asked
    last = session.log.records[-1]
    assert last.kind == "event" and last.impulse == session.state.impulse < 32
    assert side_gone(session.state) == "Federation"
    result = score_game(session.state, session.combat, session.specs)
    assert result.side("Klingon").points > result.side("Federation").points
    assert "Klingon" in "\n".join(result.explain())


def test_a_game_with_both_sides_in_the_fight_is_scored_so_far(library):
    g = edge_game(library)
    result = score_game(g.state, g.combat, g.specs)
    assert {s.side for s in result.sides} == {"Federation", "Klingon"}
    assert side_gone(g.state) is None


def test_one_side_cannot_be_scored(library):
    g = setup_from_entries([UnitEntry("FED-CA", "ENT", "Federation", "2210", "A", 4, 0),
                            UnitEntry("KLI-D7", "KRT", "Klingon", "2220", "A", 4, 0)],
                           library, turns=1, dice_seed=1)
    state = g.state
    import dataclasses

    klingon_as_fed = dataclasses.replace(state, units=tuple(
        dataclasses.replace(u, side="Federation") for u in state.units))
    with pytest.raises(CannotScoreGame, match="fewer than two sides"):
        score_game(klingon_as_fed, g.combat, g.specs)
