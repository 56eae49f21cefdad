"""Power absorber panels in play (D10): one Andromedan unit's banks, the volley on a bank with the
release cascade, voluntary release, and the end-of-turn accounting.

The arithmetic of one volley on one bank is :func:`.absorbers.absorb` (tested on the D10.6
example); this module keeps the unit's state between volleys and turns (:class:`PanelState`,
saved in the ship record) and moves released energy by the D10.424 priority:

1. other boxes of the same bank (the bank's own room after the volley);
2. an energy module in the hangar (G20.41);
3. the unit's other banks;
4. the batteries (room ``battery_room``; an Andromedan battery box holds 5 points, D10.55);
5. what is left is internal damage, a separate volley with no phaser-direction limit (D10.424).

The banks are the SSD's ``pa_*`` special systems: ``pa_fwd`` covers shields #6, #1, #2 and
``pa_aft`` #3, #4, #5 (D10.12); a six-bank base names ``pa_1`` .. ``pa_6`` (R10.7C).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .absorbers import (
    OFF,
    REINFORCED,
    STANDARD,
    EnergyModule,
    PanelBank,
    absorb,
    end_of_turn,
    module_take,
    pick_up,
)

#: D10.12: the shields each bank covers.
BANK_ARCS: dict[str, tuple[int, ...]] = {"pa_fwd": (6, 1, 2), "pa_aft": (3, 4, 5),
                                         **{f"pa_{k}": (k,) for k in range(1, 7)}}
#: D10.55: an Andromedan battery box holds five points.
ANDRO_BATTERY_POINTS = 5
LEVELS = (OFF, STANDARD, REINFORCED)


@dataclass(frozen=True, slots=True)
class PanelState:
    """``keys`` the banks (``pa_fwd``...), ``banks`` their boxes and held energy, ``level`` the
    one level of every bank (D10.22), ``dropped`` the banks dropped (D10.25), ``level_since`` the
    (turn, impulse) of the last level change (D10.261), ``modules`` the energy modules in the
    hangar (G20), ``battery`` the energy the panels sent to the batteries (D10.411),
    ``dropped_at`` when each dropped bank went down (D10.25)."""

    keys: tuple[str, ...] = ()
    banks: tuple[PanelBank, ...] = ()
    level: str = STANDARD
    dropped: frozenset[str] = frozenset()
    level_since: tuple[int, int] = (0, 0)
    modules: tuple[EnergyModule, ...] = ()
    battery: int = 0
    dropped_at: tuple[tuple[str, int], ...] = ()  # (bank, clock it was dropped), D10.25

    def bank(self, key: str) -> PanelBank:
        return self.banks[self.keys.index(key)]

    def with_bank(self, key: str, bank: PanelBank) -> PanelState:
        i = self.keys.index(key)
        return replace(self, banks=self.banks[:i] + (bank,) + self.banks[i + 1:])

    def operating(self, key: str) -> bool:
        """D10.23, D10.25: powered, not dropped and with a box left."""
        return self.level != OFF and key not in self.dropped and self.bank(key).boxes > 0

    def summary(self) -> str:
        parts = [f"{k[3:]} {b.held}/{b.capacity(self.level)}" for k, b in zip(self.keys,
                                                                            self.banks)]
        return f"PA {self.level}: " + ", ".join(parts)


NO_PANELS = PanelState()


def panel_keys(spec) -> tuple[str, ...]:  # noqa: ANN001 - a rules.ship.ShipSpec
    """The PA banks of a ship class, in SSD order (empty for a ship with shields)."""
    return tuple(s.key for s in spec.special if s.key in BANK_ARCS and s.boxes > 0)


def new_panels(spec, level: str = STANDARD) -> PanelState:  # noqa: ANN001
    keys = panel_keys(spec)
    boxes = {s.key: s.boxes for s in spec.special}
    return PanelState(keys, tuple(PanelBank.new(boxes[k]) for k in keys), level)


def bank_for_shield(state: PanelState, shield: int) -> str:
    """The bank that covers shield ``shield`` (D10.12)."""
    for key in state.keys:
        if shield in BANK_ARCS[key]:
            return key
    raise ValueError(f"no power absorber bank covers shield #{shield} (D10.12)")


@dataclass(frozen=True, slots=True)
class PanelVolley:
    """One volley on one bank and its release cascade. ``internal`` the excess and leak scored
    together (D10.33, D10.333; ``leak_only`` when there is no excess: Hull hits),
    ``overflow`` the released energy nothing took up (its own volley, D10.424)."""

    state: PanelState
    bank: str
    absorbed: int
    degradation: int
    leak: int
    leak_kind: str
    excess: int
    released: int
    overflow: int
    reinforced: bool  # the volley raised the panels to reinforced (reserve power, D10.24)

    @property
    def internal(self) -> int:
        return self.excess + self.leak

    @property
    def leak_only(self) -> bool:
        return self.leak > 0 and self.excess == 0

    def text(self) -> str:
        bank = self.state.bank(self.bank)
        out = (f"{self.bank[3:]} bank absorbs {self.absorbed} (degradation {self.degradation}, "
               f"holds {bank.held}/{bank.capacity(self.state.level)})")
        if self.leak:
            out += f"; {self.leak_kind} leak {self.leak}"
        if self.excess:
            out += f"; {self.excess} penetrate"
        if self.released:
            out += f"; {self.released} released" + (f", {self.overflow} internal"
                                                    if self.overflow else "")
        return out


def cascade(state: PanelState, source: str, energy: int,
            battery_room: int) -> tuple[PanelState, int, int]:
    """Released ``energy`` from bank ``source`` by the D10.424 priority (module docstring).
    Returns the state, the points sent to the batteries and the points left (internal)."""
    left = energy
    if left and state.operating(source):
        bank, left = pick_up(state.bank(source), left, state.level)
        state = state.with_bank(source, bank)
    modules = list(state.modules)
    for i, module in enumerate(modules):
        if left:
            modules[i], left = module_take(module, left)
    state = replace(state, modules=tuple(modules))
    for key in state.keys:
        if left and key != source and state.operating(key):
            bank, left = pick_up(state.bank(key), left, state.level)
            state = state.with_bank(key, bank)
    to_battery = min(left, max(battery_room, 0))
    return replace(state, battery=state.battery + to_battery), to_battery, left - to_battery


def resolve_on_bank(state: PanelState, key: str, points: int, *, disruptor: int = 0,
                    can_reinforce: bool = False, degrading: bool = True,
                    battery_room: int = 0) -> PanelVolley:
    """A volley of ``points`` (``disruptor`` of them from disruptors, D10.332) on bank ``key``
    (D10.3); a bank not operating lets it all through (D10.23, D10.25)."""
    if not state.operating(key):
        return PanelVolley(state, key, 0, 0, 0, "", points, 0, 0, False)
    done = absorb(state.bank(key), points, disruptor=disruptor, level=state.level,
                  can_reinforce=can_reinforce, degrading=degrading)
    raised = done.level == REINFORCED and state.level != REINFORCED
    state = replace(state.with_bank(key, done.bank), level=done.level)
    overflow = 0
    if done.released:  # D10.324: above the new capacity; the same bank is full
        state, _, overflow = cascade(state, key, done.released, battery_room)
    return PanelVolley(state, key, done.absorbed, done.degradation, done.leak, done.leak_kind,
                       done.excess, done.released, overflow, raised)


def change_level(state: PanelState, level: str, battery_room: int = 0,
                 at: tuple[int, int] = (0, 0)) -> tuple[PanelState, int]:
    """The owner changes the level (D10.26) or powers the panels off (D10.23): energy above the
    new capacity is released through the cascade; returns the state and the internal points
    (which D10.423 allows only in Energy Allocation: the caller checks)."""
    if level not in LEVELS:
        raise ValueError(f"panel level is one of {', '.join(LEVELS)} (D10.22), not {level!r}")
    state = replace(state, level=level, level_since=at)
    internal = 0
    for key in state.keys:
        bank = state.bank(key)
        cap = bank.capacity(level) if level != OFF else 0
        if bank.held > cap:
            state = state.with_bank(key, replace(bank, held=cap))
            state, _, left = cascade(state, key, bank.held - cap, battery_room)
            internal += left
    return state, internal


def panels_end_of_turn(state: PanelState, battery_room: int,
                       repairs: dict[str, int] | None = None) -> tuple[PanelState, int, list[str]]:
    """D10.41: per bank, transfer (the most the batteries take), then dissipate one a box,
    then damage-control repairs (D10.541). Returns the state, the points sent to the
    batteries and a line per bank."""
    banks, lines, sent = [], [], 0
    for key, bank in zip(state.keys, state.banks):
        before = bank.held
        new, moved = end_of_turn(bank, battery_room=battery_room - sent,
                                 repair=(repairs or {}).get(key, 0))
        sent += moved
        banks.append(new)
        lines.append(f"{key[3:]} bank {before} -> transfer {moved} -> dissipate "
                     f"{before - moved - new.held} = {new.held}")
    return replace(state, banks=tuple(banks), battery=state.battery + sent), sent, lines
