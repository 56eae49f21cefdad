"""Completing a class from the player's SSD book through the designer's model (issue 16), then
playing it; the checklist, validation as you type and the verified mark."""

from dataclasses import replace

import pytest

from sfb_desk.data import paths
from sfb_desk.data.library import load_library
from sfb_desk.data.ship_completion import Completion
from sfb_desk.robot.duel import play_duel
from sfb_desk.rules.ship import SpecialSystem, Weapon


def _skyhawk_h_from_the_book(spec):
    """What a player types for the SkyHawk-H from the SSD (values made up for the test)."""
    weapons = (Weapon("1", "PH-1", "phaser", ("FA", "L")),
               Weapon("2", "PH-1", "phaser", ("FA", "R")),
               Weapon("A", "PLASMA-F", "plasma", ("FA",)))
    tbombs = SpecialSystem("tbomb", "Transporter bombs", 1, damageable=False)
    return replace(spec, shields=(20, 20, 16, 16, 16, 20), weapons=weapons,
                   special=spec.special + (tbombs,))


def test_an_incomplete_class_is_completed_checked_and_played():
    library = load_library()
    start = library.get("ROM-SKH")
    assert start.data_status == "incomplete"
    model = Completion(start)
    listed = {item.field: item for item in model.checklist()}
    assert [f for f, i in listed.items() if i.kind == "missing"] == [
        "shield box counts", "weapons", "transporter bomb boxes"]
    disputed = listed["crew.boarding_parties"]
    assert disputed.kind == "disputed" and disputed.now == "9"
    assert dict(disputed.values) == {"msc": "9", "terragos": "6"}  # side by side
    assert model.spec.count("left_warp") == 8  # what is known is filled in
    assert model.refusal("").startswith("still to do: shield box counts")
    with pytest.raises(ValueError, match="cannot be marked checked yet"):
        model.mark_verified("57")
    # Typing: a bad value is a problem at once, as the file loader says it.
    model.update(replace(start, shields=(20, 20, 16, 16, 16, 20), sensor_track=(6, 5, 3)))
    assert any("tracks.sensor" in p for p in model.problems())
    model.update(_skyhawk_h_from_the_book(start))
    assert model.problems() == []
    assert [i.field for i in model.left()] == ["crew.boarding_parties"]
    model.settle("crew.boarding_parties")  # the book says 9, as typed
    assert model.refusal("") == "give the page of your SSD book"
    done = model.mark_verified("57")
    assert (done.data_status, done.checked_against) == ("verified", "SSD book, page 57")
    assert done.disagreements[0].note == "settled by the player against the SSD book, page 57"
    path = model.save()
    assert path == paths.user_data_dir() / "ships" / "ROM-SKH.toml"
    # The library uses it at once, and a fresh load finds it in the user's folder first.
    assert library.add_file(path).data_status == "verified"
    assert load_library().get("ROM-SKH").checked_against == "SSD book, page 57"
    result = play_duel("ROM-SKH", "FED-FF", seed=1, turns=2, library=library)
    assert result.ships[0].ship == "ROM-SKH" and result.turns_played >= 1


def test_a_missing_entry_no_test_can_see_is_confirmed_by_the_player():
    spec = replace(load_library().get("FED-FF"), complete=False, missing=("hull paint",))
    model = Completion(spec)
    assert [i.done for i in model.checklist() if i.kind == "missing"] == [False]
    model.confirm("hull paint")
    assert [i.done for i in model.checklist() if i.kind == "missing"] == [True]
    with pytest.raises(KeyError):
        model.settle("systems.warp")
