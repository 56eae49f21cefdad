"""The arming state of each heavy weapon, probe launcher and armed shuttle, turn to turn.

:class:`WeaponArming` is what a weapon holds at the start of a turn;
:func:`~sfb_desk.rules.energy.arming_step.step` applies this turn's
:class:`~sfb_desk.rules.energy.allocation.WeaponOrder` (returning the energy it costs, the part
that must be warp power, and any issues; :mod:`sfb_desk.rules.energy.arming_step`) and
:func:`end_turn` carries the state into the next turn (a fired weapon is empty; a load that
cannot be held is lost; a TR beam rolls).

The cycles (reference G7, G4.4, G5, G6.7; seed 002 E9, E11, E12, G18; costs.ARMING):

* photon 2 + 2 warp (E4.2, E4.23), hold 1 (E4.22), overload up to +4 warp on the last turn or
  on a held torpedo (E4.411, E4.412), overload hold per EnergyOptions (decisions.md);
* disruptor 2, overload 4, never held (E3.24, E3.51); fusion 2, overload 4, suicide 7 (E7.42),
  held at 1 only with the Y168 refit, overloads never (E7.412);
* plasma R/S/G/F over three turns (FP2.1), holds S 2 / G 1 / F 0, R not on a ship (FP2.51),
  rolling delay on the last turn 2 (F 1) (FP1.221), enveloping doubles the last turn (FP5),
  smaller torpedoes in larger launchers (S, G launchers arm F);
* hellbore 3 + 3, overload last turn 6, rolling delay 3, no hold (E10.22, E10.611);
* PPD 2..4 a turn for two turns, turn 2 above 4 is an overload (E11.25, E11.61, E11.65),
  hold 2 (E11.22), overloads never held (E11.62);
* TR beams: heavy 3 + 3 or light 2 + 2; a heavy launcher armed with a 2 fires light
  (E9.2131, E9.2132); a light one never takes 3 (E9.213); no hold: an unfired beam rolls,
  its last turn becoming the first of a new cycle (E9.22);
* web caster / web fist: up to 5 stored, each turn's energy lasting five turns (E12.31, E12.32);
* displacement device 2 + 2 warp, hold 1 up to 25 turns (G18.21, G18.22);
* probes: information 1 + 1 hold 1, weapon 2 + 2 (G5); suicide shuttle three turns of 1..3
  warp, hold 1 (J2.22); wild weasel 1 + 1, hold 1 (J3.12);
* plasma-D racks: 1/2 per torpedo activated (FP10.32).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ..ship import ShipSpec
from .costs import (
    ARMING,
    NO_ENERGY_WEAPONS,
    PHASER_TYPES,
    WEB_CASTER_TURNS,
)
from .issue import Issue
from .options import DEFAULT_OPTIONS, EnergyOptions

ZERO = Fraction(0)
PROBE, SHUTTLE = "PROBE", "SHUTTLE"
STORE_TYPES = frozenset({"WEB-CASTER", "WEB-FIST"})
UNMODELLED = {"ESG": "G23", "MAULER": "E8.331", "SFG": "G16.20"}


@dataclass(frozen=True, slots=True)
class WeaponArming:
    """What one weapon holds at the start of a turn.

    ``type`` is the launcher (a weapon type code, ``PROBE`` or ``SHUTTLE``); ``mode`` the load
    being armed (an :data:`~sfb_desk.rules.energy.costs.ARMING` key). ``energies`` is the
    energy of each arming turn so far; ``complete`` a full load ready to fire (or to hold);
    ``held`` the turns it has been held; ``rolling`` a load kept one turn short of complete by
    rolling delay; ``store`` the web caster's ``(turn, energy)`` deposits.
    """

    box: str
    type: str
    mode: str = ""
    energies: tuple[Fraction, ...] = ()
    complete: bool = False
    held: int = 0
    overload: bool = False
    enveloping: bool = False
    rolling: bool = False
    store: tuple[tuple[int, Fraction], ...] = ()

    @property
    def stage(self) -> int:
        return len(self.energies)

    @property
    def stored(self) -> Fraction:
        return sum(self.energies, ZERO)

    @property
    def empty(self) -> bool:
        return not self.energies and not self.complete

    def stored_at(self, turn: int) -> Fraction:
        """Web caster energy usable on ``turn`` (E12.32: each turn's energy lasts five)."""
        return sum((e for t, e in self.store if turn - WEB_CASTER_TURNS < t <= turn), ZERO)

    def cleared(self) -> WeaponArming:
        return WeaponArming(self.box, self.type)


@dataclass(frozen=True, slots=True)
class Step:
    """One turn's order applied: the state during the turn, the energy, its warp-only part."""

    state: WeaponArming
    energy: Fraction = ZERO
    warp: Fraction = ZERO
    issues: tuple[Issue, ...] = ()


def launchers(spec: ShipSpec) -> tuple[WeaponArming, ...]:
    """An empty arming state for every box of ``spec`` that takes energy orders: heavy
    weapons, probe launchers and shuttle boxes (the order chooses suicide or wild weasel)."""
    out: list[WeaponArming] = []
    for w in spec.weapons:
        if w.type in PHASER_TYPES or w.type in NO_ENERGY_WEAPONS:
            continue
        out.append(WeaponArming(f"{w.family}#{w.designator}", w.type))
    out.extend(WeaponArming(f"probe#{n}", PROBE) for n in range(1, spec.count("probe") + 1))
    out.extend(WeaponArming(f"shuttle#{n}", SHUTTLE) for n in range(1, spec.shuttle_boxes + 1))
    return tuple(out)


# ---------------------------------------------------------------------------------------------


def end_turn(state: WeaponArming, *, fired: bool = False, destroyed: bool = False,
             turn: int = 1, options: EnergyOptions = DEFAULT_OPTIONS) -> WeaponArming:
    """The state at the start of the next turn, after ``turn`` (during which the weapon was in
    ``state``) ended. A fired weapon is empty (E1.2); a destroyed one loses its load."""
    if destroyed:
        return state.cleared()
    if state.type in STORE_TYPES:
        if fired:
            return state.cleared()  # all stored energy is spent (E12.4)
        keep = tuple((t, e) for t, e in state.store if t > turn + 1 - WEB_CASTER_TURNS)
        return replace(state, store=keep)
    if fired or state.empty:
        return state.cleared()
    mode = state.mode
    table = ARMING.get(mode)
    if table is None or not state.complete:
        return state  # a partly armed load waits for next turn's order
    if mode in ("TR-H", "TR-L"):
        first = state.energies[-1]  # E9.22: the last turn's energy starts a new cycle
        new_mode = "TR-H" if first >= 3 else "TR-L"
        return replace(state, mode=new_mode, energies=(first,), complete=False, held=0)
    holdable = table.hold is not None and not (mode == "FUSION" and not options.fusion_hold)
    if state.overload:
        if mode == "PHOTON":
            holdable = True
        elif table.overload_hold is None:
            holdable = False
    return state if holdable else state.cleared()


def suicide_warhead(state: WeaponArming) -> int:
    """A suicide shuttle's warhead: twice its energy (J2.2211; at most 18)."""
    return int(2 * state.stored) if state.mode == "SUICIDE" else 0


def photon_warhead(state: WeaponArming) -> int:
    """Photon damage: 8, or twice the energy of an overload, fractions dropped (E4.413)."""
    if state.mode != "PHOTON" or not state.complete:
        return 0
    return int(2 * state.stored) if state.overload else 8


def ppd_pulses(state: WeaponArming) -> int:
    """PPD pulses: one per 2 energy (E11.25, E11.61)."""
    return int(state.stored // 2) if state.mode == "PPD" else 0

