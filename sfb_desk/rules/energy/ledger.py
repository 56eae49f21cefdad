"""The arithmetic of one allocation: the energy of every line, what each kind of power must
pay for, and the totals of the form (lines 4, 20, 21).

Costs come from :mod:`.costs`; movement energy is the hexes the speed plot moves on the
Impulse Chart times the movement cost (C12.21), one hex of which may be impulse power (C2.111).
Demands are split by the power that may pay for them (see :mod:`.power`):

* ``movement_warp`` - warp engines only: warp movement, HETs (C6.2), warp TACs (C5.2), the
  warp part of EM (C10.111) and reserve warp put into the batteries (H7.4);
* ``impulse_only`` - impulse engines only: the impulse hex (C2.111), the sublight TAC (C5.1)
  and EM hexes paid by impulse (C10.112);
* ``warp_only`` - warp engines or warp reactors: photon arming (E4.23), displacement devices
  (G18.21), suicide shuttles (J2.2211);
* everything else may be paid by any power, batteries included.

The ledger never refuses anything: a line it cannot price costs 0 and
:func:`~.validate.validate` reports why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..charts.impulse import moves_on
from ..ship import ShipSpec
from .allocation import Allocation, weapon_line
from .arming import Step
from .arming_step import step
from .costs import (
    EDR_PER_LAB,
    EM_HEXES,
    EM_HEXES_NIMBLE,
    EW_POINT,
    GENERAL_REINFORCEMENT,
    HET_HEXES,
    PA_PANELS,
    SCOUT_CHANNEL,
    SPECIFIC_REINFORCEMENT,
    SUBLIGHT_TAC,
    TRANSPORTER_USE,
    fire_control,
    life_support,
    sfg_cost,
    shields,
)
from .options import DEFAULT_OPTIONS, EnergyOptions
from .power import PowerSupply
from .state import EnergyState, weapon_destroyed

ZERO = Fraction(0)


def plot_hexes(plot: tuple[tuple[int, int], ...], first: int = 1, last: int = 32) -> int:
    """Hexes a speed plot moves on impulses ``first``..``last`` (C12.21, Impulse Chart)."""
    bounds = [start for start, _ in plot[1:]] + [33]
    total = 0
    for (start, speed), end in zip(plot, bounds):
        for i in range(max(start, first), min(end, last + 1)):
            if moves_on(min(abs(speed), 32), i):
                total += 1
    return total


def move_cost(spec: ShipSpec) -> Fraction:
    return spec.move_cost if spec.move_cost else Fraction(1)


def size_class(spec: ShipSpec) -> int:
    return spec.size_class or 3


def het_cost(spec: ShipSpec) -> Fraction:
    """Energy of one HET: the SSD's HET cost, else 5 hexes of movement (C6.51)."""
    return spec.het_cost if spec.het_cost is not None else HET_HEXES * move_cost(spec)


def em_hexes(spec: ShipSpec) -> int:
    """Hexes of movement one turn of EM costs: 6, nimble ships 3 (C10.11, C10.12)."""
    return EM_HEXES_NIMBLE if "nimble" in spec.flags else EM_HEXES


def em_split(spec: ShipSpec, impulse_hexes: int) -> tuple[Fraction, Fraction]:
    """(warp, impulse) energy of one turn of EM with ``impulse_hexes`` of it paid by impulse
    power, one point a hex whatever the movement cost (C10.112)."""
    hexes = em_hexes(spec)
    k = max(0, min(impulse_hexes, hexes))
    full = spec.em_cost if spec.em_cost is not None else hexes * move_cost(spec)
    return full * Fraction(hexes - k, hexes), Fraction(k)


def cloak_cost(spec: ShipSpec) -> Fraction | None:
    """The cloak's cost from the ship data (G13.21), None when the ship has none."""
    value = dict(spec.extra).get("cloak_cost")
    if value is None:
        return None
    text = str(value).split("/")[0].strip()
    return Fraction(text) if text.isdigit() else None


def pa_cost(spec: ShipSpec, level: str) -> Fraction | None:
    """Power absorber panels' cost of operation (D10.21), None if the class is not charted."""
    if level == "off":
        return ZERO
    code, name = spec.class_code.upper(), spec.name.upper()
    for key, costs in PA_PANELS.items():  # the chart names the type: "Conquistador", "Cobra"
        if key in (code, name) or name.startswith(key + " "):
            return costs[1 if level == "reinforced" else 0]
    return None


