"""Photon tactics of the captain and commodore (E4.4 overloads, keeping the range open)."""

from __future__ import annotations

import pytest
from robot_games import library

from sfb_desk.robot import play_duel


def _answers(session, key_part):
    return [r for r in session.log.records if r.kind == "answer" and key_part in r.key]


@pytest.mark.parametrize("lv", ["captain", "commodore"])
def test_held_photons_are_overloaded_when_the_fight_closes(lv):
    """Turn 1 from 15 hexes at speed 10 each: the photons are held overloaded (E4.412), the
    speed given up for them, and they fire overloaded only within 8 hexes (D6.126)."""
    result = play_duel("FED-CA", "KLI-D7", seed=1, turns=1, levels=(lv, lv), library=library())
    (ea,) = _answers(result.session, "T1.ea.FED-CA")
    photons = [w for w in ea.data["weapons"] if w["box"].startswith("photon")]
    assert photons and any(w["overload"] for w in photons)
    shots = [r.data for r in result.session.log.records
             if r.kind == "event" and r.data.kind == "shot" and r.data.unit == "FED-CA"
             and "photon" in r.data.text]
    assert all(dict(s.data)["range"] <= 8 for s in shots)


def test_cadet_keeps_its_top_speed_and_standard_loads():
    result = play_duel("FED-CA", "KLI-D7", seed=1, turns=1, levels=("cadet", "cadet"),
                       library=library())
    (ea,) = _answers(result.session, "T1.ea.FED-CA")
    assert not any(w["overload"] for w in ea.data["weapons"])


def test_a_re_arming_photon_ship_keeps_the_range_open():
    """After its photons fire, the CA plots its top speed on the first arming turn (E4.2),
    not slower than the turn before, to run out of overload range (moves.py stand-off)."""
    result = play_duel("FED-CA", "KLI-D7", seed=1, turns=3, library=library())
    session = result.session
    eas = {r.turn: r.data for r in _answers(session, ".ea.FED-CA")}
    first_arming = [t for t, d in eas.items()
                    if d["weapons"] and all(w["action"] == "arm" and not w["overload"]
                                            for w in d["weapons"])
                    and any(w["box"].startswith("photon") for w in d["weapons"])]
    assert first_arming, "the CA never fired and re-armed its photons"
    t = first_arming[0]
    ea_speed = eas[t]["speed_plot"][0][1]
    assert ea_speed >= eas[t - 1]["speed_plot"][0][1]
