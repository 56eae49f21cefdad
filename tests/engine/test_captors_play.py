"""Captor and sensor mines resolved at the table through the sequencer (engine/captor_steps.py):
an automatic captor fires at once with its owner rolling (M4.46), within its rate (M4.414);
the M5.22 example - a sensor line ordering six captors several hexes farther away - fires in
the Direct-Fire Weapons Segment (M5.201); a drone captor launches at the Seeking Weapon Stage
(M4.48)."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from sfb_desk.data.custom_setup import UnitEntry, setup_from_entries
from sfb_desk.data.library import load_library
from sfb_desk.engine.answers import NO_ANSWER, At, Chain, Defaults, Scripted, SeededDice
from sfb_desk.engine.prompts import Choice, DiceRequest
from sfb_desk.engine.session import Session
from sfb_desk.rules.charts.phasers import phaser_damage
from sfb_desk.rules.hexes import hex_from_label, hex_range
from sfb_desk.rules.systems.battlefield import BattlefieldState
from sfb_desk.rules.systems.mines import Mine, Minefield

H = hex_from_label


@lru_cache(maxsize=1)
def ships():
    return load_library()


class CaptorDice:
    """Rolls ``roll`` for every captor die and remembers whose dice they were."""

    name = "captor-dice"

    def __init__(self, roll: int = 1) -> None:
        self.roll = roll
        self.asked: list[DiceRequest] = []

    def answer(self, prompt, session):  # noqa: ANN001
        if isinstance(prompt, DiceRequest) and ".captor." in prompt.key:
            self.asked.append(prompt)
            return [self.roll], self.name
        if isinstance(prompt, Choice) and ".shield." in prompt.key:  # on a hex spine (D3.43)
            return prompt.options[0], self.name
        return NO_ANSWER


def game(mines: list[Mine], ca_hex: str = "1218", speed: int = 8) -> Session:
    entries = [UnitEntry("FED-CA", "CA", "Federation", ca_hex, "A", speed, 2),
               UnitEntry("KLI-D7", "D7", "Klingon", "4001", "D", 0, 2)]
    setup = setup_from_entries(entries, ships(), turns=1, dice_seed=1, map_kind="fixed")
    field = BattlefieldState(mines=Minefield(tuple(mines)))
    return Session(setup.state, replace(setup.combat, battlefield=field), setup.specs)


def play(session: Session, dice: CaptorDice, stop, speed: int = 8) -> None:  # noqa: ANN001
    script = Chain(dice, Scripted([At("T1.ea.CA", {"speed_plot": speed}),
                                   At("T1.ea.D7", {"speed_plot": 0})]), Defaults(), SeededDice())
    for _ in range(3000):
        if session.pending is None or stop(session):
            return
        session.run(script, limit=1)
    raise AssertionError("never reached")


def events(session: Session, kind: str) -> list:
    return [r for r in session.log if r.kind == "event" and r.data.kind == kind]


def test_m4_46_an_automatic_captor_fires_at_once_and_its_owner_rolls():
    mine = Mine.loaded(id="K1", owner="Klingon", hex=H("1210"), size="large", type="captor",
                       captor="D", detection_range=6)
    session = game([mine])
    dice = CaptorDice(1)
    play(session, dice, lambda s: len(events(s, "captor_fires")) >= 3)
    shots = events(session, "captor_fires")
    assert len(shots) == 3  # a large type-D: three phaser-2 (M4.41), each once (M4.414)
    assert all(p.side == "Klingon" and p.unit is None for p in dice.asked)  # the owner's dice
    entered = shots[0].step  # fired in the movement segment, not in 6D (M4.46)
    assert entered == "6A-battlefield"
    rng = hex_range(H("1210"), session.state.unit("CA").hex)
    assert rng == 6  # it fired the moment the cruiser entered its six-hex zone (M4.43)
    assert [s.data.get("damage") for s in shots] == [phaser_damage("2", 1, 6)] * 3
    record = session.combat.ship("CA")
    assert record.shields.boxes != session.initial_combat.ship("CA").shields.boxes
    assert "Federation" in session.combat.battlefield.mines.get("K1").located_by
    # every phaser has fired this turn: the hexes it enters next set off nothing (M4.414;
    # a captor that cannot fire is ignored, M4.49)
    entered = session.state.unit("CA").hex
    play(session, dice, lambda s: s.state.impulse >= 20)
    assert hex_range(session.state.unit("CA").hex, entered) >= 2
    assert hex_range(session.state.unit("CA").hex, H("1210")) <= 6
    assert len(events(session, "captor_fires")) == 3 and not events(session, "captor_holds")


def test_m5_22_a_sensor_line_orders_six_captors_to_fire_from_farther_away():
    """M5.22 (L6327-6329): a sensor mine with a six-hex radius controls six captors six hexes
    behind it, two hexes apart; a ship probing the sensor line finds six captors firing at it
    from several hexes farther away (in the Direct-Fire Weapons Segment, M5.201)."""
    sensor = Mine("S1", "Klingon", H("1010"), "small", type="sensor", detection_range=6,
                  target_sizes=frozenset(range(1, 5)))
    captors = [Mine.loaded(id=f"C{n}", owner="Klingon", hex=H(f"04{row:02d}"), size="small",
                           type="captor", captor="D", control="command", detection_range=6,
                           disabled=True, controlled_by=("S1",))
               for n, row in enumerate((5, 7, 9, 11, 13, 15), 1)]
    session = game([sensor, *captors], ca_hex="1018")
    dice = CaptorDice(1)
    play(session, dice, lambda s: len(events(s, "captor_fires")) >= 6)
    (orders,) = events(session, "sensor_orders")
    assert orders.data.get("target") == "CA"
    committed = events(session, "captor_committed")
    assert sorted(c.data.get("mine") for c in committed) == [f"C{n}" for n in range(1, 7)]
    fires = events(session, "captor_fires")
    assert {f.step for f in fires} == {"6D-captors"}  # M5.201
    ca = session.state.unit("CA").hex
    assert all(hex_range(c.hex, ca) > 6 for c in captors[:2])  # beyond their own zones
    assert {f.data.get("mine") for f in fires} == {f"C{n}" for n in range(1, 7)}
    # the captors showed themselves by firing (M7.41); the sensor only by the cruiser's own
    # automatic detection on entering its zone (M7.34), not by giving its orders
    seen = {v.id for v in session.combat.battlefield.mines.view_for("Federation")}
    assert {f"C{n}" for n in range(1, 7)} <= seen
    detected = [e.data.get("hex") for e in events(session, "mine_detected")]
    assert ("S1" in seen) == ("1010" in detected)
    assert "1010" not in orders.data.text  # the shared log keeps the sensor's hex to itself


def test_m4_48_a_drone_captor_commits_then_launches_at_the_seeking_weapon_stage():
    mine = Mine.loaded(id="K2", owner="Klingon", hex=H("1210"), size="small", type="captor",
                       captor="A", detection_range=6)
    session = game([mine])
    play(session, CaptorDice(), lambda s: bool(events(s, "launched")))
    (commit,) = events(session, "captor_committed")
    (launch,) = events(session, "launched")
    assert commit.step == "6A-battlefield" and launch.step == "6B-captor-launches"
    drone = session.state.unit("K2-S1")
    assert drone.kind == "drone" and drone.side == "Klingon" and drone.target == "CA"
    assert drone.hex == H("1210")
    assert session.combat.battlefield.mines.get("K2").shots == 1  # two rounds, one used


def test_m8_4231_a_damaged_sensor_orders_its_mines_at_the_sweeper():
    """M8.4231-M8.4234: a sensor mine damaged by a sweep (3 points on a small mine, M8.41)
    orders the explosive mine it controls beside the sweeper to detonate - even one not set
    for the sweeper's size (M8.4233) - and its captor to fire at the sweeper."""
    sensor = Mine("S", "Klingon", H("1210"), "small", type="sensor", detection_range=0,
                  located_by=frozenset({"Federation"}))
    nsm = Mine("E", "Klingon", H("1212"), "large", target_sizes=frozenset({6}),
               controlled_by=("S",))
    captor = Mine.loaded(id="C", owner="Klingon", hex=H("1610"), size="small", type="captor",
                         captor="D", control="command", disabled=True, controlled_by=("S",))
    session = game([sensor, nsm, captor], ca_hex="1211", speed=0)
    dice = CaptorDice(1)
    script = Chain(dice, Scripted([
        At("T1.ea.CA", {"speed_plot": 0}), At("T1.ea.D7", {"speed_plot": 0}),
        At("T1.I1.sweep.S.CA", "yes"), At("T1.I1.sweep_lock.S.CA", [2]),
        At("T1.I1.sweep_damage.S.CA", "3")]), Defaults(), SeededDice())
    for _ in range(500):
        if session.pending is None or events(session, "captor_fires"):
            break
        session.run(script, limit=1)
    (swept,) = events(session, "mine_swept")
    assert swept.data.get("outcome") == "orders_controlled" and swept.data.rule == "M8.4231"
    (blast,) = events(session, "mine_explodes")
    assert blast.data.get("hex") == "1212" and blast.data.get("victims") == ["CA"]
    (fire,) = events(session, "captor_fires")
    assert fire.data.get("mine") == "C" and fire.step == "6D-captors"
    assert not session.combat.battlefield.mines.get("S").destroyed  # M8.423: unaffected


