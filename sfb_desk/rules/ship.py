"""Ship classes as the rules engine sees them: the facts of one SSD, with no file format.

A :class:`ShipSpec` is the immutable description of a ship *class* (what is printed on the SSD).
The damage a particular ship has taken lives elsewhere (a set of destroyed box ids), so one spec
is shared by every ship of the class. The classes here are records (:mod:`sfb_desk.rules.records`):
frozen slotted dataclasses in all but their making, which skips importing :mod:`dataclasses`
(every ship command reads them first: issue 13, start-up).

Every box has a stable id (DESIGN.md section 6) so that saves, logs and damage never refer to
screen positions:

* counted systems: ``"{system}#{n}"``, n from 1, e.g. ``left_warp#12``, ``bridge#1``;
* shields: ``"shield{k}#{n}"`` for shield k = 1..6 (#1 forward, clockwise, D3.1);
* tracks: ``sensor#n``, ``scanner#n``, ``damage_control#n`` (n = 1 is the leftmost box, the
  undamaged value) and ``excess_damage#n``;
* weapons: ``"{family}#{designator}"``, e.g. ``phaser#3``, ``photon#A``, ``drone#1``, ``esg#A``;
  a weapon of several boxes adds ``.k``: ``"{family}#{designator}.{k}"``;
* shuttle boxes: ``shuttle#n`` numbered across all bays in order;
* special systems: ``"{key}#{n}"`` with the special system's key, e.g. ``cloak#1``.
"""

from __future__ import annotations

from fractions import Fraction

from sfb_desk.rules.records import field, record

# ---------------------------------------------------------------------------------------------
# System vocabulary. These names are used by ship files, the DAC (D4.21), the EA (B3) and the CLI.

CONTROL_SYSTEMS: tuple[str, ...] = (
    "bridge",
    "flag_bridge",
    "emergency_bridge",
    "aux_control",
    "security",
)
POWER_SYSTEMS: tuple[str, ...] = (
    "left_warp",
    "right_warp",
    "center_warp",
    "impulse",
    "apr",
    "awr",
    "battery",
)
HULL_SYSTEMS: tuple[str, ...] = ("forward_hull", "aft_hull", "center_hull", "cargo", "armor")
OTHER_SYSTEMS: tuple[str, ...] = ("lab", "transporter", "tractor", "probe")
#: Systems that are a plain count of identical boxes (everything but shields, tracks, weapons,
#: shuttle bays and special systems).
COUNTED_SYSTEMS: tuple[str, ...] = CONTROL_SYSTEMS + POWER_SYSTEMS + HULL_SYSTEMS + OTHER_SYSTEMS
WARP_SYSTEMS: tuple[str, ...] = ("left_warp", "right_warp", "center_warp")
TRACKS: tuple[str, ...] = ("sensor", "scanner", "damage_control")
SHIELD_COUNT = 6

#: Weapon families, i.e. the prefix of a weapon's box id and the group the DAC addresses.
#: The DAC's "Phaser" entry hits the ``phaser`` family, "Torp" the heavy weapons and
#: "Drone" the drone family (D4.32); see sfb_desk.rules.weapon_types for the catalogue.


@record
class Weapon:
    """One weapon mount on the SSD (one box unless ``boxes`` says otherwise).

    ``type`` is a code from :data:`sfb_desk.rules.weapon_types.WEAPON_TYPES` (``PH-1``,
    ``PHOTON``, ``DISRUPTOR``, ``PLASMA-S``, ``DRONE``, ...). ``arcs`` are arc names from the
    D2 arc list (``FA``, ``LF``, ``RH``, ``360``, ``LP`` ...). ``extra_bearings`` are single
    additional bearings on the 24-point compass (1 dead ahead, 13 dead astern) that an SSD note
    adds, e.g. "may also fire directly astern" (D2.33).
    """

    designator: str
    type: str
    family: str
    arcs: tuple[str, ...] = ()
    extra_bearings: tuple[int, ...] = ()
    boxes: int = 1
    rack_type: str | None = None  # drone racks (FD3): A, B, C, D, E, F, G
    reloads: int | None = None  # drone racks, ADD (E5.52)
    max_range: int | None = None  # e.g. disruptor range 15, 22, 30 or 40 (E3)
    refit: str | None = None  # the mount exists only with this refit
    note: str = ""

    @property
    def box_ids(self) -> tuple[str, ...]:
        base = f"{self.family}#{self.designator}"
        if self.boxes == 1:
            return (base,)
        return tuple(f"{base}.{k}" for k in range(1, self.boxes + 1))


