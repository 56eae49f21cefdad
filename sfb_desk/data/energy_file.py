"""Energy allocation files (format ``sfb-desk-energy`` version 1): JSON, one ship, one turn.

The file is what ``sfb-desk-cli ea check FILE`` reads and ``ea template ID`` writes. Lines
are the :class:`~sfb_desk.rules.energy.Allocation` fields (the keys of
:data:`sfb_desk.rules.energy.LINES`, with the same names as the sequencer's stored allocation,
``Unit.allocation``); every line but ``ship`` may be left out and takes its default. An
optional ``state`` object gives what the ship carries into the turn; without it the ship is
fresh (batteries charged, weapons empty, no damage).

Schema (JSON; energy is a number or an exact fraction as text: ``2``, ``0.5``, ``"1/2"``)::

    {
      "format": "sfb-desk-energy",          # optional when read; always written
      "format_version": 1,
      "ship": "FED-CA",                     # required: a library ship id (any case)
      "turn": 1,
      "battery_discharge": 0,               # energy
      "life_support": "normal",             # normal | emergency
      "fire_control": "active",             # active | low | off
      "phaser_capacitor": 6,                # energy added this turn
      "weapons": [                          # one order per heavy weapon / probe / shuttle box
        {"box": "photon#A", "action": "arm",    # arm | hold | roll | none
         "energy": null, "overload": false, "enveloping": false, "mode": ""}
      ],
      "shields": "active",                  # active | minimum | off
      "general_reinforcement": 0,           # points (2 energy each)
      "specific_reinforcement": [0, 0, 0, 0, 0, 0],
      "speed_plot": [[1, 16]],              # or a single speed: 16
      "impulse_hexes": 1, "hets": 0, "em": false, "em_impulse_hexes": 0,
      "sublight_tac": false, "warp_tacs": 0,
      "damage_control": 0, "repair_shields": [],
      "battery_recharge": 0, "reserve_warp": 0,
      "tractors": 0, "negative_tractor": 0, "transporters": 0,
      "ecm": 0, "eccm": 0, "cloak": false, "edr_labs": 0, "edr_dc_box": null,
      "scout_channels": 0, "sfg_fields": [], "pa_level": "off", "engine_doubling": false,
      "note": "",
      "state": {                            # optional
        "battery_charge": 4, "capacitor": 0, "destroyed": ["left_warp#1"],
        "prev_plot": [[1, 10]], "em_carried": false, "crippled": false,
        "weapons": [{"box": "photon#A", "mode": "PHOTON", "energies": [2],
                     "complete": false, "held": 0, "overload": false,
                     "enveloping": false, "rolling": false, "store": [[1, 2]]}]
      }
    }

``weapons`` may also be an object keyed by box id (``{"photon#A": {"action": "arm"}}``).
Problems are reported with their place in the file (``weapons[2].energy``) and never as a
traceback.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from sfb_desk.rules.energy import Allocation, EnergyState, WeaponArming, WeaponOrder, initial_state
from sfb_desk.rules.energy.allocation import (
    ACTIONS,
    FIRE_CONTROL_MODES,
    LIFE_SUPPORT_MODES,
    PA_LEVELS,
    SHIELD_MODES,
)
from sfb_desk.rules.ship import ShipSpec
from sfb_desk.data.energy_messages import FORMAT_NAME
from sfb_desk.data.energy_messages import problems as reading_problems
from sfb_desk.data.safe_load import BadFile, load_json, parse_json

FORMAT_VERSION = 1

Energy = int | float | str


class EnergyFileError(ValueError):
    """A file that cannot be read as an energy allocation; ``problems`` lists every one."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = problems
        super().__init__(f"{source}: " + "; ".join(problems))


class _Model(BaseModel):
    # Strict: "3" is not a count and true is not energy; read from JSON text, so arrays are
    # fine where pairs are expected.
    model_config = ConfigDict(extra="forbid", strict=True)


