"""The sequencer session: walks the table of steps and yields prompts (DESIGN.md section 4).

A :class:`Session` starts from a :class:`~sfb_desk.rules.game_state.GameState` at the start of
a turn and walks :data:`~sfb_desk.engine.steps.TURN_STEPS` (the Impulse Procedure walking
:data:`~sfb_desk.engine.steps.IMPULSE_STEPS` 32 times). Whenever the rules need something from
the table the session stops with a :attr:`pending` prompt (a DiceRequest, Choice or Orders)
and goes on when :meth:`answer` is called. An illegal answer is refused with the rule
(:class:`~sfb_desk.rules.results.Refusal`) and the same prompt stays pending. Prompts,
accepted and refused answers and events all go into :attr:`log`.

The session is the only mutable object: it keeps the units of the current moment in a dict
and materialises an immutable :attr:`state` on demand, so an impulse of 110 moving units
allocates little more than the new units themselves. Replays and undo are in
:mod:`sfb_desk.engine.replay`.

Movement orders are fully checked here (movement.py, movement_het.py, movement_speed.py,
movement_em.py); energy allocation, fire and launch records are accepted as they are and kept
for later issues, apart from their movement parts (HETs, TACs, EM paid; seekers launched).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator
from dataclasses import dataclass, replace

from ..rules import movement_em as em_rules
from ..rules.charts.impulse import moves_on
from ..rules.game_state import GameState
from ..rules.hexes import hex_range, parse_facing
from ..rules.movement import (
    STRAIGHT,
    MoveOrder,
    Moved,
    apply_order,
    earn_warp_tac,
    legal_orders,
    parse_move_order,
)
from ..rules.movement_disengage import Contact, Pursuer, by_separation
from ..rules.movement_het import apply_breakdown_facing, resolve_breakdown_roll
from ..rules.movement_seekers import impact, move_seeker
from ..rules.movement_speed import (
    emergency_deceleration,
    parse_plot,
    speed_at,
    unplotted_acceleration,
    validate_plot,
)
from ..rules.results import Event, Refusal, event
from ..rules.units import (
    ACTIVE,
    DRONE,
    PLASMA,
    SEEKER_KINDS,
    SEEKER_PROFILE,
    SHIP,
    TacState,
    Unit,
    clock_of,
)
from .log import ANSWER, EVENT, PROMPT, REFUSED, GameLog
from .prompts import Choice, DiceRequest, Orders, Prompt, check_choice, check_dice
from .steps import IMPULSE_STEPS, TURN_STEPS, Step

IMPULSES = 32
Walk = Generator[Prompt, object, None]


@dataclass(frozen=True, slots=True)
class Accepted:
    """An accepted answer and the events it caused."""

    events: tuple[Event, ...] = ()

    def __bool__(self) -> bool:
        return True


class NotReady(RuntimeError):
    """:meth:`Session.answer` called with no prompt pending (the game is over)."""


def canonical(value: object) -> str:
    """A record as canonical JSON (sorted keys, no spaces): stable across save and load."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class Session:
    """Walks the sequence of play from ``initial`` (a state at the start of a turn)."""

    def __init__(self, initial: GameState) -> None:
        if initial.impulse != 0:
            raise ValueError("a session starts from a state at the start of a turn (impulse 0)")
        self.initial = initial
        self.log = GameLog()
        self._turn = initial.turn
        self._impulse = 0
        self._units: dict[str, Unit] = {u.id: u for u in initial.units}
        self._state: GameState | None = initial
        self._step: Step = TURN_STEPS[0]
        self._source = ""
        self._refusal: Refusal | None = None
        self._events: list[Event] = []
        self._roster: tuple[list[str], list[str], list[str]] | None = None
        self._gen = self._walk()
        self.pending: Prompt | None = None
        try:
            self.pending = next(self._gen)
        except StopIteration:
            self.pending = None

    # -- public ----------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The game state now (immutable; built on demand)."""
        if self._state is None:
            s = self.initial
            self._state = GameState(
                self._turn, self._impulse, tuple(self._units.values()), s.options,
                s.dice_seed, s.last_turn, s.map,
            )
        return self._state

    @property
    def step(self) -> Step:
        return self._step

    @property
    def finished(self) -> bool:
        return self.pending is None

    def answer(self, value: object, source: str = "player") -> Accepted | Refusal:
        """Answer the pending prompt. Returns the refusal (the prompt stays pending) or the
        events the answer caused."""
        if self.pending is None:
            raise NotReady("the game is over: no prompt is pending")
        self._source = source
        self._refusal = None
        self._events = []
        try:
            self.pending = self._gen.send(value)
        except StopIteration:
            self.pending = None
        if self._refusal is not None:
            return self._refusal
        return Accepted(tuple(self._events))

    def run(self, source: object, *, limit: int | None = None) -> Refusal | None:
        """Answer prompts from ``source`` until it has no answer, the game ends or ``limit``
        answers were given. Returns the refusal if the source gave an illegal answer."""
        from .answers import NO_ANSWER

        given = 0
        while self.pending is not None and (limit is None or given < limit):
            result = source.answer(self.pending, self)  # type: ignore[attr-defined]
            if result is NO_ANSWER:
                return None
            value, name = result
            outcome = self.answer(value, name)
            if isinstance(outcome, Refusal):
                return outcome
            given += 1
        return None

    # -- plumbing --------------------------------------------------------------------------
    def _put(self, unit: Unit) -> None:
        old = self._units.get(unit.id)
        if old is None or old.status != unit.status:
            self._roster = None
        self._units[unit.id] = unit
        self._state = None

    def _remove(self, unit_id: str) -> None:
        del self._units[unit_id]
        self._roster = None
        self._state = None

    def _get_roster(self) -> tuple[list[str], list[str], list[str]]:
        """(controlled unit ids in id order, active seeker ids, sides), cached until a unit
        appears, disappears or changes status."""
        if self._roster is None:
            active = [u for u in self._units.values() if u.status == ACTIVE]
            controlled = sorted(u.id for u in active if not u.is_seeker)
            seekers = [u.id for u in active if u.is_seeker]
            sides = sorted({self._units[i].side for i in controlled})
            self._roster = (controlled, seekers, sides)
        return self._roster

    def _emit(self, ev: Event) -> None:
        self.log.append(EVENT, self._turn, self._impulse, self._step.id, "", ev)
        self._events.append(ev)

    def _emit_all(self, events: tuple[Event, ...] | list[Event]) -> None:
        for ev in events:
            self._emit(ev)

    def _ask(self, prompt: Prompt, check: Callable[[object], object]) -> Generator[Prompt, object, object]:
        """Yield ``prompt`` until ``check`` accepts the answer; return the checked value."""
        log = self.log
        log.append(PROMPT, self._turn, self._impulse, self._step.id, prompt.key, prompt)
        self._state = None
        while True:
            value = yield prompt
            checked = check(value)
            if isinstance(checked, Refusal):
                log.append(REFUSED, self._turn, self._impulse, self._step.id, prompt.key,
                           (value, checked), self._source)
                self._refusal = checked
                continue
            log.append(ANSWER, self._turn, self._impulse, self._step.id, prompt.key, value,
                       self._source)
            return checked

    def _walk(self) -> Walk:
        last = self.initial.last_turn
        while last is None or self._turn <= last:
            for step in TURN_STEPS:
                self._step = step
                if step.handler:
                    yield from getattr(self, "_" + step.handler)(step)

    def _key(self, what: str, who: str) -> str:
        if self._impulse:
            return f"T{self._turn}.I{self._impulse}.{what}.{who}"
        return f"T{self._turn}.{what}.{who}"

    def _controlled(self) -> list[Unit]:
        """Ships and shuttles under orders (not seeking weapons), active, in id order."""
        units = self._units
        return [units[i] for i in self._get_roster()[0]]

    def _sides(self) -> list[str]:
        return self._get_roster()[2]

    # -- phases 1-5 ------------------------------------------------------------------------
    def _energy_allocation(self, step: Step) -> Walk:
        options = self.initial.options
        for unit in self._controlled():
            warp = unit.profile.warp - sum(
                1 for box in unit.destroyed if box.split("#")[0].endswith("_warp")
            )
            unit = replace(unit, warp_at_start=max(warp, 0))
            name = unit.name or unit.id
            plot = yield from self._ask(
                Orders(self._key("plot", unit.id), "speed_plot",
                       f"Speed plot for {name} (C12.12)", unit=unit.id, rule="C12.12"),
                lambda v, u=unit: self._check_plot(u, v),
            )
            unit = replace(unit, plot=plot)
            if unit.kind == SHIP:  # shuttles have no energy allocation (EM by speed, C10.13)
                unit = yield from self._ask(
                    Orders(self._key("ea", unit.id), "energy_allocation",
                           f"Energy allocation for {name} (B3)", unit=unit.id, rule="B3"),
                    lambda v, u=unit: _check_allocation(u, v, options),
                )
            self._put(unit)

    def _check_plot(self, unit: Unit, value: object) -> object:
        plot = parse_plot(value)
        if isinstance(plot, Refusal):
            return plot
        refusal = validate_plot(unit, plot, self.initial.options, turn=self._turn)
        return refusal or plot

    def _speed_determination(self, step: Step) -> Walk:
        for unit in self._controlled():
            first = unit.plot[0][1]
            unit = replace(unit, speed=abs(first), reverse=first < 0)
            self._put(unit)
            self._emit(event("speed_announced", unit.id, "C12.131",
                             f"{unit.id} moves at speed {first} this turn", speed=first))
        return
        yield  # a generator

    def _lock_on(self, step: Step) -> Walk:
        """Disengagement by separation, offered when a ship qualifies (C7.2)."""
        options = self.initial.options
        for unit in self._controlled():
            if unit.kind != SHIP:
                continue
            contacts = [
                Contact(hex_range(unit.hex, o.hex), "ship" if o.kind == SHIP else "shuttle")
                for o in self._units.values()
                if o.active and o.side != unit.side and not o.is_seeker
            ]
            if not contacts:
                continue
            pursuers = [
                Pursuer(s.speed, hex_range(s.hex, unit.hex))
                for s in self._units.values()
                if s.active and s.is_seeker and s.target == unit.id
            ]
            if by_separation(contacts, pursuers, unit.speed, ship_range=options.separation_range):
                continue
            prompt = Choice(self._key("disengage", unit.id),
                            f"Disengage {unit.name or unit.id} by separation? (C7.2)",
                            ("yes", "no"), rule="C7.2", unit=unit.id, default="no")
            answer = yield from self._ask(prompt, lambda v, p=prompt: check_choice(p, v))
            if answer == "yes":
                self._put(replace(unit, status="disengaged"))
                self._emit(event("disengaged", unit.id, "C7.2",
                                 f"{unit.id} disengages by separation"))

    # -- phase 6 ---------------------------------------------------------------------------
    def _impulses(self, step: Step) -> Walk:
        for impulse in range(1, IMPULSES + 1):
            self._impulse = impulse
            self._state = None
            for istep in IMPULSE_STEPS:
                if istep.impulses is not None and impulse not in istep.impulses:
                    continue
                self._step = istep
                if istep.handler:
                    yield from getattr(self, "_" + istep.handler)(istep)
        self._step = step

    def _speed_changes(self, step: Step) -> Walk:
        impulse = self._impulse
        for unit in self._controlled():
            signed = speed_at(unit.plot, impulse)
            speed, reverse = abs(signed), signed < 0
            new = unit
            if speed != unit.speed or reverse != unit.reverse:
                new = replace(new, speed=speed, reverse=reverse)
                if impulse > 1:
                    self._emit(event("speed_change", unit.id, "C12.36",
                                     f"{unit.id} now moves at speed {signed}", speed=signed))
            if unit.tac.warp_paid:
                new = earn_warp_tac(new, impulse)
            if new is not unit:
                self._put(new)
        return
        yield

    def _precedence(self) -> list[Unit]:
        """C1.313 as simplified (decisions.md): slower units first; nimble units (C11.27) and
        computer-controlled ships (G11.12, "Step 10") later; then by id."""
        units = self._controlled()
        units.sort(key=lambda u: (u.profile.computer, u.nimble, u.speed))
        return units

    def _move_units(self, step: Step) -> Walk:
        turn, impulse = self._turn, self._impulse
        clock = clock_of(turn, impulse)
        options = self.initial.options
        for unit in self._precedence():
            unit = self._units[unit.id]
            if not unit.active:
                continue
            choices = legal_orders(unit, impulse, clock, options)
            if choices == ("stay",):
                continue
            scheduled = choices[0] == STRAIGHT
            name = unit.name or unit.id
            prompt = Orders(
                self._key("move", unit.id), "movement",
                f"Movement of {name}, impulse {impulse} (speed {unit.speed})",
                unit=unit.id, options=choices, rule="C1.4",
                default=STRAIGHT if scheduled else "stay",
            )
            moved = yield from self._ask(prompt, lambda v, u=unit: self._check_move(u, v))
            assert isinstance(moved, Moved)
            unit = moved.unit
            self._put(unit)
            self._emit_all(moved.events)
            if moved.breakdown_roll:
                broken = yield from self._breakdown(unit)
                unit = self._units[unit.id]
                if not broken and moved.then_move:
                    after = apply_order(unit, MoveOrder(STRAIGHT), turn=turn, impulse=impulse,
                                        options=options, bounds=self.initial.map)
                    assert isinstance(after, Moved)
                    self._put(after.unit)
                    self._emit_all(after.events)

    def _check_move(self, unit: Unit, value: object) -> object:
        order = parse_move_order(value)
        if isinstance(order, Refusal):
            return order
        return apply_order(unit, order, turn=self._turn, impulse=self._impulse,
                           options=self.initial.options, bounds=self.initial.map)

    def _breakdown(self, unit: Unit) -> Generator[Prompt, object, bool]:
        """The breakdown roll after an HET (C6.5) and, on a breakdown, the facing roll."""
        name = unit.name or unit.id
        prompt = DiceRequest(self._key("breakdown", unit.id),
                             f"Breakdown roll for {name} (C6.5)", "1d6", 1, "C6.5", unit.id)
        (roll,) = yield from self._ask(prompt, lambda v, p=prompt: check_dice(p, v))
        unit, events, broken = resolve_breakdown_roll(
            unit, roll, self.initial.options, turn=self._turn, impulse=self._impulse,
            clock=clock_of(self._turn, self._impulse),
        )
        self._put(unit)
        self._emit_all(events)
        if broken:
            prompt = DiceRequest(self._key("breakdown_facing", unit.id),
                                 f"New facing of {name} after its breakdown (C6.54; 1 = A)",
                                 "1d6", 1, "C6.54", unit.id)
            (roll,) = yield from self._ask(prompt, lambda v, p=prompt: check_dice(p, v))
            unit, ev = apply_breakdown_facing(unit, roll)
            self._put(unit)
            self._emit(ev)
        return broken

    def _move_seekers(self, step: Step) -> Walk:
        impulse = self._impulse
        units = self._units
        bounds = self.initial.map
        bounded = bounds.columns is not None or bounds.rows is not None
        moved = False
        for uid in self._get_roster()[1]:
            unit = units[uid]
            if not moves_on(unit.speed, impulse):
                continue
            target = units.get(unit.target) if unit.target else None
            th = target.hex if target is not None and target.status == ACTIVE else None
            new = move_seeker(unit, th)
            if bounded and not bounds.contains(new.hex):
                new = replace(new, status="off_map")
                self._roster = None
                self._emit(event("left_map", uid, "C7.0", f"{uid} leaves the map"))
            units[uid] = new
            moved = True
        if moved:
            self._state = None
        return
        yield

    def _impacts(self, step: Step) -> Walk:
        units = self._units
        hits = []
        for sid in self._get_roster()[1]:
            s = units[sid]
            t = units.get(s.target) if s.target is not None else None
            if t is not None and t.status == ACTIVE and t.hex == s.hex and s.status == ACTIVE:
                hits.append((s, t))
        for seeker, target in hits:
            self._remove(seeker.id)
            self._emit(impact(seeker, target))
        return
        yield

    def _announce(self, step: Step) -> Walk:
        """Announce Movement Changes Step (C12.36): plotted changes of next impulse are announced
        for every ship; each side may announce unplotted accelerations, EM and emergency
        deceleration."""
        impulse = self._impulse
        for unit in self._controlled():
            if impulse < IMPULSES:
                now, nxt = speed_at(unit.plot, impulse), speed_at(unit.plot, impulse + 1)
                if now != nxt and not unit.decel_at:
                    self._emit(event("speed_change_announced", unit.id, "C12.36",
                                     f"{unit.id} will move at speed {nxt} from impulse "
                                     f"{impulse + 1}", speed=nxt, impulse=impulse + 1))
        for side in self._sides():
            prompt = Orders(self._key("announce", side), "announce",
                            f"Movement announcements of side {side}, impulse {impulse} "
                            "(C12.36, C10.311, C8)", side=side, rule="C12.36", default={})
            changes = yield from self._ask(prompt, lambda v, s=side: self._check_announce(s, v))
            for unit, events in changes:
                self._put(unit)
                self._emit_all(events)

    def _check_announce(self, side: str, value: object) -> object:
        if not isinstance(value, dict):
            return Refusal("C12.36", "announcements are {unit: {...}}")
        out: list[tuple[Unit, list[Event]]] = []
        options = self.initial.options
        turn, impulse = self._turn, self._impulse
        for uid, what in sorted(value.items()):
            unit = self._own(side, uid)
            if isinstance(unit, Refusal):
                return unit
            if not isinstance(what, dict) or not what:
                return Refusal("C12.36", f"announcement for {uid} must be a non-empty dict")
            unknown = set(what) - {"speed", "until", "impulse_reserve", "em", "decel"}
            if unknown:
                return Refusal("C12.36", f"unknown announcement(s) for {uid}: {sorted(unknown)}")
            events: list[Event] = []
            if what.get("decel"):
                result = emergency_deceleration(unit, turn, impulse, options)
                if isinstance(result, Refusal):
                    return result
                unit, evs = result
                events += evs
            if "speed" in what:
                speed, until = what["speed"], what.get("until", IMPULSES)
                if not isinstance(speed, int) or not isinstance(until, int):
                    return Refusal("C12.24", "speed and until are whole numbers")
                if impulse >= IMPULSES:
                    return Refusal("C12.313", "no mid-turn speed change after impulse 28")
                result = unplotted_acceleration(
                    unit, impulse + 1, speed, options, turn=turn, until=until,
                    impulse_reserve=bool(what.get("impulse_reserve")),
                )
                if isinstance(result, Refusal):
                    return result
                unit = replace(unit, plot=result.plot)
                events.append(event(
                    "unplotted_acceleration", uid, "C12.24",
                    f"{uid} accelerates to {speed} from impulse {impulse + 1} with reserve power "
                    f"({result.movement_points} movement points for {result.hexes_gained} hexes)",
                    speed=speed, impulse=impulse + 1, until=until, hexes=result.hexes_gained,
                    movement_points=result.movement_points, energy=str(result.energy),
                ))
            if "em" in what:
                result = em_rules.announce_em(unit, what["em"], impulse, options)
                if isinstance(result, Refusal):
                    return result
                unit = result
                events.append(event("em_announced", uid, "C10.311",
                                    f"{uid} announces it will {what['em']} erratic maneuvers",
                                    what=what["em"]))
            out.append((unit, events))
        return out

    def _own(self, side: str, uid: object) -> Unit | Refusal:
        unit = self._units.get(uid) if isinstance(uid, str) else None
        if unit is None or not unit.active:
            return Refusal("orders", f"no active unit {uid!r}")
        if unit.side != side:
            return Refusal("orders", f"{uid} is not a unit of side {side}")
        return unit

    def _launches(self, step: Step) -> Walk:
        for side in self._sides():
            prompt = Orders(self._key("launch", side), "launches",
                            f"Launches of side {side}, impulse {self._impulse} (Seeking Weapons "
                            "Stage)", side=side, rule="F2", default={})
            result = yield from self._ask(prompt, lambda v, s=side: self._check_launches(s, v))
            for unit in result:
                self._put(unit)
                self._emit(event("launched", unit.id, "F2",
                                 f"{unit.kind} {unit.id} launched at {unit.target}",
                                 target=unit.target, speed=unit.speed, hex=unit.hex.label))

    def _check_launches(self, side: str, value: object) -> object:
        if not isinstance(value, dict):
            return Refusal("F2", "launches are {unit: {...}}")
        clock = clock_of(self._turn, self._impulse)
        new: list[Unit] = []
        for uid, record in sorted(value.items()):
            unit = self._own(side, uid)
            if isinstance(unit, Refusal):
                return unit
            refusal = em_rules.em_forbids(unit, "launch")
            if refusal:
                return refusal
            if clock < unit.no_fire_until:
                return Refusal("C6.5472", f"{uid} broke down and cannot launch yet")
            if not isinstance(record, dict):
                return Refusal("F2", f"launch record for {uid} must be a dict")
            for s in record.get("seekers", ()):
                made = self._new_seeker(unit, s, new)
                if isinstance(made, Refusal):
                    return made
                new.append(made)
        return new

    def _new_seeker(self, launcher: Unit, spec: object, pending: list[Unit]) -> Unit | Refusal:
        if not isinstance(spec, dict):
            return Refusal("F2", "a seeker is {'id', 'kind', 'speed', 'target'}")
        sid, kind, speed, target = (spec.get(k) for k in ("id", "kind", "speed", "target"))
        if not isinstance(sid, str) or sid in self._units or any(u.id == sid for u in pending):
            return Refusal("F2", f"seeker id {sid!r} missing or already in use")
        if kind not in SEEKER_KINDS:
            return Refusal("F2", f"seeker kind must be drone or plasma, not {kind!r}")
        if not isinstance(speed, int) or not 1 <= speed <= 32:
            return Refusal("F2", f"seeker speed must be 1..32, not {speed!r}")
        if target not in self._units:
            return Refusal("F2", f"unknown target {target!r}")
        facing = launcher.facing
        if "facing" in spec:
            try:
                facing = int(parse_facing(spec["facing"]))
            except ValueError as exc:
                return Refusal("F2", str(exc))
        return Unit(
            id=sid, side=launcher.side, kind=kind if kind in (DRONE, PLASMA) else DRONE,
            hex=launcher.hex, facing=facing, speed=speed, plot=((1, speed),),
            prev_plot=((1, speed),), profile=SEEKER_PROFILE, target=target,
        )

    def _fire(self, step: Step) -> Walk:
        for side in self._sides():
            prompt = Orders(self._key("fire", side), "fire",
                            f"Fire declarations of side {side}, impulse {self._impulse} (D6.315)",
                            side=side, rule="D6.315", default={})
            records = yield from self._ask(prompt, lambda v, s=side: self._check_fire(s, v))
            for uid, record in records:
                self._emit(event("fire_declared", uid, "D6.315", f"{uid} declares fire",
                                 record=canonical(record)))

    def _check_fire(self, side: str, value: object) -> object:
        if not isinstance(value, dict):
            return Refusal("D6.315", "fire declarations are {unit: record}")
        clock = clock_of(self._turn, self._impulse)
        out = []
        for uid, record in sorted(value.items()):
            unit = self._own(side, uid)
            if isinstance(unit, Refusal):
                return unit
            if clock < unit.no_fire_until:
                return Refusal("C6.5471", f"{uid} broke down and cannot fire yet")
            out.append((uid, record))
        return out

    def _end_of_impulse(self, step: Step) -> Walk:
        for unit in self._controlled():
            if unit.em.pending:
                new, ev = em_rules.end_of_impulse(unit, self._impulse)
                self._put(new)
                if ev is not None:
                    self._emit(ev)
        return
        yield

    # -- phase 8 ---------------------------------------------------------------------------
    def _record_keeping(self, step: Step) -> Walk:
        for unit in list(self._units.values()):
            if unit.is_seeker:
                continue
            unit = em_rules.end_of_turn(unit)
            unit = replace(
                unit,
                prev_plot=unit.plot,
                het=replace(unit.het, made=0, paid=0),
                tac=TacState(),
            )
            self._put(unit)
        self._emit(event("end_of_turn", None, "B2.2", f"end of turn {self._turn}",
                         turn=self._turn))
        self._turn += 1
        self._impulse = 0
        self._state = None
        return
        yield