@record
class ShuttleBay:
    """A shuttle bay: ``boxes`` shuttle boxes and what each holds at the start (J1.4)."""

    boxes: int
    contents: tuple[str, ...] = ()
    launch_tubes: int = 0


@record
class SpecialSystem:
    """A system the fixed vocabulary does not name (cloak, DERFACS, UIM, web, ...).

    ``damageable`` is False for ammunition tracks and similar bookkeeping rows that the DAC
    never hits (probe ammunition, transporter bombs, pseudo-plasma).
    """

    key: str
    name: str
    boxes: int = 0
    damageable: bool = True
    refit: str | None = None
    note: str = ""

    @property
    def box_ids(self) -> tuple[str, ...]:
        return tuple(f"{self.key}#{n}" for n in range(1, self.boxes + 1))


@record
class Refit:
    """A refit (R-rules): year available, BPV change, and the box ids it adds."""

    code: str
    year: int | None
    bpv_delta: int | None
    description: str = ""
    adds_boxes: tuple[str, ...] = ()


@record
class Disagreement:
    """Sources that disagree on a fact, and the value chosen (kept from the reference)."""

    field: str
    chosen: object
    values: tuple[tuple[str, object], ...] = ()  # (source, value)
    agreeing: tuple[str, ...] = ()
    note: str = ""


@record
class Provenance:
    """Where one group of a class's facts came from: a public transcription at a commit."""

    source: str  # short key, e.g. "amarillo"
    repository: str = ""  # owner/name
    path: str = ""
    commit: str = ""
    fields: tuple[str, ...] = ()  # the field groups taken from it ("shields", "weapons", ...)


#: Data status a player sees (issue 16): every count confirmed, one source only, or not playable.
VERIFIED, DRAFT, INCOMPLETE = "verified", "draft", "incomplete"
#: Module C2 prints no box counts: a class rebuilt from the module's stated facts for practice
#: play (issue 17), labelled wherever it appears until the player completes it from the SSD book;
#: likewise a class no source completes, built on a library hull (issue 15: KLI-F5M).
RECONSTRUCTED = "reconstructed"


def why_reconstructed(spec: ShipSpec) -> str:
    """Why a RECONSTRUCTED class's counts are not the SSD's, in a player's words: built on a
    library hull (its file's ``reconstructed_from``), else Module C2 printing none."""
    base = dict(spec.extra).get("reconstructed_from")
    if base:
        return (f"no source gives its box counts, so it is built on the {base} hull with the "
                "facts its own SSD page prints (see the ship's notes)")
    return "Module C2 prints no box counts"
#: What a player reads for each data status (browser, set-up, SSD, printed SSD, CLI).
STATUS_LABELS = {VERIFIED: "verified", DRAFT: "draft: check against your SSD",
                 RECONSTRUCTED: "RECONSTRUCTED: practice data, not the SSD",
                 INCOMPLETE: "incomplete"}


