"""The sequencer session: walks the table of steps and yields prompts (DESIGN.md section 4).

A :class:`Session` starts from a :class:`~sfb_desk.rules.game_state.GameState` at the start of
a turn and walks :data:`~sfb_desk.engine.steps.TURN_STEPS` (the Impulse Procedure walking
:data:`~sfb_desk.engine.steps.IMPULSE_STEPS` 32 times). Whenever the rules need something from
the table the session stops with a :attr:`pending` prompt (a DiceRequest, Choice or Orders)
and goes on when :meth:`answer` is called. An illegal answer is refused with the rule
(:class:`~sfb_desk.rules.results.Refusal`) and the same prompt stays pending; :meth:`check` gives that verdict without answering (robots
and editors try candidates with it). Prompts, accepted and refused answers and events all go
into :attr:`log`.

The session is the only mutable object: it keeps the units of the current moment in a dict
and materialises an immutable :attr:`state` on demand, so an impulse of 110 moving units
allocates little more than the new units themselves. Replays and undo are in
:mod:`sfb_desk.engine.replay`.

**Its parts.** The session's own code (this module) is the plumbing: the walk over the step
table, prompts and answers, the log, snapshots, and the state it keeps (``_units`` by id,
``_ships`` the :class:`~.records.ShipRecord` of each ship fought with the full rules,
``_seeking``, ``_tractors``, the turn and impulse). The handlers of the steps are grouped by
the part of the sequence of play they run, one class per module, and :class:`Session` inherits
them all (plain classes without state of their own; their methods read and write the state
above through ``self``):

* :class:`~.phases.TurnPhases` (:mod:`.phases`): phases 1-5 and 8 of the turn;
* :class:`~.energy_steps.EnergySteps`: energy allocation and the end-of-turn records (B3, H);
* :class:`~.balance_steps.BalanceSteps`: energy balance due to damage (D22) after a volley;
* :class:`~.movement_steps.MovementSegment`: the Movement Segment of each impulse (6A, C);
* :class:`~.side_orders.SideOrders`: per-side announcements (C12.24, C10, C8) and EM taking
  effect after combat;
* :class:`~.launch_steps.LaunchSteps`: launches of drones, plasma and shuttles (6B; F, FD, FP, J);
* :class:`~.seeker_steps.SeekerSteps`: seeker impacts (end of 6A) and fire at seekers (6D, E5);
  it extends the fire checks of the next part, so it comes before it;
* :class:`~.combat_steps.CombatSteps`: the Fire Decision Step and volleys into the DAC (D3-D6);
* :class:`~.sensor_steps.SensorSteps`: lock-on, the scanner factor and the EW shift of a shot
  (D6.1-D6.3);
* :class:`~.explosion_steps.ExplosionSteps`: self-destruction and ship explosions (D5);
* :class:`~.tractor_steps.TractorSteps`: tractor beams (G7);
* :class:`~.cloak_steps.CloakSteps`: the cloaking device (G13), whose restrictions the fire,
  launch and tractor checks ask;
* :class:`~.satship_steps.SatShipSteps` and :class:`~.displacement_steps.DisplacementSteps`:
  Andromedan satellite ships (G19) and displacement devices (G18, Module C2);
* :class:`~.ppd_steps.PpdSteps` and :class:`~.web_steps.WebSteps`: Module C2's PPD pulse
  trains (E11) and Tholian webs (E12-E14);
* :class:`~.terrain_steps.TerrainSteps`: gravity waves and ion storms (P9, P14), beside the
  battlefield's terrain, mines and monsters;
* :class:`~.dragon_steps.DragonSteps`: the Space Dragon (SM7); it comes first among the bases
  because a volley on a dragon goes to its record instead of the DAC (SM7.463);
* :class:`~.panel_orders.PanelOrders`: the owner's panel orders during the turn (D10.25).

Movement orders are fully checked (rules/movement: core, het, speed, em). Ships with a
:class:`~.records.ShipRecord` are fought with the full rules (energy, fire, damage, seekers);
units without one (a scenario fought with movement only) have their energy, fire and launch
orders accepted as given, apart from their movement parts (HETs, TACs, EM paid; seekers
launched).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass

from ..rules.energy import EnergyState
from ..rules.energy.arming import WeaponArming
from ..rules.game_state import GameState
from ..rules.ship import ShipSpec
from ..rules.results import Event, Refusal, event
from ..rules.units import ACTIVE, AWAITING, Unit
from .answers import NO_ANSWER, AnswerSource
from .log import ANSWER, EVENT, PROMPT, REFUSED, GameLog
from .balance_steps import BalanceSteps
from .asteroid_steps import AsteroidSteps
from .battlefield_steps import BattlefieldSteps
from .buoy_steps import BuoySteps
from .minelaying_steps import MineLayingSteps
from .captor_steps import CaptorSteps
from .monster_steps import MonsterSteps
from .terrain_steps import TerrainSteps
from .dragon_steps import DragonSteps
from .mine_steps import MineSteps
from .combat_steps import CombatSteps
from .corrections import Correction, TableCorrections
from .energy_steps import EnergySteps
from .cloak_steps import CloakSteps
from .explosion_steps import ExplosionSteps
from .marine_steps import MarineSteps
from .launch_steps import LaunchSteps
from .tractor_steps import TractorSteps
from .absorber_steps import AbsorberSteps
from .displacement_steps import DisplacementSteps
from .panel_orders import PanelOrders
from .satship_steps import SatShipSteps
from .movement_steps import MovementSegment
from .phases import TurnPhases
from .ppd_steps import PpdSteps
from .reserve_steps import ReserveSteps
from .web_steps import WebSteps
from .prompts import Prompt
from .records import NO_COMBAT, Combat, ShipRecord
from .seeker_steps import SeekerSteps
from .words import UnitWords
from .sensor_steps import SensorSteps
from .side_orders import SideOrders
from .steps import IMPULSE_STEPS, TURN_STEPS, Step

IMPULSES = 32
Walk = Generator[Prompt, object, None]


@dataclass(frozen=True, slots=True)
class Accepted:
    """An accepted answer and the events it caused."""

    events: tuple[Event, ...] = ()

    def __bool__(self) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The session at the start of an impulse (impulse 0: the start of a turn): after
    ``answers`` accepted answers and ``records`` log records. A session resumed from it and
    given the answers that followed is the same session (undo, :mod:`.replay`)."""

    answers: int
    records: int
    turn: int
    impulse: int
    units: tuple[Unit, ...]
    combat: Combat


