"""Mine actions of the ships (a mixin of the session, beside :mod:`.battlefield_steps`), at the
Ship Systems Function Stage (``6B-mines``):

* **Scanning** (M7.2): a ship of a side that knows of an enemy minefield (M7.1, or a mine it
  found) may scan once in 8 impulses (4 for minesweepers) at speed 6 or less with its fire
  control active (M7.21, M7.31, M7.344): a yes/no choice, then one die; every detectable enemy
  mine in range with that number is located (M7.22). The energy point (M7.21) is the owner's
  to record on his form.
* **Sweeping with phasers** (M8.1): a ship at speed 0 in or beside a mine its side located may
  sweep it: the lock-on roll (rating at most 4, M8.14), the damage its phasers scored (rolled
  at the table on the phaser chart; the tractor and the phasers are paid on its form), then the
  mine's answer (M8.41, M8.42): destroyed, detonates, fires back or orders its mines.
* **Minesweeping shuttles** (M8.32, R1.F2): an MSS launched from a minesweeper (mission
  ``mss``) in the hex of an enemy mine its side located, within six hexes of its ship, is
  offered a sweep each impulse (default yes) and rolls one die: 1-4 mine destroyed, 5 mine
  and shuttle lost (an explosive mine detonates), 6 nothing yet.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..rules.hexes import hex_range
from ..rules.results import event
from ..rules.systems.mines import (
    DESTROY_DAMAGE,
    DetectionAttempt,
    chain_reaction,
    damage_to_mine,
    detect_individual,
    detection_attempt_problems,
    lock_on_rating,
    mss_sweep,
)
from ..rules.units import clock_of
from .prompts import Choice, Prompt, check_choice

Walk = Generator[Prompt, object, None]
MSS_CONTROL = 6  # R1.F2C: an MSS more than six hexes from its ship is uncontrolled


class MineSteps:
    """Scanning for and sweeping mines (module docstring)."""

    def _detector_kind(self, uid: str) -> str:
        """M7.32: minesweepers and scouts (G24.26) see 10 hexes, other ships 6."""
        spec = self.specs[self._ships[uid].spec_id]
        if self._minesweeper(uid):
            return "minesweeper"
        return "scout" if "scout" in spec.flags else "ship"

    # -- M7.2: scanning for individual mines (6B, Ship Systems Function Stage) ---------------------
    def _mine_scans(self, step) -> Walk:
        """Each ship of a side that knows of an enemy minefield (M7.1, or a mine it found) may
        scan once in 8 impulses (4 for minesweepers) at speed 6 or less with its fire control
        active (M7.21, M7.31, M7.344): a yes/no choice, then one die; every detectable enemy
        mine in range with that detection number is located (M7.22). The energy point (M7.21)
        is the owner's to record: the program does not deduct it."""
        field = self._battlefield
        if not field.mines.mines:
            return
        clock = clock_of(self._turn, self._impulse)
        for sid in self._ship_ids():
            unit = self._units[sid]
            if unit.side not in self._battlefield.known_fields:
                continue
            if not any(m.owner != unit.side for m in self._battlefield.mines.live()):
                continue
            record = self._ships[sid]
            fc = record.allocation.fire_control if record.allocation is not None else "active"
            last = dict(self._battlefield.scans).get(sid)
            kind = self._detector_kind(sid)
            if detection_attempt_problems(
                    speed=unit.speed, kind=kind, clock=clock, last=DetectionAttempt(last),
                    energy_available=1, fire_control=fc == "active",
                    erratic=unit.em.active):
                continue
            prompt = Choice(self._key("mine_scan", sid),
                            f"Scan for mines with {sid} (M7.2: one point of energy, allocated or "
                            "reserve, recorded by you; one die)?", ("no", "yes"), rule="M7.21",
                            unit=sid, default="no")
            picked = yield from self._ask(prompt, lambda v, p=prompt: check_choice(p, v))
            if picked != "yes":
                continue
            scans = dict(self._battlefield.scans)
            scans[sid] = clock
            self._battlefield = replace(self._battlefield, scans=tuple(sorted(scans.items())))
            roll = yield from self._d6("mine_scan_roll", sid,
                                       f"{sid} scans for mines (M7.22): one die", "M7.22")
            found = detect_individual(unit.hex, kind, roll, self._battlefield.mines.live(),
                                      unit.side)
            new = [m for m in found if unit.side not in m.located_by]
            self._battlefield = replace(self._battlefield, mines=self._battlefield.mines.reveal(
                [m.id for m in new], unit.side))
            where = ", ".join(f"a {m.size} mine in {m.hex.label}" for m in new) or "nothing new"
            self._emit(event("mines_scanned", sid, "M7.22",
                             f"{sid} scans (roll {roll}): {where}", roll=roll,
                             found=[m.hex.label for m in new]))
        yield from self._phaser_sweeps()
        yield from self._mss_sweeps()

    # -- M8.1: sweeping located mines with phasers ---------------------------------------------------
    def _phaser_sweeps(self) -> Walk:
        """A ship at speed 0 in or beside a mine its side has located may sweep it (M8.11): it
        holds the mine in a tractor and fires phasers, paid on its own form; the program asks
        the lock-on roll (sensor rating at most 4, once a mine an impulse, M8.14) and the damage
        the phasers scored (rolled at the table on the phaser chart, non-minesweepers with the
        M8.12 penalty), then resolves the mine (M8.41, M8.42)."""
        for sid in self._ship_ids():
            unit = self._units[sid]
            if unit.speed != 0:
                continue
            for mine in self._battlefield.mines.live():
                if (mine.owner == unit.side or unit.side not in mine.located_by
                        or hex_range(mine.hex, unit.hex) > 1 or not self._units[sid].active):
                    continue
                prompt = Choice(self._key(f"sweep.{mine.id}", sid),
                                f"Sweep the {mine.size} mine in {mine.hex.label} with {sid}'s "
                                "phasers (M8.11: it holds the mine in a tractor and pays the "
                                "phasers on its form)?", ("no", "yes"), rule="M8.11", unit=sid,
                                default="no")
                picked = yield from self._ask(prompt, lambda v, p=prompt: check_choice(p, v))
                if picked != "yes":
                    continue
                rating = lock_on_rating(self._sensor_rating(sid))
                roll = yield from self._d6(f"sweep_lock.{mine.id}", sid,
                                           f"{sid} locks on to the mine in {mine.hex.label}: "
                                           f"roll {rating} or less (M8.14)", "M8.14")
                if roll > rating:
                    self._emit(event("sweep_no_lock", sid, "M8.14",
                                     f"{sid} fails to lock on to the mine in {mine.hex.label} "
                                     f"(roll {roll}, rating {rating})"))
                    continue
                penalty = "" if self._minesweeper(sid) else " (+2 to each die: M8.12)"
                dmg = Choice(self._key(f"sweep_damage.{mine.id}", sid),
                             f"Damage {sid}'s phasers score on the mine in {mine.hex.label}, "
                             f"rolled on the phaser chart at range "
                             f"{hex_range(mine.hex, unit.hex)}{penalty}; "
                             f"{DESTROY_DAMAGE[mine.size]} destroys it (M8.41)",
                             tuple(str(n) for n in range(0, 31)), rule="M8.41", unit=sid,
                             default=str(DESTROY_DAMAGE[mine.size]))
                points = int((yield from self._ask(dmg, lambda v, p=dmg: check_choice(p, v))))
                yield from self._resolve_sweep(mine, sid, points)

    # -- M8.32: minesweeping shuttles ----------------------------------------------------------------
    def _mss_sweeps(self) -> Walk:
        """Each minesweeping shuttle in the hex of an enemy mine its side has located (M8.0,
        M8.32), under control - within six hexes of its ship, which is not cloaked (R1.F2C,
        R1.F2D) - may roll to sweep it, once an impulse: 1-4 the mine is destroyed, 5 the mine
        and the shuttle (an explosive mine detonates), 6 nothing yet (M8.32)."""
        for craft in [c for c in self._battlefield.stores if c.kind == "mss"]:
            shuttle = self._units.get(craft.unit)
            ship = self._units.get(craft.controller)
            if shuttle is None or not shuttle.active:
                continue
            mines = [m for m in self._battlefield.mines.at(shuttle.hex)
                     if m.owner != shuttle.side and shuttle.side in m.located_by]
            if not mines:
                continue
            if ship is None or not ship.active or hex_range(ship.hex, shuttle.hex) > MSS_CONTROL \
                    or self._cloaked(ship.id):
                self._emit(event("mss_uncontrolled", craft.unit, "R1.F2C",
                                 f"{craft.unit} is out of its ship's control (six hexes, not "
                                 "cloaked): it does nothing", hex=shuttle.hex.label))
                continue
            mine = mines[0]
            prompt = Choice(self._key(f"mss.{mine.id}", craft.unit),
                            f"Sweep the {mine.size} mine in {mine.hex.label} with the "
                            f"minesweeping shuttle {craft.unit} (M8.32: 1-4 swept, 5 mine and "
                            "shuttle lost, 6 try again next impulse)?", ("yes", "no"),
                            rule="M8.32", unit=craft.unit, default="yes")
            picked = yield from self._ask(prompt, lambda v, p=prompt: check_choice(p, v))
            if picked != "yes":
                continue
            roll = yield from self._d6(f"mss_roll.{mine.id}", craft.unit,
                                       f"{craft.unit} sweeps the mine in {mine.hex.label} "
                                       "(M8.32): one die", "M8.32")
            outcome = mss_sweep(roll)
            self._emit(event("mine_swept", craft.unit, "M8.32",
                             f"{craft.unit} sweeps the {mine.size} mine in {mine.hex.label}: "
                             f"roll {roll}, " + {"mine": "the mine is destroyed",
                                                 "mine_and_shuttle": "mine and shuttle lost",
                                                 "nothing": "nothing yet"}[outcome],
                             outcome=outcome, hex=mine.hex.label, roll=roll))
            if outcome == "nothing":
                continue
            if outcome == "mine_and_shuttle" and mine.type == "explosive":
                self._put(replace(self._units[craft.unit], status="destroyed"))
                self._seeking = self._seeking.without(craft.unit)
                yield from self._detonate(mine, craft.unit)
                continue
            self._set_mine(replace(mine, destroyed=True))
            if outcome == "mine_and_shuttle":
                self._put(replace(self._units[craft.unit], status="destroyed"))
                self._seeking = self._seeking.without(craft.unit)
            for chained in chain_reaction(self._battlefield.mines.live(), mine, swept=True):
                if chained.type == "explosive":  # a deadman switch (M5.35)
                    yield from self._detonate(chained, craft.unit)
                elif self._units[craft.unit].active:
                    yield from self._mine_triggered(chained, craft.unit, commanded=True)

    def _resolve_sweep(self, mine, sid: str, points: int) -> Walk:  # noqa: ANN001 - a Mine
        result = damage_to_mine(mine, points)
        self._emit(event("mine_swept", sid, result.rule,
                         f"{sid} scores {points} on the {mine.size} mine in {mine.hex.label}: "
                         f"{result.outcome.replace('_', ' ')}", outcome=result.outcome,
                         hex=mine.hex.label, points=points))
        if result.outcome == "destroyed":
            self._set_mine(replace(mine, destroyed=True))
            for chained in chain_reaction(self._battlefield.mines.live(), mine, swept=True):
                if chained.type == "explosive":  # a deadman switch (M5.35)
                    yield from self._detonate(chained, sid)
                else:
                    yield from self._mine_triggered(chained, sid, commanded=True)
        elif result.outcome == "detonates":
            yield from self._detonate(mine, sid)
        elif result.outcome in ("fires_back", "orders_controlled"):  # M8.422, M8.4231
            yield from self._mine_triggered(mine, sid, commanded=True)

    def _cloaked(self, uid: str) -> bool:
        """Fully cloaked now (G13; cloak_steps): M5.1121 mines trigger on it only on a 1."""
        from ..rules.systems import cloak as ck

        record = self._ships.get(uid)
        cloak = getattr(getattr(record, "systems", None), "cloak", None)
        return cloak is not None and ck.fully_cloaked(cloak, clock_of(self._turn, self._impulse))