class OrderModel(_Model):
    box: str = Field(min_length=1)
    action: Literal[ACTIONS] = "arm"  # type: ignore[valid-type]
    energy: Energy | None = None
    overload: bool = False
    enveloping: bool = False
    mode: str = ""


class ArmingModel(_Model):
    box: str = Field(min_length=1)
    mode: str = ""
    energies: list[Energy] = []
    complete: bool = False
    held: int = Field(default=0, ge=0)
    overload: bool = False
    enveloping: bool = False
    rolling: bool = False
    store: list[tuple[int, Energy]] = []


class StateModel(_Model):
    battery_charge: Energy | None = None
    capacitor: Energy = 0
    destroyed: list[str] = []
    prev_plot: list[tuple[int, int]] | int | None = None
    em_carried: bool = False
    crippled: bool = False
    weapons: list[ArmingModel] = []


class FileModel(_Model):
    format: Literal["sfb-desk-energy"] = FORMAT_NAME
    format_version: Literal[1] = FORMAT_VERSION
    ship: str = Field(min_length=1)
    turn: int = Field(default=1, ge=1)
    battery_discharge: Energy = 0
    life_support: Literal[LIFE_SUPPORT_MODES] = "normal"  # type: ignore[valid-type]
    fire_control: Literal[FIRE_CONTROL_MODES] = "active"  # type: ignore[valid-type]
    phaser_capacitor: Energy = 0
    weapons: list[OrderModel] | dict[str, dict[str, Any]] = []
    shields: Literal[SHIELD_MODES] = "active"  # type: ignore[valid-type]
    general_reinforcement: int = 0
    specific_reinforcement: list[int] = [0, 0, 0, 0, 0, 0]
    speed_plot: list[tuple[int, int]] | int = 0
    impulse_hexes: int = 0
    hets: int = 0
    em: bool = False
    em_impulse_hexes: int = 0
    sublight_tac: bool = False
    warp_tacs: int = 0
    damage_control: Energy = 0
    repair_shields: list[int] = []
    battery_recharge: Energy = 0
    reserve_warp: Energy = 0
    tractors: Energy = 0
    negative_tractor: Energy = 0
    transporters: int = 0
    ecm: int = 0
    eccm: int = 0
    cloak: bool = False
    edr_labs: int = 0
    edr_dc_box: int | None = None
    scout_channels: int = 0
    sfg_fields: list[int] = []
    pa_level: Literal[PA_LEVELS] = "off"  # type: ignore[valid-type]
    engine_doubling: bool = False
    note: str = ""
    state: StateModel | None = None


@dataclass(frozen=True)
class EnergyFile:
    """A read file: the allocation and, if the file had one, the raw ``state`` object."""

    allocation: Allocation
    state: StateModel | None = None

    def start_state(self, spec: ShipSpec) -> EnergyState:
        """The ship's state at the start of the file's turn (fresh unless the file says)."""
        return build_state(spec, self.allocation.turn, self.state)


# ---------------------------------------------------------------------------------------------
# Values


def to_fraction(value: Energy, where: str = "value") -> Fraction:
    """An energy value: an int, a float read exactly as written (``0.2`` is 1/5), or text
    ``"1/2"`` / ``"1.5"``. ValueError says what was wrong."""
    if isinstance(value, bool):
        raise ValueError(f"{where}: true/false is not an amount of energy")
    try:
        return Fraction(str(value).strip()) if isinstance(value, (str, float)) else Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{where}: {value!r} is not an amount of energy (2, 0.5 or \"1/2\")"
                         ) from None


def energy_json(value: Fraction | int) -> int | str:
    """An energy value as written: an int when whole, else exact text ``"1/2"``."""
    f = Fraction(value)
    return f.numerator if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def _plot(raw: list[tuple[int, int]] | int) -> tuple[tuple[int, int], ...]:
    if isinstance(raw, int):
        return ((1, raw),)
    return tuple((int(a), int(b)) for a, b in raw)


# ---------------------------------------------------------------------------------------------
# Reading