def _check_allocation(unit: Unit, value: object, options) -> Unit | Refusal:
    """Read the movement parts of an energy allocation (C6.2 HETs, C5 TACs, C10.11 EM); keep
    the whole record for the energy issue (B3)."""
    if not isinstance(value, dict):
        return Refusal("B3", "an energy allocation is a dict of lines")
    hets = value.get("hets", 0)
    warp_tacs = value.get("warp_tacs", 0)
    sublight = value.get("sublight_tac", False)
    em = value.get("em", False)
    if not isinstance(hets, int) or isinstance(hets, bool) or hets < 0:
        return Refusal("C6.2", "hets is the number of HETs paid for")
    if hets and not unit.profile.can_het:
        return Refusal("C6.4", f"{unit.id} cannot make high energy turns")
    if not isinstance(warp_tacs, int) or isinstance(warp_tacs, bool) or not 0 <= warp_tacs <= 4:
        return Refusal("C5.2", "warp_tacs is 0..4 warp tactical maneuvers a turn")
    if not isinstance(sublight, bool) or not isinstance(em, bool):
        return Refusal("B3", "sublight_tac and em are true or false")
    paid = em_rules.pay_em(unit, em, options)
    if isinstance(paid, Refusal):
        return paid
    return replace(
        paid,
        het=replace(paid.het, paid=hets, made=0),
        tac=TacState(sublight_paid=sublight, warp_paid=warp_tacs),
        allocation=canonical(value),
    )


