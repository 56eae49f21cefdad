"""Standard victory conditions (S2.20) in the rules layer: points, ratio and victory level.

Sources: reference basic-set-facts.md G8 (S2 is Basic Set text, not in the seeds):

* **S2.20 step A** (Med): the weaker force gets the difference of the forces' BPV as a bonus,
  unless it disengages by turn 2 (:func:`weaker_force_bonus`).
* **S2.20 step B** (High; seed 000 L9211, L9296): whatever a side spends on Commander's Option
  Items counts as victory points for the enemy.
* **S2.20 step C / S2.21** (High): each enemy ship scores a share of its BPV for the single
  highest category it reached (:data:`CATEGORIES`): internal damage 10%, forced to disengage
  25%, crippled 50%, destroyed 100%, captured 200%.
* **S2.24** (Med): fractions of 0.500 and above round up, per ship; shuttle and fighter
  fractions are kept (S2.23).
* **S2.4** (High): crippled, by :func:`sfb_desk.rules.damage.status.crippled_reasons`.
* **S2.3**: the victory level from the ratio of a side's points to the enemy's, as a
  percentage; the bands (:data:`VICTORY_BANDS`) have a single source (G8, Low).

Everything the score depends on goes in (the forces with their BPV, each ship's outcome, the
options bought, any scenario bonus), and everything comes out explained: every point is a
:class:`PointLine` naming the rule, so the app can show the breakdown during and after a game.
Points are exact :class:`~fractions.Fraction` values (whole numbers except kept fractions).
The Modified Victory Conditions (S2.201) are not in the seeds or the reference (G8): a caller
scoring a "modified" scenario uses these standard steps and says so (``notes``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from sfb_desk.rules.damage.state import DamageState
from sfb_desk.rules.damage.status import crippled_reasons
from sfb_desk.rules.ship import ShipSpec

# ---------------------------------------------------------------------------------------------
# Tables (data, one place each; DESIGN.md section 3)

#: S2.21: (category, percent of the ship's BPV), highest first. Only the highest category a
#: ship reached counts (G8, High).
CATEGORIES: tuple[tuple[str, int], ...] = (
    ("captured", 200),
    ("destroyed", 100),
    ("crippled", 50),
    ("forced to disengage", 25),
    ("internal damage", 10),
)

#: S2.3: (lowest ratio in percent, level), highest first; a ratio at or above the bound and
#: below the previous one is that level. From the reference G8 table (one source, AM
#: ``VictoryCalculator``; confidence Low): "91-109% Draw" is the half-open band [91, 110), so a
#: ratio of 90.5% is a Marginal defeat, as its whole-percent reading 90% would be.
VICTORY_BANDS: tuple[tuple[int, str], ...] = (
    (500, "Astounding victory"),
    (300, "Decisive victory"),
    (200, "Substantive victory"),
    (150, "Tactical victory"),
    (110, "Marginal victory"),
    (91, "Draw"),
    (67, "Marginal defeat"),
    (50, "Tactical defeat"),
    (33, "Brutal defeat"),
    (20, "Crushing defeat"),
    (0, "Devastating defeat"),
)

#: S2.20 step A: a weaker force that has disengaged by the end of this turn gets no bonus.
WEAKER_FORCE_TURN = 2


def level_for(ratio_percent: Fraction | None) -> str:
    """The S2.3 level of a ratio (own points / enemy points, in percent).

    ``None`` stands for an infinite ratio (points against an enemy with none): the top band.
    """
    if ratio_percent is None:
        return VICTORY_BANDS[0][1]
    for bound, level in VICTORY_BANDS:
        if ratio_percent >= bound:
            return level
    return VICTORY_BANDS[-1][1]


def round_points(value: Fraction) -> Fraction:
    """S2.24: fractions of 0.500 and above round up, below round down (non-negative values)."""
    whole, rest = divmod(value.numerator, value.denominator)
    return Fraction(whole + (1 if 2 * rest >= value.denominator else 0))


# ---------------------------------------------------------------------------------------------
# Inputs


@dataclass(frozen=True, slots=True)
class ForceShip:
    """One unit of a side as the victory conditions see it.

    ``key`` is unique within the scenario (a unit name such as ``"Hood"``); ``bpv`` is the
    BPV the scenario scores with (combat BPV plus refits, or economic where the scenario says,
    SG26.5). ``spec`` is the ship class, for the S2.4 crippled test from destroyed boxes;
    without it only an outcome's explicit ``crippled`` counts. ``keep_fractions`` is for
    shuttles and fighters (S2.23).
    """

    key: str
    side: str
    bpv: int | Fraction
    name: str = ""
    spec: ShipSpec | None = None
    keep_fractions: bool = False


@dataclass(frozen=True, slots=True)
class ShipOutcome:
    """What happened to one ship, so far or at the end of the scenario.

    ``destroyed_boxes`` are box ids of the ship's SSD; ``internal_points`` the internal damage
    points scored on it (either shows internal damage; a shield box alone does not).
    ``crippled`` forces the crippled category when the table says so (a ship without a spec);
    otherwise S2.4 decides from the boxes. ``disengaged_turn`` is the turn a disengaged ship
    left (for step A).
    """

    destroyed_boxes: frozenset[str] = frozenset()
    internal_points: int = 0
    crippled: bool = False
    destroyed: bool = False
    captured: bool = False
    disengaged: bool = False
    disengaged_turn: int | None = None


UNDAMAGED = ShipOutcome()


@dataclass(frozen=True, slots=True)
class SideEntry:
    """One side: its name, the Commander's Option Items it bought (S2.20 B), and any bonus the
    scenario gives it (e.g. SG12.5 "give the defender a 25-point bonus")."""

    name: str
    options_spent: int | Fraction = 0
    bonus: int | Fraction = 0
    bonus_rule: str = ""
    options_count_for_enemy: bool = True


# ---------------------------------------------------------------------------------------------
# Outputs


@dataclass(frozen=True, slots=True)
class PointLine:
    """Points awarded to ``side`` and why: the rule, the ship concerned, the text to show."""

    side: str
    points: Fraction
    rule: str
    reason: str
    ship: str = ""

    def __str__(self) -> str:
        return f"{self.side} +{_show(self.points)} ({self.rule}) {self.reason}"


@dataclass(frozen=True, slots=True)
class ShipStatus:
    """Where one ship stands: its highest S2.21 category (or "") and why it is crippled."""

    key: str
    side: str
    category: str
    percent: int
    crippled_reasons: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's total, its ratio to the enemy's points (percent; None when the enemy has none)
    and its S2.3 level."""

    side: str
    points: Fraction
    enemy_points: Fraction
    ratio_percent: Fraction | None
    level: str