def allocation_from_dict(data: Any, source: str = "allocation") -> EnergyFile:
    """Read an allocation record (the parsed JSON). Raises :class:`EnergyFileError`."""
    if not isinstance(data, dict):
        raise EnergyFileError(source, ["the file must hold one JSON object"])
    try:
        model = FileModel.model_validate_json(json.dumps(data))
    except ValidationError as error:
        raise EnergyFileError(source, reading_problems(error)) from None
    except (TypeError, ValueError) as error:
        raise EnergyFileError(source, [f"not JSON data: {error}"]) from None
    problems: list[str] = []

    def energy(value: Energy | None, where: str) -> Fraction | None:
        if value is None:
            return None
        try:
            return to_fraction(value, where)
        except ValueError as e:
            problems.append(str(e))
            return Fraction(0)

    if isinstance(model.weapons, dict):
        raw_orders = []
        for box, body in model.weapons.items():
            try:
                raw_orders.append(OrderModel.model_validate_json(json.dumps({"box": box,
                                                                             **body})))
            except (ValidationError, TypeError) as error:
                msgs = reading_problems(error) if isinstance(error, ValidationError) else [str(error)]
                problems.extend(f"weapons.{box}.{m}" for m in msgs)
    else:
        raw_orders = model.weapons
    orders = tuple(
        WeaponOrder(o.box, o.action, energy(o.energy, f"weapons[{i}].energy"), o.overload,
                    o.enveloping, o.mode)
        for i, o in enumerate(raw_orders)
    )
    values: dict[str, Any] = {}
    energy_lines = ("battery_discharge", "phaser_capacitor", "damage_control",
                    "battery_recharge", "reserve_warp", "tractors", "negative_tractor")
    for f in fields(Allocation):
        name = f.name
        if name in ("weapons",):
            continue
        raw = getattr(model, name)
        if name in energy_lines:
            values[name] = energy(raw, name)
        elif name == "speed_plot":
            values[name] = _plot(raw)
        elif name in ("specific_reinforcement", "repair_shields", "sfg_fields"):
            values[name] = tuple(raw)
        else:
            values[name] = raw
    values["ship"] = model.ship.strip().upper()
    if model.state is not None:
        st = model.state
        energy(st.battery_charge, "state.battery_charge")
        energy(st.capacitor, "state.capacitor")
        for i, w in enumerate(st.weapons):
            for e in w.energies:
                energy(e, f"state.weapons[{i}].energies")
            for _, e in w.store:
                energy(e, f"state.weapons[{i}].store")
    if problems:
        raise EnergyFileError(source, problems)
    return EnergyFile(Allocation(weapons=orders, **values), model.state)


def load_energy_file(path: str | os.PathLike[str]) -> EnergyFile:
    """Read an energy allocation file. Raises :class:`EnergyFileError` (missing file, bad JSON
    with its line and column, or the problems of the record)."""
    p = Path(path)
    try:
        data = load_json(p)
    except BadFile as error:
        raise EnergyFileError(str(p), [error.problem]) from None
    return allocation_from_dict(data, str(p))


def loads(text: str, source: str = "allocation") -> EnergyFile:
    try:
        data = parse_json(text)
    except BadFile as error:
        raise EnergyFileError(source, [error.problem]) from None
    return allocation_from_dict(data, source)


