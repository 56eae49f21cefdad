"""Andromedan power absorber panels (D10) and energy modules (G20): the energy arithmetic.

A panel bank (D10.11) holds energy absorbed from damage. One volley on a bank (D10.3):

1. a bank not powered absorbs nothing: the volley is internal damage (D10.23);
2. a volley whose disruptor damage is at least 2 per box leaks its last disruptor point
   (D10.332), which is neither absorbed nor degrading;
3. 20% of the rest (0.5 rounds up) is permanent degradation, spread as evenly as possible over
   the boxes, the strongest first (D10.321, D10.322, D10.3222), applied before storing;
4. the rest is stored; when it does not fit at standard level the panels may be reinforced
   (D10.26, reserve power H7.346); a volley of at least 3 points per box that needs the
   reinforced level for its last point leaks that point instead (D10.331; not with a
   disruptor leak, and not when even the reinforced level overflows);
5. what does not fit is internal damage, one volley with the leak (D10.33);
6. energy above the capacity after degradation is released (D10.324).

At the end of each turn a bank transfers 10% of what it holds to the batteries (0.5 rounds up;
one point when it holds four or fewer) and dissipates one point per box (D10.411, D10.412);
damage control restores degradation at 2 energy a point at the end of the turn (D10.541).

Energy modules (G20) absorb without degradation or leaks until full; after that every 12th
point destroys a panel, whose 10 points are released as more damage (G20.421).

The D10.6 example (seed 002 L350-388) is the test fixture; its later arithmetic errors are
recorded in decisions.md (D10.6).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from .costs import (
    ENERGY_MODULE_DISSIPATION,
    ENERGY_MODULE_POINTS_PER_PANEL_LOST,
    ENERGY_MODULES,
    PA_BOX_REINFORCED,
    PA_BOX_STANDARD,
)

OFF, STANDARD, REINFORCED = "off", "standard", "reinforced"


def round_half_up(x: Fraction) -> int:
    """0.500 and more up, 0.499 and less down (D10.321, D10.411)."""
    return int(Fraction(x) + Fraction(1, 2))


@dataclass(frozen=True, slots=True)
class PanelBank:
    """One bank: the degradation of each undestroyed box and the energy held (D10.32)."""

    degradation: tuple[int, ...]
    held: int = 0

    @classmethod
    def new(cls, boxes: int, held: int = 0) -> PanelBank:
        return cls((0,) * boxes, held)

    @property
    def boxes(self) -> int:
        return len(self.degradation)

    def box_capacities(self, level: str) -> tuple[int, ...]:
        full = {STANDARD: PA_BOX_STANDARD, REINFORCED: PA_BOX_REINFORCED}.get(level, 0)
        return tuple(max(full - d, 0) for d in self.degradation)

    def capacity(self, level: str) -> int:
        return sum(self.box_capacities(level))

    def degrade(self, points: int) -> PanelBank:
        """Spread ``points`` of degradation, one at a time on the strongest box (D10.322,
        D10.3222); ties go to the first box (the owner may pick, D10.322)."""
        d = list(self.degradation)
        for _ in range(points):
            if not d:
                break
            i = d.index(min(d))
            d[i] += 1
        return replace(self, degradation=tuple(d))

    def repair(self, points: int) -> PanelBank:
        """Damage control restores ``points`` of degradation, weakest box first (D10.541)."""
        d = list(self.degradation)
        for _ in range(points):
            i = d.index(max(d))
            if d[i] == 0:
                break
            d[i] -= 1
        return replace(self, degradation=tuple(d))


@dataclass(frozen=True, slots=True)
class Absorbed:
    """One volley on one bank."""

    bank: PanelBank
    level: str  # the level the bank ends at (raised to reinforced if that was needed)
    degradation: int = 0
    absorbed: int = 0
    leak: int = 0
    leak_kind: str = ""  # "disruptor" (D10.332) or "reinforced" (D10.331)
    excess: int = 0
    released: int = 0  # D10.324: above the new capacity, resolved after the internal damage

    @property
    def internal(self) -> int:
        """Internal damage of the volley: excess and leak together (D10.33)."""
        return self.excess + self.leak


def absorb(
    bank: PanelBank,
    points: int,
    *,
    disruptor: int = 0,
    level: str = STANDARD,
    can_reinforce: bool = False,
    degrading: bool = True,
) -> Absorbed:
    """Resolve a volley of ``points`` (``disruptor`` of them from disruptors) on ``bank``
    running at ``level``. ``can_reinforce``: the owner may raise the panels to reinforced
    (reserve power, H7.346); ``degrading`` False for nebulae and heat zones (D10.3212)."""
    if level == OFF or bank.boxes == 0:
        return Absorbed(bank, level, excess=points)
    n = bank.boxes
    leak, kind = 0, ""
    if disruptor >= 2 * n and disruptor > 0:
        leak, kind = 1, "disruptor"
    volley = points - leak
    deg = round_half_up(Fraction(volley, 5)) if degrading else 0
    after = bank.degrade(deg)
    store = volley - deg
    room_std = after.capacity(STANDARD) - bank.held
    final_level = level
    if store <= room_std:
        pass  # D10.331: never a leak when standard level holds it
    elif level == REINFORCED or can_reinforce:
        final_level = REINFORCED
        room = after.capacity(REINFORCED) - bank.held
        if not leak and points >= 3 * n and store <= room:
            # D10.331: the last point leaks; it neither is stored nor degrades.
            leak, kind = 1, "reinforced"
            volley = points - 1
            deg = round_half_up(Fraction(volley, 5)) if degrading else 0
            after = bank.degrade(deg)
            store = volley - deg
    capacity = after.capacity(final_level)
    room = capacity - bank.held
    stored = max(min(store, room), 0)
    excess = store - stored
    held = bank.held + stored
    released = max(held - capacity, 0)
    return Absorbed(replace(after, held=held - released), final_level, deg, stored, leak, kind,
                    excess, released)


def destroy_box(bank: PanelBank, index: int, level: str) -> tuple[PanelBank, int]:
    """A box of the bank is destroyed (a "drone" hit, D10.51): its capacity goes with it and
    energy above the new capacity is released (D10.323, D10.421)."""
    d = list(bank.degradation)
    del d[index]
    new = replace(bank, degradation=tuple(d))
    released = max(bank.held - new.capacity(level), 0)
    return replace(new, held=bank.held - released), released


def pick_up(bank: PanelBank, energy: int, level: str) -> tuple[PanelBank, int]:
    """Released energy taken up by a bank without degradation (D10.3211, D10.424); returns
    the bank and what it could not take."""
    room = max(bank.capacity(level) - bank.held, 0)
    took = min(room, energy)
    return replace(bank, held=bank.held + took), energy - took


def transfer_amount(held: int, percent: int = 10) -> int:
    """What a bank may transfer to the batteries at the end of the turn (D10.411)."""
    if held <= 0:
        return 0
    if held <= 4:
        return 1
    return round_half_up(Fraction(held * percent, 100))


def end_of_turn(bank: PanelBank, *, transfer: int | None = None, dissipate: int | None = None,
                repair: int = 0, battery_room: int | None = None) -> tuple[PanelBank, int]:
    """Transfer (default the most, within ``battery_room``), then dissipate (default one a box),
    then damage-control repairs (D10.411, D10.412, D10.541). Returns the bank and the energy
    sent to the batteries."""
    most = transfer_amount(bank.held)
    if battery_room is not None:
        most = min(most, battery_room)
    t = most if transfer is None else max(0, min(transfer, most))
    held = bank.held - t
    d_most = min(bank.boxes, held)
    d = d_most if dissipate is None else max(0, min(dissipate, d_most))
    return replace(bank.repair(repair), held=held - d), t


def split_enveloping(total: int, banks: int) -> tuple[int, int]:
    """An enveloping hellbore or plasma torpedo on panels: each bank takes total // banks and
    the owner places the remainder, at most one point per bank (D10.13, D10.14)."""
    return total // banks, total % banks


# ---------------------------------------------------------------------------------------------
# Energy modules (G20)


@dataclass(frozen=True, slots=True)
class EnergyModule:
    """An energy module: its panels, the energy held and the damage toward the next panel."""

    kind: str
    panels: int
    energy: int = 0
    damage: int = 0

    @classmethod
    def new(cls, kind: str, energy: int = 0) -> EnergyModule:
        panels, _ = ENERGY_MODULES[kind]
        return cls(kind, panels, energy)

    @property
    def capacity(self) -> int:
        return self.panels * ENERGY_MODULES[self.kind][1]

    @property
    def destroyed(self) -> bool:
        return self.panels == 0


def module_take(module: EnergyModule, energy: int) -> tuple[EnergyModule, int]:
    """Energy moved into or picked up by a module, within its capacity (G20.31, G20.32);
    returns the module and what did not fit."""
    took = min(energy, module.capacity - module.energy)
    return replace(module, energy=module.energy + took), energy - took


def module_hit(module: EnergyModule, points: int) -> EnergyModule:
    """Damage outside the hangar (G20.42, G20.421): absorbed, with no degradation or leak,
    until the panels are full; then every 12th point destroys a panel, whose energy is released
    into the module as more damage."""
    m, left = module_take(module, points)
    per_panel = ENERGY_MODULES[m.kind][1]
    damage = m.damage + left
    while damage >= ENERGY_MODULE_POINTS_PER_PANEL_LOST and m.panels > 0:
        damage -= ENERGY_MODULE_POINTS_PER_PANEL_LOST
        released = min(per_panel, m.energy)
        m = replace(m, panels=m.panels - 1, energy=m.energy - released)
        damage += released
    return replace(m, damage=damage if m.panels else 0)


def module_dissipate(module: EnergyModule, *, atmosphere: bool = False) -> EnergyModule:
    """Four points per panel per turn outside the hangar, eight in an atmosphere (G20.33)."""
    rate = ENERGY_MODULE_DISSIPATION * (2 if atmosphere else 1)
    return replace(module, energy=max(module.energy - rate * module.panels, 0))
