"""A robot duel of the RECONSTRUCTED Conquistador against a KLI-D7 (issue 17): three turns
through the real sequencer; the power absorber panels take phaser and disruptor fire (D10), the
Cobra aboard is launched (G19.411) and a displacement is attempted (G18)."""

from __future__ import annotations

from sfb_desk.robot.duel import play_duel


def test_conquistador_against_d7_plays_three_turns_and_the_panels_absorb():
    result = play_duel("AND-CON", "KLI-D7", seed=8, turns=3)  # dice where every device is seen
    assert result.turns_played == 3
    events = [r.data for r in result.session.log if r.kind == "event"]
    panels = [e for e in events if e.kind == "panels"]
    assert panels and sum(e.get("absorbed") for e in panels) > 0
    shots = {e.get("box").split("#")[0] for e in events
             if e.kind == "shot" and e.get("target") == "AND-CON" and e.get("damage")}
    assert {"phaser", "disruptor"} <= shots  # the D7's fire reached the panels
    fired = {e.get("box").split("#")[0] for e in events if e.kind == "shot" and e.unit == "AND-CON"}
    assert "tr" in fired  # the robot flies the Andromedan: its TR beams fire (E9)
    assert any(e.get("leak") for e in panels)  # a disruptor leak (D10.332)
    assert any(e.kind == "panels_end_of_turn" for e in events)
    # The robot flies the Andromedan with its devices (robot/andro.py): the Cobra (R10.8) is
    # launched by transporter and fights; the displacement device is used on the D7.
    launched = [e for e in events if e.kind == "sat_ship_launched"]
    assert [(e.unit, e.get("carrier"), e.get("by")) for e in launched] == [
        ("AND-COB", "AND-CON", "transporter")]
    assert any(e.kind == "shot" and e.unit == "AND-COB" for e in events)
    rolls = [e for e in events if e.kind == "displacement_roll"]
    assert rolls and all(e.get("target") == "KLI-D7" for e in rolls)
    assert any(e.kind == "displaced" for e in events)
    # The panels are run at the level the allocation pays for (D10.21, D10.22) and the DAC's
    # Drone hits take panel boxes (D10.51).
    assert any(e.kind == "panel_box_destroyed" for e in events)
    eas = [r.data for r in result.session.log if r.kind == "answer" and ".ea.AND-CON" in r.key]
    assert eas and all(a["pa_level"] == "standard" for a in eas)
