"""The Combined Operations combat sub-procedures of steps 4A2-5: EW, stasis, shock, damage.

Each function takes what the players decided (plain values) and the :class:`~.dice.Dice`, and
returns a result with the numbers and a sentence naming the rule. Values the core F&E rules
decide (combat potential, battle intensity, defense factors) come in as arguments.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import ROUND_FLOOR, ROUND_HALF_UP, Decimal

from . import tables
from .dice import Dice

SIDES = ("attacker", "defender")


class InputNeeded(Exception):  # noqa: N818 - a request, not an error
    """A step needs a decision the players have not given yet."""


def other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


# ---------------------------------------------------------------------------------------------
# (313.2) EW


@dataclass
class EwResult:
    totals: dict[str, int]
    newpt: int
    shift: int
    disadvantaged: str | None  # the side whose die is shifted
    counted: dict[str, list[str]] = field(default_factory=dict)
    text: str = ""


def electronic_warfare(units: dict[str, list[dict]], frozen: set[str] = frozenset()) -> EwResult:
    """Totals, NEWPT and the die-roll shift (313.21, 313.22).

    ``units[side]`` lists ``{"name", "ew", "crippled", "cripple_ew"}``: a crippled scout without
    the diamond has EW 0 (313.11) unless ``cripple_ew`` gives its crippled rating; frozen units
    give no EW (312.211, 312.282).
    """
    totals: dict[str, int] = {}
    counted: dict[str, list[str]] = {}
    for side in SIDES:
        total = 0
        counted[side] = []
        for unit in units.get(side, []):
            name = str(unit.get("name", "?"))
            ew = int(unit.get("ew", 0))
            if ew < 0:
                raise ValueError(f"{name}: an EW rating is 0 or more (313.1)")
            if unit.get("crippled"):
                ew = int(unit.get("cripple_ew", 0))
            if name in frozen:
                ew = 0
            if ew:
                counted[side].append(f"{name} {ew}")
            total += ew
        totals[side] = total
    newpt = abs(totals["attacker"] - totals["defender"])
    only_one = sum(1 for s in SIDES if totals[s] > 0) == 1
    shift = tables.ew_shift(newpt, only_one)
    low = None if shift == 0 else min(SIDES, key=lambda s: totals[s])
    text = (f"EW attacker {totals['attacker']}, defender {totals['defender']}: NEWPT {newpt}")
    text += (f", {low}'s die {shift} (313.21{', 313.22' if newpt == 1 else ''})" if low
             else ", no shift (313.21)")
    return EwResult(totals, newpt, shift, low, counted, text)


# ---------------------------------------------------------------------------------------------
# (312.2) Stasis field generators


@dataclass
class SfgResult:
    frozen: dict[str, str]  # frozen unit -> "enemy" or "friendly"
    used: list[str]  # SFG units that used their generator (312.24 vulnerable)
    disasters: list[str]  # (312.223) attack factor 0 this round
    attempts: list[dict]
    problems: list[str]
    text: str
    sfg_lost: list[str] = field(default_factory=list)  # (312.5) SFG ships destroyed


UNFREEZABLE = {"SB", "BATS", "BS", "MB", "CONVOY", "PLANET", "PDU", "PDUS"}


def _unfreezable(target: str) -> bool:
    """A target named as a base, convoy, planet or PDU (its first word), e.g. "SB 1612"."""
    words = target.replace("-", " ").split()
    return bool(words) and words[0].upper() in UNFREEZABLE


def _accompanying_needed(units: list[dict]) -> float:
    """(312.261) two other ships per SFG ship using it (four for two); starbases need none."""
    ships = [u for u in units if tables.stasis_family(u["unit"]) != "SBA"]
    return 0.0 if not ships else (2.0 if len(units) == 1 else 4.0)


def sfg_intensity_ok(family: str, side: str, bir: int, other_bir: int | None,
                     picks_both: str | None) -> bool:
    """May an SFG unit of ``side`` use its SFG at these intensities (involuntary increases
    included, reductions not: 312.122, 312.262)?

    Ships: their battle force's BIR 3 or more; when their side picks both BIRs, both 3 or more
    (or the total pushed to 6); when the enemy picks both, no restriction (312.262). A starbase:
    the attacker's BIR 4 or more, or a combined 5 when the attacker picks both (312.122)."""
    other_bir = bir if other_bir is None else other_bir
    if family == "SBA":
        attacker = bir if side == "attacker" else other_bir
        return attacker >= 4 or (picks_both == "attacker" and bir + other_bir >= 5)
    if picks_both is not None and picks_both != side:
        return True
    if picks_both == side:
        return (bir >= 3 and other_bir >= 3) or bir + other_bir >= 6
    return bir >= 3