def build_state(spec: ShipSpec, turn: int, raw: StateModel | None) -> EnergyState:
    """The state at the start of ``turn``: fresh, then what ``raw`` gives."""
    if raw is None:
        return initial_state(spec, turn=turn)
    dead = frozenset(raw.destroyed)
    unknown = sorted(dead - set(spec.box_ids()))
    if unknown:
        raise EnergyFileError(spec.id, [f"state.destroyed: {b!r} is not a box of {spec.id}"
                                        for b in unknown])
    state = initial_state(spec, turn=turn, destroyed=dead)
    given = {w.box: w for w in raw.weapons}
    known = {w.box for w in state.weapons}
    problems = [f"state.weapons: {spec.id} has no {b!r} that takes energy"
                for b in given if b not in known]
    if problems:
        raise EnergyFileError(spec.id, problems)
    weapons = []
    for w in state.weapons:
        g = given.get(w.box)
        if g is None:
            weapons.append(w)
            continue
        weapons.append(WeaponArming(
            w.box, w.type, g.mode.strip().upper(),
            tuple(to_fraction(e, f"state.weapons.{w.box}.energies") for e in g.energies),
            g.complete, g.held, g.overload, g.enveloping, g.rolling,
            tuple((t, to_fraction(e, f"state.weapons.{w.box}.store")) for t, e in g.store)))
    prev = None if raw.prev_plot is None else _plot(raw.prev_plot)
    charge = None if raw.battery_charge is None else to_fraction(raw.battery_charge,
                                                                 "state.battery_charge")
    return replace(state, battery_charge=charge,
                   capacitor=to_fraction(raw.capacitor, "state.capacitor"),
                   weapons=tuple(weapons), prev_plot=prev, em_carried=raw.em_carried,
                   crippled=raw.crippled)


# ---------------------------------------------------------------------------------------------
# Writing


def allocation_to_dict(a: Allocation, state: EnergyState | None = None) -> dict[str, Any]:
    """The record of an allocation (and optionally the state it starts from), JSON-ready."""
    out: dict[str, Any] = {"format": FORMAT_NAME, "format_version": FORMAT_VERSION}
    for f in fields(Allocation):
        value = getattr(a, f.name)
        if f.name == "weapons":
            value = [_order_dict(o) for o in value]
        elif isinstance(value, Fraction):
            value = energy_json(value)
        elif f.name == "speed_plot":
            value = [list(p) for p in value]
        elif isinstance(value, tuple):
            value = list(value)
        out[f.name] = value
    if state is not None:
        out["state"] = state_to_dict(state)
    return out


def _order_dict(o: WeaponOrder) -> dict[str, Any]:
    d: dict[str, Any] = {"box": o.box, "action": o.action}
    if o.energy is not None:
        d["energy"] = energy_json(o.energy)
    if o.overload:
        d["overload"] = True
    if o.enveloping:
        d["enveloping"] = True
    if o.mode:
        d["mode"] = o.mode
    return d


def state_to_dict(s: EnergyState) -> dict[str, Any]:
    return {
        "battery_charge": None if s.battery_charge is None else energy_json(s.battery_charge),
        "capacitor": energy_json(s.capacitor),
        "destroyed": sorted(s.destroyed),
        "prev_plot": None if s.prev_plot is None else [list(p) for p in s.prev_plot],
        "em_carried": s.em_carried,
        "crippled": s.crippled,
        "weapons": [
            {"box": w.box, "mode": w.mode, "energies": [energy_json(e) for e in w.energies],
             "complete": w.complete, "held": w.held, "overload": w.overload,
             "enveloping": w.enveloping, "rolling": w.rolling,
             "store": [[t, energy_json(e)] for t, e in w.store]}
            for w in s.weapons if not w.empty or w.store
        ],
    }


def dumps(a: Allocation, state: EnergyState | None = None) -> str:
    """The file text of an allocation: pretty JSON, one line per line of the form (short
    lists and orders kept on one line), a newline at the end."""
    return _pretty(allocation_to_dict(a, state), 0) + "\n"


def _pretty(value: Any, depth: int) -> str:
    flat = json.dumps(value)
    if len(flat) + 2 * depth <= 88 or not isinstance(value, (dict, list)):
        return flat
    pad, inner = "  " * depth, "  " * (depth + 1)
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k)}: {_pretty(v, depth + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{pad}}}"
    items = [f"{inner}{_pretty(v, depth + 1)}" for v in value]
    return "[\n" + ",\n".join(items) + f"\n{pad}]"


def canonical(a: Allocation) -> str:
    """The allocation as canonical JSON (sorted keys, no spaces), as ``Unit.allocation``
    stores it."""
    return json.dumps(allocation_to_dict(a), sort_keys=True, separators=(",", ":"))
