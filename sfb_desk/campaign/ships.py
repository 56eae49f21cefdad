"""A campaign ship between battles: its SSD state, people and expendables (no Qt).

:class:`CampaignShip` is one ship of the unit registry, kept in the campaign store as a JSON
record (kind ``"unit"``). Its damage is the desk's own vocabulary, SSD box ids
(:meth:`sfb_desk.rules.ship.ShipSpec.box_ids`), split as SFB Campaign Rules, The Admiral's
Edition splits it (004 H1-H3):

* ``current``: boxes destroyed this campaign turn, which field repairs may still restore (H1);
* ``permanent``: damage left after the repair step, repaired at a dock, FRD or base at cost (H3);
* ``dropped_warp``: warp engine boxes of engines dropped in battle, always permanent (H3);
* ``lost_sections``: separated sections (a D7's boom or rear hull), replaced by conversion (H3).

Whether the ship is crippled is the rules' S2.4 test on all of it
(:func:`sfb_desk.rules.damage.status.crippled_reasons`); repair points are the Annex #9 cost of
each box (:func:`sfb_desk.rules.damage.repair.repair_cost`), with the few systems Annex #9 as
quoted does not list costed by a campaign option (:data:`EXTRA_REPAIR_COST`, decisions.md).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from fractions import Fraction

from ..rules.damage.repair import repair_cost
from ..rules.damage.state import DamageState
from ..rules.damage.status import crippled_reasons
from ..rules.ship import WARP_SYSTEMS, ShipSpec

STATUSES = ("active", "mothballed", "building", "converting", "refitting", "destroyed",
            "captured", "scrapped")

#: Repair points per box for systems the quoted Annex #9 leaves out: damage control 3 (reference
#: G6.5, one source); excess damage 1 and security station 6 are SFB Desk's reading, a campaign
#: option the keeper may change (decisions.md, "Campaign ledger"). Other unlisted boxes are
#: reported as unpriced, never guessed.
EXTRA_REPAIR_COST: dict[str, int] = {"damage_control": 3, "excess_damage": 1, "security": 6}


@dataclass
class CampaignShip:
    """One ship of a campaign's unit registry (module docstring)."""

    id: str
    ship: str  # the library class, e.g. "KLI-C8"
    race: str
    name: str = ""
    status: str = "active"
    location: str = ""  # a strategic hex or a place name the keeper uses
    current: list[str] = field(default_factory=list)
    permanent: list[str] = field(default_factory=list)
    dropped_warp: list[str] = field(default_factory=list)
    lost_sections: list[str] = field(default_factory=list)
    mission: str = ""  # "patrol" or "raid" this turn (004 I2, I3)
    in_supply: bool = True
    in_supply_at_start: bool = True
    turns_out_of_supply: int = 0  # the GM campaign rules' degradation chart (ECONOMICS B)
    fast: bool = False  # a fast cruiser (R6) or light dreadnought (R7): +2 speed (004 C1)
    command_rating: float | None = None  # the F&E command rating, entered by the keeper
    category: str = ""  # the 004 F2 command category (CA, DD, ...), entered or derived
    leader: bool = False
    carrier: bool = False
    escort: bool = False
    refits: list[str] = field(default_factory=list)
    officers: list[str] = field(default_factory=list)
    crew_quality: str = "average"
    crew_units_lost: int = 0
    boarding_parties_lost: int = 0
    expendables: dict = field(default_factory=dict)
    fighters_at_battle_start: int = 0
    battles: list[str] = field(default_factory=list)
    repaired_in_battle: int = 0  # boxes the crew repaired in the last battle (D9.7)
    notes: list[str] = field(default_factory=list)

    @classmethod
    def from_dict(cls, doc: dict) -> CampaignShip:
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(doc) - known)
        if unknown:
            raise ValueError(f"a campaign ship has no field {', '.join(unknown)}")
        ship = cls(**doc)
        if ship.status not in STATUSES:
            raise ValueError(f"{ship.id}: status is one of {', '.join(STATUSES)}, not {ship.status!r}")
        return ship

    def to_dict(self) -> dict:
        return asdict(self)

    @property
    def destroyed(self) -> frozenset[str]:
        """Every box destroyed on the SSD now."""
        return frozenset(self.current) | frozenset(self.permanent) | frozenset(self.dropped_warp)

    def damage_state(self, spec: ShipSpec) -> DamageState:
        return DamageState.for_ship(spec, sorted(self.destroyed & set(spec.box_ids())))

    def crippled(self, spec: ShipSpec) -> tuple[str, ...]:
        """Why the ship is crippled (S2.4), empty when it is not."""
        return crippled_reasons(spec, self.damage_state(spec))

    def warp_left(self, spec: ShipSpec) -> int:
        dead = self.destroyed
        return sum(1 for s in WARP_SYSTEMS for i in range(1, spec.count(s) + 1)
                   if f"{s}#{i}" not in dead)

    def impulse_left(self, spec: ShipSpec) -> int:
        dead = self.destroyed
        return sum(1 for i in range(1, spec.count("impulse") + 1) if f"impulse#{i}" not in dead)


def box_repair_points(spec: ShipSpec, box: str, extra: dict[str, int] | None = None) -> int | None:
    """Repair points to restore one box (Annex #9; :data:`EXTRA_REPAIR_COST` for the rest)."""
    cost = repair_cost(spec, box)
    if cost is not None:
        return cost
    table = EXTRA_REPAIR_COST if extra is None else extra
    return table.get(box.split("#", 1)[0])


@dataclass(frozen=True)
class RepairBill:
    """Repair points for a set of boxes, and the boxes no table prices."""

    points: int
    by_system: dict[str, int]
    unknown: tuple[str, ...]

    def ep(self, points_per_ep: int, multiplier: int = 1) -> Fraction:
        return Fraction(self.points * multiplier, points_per_ep)


def repair_bill(spec: ShipSpec, boxes, extra: dict[str, int] | None = None) -> RepairBill:  # noqa: ANN001
    points, by_system, unknown = 0, {}, []
    for box in sorted(boxes):
        cost = box_repair_points(spec, box, extra)
        if cost is None:
            unknown.append(box)
            continue
        points += cost
        system = box.split("#", 1)[0]
        system = "shields" if system.startswith("shield") else system
        by_system[system] = by_system.get(system, 0) + cost
    return RepairBill(points, by_system, tuple(unknown))


def warp_engine_boxes(spec: ShipSpec, engine: str) -> list[str]:
    """The box ids of one warp engine (``left_warp``, ``right_warp``, ``center_warp``)."""
    if engine not in WARP_SYSTEMS:
        raise ValueError(f"warp engines are {', '.join(WARP_SYSTEMS)}, not {engine!r}")
    return [f"{engine}#{i}" for i in range(1, spec.count(engine) + 1)]
