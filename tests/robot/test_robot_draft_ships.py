"""Draft ships (issue 16: one public transcription, playable, "check against your SSD") play a
robot duel like any verified class."""

from sfb_desk.data.library import load_library
from sfb_desk.robot.duel import play_duel


def test_two_draft_ships_fight_a_duel_to_a_scored_end():
    lib = load_library()
    g2, pol = lib.get("KLI-G2"), lib.get("FED-POL")
    assert (g2.data_status, pol.data_status) == ("draft", "draft")
    assert g2.provenance and pol.provenance  # each names its sources
    result = play_duel("KLI-G2", "FED-POL", seed=2, turns=3, library=lib)
    assert (result.ships[0].ship, result.ships[1].ship) == ("KLI-G2", "FED-POL")
    assert result.turns_played >= 1 and result.ended in ("turn limit", "destroyed", "disengaged")
    assert result.answers > 0 and all(v for v in result.victory_levels)
    session = result.session
    # The draft ship's imported boxes are the ones the session tracks.
    record = session.combat.ship(result.ships[0].id)
    assert session.specs[record.spec_id] is g2 and g2.shields == (15, 12, 9, 9, 9, 12)
