"""SH19 (The Mighty Hood Goes Down) from the scenario's own set-up (ssd_data/scenarios/SH19.toml:
the Hood in 1820 at speed 4, weapon status I; the Challenger, Bloodshedder and Desolation in
0128-0130 at maximum speed, weapon status III) to its "Hood is captured" result (SH19.5), every
step through the sequencer.

The Klingon player follows a scripted plan in the spirit of the book's tactics (SH19.8): every
cruiser pays 5 transporter uses (G8.13) and the Challenger a tractor (G7.15) each turn; only the
Bloodshedder fires, and only until the Hood's shield facing a cruiser within transporter range
is down; no drones are launched; the Challenger grabs the Hood in its tractor when adjacent
(G7.31); every cruiser within 5 hexes of the Hood's down shield beams over all but 2 of its
parties, one a transporter use (G8.33), dropping its own facing shield for it (D3.5). Movement
and the Hood's whole play are the robot captain's. The dice are honest: every die is rolled by
the seeded generator (seed 0), none chosen."""

from __future__ import annotations

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.scenarios import load_scenarios
from sfb_desk.data.task_victory import task_result
from sfb_desk.engine.prompts import DiceRequest
from sfb_desk.engine.session import Session
from sfb_desk.robot import Robot
from sfb_desk.rules.arcs import shield_struck
from sfb_desk.rules.hexes import hex_range

KLINGONS = ("Challenger", "Bloodshedder", "Desolation")
SEED = 0


def _down_toward(session, uid: str, other: str) -> bool:
    """Is a shield of ``uid`` facing ``other`` dropped or shot away (G8.21)?"""
    u, o = session.state.unit(uid), session.state.unit(other)
    st = session.combat.ship(uid).shields
    facing = shield_struck(u.hex, u.facing, o.hex).shields or tuple(range(1, 7))
    return any(st.status[k - 1] != "up" or st.boxes[k - 1] == 0 for k in facing)


def _boarding_open(session) -> bool:
    hood = session.state.unit("Hood")
    return any(session.state.unit(k).active and hex_range(session.state.unit(k).hex, hood.hex) <= 5
               and _down_toward(session, "Hood", k) for k in KLINGONS)


def _energy(session, robot, p):
    base = robot.decide(p, session)
    if p.unit not in KLINGONS:
        return base
    plan = dict(base, transporters=5, tractors=1 if p.unit == "Challenger" else 0)
    return plan if session.check(plan) is None else base


def _tractors(session):
    hood, ch = session.state.unit("Hood"), session.state.unit("Challenger")
    held = any(k.target == "Hood" for k in session.combat.tractors.links)
    if hood.active and ch.active and not held and hex_range(hood.hex, ch.hex) <= 1:
        order = {"Challenger": {"link": [{"box": "tractor#1", "target": "Hood", "power": 1}]}}
        if session.check(order) is None:
            return order
    return {}


def _marines(session):
    orders: dict = {}
    hood = session.state.unit("Hood")
    for k in KLINGONS:
        u = session.state.unit(k)
        if not u.active or hex_range(u.hex, hood.hex) > 5 or not _down_toward(session, "Hood", k):
            continue
        record = session.combat.ship(k)
        spec = session.specs[record.spec_id]
        aboard = spec.boarding_parties - record.boarding_parties_lost - record.systems.parties_away
        working = sum(1 for i in range(1, spec.count("transporter") + 1)
                      if f"transporter#{i}" not in u.destroyed)
        paid = int(record.allocation.transporters) if record.allocation else 0
        used = record.systems.transporter_uses
        go = min(working - used, paid - used, aboard - 2)
        if go <= 0:
            continue
        order: dict = {"board": [{"target": "Hood", "parties": go}]}
        if not _down_toward(session, k, "Hood"):
            order["drop"] = [shield_struck(u.hex, u.facing, hood.hex).shields[0]]
        trial = dict(orders, **{k: order})
        if session.check(trial) is None:
            orders = trial
    return orders


def _play():
    scenario = load_scenarios().get("SH19")
    game = units_from_scenario(scenario, load_library(), turns=8, dice_seed=SEED)
    session = Session(game.state, game.combat, game.specs)
    start = {u.id: (u.hex.label, u.speed) for u in game.state.units}
    robots = [Robot("Federation", "captain", SEED), Robot("Klingon", "captain", SEED)]
    while session.pending is not None:
        p = session.pending
        robot = next(r for r in robots if r.mine(p, session))
        kind = getattr(p, "kind", "")
        klingon = robot.side == "Klingon"
        if isinstance(p, DiceRequest):
            value = robot.decide(p, session)  # the seeded generator: honest dice
        elif kind == "energy_allocation":
            value = _energy(session, robot, p)
        elif kind == "tractors" and klingon:
            value = _tractors(session)
        elif kind == "marines" and klingon:
            value = _marines(session)
        elif kind == "launches" and klingon:
            value = {}
        elif kind == "fire" and klingon:
            shots = {} if _boarding_open(session) else robot.decide(p, session)
            value = {k: v for k, v in shots.items() if k == "Bloodshedder"}
            if value and session.check(value) is not None:
                value = {}
        else:
            value = robot.decide(p, session)
        outcome = session.answer(value, "test")
        assert not hasattr(outcome, "rule"), (p.key, outcome)
    return scenario, session, start


def test_sh19_from_its_set_up_ends_hood_is_captured():
    scenario, session, start = _play()
    assert start["Hood"] == ("1820", 4)
    assert {start[k][0] for k in KLINGONS} == {"0128", "0129", "0130"}
    events = [r.data for r in session.log if r.kind == "event"]
    kinds = [e.kind for e in events]
    assert "tractor_link" in kinds  # the Challenger held the Hood (G7)
    assert kinds.count("boarding") >= 3 and kinds.count("boarding_combat") >= 2  # G8, D7.4
    assert "ship_destroyed" not in kinds
    assert session.state.unit("Hood").status == "captured"  # D7.50
    captured = [e for e in events if e.kind == "ship_captured"]
    assert [(e.unit, e.get("side")) for e in captured] == [("Hood", "Klingon")]
    result = task_result(scenario, session.state, session.combat, session.specs)
    assert (result.outcome, result.level) == ("Hood is captured", "Klingon Decisive")