@dataclass(frozen=True, slots=True)
class VictoryResult:
    sides: tuple[SideScore, ...]
    lines: tuple[PointLine, ...]
    ships: tuple[ShipStatus, ...]
    notes: tuple[str, ...] = field(default=())

    def side(self, name: str) -> SideScore:
        for score in self.sides:
            if score.side == name:
                return score
        raise KeyError(name)

    def lines_for(self, side: str) -> tuple[PointLine, ...]:
        return tuple(line for line in self.lines if line.side == side)

    def explain(self) -> list[str]:
        """The breakdown as text lines, side by side (what the app and CLI show)."""
        out: list[str] = []
        for score in self.sides:
            ratio = "-" if score.ratio_percent is None else f"{float(score.ratio_percent):.0f}%"
            out.append(
                f"{score.side}: {_show(score.points)} points against {_show(score.enemy_points)}"
                f", ratio {ratio}: {score.level} (S2.3)"
            )
            for line in self.lines_for(score.side):
                out.append(f"  +{_show(line.points)} ({line.rule}) {line.reason}")
        out.extend(f"note: {n}" for n in self.notes)
        return out


def _show(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


# ---------------------------------------------------------------------------------------------
# Scoring


def ship_category(ship: ForceShip, outcome: ShipOutcome) -> ShipStatus:
    """The single highest S2.21 category ``ship`` reached (``""`` when none)."""
    reasons: tuple[str, ...] = ()
    if ship.spec is not None and outcome.destroyed_boxes:
        state = DamageState.for_ship(ship.spec, outcome.destroyed_boxes)
        reasons = crippled_reasons(ship.spec, state)
    if outcome.crippled and not reasons:
        reasons = ("S2.4: crippled (as recorded at the table)",)
    internal = outcome.internal_points > 0 or any(
        not box.startswith("shield") for box in outcome.destroyed_boxes
    )
    reached = {
        "captured": outcome.captured,
        "destroyed": outcome.destroyed,
        "crippled": bool(reasons),
        "forced to disengage": outcome.disengaged,
        "internal damage": internal,
    }
    for category, percent in CATEGORIES:
        if reached[category]:
            return ShipStatus(ship.key, ship.side, category, percent, reasons)
    return ShipStatus(ship.key, ship.side, "", 0, reasons)


def weaker_force_bonus(
    ships: Iterable[ForceShip],
    outcomes: Mapping[str, ShipOutcome],
    sides: tuple[str, str],
) -> PointLine | None:
    """S2.20 step A: the weaker force's bonus, or None (equal forces, or it disengaged by turn 2).

    A force "disengages by turn 2" when at least one of its ships disengaged and every ship of
    it not destroyed or captured had disengaged by the end of turn 2 (decisions.md, S2.20).
    """
    ships = list(ships)
    totals = {s: sum((Fraction(x.bpv) for x in ships if x.side == s), Fraction(0)) for s in sides}
    a, b = sides
    if totals[a] == totals[b]:
        return None
    weaker, stronger = (a, b) if totals[a] < totals[b] else (b, a)
    own = [outcomes.get(x.key, UNDAMAGED) for x in ships if x.side == weaker]
    gone_early = [
        o.disengaged and o.disengaged_turn is not None and o.disengaged_turn <= WEAKER_FORCE_TURN
        for o in own
        if not (o.destroyed or o.captured)
    ]
    if gone_early and all(gone_early):
        return None
    difference = totals[stronger] - totals[weaker]
    return PointLine(
        weaker,
        difference,
        "S2.20 A",
        f"weaker force: {_show(totals[weaker])} BPV against {_show(totals[stronger])}",
    )


def score_standard(
    ships: Iterable[ForceShip],
    outcomes: Mapping[str, ShipOutcome],
    sides: Iterable[SideEntry],
    *,
    notes: Iterable[str] = (),
) -> VictoryResult:
    """Score a two-sided scenario by the Standard Victory Conditions (S2.20, S2.21, S2.24, S2.3).

    ``outcomes`` maps a ship's ``key`` to its outcome (a missing key is an undamaged ship, so
    the score can be shown at any time during the game). Raises ValueError unless there are
    exactly two sides and every ship belongs to one of them (a programming error: scenario
    files are checked before they get here).
    """
    entries = list(sides)
    ships = list(ships)
    if len(entries) != 2:
        raise ValueError(f"the standard victory conditions score two sides, not {len(entries)}")
    names = (entries[0].name, entries[1].name)
    if names[0] == names[1]:
        raise ValueError(f"two sides named {names[0]!r}")
    keys = [s.key for s in ships]
    if len(set(keys)) != len(keys):
        raise ValueError("ship keys must be unique")
    unknown = sorted({s.side for s in ships} - set(names))
    if unknown:
        raise ValueError(f"ships of unknown side(s): {', '.join(unknown)}")
    enemy_of = {names[0]: names[1], names[1]: names[0]}

    lines: list[PointLine] = []
    bonus = weaker_force_bonus(ships, outcomes, names)
    if bonus is not None:
        lines.append(bonus)
    for entry in entries:
        if entry.options_spent and entry.options_count_for_enemy:
            lines.append(
                PointLine(
                    enemy_of[entry.name],
                    Fraction(entry.options_spent),
                    "S2.20 B",
                    f"Commander's Option Items bought by {entry.name}",
                )
            )
        if entry.bonus:
            lines.append(
                PointLine(
                    entry.name,
                    Fraction(entry.bonus),
                    entry.bonus_rule or "scenario",
                    "scenario bonus",
                )
            )
    statuses: list[ShipStatus] = []
    for ship in ships:
        status = ship_category(ship, outcomes.get(ship.key, UNDAMAGED))
        statuses.append(status)
        if not status.category:
            continue
        exact = Fraction(ship.bpv) * status.percent / 100
        points = exact if ship.keep_fractions else round_points(exact)
        rounding = "" if points == exact else f", {float(exact):g} rounded (S2.24)"
        label = ship.name or ship.key
        lines.append(
            PointLine(
                enemy_of[ship.side],
                points,
                "S2.21",
                f"{label} {status.category}: {status.percent}% of BPV {_show(Fraction(ship.bpv))}"
                f"{rounding}",
                ship.key,
            )
        )

    totals = {n: sum((x.points for x in lines if x.side == n), Fraction(0)) for n in names}
    scores = []
    for name in names:
        own, enemy = totals[name], totals[enemy_of[name]]
        if enemy:
            ratio: Fraction | None = own * 100 / enemy
            level = level_for(ratio)
        else:
            ratio = None
            level = level_for(None) if own else "Draw"
        scores.append(SideScore(name, own, enemy, ratio, level))
    return VictoryResult(tuple(scores), tuple(lines), tuple(statuses), tuple(notes))