def stasis(side: str, sfg_units: list[dict], bir: int, dice: Dice, ew: EwResult | None = None,
           accompanying: float = 0.0, other_bir: int | None = None,
           picks_both: str | None = None) -> SfgResult:
    """Resolve one side's SFG attempts in step 4A3 (312.2).

    ``sfg_units``: ``{"name", "unit" (D7A, B10A, SBA...), "sfgs", "crippled", "formation",
    "attempts": [{"target", "friendly", "random_pool" (six names, 312.232), "defender_pick"}]}``.
    ``accompanying``: other ships in the battle force, cripples as halves (312.261).
    ``bir``/``other_bir``: this side's and the other side's intensity; ``picks_both``: the side
    that selects both BIRs (304.4), if one does (see :func:`sfg_intensity_ok`).
    """
    problems: list[str] = []
    if len(sfg_units) > 2:
        problems.append("no more than two SFG units use their SFGs per battle force and round "
                        "(312.25)")
    need = _accompanying_needed(sfg_units) if sfg_units else 0.0
    if accompanying < need:
        problems.append(f"{need:g} accompanying ships needed, {accompanying:g} given (312.261)")
    ew_mod = 0
    if ew and ew.disadvantaged == side:
        ew_mod = -ew.shift  # (312.44) a shift against the SFG side is added to its die
    frozen: dict[str, str] = {}
    used: list[str] = []
    disasters: list[str] = []
    attempts_out: list[dict] = []
    for unit in sfg_units:
        name, hull = str(unit.get("name") or unit["unit"]), str(unit["unit"])
        family = tables.stasis_family(hull)
        if unit.get("crippled") or unit.get("formation"):
            problems.append(f"{name}: a crippled SFG unit or one in the formation bonus cannot "
                            "use its SFG (312.263)")
            continue
        if not sfg_intensity_ok(family, side, bir, other_bir, picks_both):
            problems.append(f"{name}: the battle intensity is too low to use an SFG "
                            f"({'312.122' if family == 'SBA' else '312.262'})")
            continue
        attempts = list(unit.get("attempts", []))
        limit = tables.max_attempts(hull, int(unit.get("sfgs", 1)))
        if len(attempts) > limit:
            problems.append(f"{name}: {len(attempts)} attempts, at most {limit} (312.22)")
            attempts = attempts[:limit]
        if not attempts:
            continue
        used.append(name)
        mine: dict[str, str] = {}
        enemy_n = 0
        for attempt in attempts:
            target = str(attempt["target"])
            if _unfreezable(target):
                problems.append(f"{name}: {target} cannot be frozen: bases, convoys, planets and "
                                "PDUs are immune (312.214)")
                continue
            if attempt.get("friendly"):  # (312.281) always successful, no roll
                mine[target] = "friendly"
                attempts_out.append({"sfg": name, "target": target, "friendly": True,
                                     "result": "friendly unit frozen (312.281)"})
                continue
            enemy_n += 1
            mod = ew_mod
            if target in frozen or target in mine:
                mod -= 1  # (312.202) the designated target is already frozen
            key = f"4A3.{name}.{enemy_n}"
            die = dice.one(key, f"{name} stasis attempt {enemy_n} on {target} (312.222)")
            result = tables.stasis_result(hull, enemy_n, die + mod)
            record = {"sfg": name, "target": target, "attempt": enemy_n, "die": die,
                      "modifier": mod, "line": f"{family}-{enemy_n}", "result": result}
            if result == tables.TARGET:
                mine.setdefault(target, "enemy")
            elif result == tables.RANDOM:
                pool = attempt.get("random_pool")
                if not pool or len(pool) != 6:
                    raise InputNeeded(f"{name} attempt {enemy_n}: random ship frozen - the "
                                      "attacker names #1-#3 and the defender #4-#6 "
                                      "(random_pool, 312.232)")
                pick = dice.one(key + ".random", f"{name} random stasis target (312.232)")
                record["random_die"] = pick
                record["random_target"] = str(pool[pick - 1])
                mine.setdefault(str(pool[pick - 1]), "enemy")
            elif result == tables.DEFENDER:
                pick_name = attempt.get("defender_pick")
                if not pick_name:
                    raise InputNeeded(f"{name} attempt {enemy_n}: the defender selects which of "
                                      "his ships is frozen (defender_pick, 312.22)")
                record["defender_pick"] = str(pick_name)
                mine.setdefault(str(pick_name), "enemy")
            elif result == tables.DISASTER:
                disasters.append(name)
            attempts_out.append(record)
        if name in disasters:
            continue  # (312.223) nothing frozen by this unit this round, attack factor 0
        for target, how in mine.items():
            frozen.setdefault(target, how)
    text = "; ".join(f"{a['sfg']} on {a['target']}: {a['result']}"
                     + (f" ({a['random_target']})" if "random_target" in a else "")
                     for a in attempts_out) or "no SFG used"
    if disasters:
        text += f"; Total Disaster! {', '.join(disasters)} attack factor 0 this round (312.223)"
    return SfgResult(frozen, used, disasters, attempts_out, problems, text)