@dataclass(frozen=True, slots=True)
class Ledger:
    """Every line's energy and the totals of one allocation."""

    supply: PowerSupply
    costs: dict[str, Fraction] = field(default_factory=dict)
    steps: dict[str, Step] = field(default_factory=dict)
    hexes: int = 0
    movement_warp: Fraction = ZERO
    impulse_only: Fraction = ZERO
    warp_only: Fraction = ZERO
    battery_used: Fraction = ZERO

    @property
    def total_used(self) -> Fraction:
        """Line 20: total power used."""
        return sum((v for k, v in self.costs.items() if not k.startswith("weapon:")), ZERO)

    @property
    def available(self) -> Fraction:
        """Total power plus the batteries discharged into this allocation."""
        return self.supply.total + self.battery_used

    @property
    def unallocated(self) -> Fraction:
        return self.available - self.total_used

    def value(self, key: str) -> Fraction:
        """The energy shown on line ``key`` of the sheet."""
        s = self.supply
        computed = {
            "warp": s.warp, "impulse": s.impulse, "reactor": s.reactor,
            "total_power": s.total, "batteries_available": s.battery_charge,
            "battery_discharge": self.battery_used, "total_used": self.total_used,
            "battery_used": self.battery_used, "unallocated": self.unallocated,
        }
        if key in computed:
            return computed[key]
        return self.costs.get(key, ZERO)


def ledger(
    allocation: Allocation,
    spec: ShipSpec,
    state: EnergyState,
    options: EnergyOptions = DEFAULT_OPTIONS,
) -> Ledger:
    """The costs of every line of ``allocation`` for ``spec`` in ``state``."""
    a = allocation
    sc = size_class(spec)
    mc = move_cost(spec)
    supply = state.supply(spec, engine_doubling=a.engine_doubling)
    costs: dict[str, Fraction] = {}
    costs["life_support"] = life_support(sc, a.life_support == "emergency")
    costs["fire_control"] = fire_control(sc, a.fire_control) if a.fire_control in (
        "active", "low", "off") else ZERO
    costs["phaser_capacitor"] = Fraction(a.phaser_capacitor)
    orders = {o.box: o for o in a.weapons}
    steps: dict[str, Step] = {}
    weapons_total = warp_only = ZERO
    for w in state.weapons:
        s = step(w, orders.get(w.box), turn=a.turn, options=options,
                 destroyed=weapon_destroyed(spec, w.box, state.destroyed))
        steps[w.box] = s
        costs[weapon_line(w.box)] = s.energy
        weapons_total += s.energy
        warp_only += s.warp
    costs["weapons"] = weapons_total
    costs["shields"] = shields(sc, a.shields) if a.shields in ("active", "minimum", "off") \
        else ZERO
    costs["general_reinforcement"] = GENERAL_REINFORCEMENT * max(a.general_reinforcement, 0)
    costs["specific_reinforcement"] = SPECIFIC_REINFORCEMENT * sum(
        max(p, 0) for p in a.specific_reinforcement)
    hexes = plot_hexes(a.speed_plot)
    imp = max(0, min(a.impulse_hexes, hexes))
    move_warp = (hexes - imp) * mc
    costs["speed_plot"] = move_warp + imp
    costs["hets"] = het_cost(spec) * max(a.hets, 0)
    em_warp, em_imp = em_split(spec, a.em_impulse_hexes) if a.em else (ZERO, ZERO)
    costs["em"] = em_warp + em_imp
    costs["sublight_tac"] = SUBLIGHT_TAC if a.sublight_tac else ZERO
    costs["warp_tacs"] = mc * max(a.warp_tacs, 0)
    costs["damage_control"] = Fraction(a.damage_control)
    costs["battery_recharge"] = Fraction(a.battery_recharge)
    costs["tractors"] = Fraction(a.tractors)
    costs["negative_tractor"] = Fraction(a.negative_tractor)
    costs["transporters"] = TRANSPORTER_USE * max(a.transporters, 0)
    costs["ecm"] = EW_POINT * max(a.ecm, 0)
    costs["eccm"] = EW_POINT * max(a.eccm, 0)
    costs["cloak"] = (cloak_cost(spec) or ZERO) if a.cloak else ZERO
    costs["edr_labs"] = EDR_PER_LAB * max(a.edr_labs, 0)
    costs["scout_channels"] = SCOUT_CHANNEL * max(a.scout_channels, 0)
    costs["sfg_fields"] = sfg_cost(tuple(max(x, 0) for x in a.sfg_fields))
    costs["pa_level"] = pa_cost(spec, a.pa_level) or ZERO
    movement_warp = (move_warp + costs["hets"] + costs["warp_tacs"] + em_warp
                     + Fraction(a.reserve_warp))
    impulse_only = imp + costs["sublight_tac"] + em_imp
    return Ledger(
        supply=supply, costs=costs, steps=steps, hexes=hexes, movement_warp=movement_warp,
        impulse_only=impulse_only, warp_only=warp_only,
        battery_used=Fraction(a.battery_discharge),
    )
