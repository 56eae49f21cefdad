"""Lock-on (D6.1), the scanner factor (D6.21) and the EW shift (D6.34) in the sequencer.

The CA (ENT) and D7 (KRT) of the duel, KRT moved to 2216: range 4 at impulse 8 of turn 1
(both move on impulses 16 and 32 only), bow to bow. ENT's photons are held from status 2, so
photon#A may fire on turn 1. Photon chart (E4): range 3-4 hits on 1-4, range 5-8 on 1-3.
"""

from __future__ import annotations

from sfb_desk.engine.answers import pop_keyed

from dataclasses import replace

from sfb_desk.engine.session import Session
from sfb_desk.rules.charts.heavy_weapons import photon_hit
from sfb_desk.rules.hexes import hex_from_label

from duel_script import arm, hold, setup


def game(ent_destroyed=frozenset(), krt_ecm=0, ent_eccm=0):
    g = setup()
    units = []
    for u in g.state.units:
        if u.id == "KRT":
            u = replace(u, hex=hex_from_label("2216"))
        if u.id == "ENT":
            u = replace(u, destroyed=frozenset(ent_destroyed))
        units.append(u)
    state = replace(g.state, units=tuple(units))
    answers = {
        "T1.ea.ENT": {"speed_plot": 2, "weapons": hold("A", "B", "C", "D"), "eccm": ent_eccm},
        "T1.ea.KRT": {"speed_plot": 2, "weapons": arm("disruptor", "A", "B", "C", "D"),
                      "ecm": krt_ecm},
        "T1.I8.fire.Federation": {"ENT": [{"box": "photon#A", "target": "KRT"}]},
    }
    return Session(state, g.combat, g.specs), answers


def play_to_fire(session, answers, roll):
    """Answer until ENT's photon#A has been rolled (``roll``); return the shot event."""
    answers = {**answers, "T1.I8.shot.ENT.photon#A.KRT": [roll]}
    while True:
        p = session.pending
        value = pop_keyed(answers, p)
        if value is None:
            assert p.default is not None, f"unexpected prompt {p.key}"
            value = p.default
        result = session.answer(value)
        assert not hasattr(result, "rule"), f"refused: {result}"
        shots = [r.data for r in session.log if r.kind == "event" and r.data.kind == "shot"]
        if shots:
            return session, dict(shots[0].data)


def lock_on_events(session):
    return [r.data for r in session.log if r.kind == "event" and r.data.kind == "lock_on"]


def test_full_sensors_lock_on_automatically_without_a_roll():
    """D6.11: a sensor rating of 6 succeeds on any roll, so no die is asked for."""
    session, answers = game()
    session, shot = play_to_fire(session, answers, 4)
    assert not [r for r in session.log if r.kind == "prompt" and ".lock_on." in r.key]
    assert all(dict(e.data)["success"] for e in lock_on_events(session))
    assert (shot["range"], shot["effective_range"], shot["lock_on"]) == (4, 4, True)
    assert photon_hit(4, 4).hit and shot["damage"] == 8  # range 3-4: hits on 1-4


def test_failed_lock_on_doubles_the_range_of_a_shot():
    """Sensor boxes 1-2 destroyed: rating 5 (D6.1). Roll 6 fails (D6.11): true range 4 reads
    the photon chart at effective range 8 (D6.123), the 5-8 cell, where 4 misses."""
    session, answers = game(ent_destroyed={"sensor#1", "sensor#2"})
    answers["T1.lock_on.ENT"] = [6]
    session, shot = play_to_fire(session, answers, 4)
    (ent,) = [e for e in lock_on_events(session) if e.unit == "ENT"]
    assert dict(ent.data) == {"success": False, "roll": 6, "rating": 5}
    assert (shot["range"], shot["effective_range"], shot["lock_on"]) == (4, 8, False)
    assert photon_hit(8, 4).hit_number == 3 and not photon_hit(8, 4).hit
    assert shot["damage"] == 0


def test_successful_lock_on_roll_keeps_the_true_range():
    session, answers = game(ent_destroyed={"sensor#1", "sensor#2"})
    answers["T1.lock_on.ENT"] = [5]  # at most the rating 5: locked on (D6.11)
    session, shot = play_to_fire(session, answers, 4)
    assert (shot["effective_range"], shot["lock_on"], shot["damage"]) == (4, True, 8)


def test_lock_on_is_read_back_after_a_replay():
    """The lock-on lives in the log: a replayed session doubles the range just the same."""
    from sfb_desk.engine.replay import replay

    session, answers = game(ent_destroyed={"sensor#1", "sensor#2"})
    answers["T1.lock_on.ENT"] = [6]
    session, _ = play_to_fire(session, answers, 4)
    again = replay(session.initial, session.log.answers(), session.initial_combat, session.specs)
    shots = [dict(r.data.data) for r in again.log if r.kind == "event" and r.data.kind == "shot"]
    assert shots[0]["effective_range"] == 8


def test_ecm_4_against_no_eccm_shifts_a_photon_roll_by_2():
    """KRT allocates 4 ECM, ENT no ECCM: net ECM 4, shift floor(sqrt(4)) = 2 (D6.34). Roll 3
    at range 4 (hits on 1-4) reads as 5: a miss (E1.821)."""
    session, answers = game(krt_ecm=4)
    session, shot = play_to_fire(session, answers, 3)
    assert shot["shift"] == 2 and shot["damage"] == 0
    assert photon_hit(4, 3).hit and not photon_hit(4, 5).hit


def test_eccm_offsets_ecm():
    """ECM 4 less ECCM 3: net 1, shift 1 (D6.34): roll 3 reads 4, still a hit at range 4."""
    session, answers = game(krt_ecm=4, ent_eccm=3)
    session, shot = play_to_fire(session, answers, 3)
    assert shot["shift"] == 1 and shot["damage"] == 8


def test_scanner_factor_is_added_to_the_effective_range():
    """Scanner boxes 1-3 destroyed: the factor is 3 (track 0,0,1,3,5,9; D6.21). True range 4,
    effective 7: the 5-8 cell, hits on 1-3, so roll 4 misses."""
    session, answers = game(ent_destroyed={"scanner#1", "scanner#2", "scanner#3"})
    session, shot = play_to_fire(session, answers, 4)
    assert (shot["range"], shot["scanner"], shot["effective_range"]) == (4, 3, 7)
    assert shot["damage"] == 0 and not photon_hit(7, 4).hit