# ---------------------------------------------------------------------------------------------
# (302.4) 4B-4C damage


ROUNDINGS = ("half-up", "down", "one-decimal", "two-decimals")


def round_damage(value: Decimal, rounding: str) -> Decimal:
    """The players' rounding (the core rules decide; (311.4) allows calculators' decimals)."""
    if rounding == "half-up":
        return value.quantize(Decimal(1), ROUND_HALF_UP)
    if rounding == "down":
        return value.quantize(Decimal(1), ROUND_FLOOR)
    if rounding == "one-decimal":
        return value.quantize(Decimal("0.1"), ROUND_HALF_UP)
    if rounding == "two-decimals":
        return value.quantize(Decimal("0.01"), ROUND_HALF_UP)
    raise ValueError(f"rounding must be one of {', '.join(ROUNDINGS)}, not {rounding!r}")


@dataclass
class DamageResult:
    die: int
    shift: int
    shifted: int
    coefficient: float
    raw: Decimal
    damage: Decimal
    text: str


def combat_damage(potential: float, bir: int, die: int, shift: int, table: str,
                  rounding: str) -> DamageResult:
    """(4C) combat potential x coefficient[BIR][die + shift]; the die never below 1 (313.21)."""
    if potential < 0:
        raise ValueError("combat potential is 0 or more (302.4)")
    shifted = max(die + shift, 1)
    coeff = tables.coefficient(table, bir, shifted)
    raw = Decimal(str(potential)) * Decimal(str(coeff)) / Decimal(100)
    damage = round_damage(raw, rounding)
    text = (f"die {die}{f' {shift:+d} EW' if shift else ''} -> {shifted}, BIR {bir}: "
            f"{coeff:g}% of {potential:g} = {raw.normalize():f} -> {damage.normalize():f} "
            f"({tables.TABLE_TITLES[table]})")
    return DamageResult(die, shift, shifted, coeff, raw, damage, text)


# ---------------------------------------------------------------------------------------------
# (302.5) Directed damage costs, as the rulebook's examples give them


@dataclass
class DirectedCost:
    cripple: int
    destroy: int
    actual_cripple: int
    actual_destroy: int
    text: str


