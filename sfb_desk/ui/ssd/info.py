"""What one SSD box is, for tooltips and status lines: system name, section, rule, DAC entries.

``box_info(spec, "left_warp#12")`` says the box belongs to the left warp engine (power, H2) and
is scored by the DAC entries "Left W En" and "Any W En" (D4.21). The DAC wording is read from
the chart itself (:mod:`sfb_desk.rules.charts.dac`), never retyped here (DESIGN.md section 3).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from sfb_desk.rules.charts.dac import DAC
from sfb_desk.rules.ship import ShipSpec, Weapon
from sfb_desk.rules.weapon_types import weapon_type

#: system -> (name, section, rule governing it). Rules from the seeds and the reference
#: (G2 control spaces, H2 warp, H3 impulse, H4 APR, H5 batteries, G25 cargo, D4.12 armor,
#: G4 labs, G8 transporters, G7 tractors, G5 probes, J1 shuttles, D3 shields, D6.11 sensor
#: track, D6.21 scanner, D9 damage control, D4.40 excess damage). Empty rule: not known here.
SYSTEMS: dict[str, tuple[str, str, str]] = {
    "bridge": ("Bridge", "control", "G2"),
    "flag_bridge": ("Flag bridge", "control", "G2"),
    "emergency_bridge": ("Emergency bridge", "control", "G2"),
    "aux_control": ("Auxiliary control", "control", "G2"),
    "security": ("Security station", "control", ""),
    "left_warp": ("Left warp engine", "power", "H2"),
    "right_warp": ("Right warp engine", "power", "H2"),
    "center_warp": ("Center warp engine", "power", "H2"),
    "impulse": ("Impulse engine", "power", "H3"),
    "apr": ("Auxiliary power reactor", "power", "H4"),
    "awr": ("Auxiliary warp reactor", "power", ""),
    "battery": ("Battery", "power", "H5"),
    "forward_hull": ("Forward hull", "hull", "D4.21"),
    "aft_hull": ("Aft hull", "hull", "D4.21"),
    "center_hull": ("Center hull", "hull", "D4.351"),
    "cargo": ("Cargo", "hull", "G25"),
    "armor": ("Armor", "hull", "D4.12"),
    "lab": ("Laboratory", "systems", "G4"),
    "transporter": ("Transporter", "systems", "G8"),
    "tractor": ("Tractor beam", "systems", "G7"),
    "probe": ("Probe launcher", "systems", "G5"),
    "shuttle": ("Shuttle box", "systems", "J1"),
    "sensor": ("Sensor track", "track", "D6.11"),
    "scanner": ("Scanner track", "track", "D6.21"),
    "damage_control": ("Damage control track", "track", "D9"),
    "excess_damage": ("Excess damage", "track", "D4.40"),
}
#: DAC systems that hit a system other than by its own name (the fall-backs of D4.351, D4.5).
_ALSO_HIT_BY = {"left_warp": "any_warp", "right_warp": "any_warp", "center_warp": "any_warp",
                "center_hull": "forward_hull", "security": "flag_bridge"}


@cache
def dac_labels(system: str) -> tuple[str, ...]:
    """The chart's wordings of the entries that score ``system`` (a DAC system name)."""
    wanted = {system, _ALSO_HIT_BY.get(system, system)}
    if system == "center_hull":
        wanted.add("aft_hull")
    labels = [e.label for row in DAC.values() for e in row if e.system in wanted]
    return tuple(dict.fromkeys(labels))


@dataclass(frozen=True, slots=True)
class BoxInfo:
    box_id: str
    system: str  # the box-id prefix
    name: str  # "Left warp engine", "Photon torpedo A"
    section: str  # power, control, hull, systems, weapon, shield, track, special
    rule: str  # the rule that governs it ("H2"), or ""
    dac: tuple[str, ...]  # DAC wordings that score it; () when the DAC never hits it
    weapon: Weapon | None = None

    def tooltip(self) -> str:
        """``left_warp#12 — Left warp engine (power, H2) — DAC entries 'Left W En', ...``."""
        detail = ", ".join(x for x in (self.section, self.rule) if x)
        text = f"{self.box_id} \u2014 {self.name} ({detail})"
        if self.dac:
            text += " \u2014 DAC entries " + ", ".join(f"'{d}'" for d in self.dac)
        elif self.section == "shield":
            text += " \u2014 shield damage, not on the DAC (D3.4, D4.1)"
        else:
            text += " \u2014 not scored on the DAC"
        return text


def _weapon_of(spec: ShipSpec, box_id: str) -> Weapon | None:
    for weapon in spec.weapons:
        if box_id in weapon.box_ids:
            return weapon
    return None


def box_info(spec: ShipSpec, box_id: str) -> BoxInfo:
    """What ``box_id`` of ``spec`` is (ValueError when the ship has no such box)."""
    if box_id not in spec.box_ids():
        raise ValueError(f"{box_id!r} is not a box of {spec.id}")
    prefix = box_id.split("#", 1)[0]
    weapon = _weapon_of(spec, box_id)
    if weapon is not None:
        wt = weapon_type(weapon.type)
        name = f"{wt.name if wt else weapon.type} {weapon.designator}"
        arcs = "+".join(weapon.arcs)
        if weapon.rack_type:
            name += f", rack type {weapon.rack_type}"
        elif arcs:
            name += f", arcs {arcs}"
        group = wt.dac_group if wt else "other"
        dac = (*dac_labels(group), *dac_labels("any_weapon")) if group != "other" \
            else dac_labels("any_weapon")
        return BoxInfo(box_id, prefix, name, "weapon", wt.rule if wt else "",
                       tuple(dict.fromkeys(dac)), weapon)
    if prefix.startswith("shield") and prefix[6:].isdigit():
        return BoxInfo(box_id, prefix, f"Shield #{prefix[6:]}", "shield", "D3", ())
    for special in spec.special:
        if special.key == prefix == "mine_rack" and special.damageable:  # M9.13
            dac = (*dac_labels("cargo"), *dac_labels("shuttle"), *dac_labels("excess_damage"))
            return BoxInfo(box_id, prefix, f"Mine rack {box_id.split('#')[1]} (four large "
                           "mines, M9.11)", "special", "M9.13", tuple(dict.fromkeys(dac)))
        if special.key == prefix:
            note = "" if special.damageable else ": bookkeeping, never damaged"
            return BoxInfo(box_id, prefix, special.name, f"special{note}", "", ())
    name, section, rule = SYSTEMS.get(prefix, (prefix.replace("_", " ").capitalize(), "", ""))
    return BoxInfo(box_id, prefix, name, section, rule, dac_labels(prefix))