def test_m5_36_the_chain_mine_example_ends_with_the_captor_launching_a_plasma_torpedo():
    """M5.36 (L6356-6366): an NSM in 1010 with an automatic detonator; large explosive mines
    with chain detonators (set for 1010's explosion) in 0911, 0910, 1009 and 1011; a ship in
    0910 fails to sweep 1010: it detonates, the four chain mines detonate with it, and a
    captor with a chain detonator in 1212 fires a plasma torpedo at the ship."""
    nsm = Mine("N", "Klingon", H("1010"), "large", detection=2,
               located_by=frozenset({"Federation"}))
    chain = [Mine(f"K{h}", "Klingon", H(h), "large", control="chain", disabled=True,
                  chain_of=("N",)) for h in ("0911", "0910", "1009", "1011")]
    captor = Mine.loaded(id="B", owner="Klingon", hex=H("1212"), size="large", type="captor",
                         captor="B", control="chain", disabled=True, chain_of=("N",))
    entries = [UnitEntry("FED-DN", "DN", "Federation", "0910", "A", 0, 2),
               UnitEntry("KLI-D7", "D7", "Klingon", "4001", "D", 0, 2)]
    setup = setup_from_entries(entries, ships(), turns=1, dice_seed=1, map_kind="fixed")
    field = BattlefieldState(mines=Minefield((nsm, *chain, captor)))
    session = Session(setup.state, replace(setup.combat, battlefield=field), setup.specs)
    script = Chain(CaptorDice(), Scripted([
        At("T1.ea.DN", {"speed_plot": 0}), At("T1.ea.D7", {"speed_plot": 0}),
        At("T1.I1.sweep.N.DN", "yes"), At("T1.I1.sweep_lock.N.DN", [3]),
        At("T1.I1.sweep_damage.N.DN", "4")]), Defaults(), SeededDice())
    for _ in range(3000):
        if session.pending is None or events(session, "launched"):
            break
        session.run(script, limit=1)
    blasts = events(session, "mine_explodes")
    assert [b.data.get("hex") for b in blasts][0] == "1010"
    assert sorted(b.data.get("hex") for b in blasts[1:]) == ["0910", "0911", "1009", "1011"]
    # the ship in 0910 is in or beside 1010, 0910, 0911 and 1009; 1011 is two hexes off (M2.5)
    hit = sorted(b.data.get("hex") for b in blasts if b.data.get("victims") == ["DN"])
    assert hit == ["0910", "0911", "1009", "1010"]
    (commit,) = events(session, "captor_committed")
    assert commit.data.get("mine") == "B" and commit.data.get("target") == "DN"
    (launch,) = events(session, "launched")
    torpedo = session.state.unit(launch.data.unit)
    assert torpedo.kind == "plasma" and torpedo.target == "DN" and torpedo.hex == H("1212")
    assert session.combat.seeking.record(launch.data.unit).plasma == "F"