@record
class ShipSpec:
    """Everything printed on one ship class's SSD that the rules use.

    Optional facts are ``None`` when the source does not give them; a spec with
    ``complete=False`` lists what is missing in ``missing``. Counts are never guessed.
    """

    id: str  # RACE-CLASS, e.g. "FED-CA"
    race: str  # three-letter code, e.g. "FED"
    race_name: str
    class_code: str
    name: str
    kind: str = "ship"  # ship, pod, ground_base, defense_satellite, base_module, fighter
    year_in_service: int | None = None
    rule: str | None = None
    bpv_combat: int | None = None
    bpv_economic: int | None = None
    size_class: int | None = None
    move_cost: Fraction | None = None
    turn_mode: str | None = None
    breakdown: str | None = None  # e.g. "5-6": the rolls that break down (C6.5)
    het_cost: Fraction | None = None
    em_cost: Fraction | None = None
    explosion_strength: int | None = None  # D5.2: the Master Ship Chart's "Explo Str" column
    flags: frozenset[str] = frozenset()
    crew_units: int | None = None
    boarding_parties: int | None = None
    deck_crews: int | None = None
    spare_shuttles: int | None = None
    sensor_track: tuple[int, ...] = ()
    scanner_track: tuple[int, ...] = ()
    damage_control_track: tuple[int, ...] = ()
    excess_damage: int | None = None
    shields: tuple[int, ...] | None = None  # six values, #1 forward, clockwise
    systems: tuple[tuple[str, int], ...] = ()  # (system name, box count) for COUNTED_SYSTEMS
    weapons: tuple[Weapon, ...] = ()
    shuttle_bays: tuple[ShuttleBay, ...] = ()
    special: tuple[SpecialSystem, ...] = ()
    refits: tuple[Refit, ...] = ()
    complete: bool = True
    missing: tuple[str, ...] = ()
    confidence: str | None = None
    sources: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    disagreements: tuple[Disagreement, ...] = ()
    #: "verified" when two independent sources agree on every count or the player checked the
    #: class against the SSD book (``checked_against`` says where); otherwise a complete class is
    #: a draft.
    verification: str | None = None
    checked_against: str | None = None
    provenance: tuple[Provenance, ...] = ()
    extra: tuple[tuple[str, object], ...] = ()  # other printed facts, shown as they are
    _counts: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    #: :meth:`box_ids`, built on first use (not an init field: ``replace`` never copies it).
    _box_ids: tuple[str, ...] | None = field(default=None, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_counts", dict(self.systems))
        object.__setattr__(self, "_box_ids", None)

    # -- queries --------------------------------------------------------------------------------
    @property
    def data_status(self) -> str:
        """``verified``, ``draft`` (playable, to be checked against the SSD), ``reconstructed``
        (rebuilt from Module C2's stated facts) or ``incomplete``."""
        if not self.complete:
            return INCOMPLETE
        if self.verification in (VERIFIED, RECONSTRUCTED):
            return self.verification
        return DRAFT

    def count(self, system: str) -> int:
        """Boxes of a counted system (0 when the ship has none or the count is unknown)."""
        return self._counts.get(system, 0)

    @property
    def shuttle_boxes(self) -> int:
        return sum(bay.boxes for bay in self.shuttle_bays)

    @property
    def warp_boxes(self) -> int:
        return sum(self.count(s) for s in WARP_SYSTEMS)

    def weapons_of(self, family: str) -> tuple[Weapon, ...]:
        return tuple(w for w in self.weapons if w.family == family)

    def box_ids(self) -> tuple[str, ...]:
        """Every box id of the SSD, in SSD order (control, power, hull, ..., shields, tracks).
        The same tuple object on every call (the damage state and the DAC layout share it)."""
        if self._box_ids is not None:
            return self._box_ids
        ids: list[str] = []
        for system, n in self.systems:
            ids.extend(f"{system}#{i}" for i in range(1, n + 1))
        for weapon in self.weapons:
            ids.extend(weapon.box_ids)
        ids.extend(f"shuttle#{i}" for i in range(1, self.shuttle_boxes + 1))
        for special in self.special:
            ids.extend(special.box_ids)
        if self.shields is not None:
            for k, n in enumerate(self.shields, start=1):
                ids.extend(f"shield{k}#{i}" for i in range(1, n + 1))
        for track in TRACKS:
            values = getattr(self, f"{track}_track")
            ids.extend(f"{track}#{i}" for i in range(1, len(values) + 1))
        ids.extend(f"excess_damage#{i}" for i in range(1, (self.excess_damage or 0) + 1))
        object.__setattr__(self, "_box_ids", tuple(ids))
        return self._box_ids


def normalise_ship_id(ship_id: str) -> str:
    """Ship ids are compared without regard to case (``fed-ca`` finds ``FED-CA``)."""
    return ship_id.strip().upper()