def directed_cost(defense: int, crippled_defense: int, full_effect: bool = False,
                  already_crippled: bool = False, mauler: int = 0) -> DirectedCost:
    """Points of directed damage to cripple and to destroy a unit.

    Normally two points per defense point; at full effect (a frozen unit, 312.212, or an SFG
    unit that used its SFG, 312.24) one. Costs as the examples of (312.24) and (312.41) show
    them (a D7A, defense 8: 16, or 8 after using its SFG; a Kzinti DN: 24 and 36, frozen 12
    and 18). A mauler of ``mauler`` factors against a frozen unit scores two points per actual
    point up to its factor (312.41), ``actual_*`` are the points spent.
    """
    if defense < 0 or crippled_defense < 0:
        raise ValueError("defense factors are 0 or more")
    per = 1 if full_effect else 2
    cripple = 0 if already_crippled else per * defense
    destroy = per * crippled_defense + cripple

    def actual(cost: int) -> int:
        if not (mauler and full_effect):
            return cost
        return (cost + 1) // 2 if cost <= 2 * mauler else cost - mauler

    text = (f"cripple {cripple}, destroy {destroy}"
            + (" (full effect, 312.212/312.24)" if full_effect else " (2 to 1)"))
    if mauler and full_effect:
        text += f"; with a {mauler}-point mauler {actual(cripple)} and {actual(destroy)} " \
                "actual points (312.41)"
    return DirectedCost(cripple, destroy, actual(cripple), actual(destroy), text)


# ---------------------------------------------------------------------------------------------
# (311.2) Shock


@dataclass
class ShockResult:
    rolls: list[dict]
    crippled: list[str]
    text: str


def shock(ships: list[dict], dice: Dice) -> ShockResult:
    """Step 6S: each ship marked S that used its full attack rating rolls two dice, 12 cripples
    it (311.21). ``ships``: ``{"name", "full": bool, "crippled": "" | "voluntary" | "directed"
    | "combat"}``; ships crippled voluntarily or by directed damage do not roll."""
    rolls: list[dict] = []
    crippled: list[str] = []
    for ship in ships:
        name = str(ship["name"])
        if not ship.get("full", True):
            rolls.append({"ship": name, "result": "lower attack rating used: no roll (311.21)"})
            continue
        if ship.get("crippled") in ("voluntary", "directed"):
            rolls.append({"ship": name, "result": f"crippled ({ship['crippled']}): no roll "
                          "(311.21)"})
            continue
        roll = dice.two(f"6S.{name}", f"{name} shock (311.21)")
        hit = roll == 12
        rolls.append({"ship": name, "roll": roll,
                      "result": "crippled by shock" if hit else "no damage"})
        if hit:
            crippled.append(name)
    text = "; ".join(f"{r['ship']}: {r.get('roll', '-')} {r['result']}" for r in rolls) \
        or "no shock ships"
    return ShockResult(rolls, crippled, text)


def simple_stasis(sfg_units: list[dict], dice: Dice) -> SfgResult:
    """The optional alternative rule (312.5): the attacker designates #1-#2 and the defender
    #3-#4 (``"targets"``: four names); one die: 1-4 destroys that target, 5-6 nothing; the SFG
    ship is then destroyed unless the roll was 1 or 6 (it stays, and is not easier to hit with
    directed damage). The result's ``frozen`` holds the destroyed ("destroyed (312.5)")."""
    out: dict[str, str] = {}
    attempts: list[dict] = []
    lost: list[str] = []
    problems: list[str] = []
    for unit in sfg_units:
        name = str(unit.get("name") or unit["unit"])
        targets = [str(t) for t in unit.get("targets", [])]
        if len(targets) != 4:
            raise InputNeeded(f"{name}: the attacker names #1-#2 and the defender #3-#4 "
                              "(targets, four names, 312.5)")
        if unit.get("crippled") or unit.get("formation"):
            problems.append(f"{name}: a crippled SFG unit or one in the formation bonus cannot "
                            "use its SFG (312.263)")
            continue
        die = dice.one(f"4A3.{name}.simple", f"{name} SFG, simple rule (312.5)")
        record = {"sfg": name, "die": die, "targets": targets}
        if die <= 4:
            record["result"] = f"#{die} {targets[die - 1]} destroyed"
            out[targets[die - 1]] = "destroyed (312.5)"
        else:
            record["result"] = "no effect"
        if die not in (1, 6):
            lost.append(name)
            record["result"] += f"; {name} destroyed"
        attempts.append(record)
    text = "; ".join(f"{a['sfg']}: die {a['die']}, {a['result']}" for a in attempts) \
        or "no SFG used"
    return SfgResult(out, [], [], attempts, problems, text + " (312.5)", lost)
