"""The table of steps: the eight phases (B2.2), segments 6A-6E, and the seeds' step names."""

from __future__ import annotations

import pytest

from sfb_desk.engine.session import Session
from sfb_desk.engine.steps import IMPULSE_STEPS, STEPS_BY_ID, TURN_STEPS


def test_the_eight_phases_in_order_b2_2():
    phases = [s.phase for s in TURN_STEPS if s.phase]
    assert phases == sorted(phases)
    assert set(phases) == set(range(1, 9))
    names = [s.name for s in TURN_STEPS]
    for expected in ("Energy Allocation Phase", "Speed Determination Phase",
                     "Self-Destruction Phase", "Sensor Lock-On Phase", "Initial Activity Phase",
                     "Impulse Procedure", "Final Activity Phase", "Record Keeping Phase"):
        assert any(n.startswith(expected) for n in names), expected


def test_impulse_segments_in_order_with_impact_at_the_end_of_6a():
    segments = [s.segment for s in IMPULSE_STEPS]
    assert segments == sorted(segments)
    assert set(segments) == {"6A", "6B", "6C", "6D", "6E"}
    six_a = [s.id for s in IMPULSE_STEPS if s.segment == "6A"]
    # movement, then seeking-weapon impact, then the Announce Movement Changes Step (C12.36:
    # "this step comes after movement")
    assert six_a.index("6A-move") < six_a.index("6A-seekers") < six_a.index("6A-impact")
    assert six_a[-1] == "6A-announce"


def test_every_handler_is_a_session_method_and_ids_are_unique():
    ids = [s.id for s in TURN_STEPS + IMPULSE_STEPS]
    assert len(ids) == len(set(ids)) == len(STEPS_BY_ID)
    for step in TURN_STEPS + IMPULSE_STEPS:
        assert step.rules and step.sources, step.id
        if step.handler:
            assert callable(getattr(Session, "_" + step.handler, None)), step.handler


# Step names the seed text uses, with the line of seeds/000_b288a58a8a5f6daf.txt that names
# them (copied by hand; the seed digest, section 3, lists them).
SEED_STEPS = [
    ("1-pinwheel", "Pinwheel Step", "S0 L1490"),
    ("6A-announce", "Announce Movement Changes Step", "S0 L887"),
    ("6A-announce", "Final Movement Stage", "L557"),
    ("6A-esg", "ESG Step", "S0 L2524"),
    ("6A-explosion", "Explosion Step", "S0 L2500"),
    ("6B-seeking", "Seeking Weapons Stage", "S0 L3181"),
    ("6B-seeking", "Deploy Drones", "L3284"),
    ("6B-lock-on", "Tactical Intelligence Interrogations Step", "S0 L3193"),
    ("6B7-marines", "Marine Activity Stage", "S0 L1083"),
    ("6B-systems", "Ship Systems Function Stage", "S0 L5864"),
    ("6D-fire-decision", "Fire Decision Step", "S0 L5569"),
    ("6D-fire-allocation", "Fire Allocation Stage", "S0 L5551"),
    ("6D-damage", "Direct Fire Damage Resolution Stage", "S0 L559"),
    ("6D-shock", "Shock Breakdown Step", "L2995"),
    ("6E-final-functions", "Final Functions Stage", "S0 L4176"),
    ("5-officers", "Officer Location Step", "S0 L5198"),
]


@pytest.mark.parametrize(("step_id", "name", "line"), SEED_STEPS)
def test_seed_step_names_are_in_the_table_with_their_line(step_id, name, line):
    step = STEPS_BY_ID[step_id]
    assert name in step.name and line in step.sources


def test_final_functions_only_on_impulses_8_and_24_g11_341():
    assert STEPS_BY_ID["6E-final-functions"].impulses == frozenset({8, 24})
    assert STEPS_BY_ID["6B7-marines"].number == "6B7"
