"""Property tests of the DAC procedure over random ships and random volleys (hypothesis).

An independent, slow oracle walks the chart (sfb_desk.rules.charts.dac) for every point from
the state before that point, straight from the rules: the first entry of the row whose system
has an undestroyed box (with the fall-backs and options of decisions.md), skipping bold
entries already scored in the volley (D4.31). Then:

* no box is destroyed twice, and the final state is exactly the boxes the events name;
* every point lands on the FIRST available entry of its row (no available entry skipped);
* the box taken is a legal one: the lowest-numbered box of a counted system, the leftmost of a
  track (never its last box, D4.33), an undestroyed weapon of the right group that bears;
* every point ends on a box, in excess damage, or in the ship's destruction, and after the
  destruction every point is recorded as such;
* the prompt-driven path answered with the defaults gives the same events as the direct path,
  and any legal owner's answers are honoured.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sfb_desk.rules.charts.dac import DAC
from sfb_desk.rules.damage import (
    AFTER_DESTRUCTION,
    BOX,
    DESTROYS_SHIP,
    EXCESS,
    ChoiceNeeded,
    DamageOptions,
    DamageState,
    Volley,
    allocate_damage,
    allocation_steps,
)
from sfb_desk.rules.damage.bearing import bears_on_shields
from sfb_desk.rules.ship import COUNTED_SYSTEMS, WARP_SYSTEMS, ShipSpec, ShuttleBay, Weapon
from sfb_desk.rules.weapon_types import WEAPON_TYPES

CODES = sorted(WEAPON_TYPES) + ["MYSTERY"]
ARCS = ["FA", "RA", "FH", "RH", "LF", "RF", "L", "R", "LR", "RR", "LS", "RS", "FX", "RX", "360"]


@st.composite
def ships(draw) -> ShipSpec:
    systems = tuple(
        (s, n) for s in COUNTED_SYSTEMS if (n := draw(st.integers(0, 5))) > 0
    )
    weapons = []
    for i in range(draw(st.integers(0, 7))):
        code = draw(st.sampled_from(CODES))
        family = WEAPON_TYPES[code].family if code in WEAPON_TYPES else "mystery"
        arcs = tuple(draw(st.lists(st.sampled_from(ARCS), max_size=2, unique=True)))
        weapons.append(Weapon(str(i + 1), code, family, arcs=arcs, boxes=draw(st.sampled_from([1, 1, 1, 2]))))
    track = st.integers(0, 4).map(lambda n: (0,) * n)
    shuttles = draw(st.integers(0, 3))
    return ShipSpec(
        id="RANDOM", race="GEN", race_name="random", class_code="R", name="random ship",
        systems=systems,
        weapons=tuple(weapons),
        shuttle_bays=(ShuttleBay(shuttles),) if shuttles else (),
        sensor_track=draw(track),
        scanner_track=draw(track),
        damage_control_track=draw(track),
        excess_damage=draw(st.integers(0, 4)),
        crew_units=draw(st.sampled_from([None, 3, 40])),
        boarding_parties=draw(st.sampled_from([None, 1, 10])),
    )


options_st = st.builds(
    DamageOptions,
    phaser_direction=st.booleans(),
    rule_of_three=st.booleans(),
    protect_last_track_box=st.booleans(),
    flag_bridge_to_security=st.booleans(),
    hull_to_center=st.booleans(),
    cargo_absorbs_excess=st.booleans(),
)
roll_st = st.integers(1, 6).flatmap(lambda a: st.integers(1, 6).map(lambda b: a + b))


@st.composite
def scenarios(draw):
    ship = draw(ships())
    ids = ship.box_ids()
    pre = draw(st.lists(st.sampled_from(ids), max_size=len(ids) // 3, unique=True)) if ids else []
    volleys = []
    for _ in range(draw(st.integers(1, 4))):
        points = draw(st.integers(0, 30))
        shields = tuple(draw(st.lists(st.integers(1, 6), max_size=2, unique=True)))
        phasers = [b for w in ship.weapons if w.family == "phaser" for b in w.box_ids]
        bearing = None
        if phasers and draw(st.booleans()):
            bearing = frozenset(draw(st.lists(st.sampled_from(phasers), unique=True)))
        rolls = draw(st.lists(roll_st, min_size=points, max_size=points))
        volleys.append((Volley(points, shields, bearing), rolls))
    return ship, pre, volleys, draw(options_st)


# ---------------------------------------------------------------------------------------------
# The oracle


def _group(weapon: Weapon) -> str:
    wtype = WEAPON_TYPES.get(weapon.type)
    return wtype.dac_group if wtype is not None else "other"


def _targets(system: str, opts: DamageOptions) -> list[str]:
    if system == "flag_bridge":  # G18.12: then a displacement device (Module C2)
        return ["flag_bridge", "dd", *(["security"] if opts.flag_bridge_to_security else [])]
    if system == "drone":
        return ["drone", "pa"]  # D10.51: power absorber boxes
    if system == "shuttle":
        return ["shuttle", "hangar"]  # G19.213: the sat ships in the hangar
    if system in ("forward_hull", "aft_hull") and opts.hull_to_center:
        return [system, "center_hull"]
    if system == "excess_damage":
        return ["excess_damage", *(["cargo"] if opts.cargo_absorbs_excess else []), "destroy"]
    return [system]


class Oracle:
    def __init__(self, ship: ShipSpec, destroyed: set[str], opts: DamageOptions) -> None:
        self.ship, self.dead, self.opts = ship, destroyed, opts
        self.weapon_boxes = [(b, w) for w in ship.weapons for b in w.box_ids
                             if w.type != "DISPLACEMENT"]  # G18.12: not a weapon on the DAC
        self.devices = [b for w in ship.weapons if w.type == "DISPLACEMENT" for b in w.box_ids]

    def boxes_of(self, system: str) -> list[str]:
        """Hittable boxes of a plain system, in the order they must be taken."""
        ship = self.ship
        if system == "shuttle":
            n = ship.shuttle_boxes
        elif system in ("sensor", "scanner", "damage_control"):
            n = len(getattr(ship, f"{system}_track"))
            if self.opts.protect_last_track_box:
                n -= 1  # D4.33
        elif system == "excess_damage":
            n = ship.excess_damage or 0
        elif system in ("dd", "pa", "hangar"):
            boxes = self.devices if system == "dd" else [
                b for sp in ship.special if (sp.key.startswith("pa_") if system == "pa"
                                             else sp.key == "hangar") for b in sp.box_ids]
            return [b for b in boxes if b not in self.dead]
        else:
            n = ship.count(system)
        return [b for i in range(1, n + 1) if (b := f"{system}#{i}") not in self.dead]

    def weapons_for(self, kind: str, volley: Volley) -> list[str]:
        out = []
        for box, weapon in self.weapon_boxes:
            if box in self.dead:
                continue
            if kind == "any_weapon":
                out.append(box)
            elif _group(weapon) == kind:
                if kind == "phaser" and self.opts.phaser_direction:
                    if volley.bearing_phasers is not None:
                        if box not in volley.bearing_phasers:
                            continue
                    elif volley.shields and not bears_on_shields(weapon.arcs, weapon.extra_bearings, volley.shields):
                        continue
                out.append(box)
        return out

    def legal(self, target: str, volley: Volley) -> list[str]:
        if target == "destroy":
            return ["<destroy>"]
        if target in ("phaser", "torpedo", "drone", "any_weapon"):
            return self.weapons_for(target, volley)
        if target == "any_warp":
            return [bs[0] for s in WARP_SYSTEMS if (bs := self.boxes_of(s))]
        boxes = self.boxes_of(target)
        return boxes[:1]  # plain systems: the lowest-numbered (leftmost) box only

    def first_entry(self, roll: int, used: set[tuple[int, int]], volley: Volley):
        for col, cell in enumerate(DAC[roll]):
            if cell.bold and (roll, col) in used:
                continue
            for target in _targets(cell.system, self.opts):
                legal = self.legal(target, volley)
                if legal:
                    return col, cell, target, legal
        raise AssertionError("column M always ends in excess damage or destruction")


def check_volley(oracle: Oracle, volley: Volley, rolls: list[int], result, was_destroyed: bool) -> None:
    used: set[tuple[int, int]] = set()
    destroyed = was_destroyed
    roll_iter = iter(rolls)
    assert len(result.events) == volley.points
    for event in result.events:
        if destroyed:
            assert event.outcome == AFTER_DESTRUCTION and event.roll is None and event.box is None
            continue
        roll = next(roll_iter)
        col, cell, target, legal = oracle.first_entry(roll, used, volley)
        assert (event.roll, event.column, event.entry) == (roll, "ABCDEFGHIJKLM"[col], cell.label)
        if target == "destroy":
            assert event.outcome == DESTROYS_SHIP and event.box is None
            destroyed = True
            continue
        assert event.box in legal, (event, target, legal)
        assert event.box not in oracle.dead  # never destroyed twice
        assert event.outcome == (EXCESS if target == "excess_damage" else BOX)
        if target in ("phaser", "torpedo", "drone"):
            assert event.system == target
        elif target == "any_warp":
            assert event.system in WARP_SYSTEMS
        elif target != "any_weapon":
            assert event.system == target
        oracle.dead.add(event.box)
        if cell.bold:
            used.add((roll, col))
    assert result.state.ship_destroyed == destroyed


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_every_point_lands_on_the_first_available_entry(scenario):
    ship, pre, volleys, opts = scenario
    state = DamageState.for_ship(ship, pre)
    oracle = Oracle(ship, set(pre), opts)
    for volley, rolls in volleys:
        result = allocate_damage(ship, state, volley, rolls, options=opts)
        assert result.complete and not result.issues
        check_volley(oracle, volley, rolls, result, state.ship_destroyed)
        assert result.state.destroyed == frozenset(oracle.dead)
        assert len(set(result.events.boxes())) == len(result.events.boxes())
        assert result.state.internal_points == state.internal_points + result.rolls_used
        state = result.state


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios(), st.data())
def test_owner_answers_are_honoured_and_defaults_match_the_direct_path(scenario, data):
    ship, pre, volleys, opts = scenario
    state = DamageState.for_ship(ship, pre)
    default_state = state
    oracle = Oracle(ship, set(pre), opts)
    for volley, rolls in volleys:
        direct = allocate_damage(ship, default_state, volley, rolls, options=opts)
        prompted = allocate_damage(ship, default_state, volley, rolls, options=opts, chooser=lambda p: None)
        assert list(direct.events) == list(prompted.events)
        assert direct.state == prompted.state
        default_state = direct.state
        # Now a random owner answering every prompt.
        gen = allocation_steps(ship, state, volley, rolls, options=opts)
        answers = []
        try:
            prompt = next(gen)
            while True:
                assert isinstance(prompt, ChoiceNeeded) and len(prompt.options) > 1
                answer = data.draw(st.sampled_from(prompt.options))
                answers.append(answer)
                prompt = gen.send(answer)
        except StopIteration as stop:
            result = stop.value
        chosen = [e.choice.chosen for e in result.events if e.choice is not None and e.choice.by == "owner"]
        assert chosen == answers
        check_volley(oracle, volley, rolls, result, state.ship_destroyed)
        state = result.state