class NotReady(RuntimeError):
    """:meth:`Session.answer` called with no prompt pending (the game is over)."""


class Session(DragonSteps, TableCorrections, TurnPhases, AbsorberSteps, PanelOrders, SatShipSteps,
              DisplacementSteps, EnergySteps, LaunchSteps, SeekerSteps, SensorSteps, BalanceSteps,
              CombatSteps, ExplosionSteps, TractorSteps, CloakSteps, MarineSteps,
              BattlefieldSteps, AsteroidSteps, TerrainSteps, MonsterSteps, MineSteps,
              MineLayingSteps, CaptorSteps, MovementSegment, SideOrders, PpdSteps, WebSteps, BuoySteps,
              ReserveSteps):
    """Walks the sequence of play from ``initial`` (a state at the start of a turn).

    ``combat``: the ship records and seeking state of the ships fought with the full rules
    (energy, fire, damage; :mod:`.records`); ``specs``: their ship classes by spec id.
    ``resume`` (with ``log``/``snapshots``, used by :mod:`.replay`) restarts a session at a
    snapshot instead of at ``initial``."""

    def __init__(
        self,
        initial: GameState,
        combat: Combat | None = None,
        specs: Mapping[str, ShipSpec] | None = None,
        *,
        resume: Snapshot | None = None,
        log: GameLog | None = None,
        snapshots: list[Snapshot] | None = None,
    ) -> None:
        if initial.impulse != 0:
            raise ValueError("a session starts from a state at the start of a turn (impulse 0)")
        self.initial = initial
        self.initial_combat = combat if combat is not None else NO_COMBAT
        self.specs: dict[str, ShipSpec] = dict(specs or {})
        for record in self.initial_combat.ships:
            if record.spec_id not in self.specs:
                raise ValueError(f"no ship class {record.spec_id!r} given for {record.id}")
        self.log = log if log is not None else GameLog()
        self.snapshots: list[Snapshot] = list(snapshots or ())
        start = resume
        self._answers = start.answers if start else 0
        self._turn = start.turn if start else initial.turn
        self._impulse = 0
        self._resume_impulse = start.impulse if start else 0
        units = start.units if start else initial.units
        self._units: dict[str, Unit] = {u.id: u for u in units}
        self._words = UnitWords(self._units, self.specs)  # texts and purposes in a player's words
        combat_now = start.combat if start else self.initial_combat
        self._ships: dict[str, ShipRecord] = {r.id: r for r in combat_now.ships}
        self._seeking = combat_now.seeking
        self._tractors = combat_now.tractors
        self._battlefield = combat_now.battlefield
        self._c2 = combat_now.c2
        self._casts: list = []
        self._entered: list[tuple[str, object, object]] = []  # (unit, from hex, to hex) 6A
        self._disdev_orders: list[tuple] = []  # declared in 6D1, operated in 6D5 (G18.31)
        self._state: GameState | None = initial
        self._step: Step = TURN_STEPS[0]
        self._source = ""
        self._refusal: Refusal | None = None
        self._events: list[Event] = []
        self._roster: tuple[list[str], list[str], list[str]] | None = None
        self._checker: Callable[[object], object] | None = None
        self._over = False  # a side has no ship left in the fight: the game has ended
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
    def combat(self) -> Combat:
        """The ship records and seeking state now (immutable; built on demand)."""
        return Combat(tuple(self._ships.values()), self._seeking, self._tractors,
                      self._battlefield, self._c2)

    def _snapshot(self) -> None:
        snaps = self.snapshots
        if snaps and snaps[-1].turn == self._turn and snaps[-1].impulse == self._impulse:
            return  # resumed here: the snapshot is already kept
        snaps.append(Snapshot(self._answers, len(self.log), self._turn, self._impulse,
                              tuple(self._units.values()), self.combat))

    @property
    def step(self) -> Step:
        return self._step

    @property
    def finished(self) -> bool:
        return self.pending is None

    def answer(self, value: object, source: str = "player") -> Accepted | Refusal:
        """Answer the pending prompt. Returns the refusal (the prompt stays pending) or the
        events the answer caused. A :class:`~.corrections.Correction` (a box marked by hand)
        is applied at once and the same prompt stays pending."""
        if isinstance(value, Correction):
            done = self._correct(value, source)
            return done if isinstance(done, Refusal) else Accepted(done)
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

    def check(self, value: object) -> Refusal | None:
        """Check ``value`` as an answer to the pending prompt, changing nothing (no log record,
        no state): the refusal :meth:`answer` would give, or None if it would be accepted.
        Raises :class:`NotReady` when no prompt is pending."""
        if self.pending is None or self._checker is None:
            raise NotReady("the game is over: no prompt is pending")
        if isinstance(value, Correction):
            applied = self._check_correction(value)
            return applied if isinstance(applied, Refusal) else None
        checked = self._checker(value)
        return checked if isinstance(checked, Refusal) else None

    def energy_state(self, unit_id: str) -> EnergyState:
        """The energy state ``unit_id``'s allocation is checked against this turn: carried in,
        with the unit's destroyed boxes and crippled now (S2.4). KeyError for a unit without a
        ship record."""
        record = self._ships[unit_id]
        return self._energy_now(self._units[unit_id], record, self.specs[record.spec_id])

    def arming_now(self, unit_id: str, box: str) -> WeaponArming | None:
        """What weapon ``box`` of ``unit_id`` holds now: its arming at the start of the turn
        stepped by this turn's allocation; None before the allocation or once fired."""
        return self._arming_now(self._ships[unit_id], self._units[unit_id], box)

    def run(self, source: AnswerSource, *, limit: int | None = None) -> Refusal | None:
        """Answer prompts from ``source`` until it has no answer, the game ends or ``limit``
        answers were given. Returns the refusal if the source gave an illegal answer."""
        given = 0
        while self.pending is not None and (limit is None or given < limit):
            result = source.answer(self.pending, self)
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
        ev = self._words.event(ev)
        self.log.append(EVENT, self._turn, self._impulse, self._step.id, "", ev)
        self._events.append(ev)

    def _emit_all(self, events: tuple[Event, ...] | list[Event]) -> None:
        for ev in events:
            self._emit(ev)

    def _ask(self, prompt: Prompt, check: Callable[[object], object]) -> Generator[Prompt, object, object]:
        """Yield ``prompt`` until ``check`` accepts the answer; return the checked value."""
        log = self.log
        prompt = self._words.prompt(prompt)
        log.append(PROMPT, self._turn, self._impulse, self._step.id, prompt.key, prompt)
        self._state = None
        while True:
            self._checker = check
            value = yield prompt
            checked = check(value)
            if isinstance(checked, Refusal):
                log.append(REFUSED, self._turn, self._impulse, self._step.id, prompt.key,
                           (value, checked), self._source)
                self._refusal = checked
                continue
            log.append(ANSWER, self._turn, self._impulse, self._step.id, prompt.key, value,
                       self._source)
            self._answers += 1
            return checked

    def _walk(self) -> Walk:
        last = self.initial.last_turn
        while last is None or self._turn <= last:
            resumed = self._resume_impulse
            if not resumed:
                self._snapshot()
            for step in TURN_STEPS:
                if resumed and step.phase < 6:
                    continue  # resumed inside the Impulse Procedure
                self._step = step
                if step.handler:
                    yield from getattr(self, "_" + step.handler)(step)
                if self._over:
                    return

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

    # -- phase 4 ---------------------------------------------------------------------------
    def _lock_on(self, step: Step) -> Walk:
        """Sensor Lock-On Phase: the lock-on rolls (D6.11, :mod:`.sensor_steps`), then
        disengagement by separation (C7.2, :mod:`.phases`)."""
        yield from self._lock_on_rolls()
        yield from TurnPhases._lock_on(self, step)

    # -- phase 6 ---------------------------------------------------------------------------
    def _impulses(self, step: Step) -> Walk:
        first = self._resume_impulse or 1
        self._resume_impulse = 0
        for impulse in range(first, IMPULSES + 1):
            self._impulse = impulse
            self._state = None
            self._snapshot()
            for istep in IMPULSE_STEPS:
                if istep.impulses is not None and impulse not in istep.impulses:
                    continue
                self._step = istep
                if istep.handler:
                    yield from getattr(self, "_" + istep.handler)(istep)
            if self._battlefield.ended:  # SM6.5: the library wiped (battlefield_steps)
                self._emit(event("game_over", None, "SM6.5",
                                 f"{self._battlefield.ended}: the game ends"))
                self._over = True
                return
            gone = self._side_gone()
            if gone:
                self._emit(event("game_over", None, "S2.20",
                                 f"{gone} has no ship left in the fight (destroyed, captured, disengaged "
                                 "or off the map): the game ends", side=gone))
                self._over = True
                return
        self._step = step

    def _side_gone(self) -> str | None:
        """The side with no ship left in the fight, among the ships fought with the full rules
        (a scenario ends when one side's forces are all destroyed or disengaged; decisions.md,
        S2.20). Movement-only games never end this way."""
        if not self._ships:
            return None
        sides: dict[str, list[str]] = {}
        for sid in self._ships:
            unit = self._units.get(sid)
            if unit is not None:
                sides.setdefault(unit.side, []).append(unit.status)
        if len(sides) < 2 and not self._battlefield.monsters:
            return None  # a monster scenario (SM5) ends when its one side's ships are gone
        for side, statuses in sorted(sides.items()):
            if all(status not in (ACTIVE, AWAITING) for status in statuses):  # to arrive: in it
                return side
        return None
