"""Combined Operations special operations: SAF assaults (520.4-520.6), ground attacks
(521.3-521.5), prime team missions (522.4), convoy raids (443.24), base stations (444) and SFG
salvage (312.47). Each returns numbers and a sentence naming the rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import tables
from .dice import Dice

# ---------------------------------------------------------------------------------------------
# (520.4) SAF assault


@dataclass
class SafResult:
    die: int
    modified: int
    disrupted: bool
    scored: int
    unit: str  # "SIDS" or "PDUs"
    problems: list[str]
    text: str


def saf_assault(dice: Dice, *, target: str = "base", disrupted: bool = False,
                ew_shift: int = 0, monitor: bool = False, other_ships: int = 6,
                bir: int = 4) -> SafResult:
    """Step B of the SAF procedure (520.42): one die, the SAF table; the defender's 12 points
    of directed damage disrupt it (520.41). Against a base a negative EW shift on the SAF's side
    applies, at most one (520.42); against PDUs EW has no effect but a defending monitor gives
    -1 and the result is PDUs destroyed (520.62, 520.63)."""
    if target not in ("base", "PDUs"):
        raise ValueError("an SAF targets a base or the PDUs of a planet (520.4, 520.6)")
    problems: list[str] = []
    if other_ships < 6:
        problems.append(f"an SAF assault needs at least six other ships in the battle force, "
                        f"{other_ships} given (520.4)")
    if bir != 4:
        problems.append(f"the attacker must use battle intensity 4 with an SAF, not {bir} "
                        "(520.4)")
    die = dice.one("5S.SAF", "SAF assault (520.42)")
    if target == "PDUs":
        mod = -1 if monitor else 0
    else:
        mod = max(min(ew_shift, 0), -1)
    modified = max(die + mod, 0)
    scored = tables.saf_result(modified, disrupted)
    unit = "PDUs" if target == "PDUs" else "SIDS"
    text = (f"SAF {'disrupted' if disrupted else 'not disrupted'}: die {die}"
            f"{f' {mod:+d}' if mod else ''} -> {modified}: {scored} {unit} "
            f"({'520.63' if unit == 'PDUs' else '520.42'}); the SAF is destroyed (520.43)")
    return SafResult(die, modified, disrupted, scored, unit, problems, text)


# ---------------------------------------------------------------------------------------------
# (521.3-521.4) Ground attacks

GROUND_MODIFIERS: dict[str, tuple[int, str]] = {
    "crippled": (-1, "attacking ship crippled this round"),
    "supported": (+1, "supporting GCE (521.36)"),
    "prime_team": (+1, "prime team marine mission (522.42)"),
    "breach": (+1, "a defense battalion destroyed this player turn"),
    "single_battalion": (+1, "only one defense battalion on the planet"),
    "defending_gce": (-1, "defending GCE (521.38)"),
    "defender_sfg": (-1, "defending unit with an SFG"),
    "landed": (+1, "whole ship landed (521.393)"),
}


@dataclass
class GroundAttack:
    ship: str
    rolls: list[int]
    modifier: int
    results: list[str]
    attacker_lost: bool
    supporter_lost: bool
    casualties: int
    cancelled: bool = False


def ground_modifier(flags: dict) -> int:
    """The total (521.35) modifier, capped at -2..+2; ``variable_bir`` adds its signed value."""
    total = sum(value for key, (value, _why) in GROUND_MODIFIERS.items() if flags.get(key))
    total += int(flags.get("variable_bir", 0))
    cap = tables.GROUND_MODIFIER_CAP
    return max(-cap, min(cap, total))


def ground_attacks(attacks: list[dict], dice: Dice, *, target: str = "planet",
                   monitor: bool = False, bir: int = 4, combined_bir: int | None = None,
                   consorts: int = 0, roll_again: bool = True,
                   defending_gces: int = 0) -> tuple[list[GroundAttack], list[str]]:
    """Step 6G: two dice per attacking GCE on the Ground Attack Table (521.34).

    ``attacks``: ``{"ship", modifier flags of GROUND_MODIFIERS, "variable_bir"}``. Against a
    base only one attack can score a SIDS each round; later attacks are cancelled after one
    does (521.41, 521.44). A monitor in the defending force blocks attacks on a planet
    (521.323). Battle intensity 4 (or a combined 5 when the attacker picks both, 521.33) and
    two consorts per attacking ground ship (521.371) are checked. ``defending_gces``: GCEs
    supporting the defence (521.38); on a planet each supports one attack, taken in order, so
    the first attacks meet them (521.382); on a base one G defends against every attack
    (521.383). Either gives -1 (521.35) to the attacks it meets.
    """
    problems: list[str] = []
    if target not in ("planet", "base"):
        raise ValueError("ground attacks target a planet's defenses or a base (521.3, 521.4)")
    if monitor and target == "planet":
        return [], ["a monitor in the defending battle force blocks ground attacks on the "
                    "planet this round (521.323)"]
    if bir != 4 and not (combined_bir is not None and combined_bir >= 5):
        problems.append(f"ground attacks need battle intensity 4 (combined 5 when the attacker "
                        f"picks both), not {bir} (521.33)")
    ships = {str(a["ship"]) for a in attacks}
    if consorts < 2 * len(ships):
        problems.append(f"{2 * len(ships)} consorts needed for {len(ships)} attacking ground "
                        f"ship(s), {consorts} given (521.371)")
    out: list[GroundAttack] = []
    sids_scored = False
    for n, attack in enumerate(attacks, start=1):
        ship = str(attack["ship"])
        if target == "base" and sids_scored:
            out.append(GroundAttack(ship, [], 0, ["cancelled: a SIDS was already scored by a G "
                                                  "attack this round (521.41)"], False, False,
                                    0, True))
            continue
        met = defending_gces > 0 if target == "base" else n <= defending_gces
        mod = ground_modifier(attack | ({"defending_gce": True} if met else {}))
        rolls: list[int] = []
        results: list[str] = []
        lost = supporter = False
        casualties = 0
        again = False
        k = 0
        while True:
            k += 1
            roll = dice.two(f"6G.{n}.{k}", f"ground attack {n} by {ship}"
                            + (f", roll {k}" if k > 1 else "") + " (521.34)")
            rolls.append(roll)
            final = max(2, min(12, roll + mod))
            if again and final in tables.GROUND_AGAIN_NO_EFFECT:
                results.append(f"{roll}{mod:+d} = {final}: no effect (521.34)")
                break
            row = tables.GROUND_TABLE[final]
            results.append(f"{roll}{mod:+d} = {final}: {row.text}" if mod
                           else f"{roll}: {row.text}")
            lost = lost or row.attacker_lost
            supporter = supporter or (row.supporter_lost and bool(attack.get("supported")))
            if row.defender_casualty:
                casualties += 1
            if target == "base" and casualties:
                casualties = 1
                sids_scored = True
                break
            if not (row.roll_again and roll_again):
                break
            again = True
        out.append(GroundAttack(ship, rolls, mod, results, lost, supporter, casualties))
    return out, problems


# ---------------------------------------------------------------------------------------------
# (522.4) Prime teams


def prime_commando(teams: int) -> tuple[int, list[str]]:
    """Extra attack factors from prime teams on commando missions: 2 each, at most two teams
    per combat round (522.41)."""
    problems = []
    if teams > 2:
        problems.append(f"no more than two prime teams on commando missions per round, {teams} "
                        "given (522.41)")
        teams = 2
    return tables.PRIME_COMMANDO_FACTORS * max(teams, 0), problems


def prime_marine(dice: Dice, team: str) -> dict:
    """After supporting a marine attack (+1 on 521.34) the team rolls two dice: 12 killed,
    10-11 wounded (522.42)."""
    roll = dice.two(f"6G.prime.{team}", f"prime team {team} after the marine attack (522.42)")
    return {"team": team, "roll": roll, "fate": tables.prime_team_fate("marine", roll)}


def capture_roll(dice: Dice, *, prime_team: str = "", gce: bool = False,
                 pursuit: bool = False) -> dict:
    """Step 6X: the (305.1) capture roll. With a prime team (522.43) 2-3 captures (2-4 in
    pursuit), 11-12 kills the team, 9-10 wounds it. A ground combat ship gives -1 on (305.1)
    instead (521.5; not with a prime team, 522.43), the core rule reads the roll."""
    roll = dice.two("6X.capture", "capture roll (305.1)")
    if prime_team:
        top = 4 if pursuit else 3
        fate = tables.prime_team_fate("capture", roll)
        return {"roll": roll, "captured": roll <= top, "team": prime_team, "fate": fate,
                "text": f"{roll}: {'a ship captured' if roll <= top else 'no capture'} with "
                        f"prime team {prime_team} (2-{top}, 522.43); team {fate}"}
    mod = -1 if gce else 0
    return {"roll": roll, "modified": roll + mod, "captured": None,
            "text": f"{roll}{f' {mod:+d} GCE (521.5)' if mod else ''} = {roll + mod}: read it "
                    "on the core capture table (305.1)"}


def prime_survives(dice: Dice, team: str) -> dict:
    """(522.32) a team on a destroyed unit survives on one die 1-2."""
    die = dice.one(f"prime.{team}.survival", f"prime team {team} survival (522.32)")
    return {"team": team, "die": die, "survived": die in tables.PRIME_SURVIVES}


# ---------------------------------------------------------------------------------------------
# (443.24) Convoy raids, (444) base stations, (312.47) SFG salvage

CONVOY_RAID_CAP = 10
CONVOY_DELIVERY = 10  # (443.51)


def convoy_raid(dice: Dice, *, escorts: int = 0, lost_before: int = 0, key: str = "raid") -> dict:
    """One die of EPs lost from the next delivery, less one per escort up to three, never below
    zero; all raids together take at most ten (443.24)."""
    die = dice.one(f"443.{key}", "commercial convoy raid (443.24)")
    loss = max(die - min(max(escorts, 0), 3), 0)
    total = min(lost_before + loss, CONVOY_RAID_CAP)
    return {"die": die, "escorts": min(escorts, 3), "loss": total - lost_before,
            "total_lost": total, "delivery": CONVOY_DELIVERY - total,
            "text": f"die {die} - {min(escorts, 3)} escorts = {total - lost_before} EP lost; "
                    f"next delivery {CONVOY_DELIVERY - total} EP (443.24, 443.51)"}


def base_station_repair(year: int) -> int:
    """Repair points per turn: 2 until Y170, 3 from Y171 (444.12)."""
    return 2 if year <= 170 else 3


BASE_STATION = {"factors": "10(6)/5(3)", "ew": 2, "ew_crippled": 1, "cripple_sids": 2,
                "cripple_voluntary_points": 5, "supply_ship_turns": 24}


def sfg_salvage(dice: Dice, unit: str, *, out_of_supply: bool = False,
                expedition: bool = False, starbase: bool = False) -> dict:
    """A destroyed SFG unit's boom is recovered on a 6 (312.47), not out of supply, on an
    expedition, adopted, or for a starbase."""
    if out_of_supply or expedition or starbase:
        return {"unit": unit, "recovered": False,
                "text": f"{unit}: no salvage roll for the SFG (312.47)"}
    die = dice.one(f"312.47.{unit}", f"{unit} SFG salvage (312.47)")
    return {"unit": unit, "die": die, "recovered": die == 6,
            "text": f"{unit}: die {die}, {'kit recovered' if die == 6 else 'SFG lost'} (312.47)"}


def sb_sfgs_working(sfgs: int, sids: int) -> int:
    """SFGs a starbase can use with ``sids`` SIDS steps: one stops at 4, the second at 8
    (312.125)."""
    return max(0, sfgs - (1 if sids >= 4 else 0) - (1 if sids >= 8 else 0))
