"""The ISC plasmatic pulsar device (E11): arming, the pulse train and where each pulse lands.

* Arming (E11.2x): energy on two consecutive turns, 2 to 4 each turn for a normal load; every 2
  points is one pulse (E11.25), so 4 + 4 gives 4 pulses; a second turn above 4 (up to 8) is an
  overload (E11.6x): 8 gives 6 pulses, 6 gives 5; an overload cannot be held and reaches only
  true range 8. Holding costs 2 a turn (E11.22).
* Firing (E11.3x): declared in the PPD Step; the train lasts one impulse per pulse on
  consecutive impulses against one target. While not wave-locked each pulse rolls 2d6 at the
  effective range against the hit number; a miss loses that pulse and the next pulse rolls
  again; once locked the later pulses hit (E11.31-34). No fire at true range 3 or less, and a
  pulse in that myopic zone does no damage (E11.51).
* Damage (E11.32, E11.35): at the true range; the splash puts the left, centre and right
  elements on the shield struck and its neighbours; a 2-point splash (1+1+0) puts its side
  point on the stronger neighbour, the weaker being ignored (E11.352; equal: the printed left
  one, the owner's tie recorded in decisions.md); size class 6-7 units, shuttles and fighters
  take only the centre element (E11.353, E11.57). Andromedan banks map by E11.354 (not done
  here). Each pulse is its own volley (E11.332).
* Breaking the lock (E11.54): :func:`lock_broken` names the rule of the first break event.

Charts: :mod:`sfb_desk.rules.charts.c2` (E11.32).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..charts.c2 import PPD_OVERLOAD_MAX_RANGE, ppd_damage, ppd_pulse
from ..results import Refusal

PPD_MYOPIC = 3  # E11.51: true range 3 or less
PPD_HOLD_COST = 2  # E11.22


def pulses_of(first: int, second: int) -> tuple[int, bool] | Refusal:
    """(pulses, overloaded) of a PPD armed with ``first`` then ``second`` points (E11.25,
    E11.6x); a refusal names the rule an arming breaks."""
    if not 2 <= first <= 4:
        return Refusal("E11.25", f"a PPD takes 2 to 4 points on its first arming turn, not {first}")
    if not 2 <= second <= 8:
        return Refusal("E11.25", f"a PPD takes 2 to 4 points (8 overloaded, E11.6) on its second "
                                 f"turn, not {second}")
    if first % 2 or second % 2:
        return Refusal("E11.25", "every 2 points of PPD arming is one pulse: give even amounts")
    return (first + second) // 2, second > 4


@dataclass(frozen=True, slots=True)
class PulseTrain:
    """One PPD's firing (the sealed record of E11.311): ``box`` the PPD, ``target``, the
    ``pulses`` left, ``locked`` whether the wave-lock holds, ``overload``."""

    box: str
    target: str
    pulses: int
    overload: bool = False
    locked: bool = False
    turn: int = 0
    impulse: int = 0
    firer: str = ""
    shift: int = 0  # the EW shift when the lock was made: a worse one forces a roll (E11.53)
    fired: int = 0  # pulses fired so far


@dataclass(frozen=True, slots=True)
class Pulse:
    """One pulse: whether it hit, the roll (None once locked), and the damage by shield."""

    train: PulseTrain
    hit: bool
    roll: int | None
    damage: dict[int, int]

    @property
    def total(self) -> int:
        return sum(self.damage.values())


def fire(box: str, target: str, pulses: int, true_range: int, *, overload: bool = False,
         turn: int = 0, impulse: int = 0) -> PulseTrain | Refusal:
    """Declare a PPD firing (E11.31); refused inside the myopic zone or beyond range."""
    if true_range <= PPD_MYOPIC:
        return Refusal("E11.31", f"a PPD cannot fire at true range {true_range} (3 or less)")
    top = PPD_OVERLOAD_MAX_RANGE if overload else 40
    if true_range > top:
        return Refusal("E11.6" if overload else "E11.32",
                       f"{'an overloaded ' if overload else 'a '}PPD reaches range {top}")
    if pulses < 1:
        return Refusal("E11.25", "a PPD with no pulses cannot fire")
    return PulseTrain(box, target, pulses, overload, False, turn, impulse)


def splash(total_range: int, shield: int, shields_left: dict[int, int] | None = None,
           hex_side: tuple[int, int] | None = None, *, centre_only: bool = False) -> dict[int, int]:
    """Where one pulse's damage lands (E11.35): the splash on ``shield`` and its neighbours,
    or along ``hex_side`` (two shields) the Alt line, the odd point to the stronger shield.
    ``centre_only``: a size class 6-7 unit, shuttle or fighter (E11.353, E11.57)."""
    d = ppd_damage(total_range)
    if centre_only:
        return {shield: d.splash[1]} if d.splash[1] else {}
    if hex_side is not None:
        a, b = hex_side
        big, small = d.alt
        strong = (shields_left or {}).get(a, 0) >= (shields_left or {}).get(b, 0)
        out = {a: big, b: small} if strong else {a: small, b: big}
        return {k: v for k, v in out.items() if v}
    left, centre, right = d.splash
    lft, rgt = (shield - 2) % 6 + 1, shield % 6 + 1
    if left + right == 1 and shields_left is not None:  # E11.352: ignore the weaker side
        left, right = (0, 1) if shields_left.get(rgt, 0) > shields_left.get(lft, 0) else (1, 0)
    out = {lft: left, shield: centre, rgt: right}
    return {k: v for k, v in out.items() if v}


def pulse(train: PulseTrain, effective_range: int, true_range: int, dice: int | None,
          shield: int, shields_left: dict[int, int] | None = None, *, shift: int = 0,
          hex_side: tuple[int, int] | None = None, centre_only: bool = False) -> Pulse:
    """The next pulse of ``train`` (E11.31-34, E11.51): ``dice`` the 2d6 roll, needed only
    while not locked."""
    if train.pulses < 1:
        raise ValueError("the pulse train is over")
    hit, roll = train.locked, None
    if not train.locked:
        if dice is None:
            raise ValueError("a pulse without a wave-lock needs a 2d6 roll (E11.31)")
        roll = dice
        hit = true_range > PPD_MYOPIC and ppd_pulse(
            effective_range, dice, true_range=true_range, overload=train.overload,
            shift=shift).hit
    damage = (splash(true_range, shield, shields_left, hex_side, centre_only=centre_only)
              if hit and true_range > PPD_MYOPIC else {})
    after = replace(train, pulses=train.pulses - 1, locked=hit, fired=train.fired + 1)
    return Pulse(after, hit, roll, damage)


def lock_broken(train: PulseTrain, *, true_range: int, in_arc: bool, target_active: bool,
                box_destroyed: bool, fire_control: bool, web_between: bool) -> str | None:
    """The rule of the first E11.54 event that breaks a held train, or None: the target out of
    arc (E11.541) or range (40, an overload 8: E11.522), destroyed or gone (E11.542-543), the
    PPD box destroyed (E11.544), a web of strength above 0 between (E11.547), fire control off
    or the lock-on lost (E11.549)."""
    if not target_active:
        return "E11.542"
    if box_destroyed:
        return "E11.544"
    if not in_arc:
        return "E11.541"
    if true_range > (PPD_OVERLOAD_MAX_RANGE if train.overload else 40):
        return "E11.522" if train.overload else "E11.541"
    if web_between:
        return "E11.547"
    if not fire_control:
        return "E11.549"
    return None


def expected_damage(true_range: int, pulses: int = 4, shift: int = 0) -> float:
    """The expected damage of a train of ``pulses`` at a steady ``true_range`` (lock-on, no
    cloak): pulse k hits when any of the first k rolls locked (E11.331), each 2d6 at most the
    hit number (E11.31). For planning (the robot), not for play."""
    if true_range <= PPD_MYOPIC or true_range > 40:
        return 0.0
    d = ppd_damage(true_range)
    need = ppd_pulse(true_range, 2, shift=shift).hit_number if d.total else None
    if need is None:
        return 0.0
    ways = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b + shift <= need)
    p = ways / 36
    return sum(1 - (1 - p) ** k for k in range(1, pulses + 1)) * d.total


PPD_FLEET_MAX = 9  # E11.17


def ppd_fleet_limit(flagship_ppds: int, ships: int) -> int:
    """E11.17: the PPDs an ISC patrol fleet of ``ships`` may field: the flagship's own (at most
    4) plus one for each group of three other ships, one part-group counting, never above 9
    (bases do not count)."""
    if ships < 1:
        return 0
    others = ships - 1
    return min(PPD_FLEET_MAX, min(flagship_ppds, 4) + -(-others // 3))


def two_bank_split(damage: dict[int, int], centre: int, bank_of) -> dict[str, int]:  # noqa: ANN001
    """E11.354: one pulse on an Andromedan with two panel banks. ``damage`` by shield position
    (the splash or the Alt line), ``centre`` the position struck, ``bank_of`` the bank covering
    a position. On #1 or #4 everything goes to that bank; on #2, #3, #5 or #6 the larger side
    element goes to the other bank and the rest to the bank of the position struck; on a
    #2/#3 or #5/#6 border (the Alt line) each element to its own position's bank."""
    out: dict[str, int] = {}
    home = bank_of(centre)
    sides = {k: v for k, v in damage.items() if k != centre}
    if centre in (1, 4) or centre not in damage:  # an Alt line has no centre element
        for k, v in damage.items():
            key = home if centre in (1, 4) else bank_of(k)
            out[key] = out.get(key, 0) + v
        return out
    larger = max(sides, key=lambda k: (sides[k], k == (centre - 2) % 6 + 1), default=None)
    for k, v in damage.items():
        key = home
        if k == larger:
            key = next((bank_of(p) for p in range(1, 7) if bank_of(p) != home), home)
        out[key] = out.get(key, 0) + v
    return out
