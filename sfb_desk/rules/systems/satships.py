"""Andromedan satellite ships and motherships (Module C2, G19; energy modules G20).

* **Sizes** (G19.211): small, medium and large satellite ships; a hangar box holds one medium,
  a small is 3/4 of a medium and a large 1.5 (G19.2111, G19.2113). The size of a class is the
  module's list (G19.2111-G19.2113, D10.21): :data:`SAT_SHIP_SIZES`.
* **Hangar** (G19.21, G19.212): the ``hangar`` boxes of the mothership's SSD (never damaged);
  the sizes aboard may total no more than the boxes, which gives the module's table (3 bays: 4
  small, 3 medium or 2 large; 6 bays: 8, 6, 4; one bay: one small or medium, never a large).
* **Launch** (G19.41, G19.42): by transporter, to a hex within 5 of the mothership with the
  power of :data:`~sfb_desk.rules.energy.costs.SAT_SHIP_TRANSPORT` (3/4/6, reserve power
  allowed, G19.411), the transporter used for nothing else that turn; or by the mothership's
  displacement device (G18.52, :mod:`.displacement`). Only the mothership launches its own
  (G19.413); not within 8 impulses of a recovery nor after a failed displacement launch
  (G19.424, G19.443).
* **Recovery** (G19.412): by transporter only, within 5 hexes, with active fire control and a
  lock-on to the satellite ship, into a hangar with room; not within 8 impulses of its launch.
* **After launch** (G19.441, G19.442, G19.46): practical speed at most 10 for 32 impulses;
  fire control disrupted (no lock-on for 4 impulses).
"""

from __future__ import annotations

from fractions import Fraction

from ..results import Refusal

SMALL, MEDIUM, LARGE = "small", "medium", "large"
#: G19.2111-G19.2113: hangar space of each size, in medium bays.
SIZE_SPACE: dict[str, Fraction] = {SMALL: Fraction(3, 4), MEDIUM: Fraction(1),
                                   LARGE: Fraction(3, 2)}
#: The size of each satellite-ship class, by the first word(s) of its name (G19.2111-G19.2113,
#: the D10.21 table) and of the energy modules (G20.21-G20.23).
SAT_SHIP_SIZES: dict[str, str] = {
    "VIPER": SMALL, "COURIER": SMALL, "BULL SNAKE": SMALL, "RATTLER": SMALL,
    "COBRA": MEDIUM, "TERMINATOR": MEDIUM, "EEL": MEDIUM, "KING SNAKE": MEDIUM,
    "DIAMONDBACK": MEDIUM, "SATELLITE BASE": MEDIUM,
    "PYTHON": LARGE, "MAMBA": LARGE,
    "EM-S": SMALL, "EM-M": MEDIUM, "EM-L": LARGE,
}
LAUNCH_RANGE = 5  # G19.411, G19.412
LAUNCH_SPEED = 10  # G19.442: practical speed after launch and before recovery
SLOW_AFTER_LAUNCH = 32  # G19.442
SLOW_BEFORE_RECOVERY = 16  # G19.442
LAUNCH_RECOVERY_GAP = 8  # G19.443
FAILED_LAUNCH_DELAY = 8  # G19.424
FC_DISRUPTED = 4  # D6.68 (4 impulses), G19.274, G19.46
#: The satellite ships a mothership usually carries (R10.8: the Conquistador "almost always"
#: one Cobra). Used to fill a duel's hangar; a scenario names its own.
STANDARD_GROUPS: dict[str, tuple[str, ...]] = {"CONQUISTADOR": ("AND-COB",)}


def sat_ship_size(spec) -> str | None:  # noqa: ANN001 - a rules.ship.ShipSpec
    """The hangar size of a satellite-ship class, or None for a ship that is not one."""
    name = spec.name.upper()
    for key, size in SAT_SHIP_SIZES.items():
        if name.startswith(key):
            return size
    return None


def hangar_bays(spec) -> int:  # noqa: ANN001
    """The mothership's hangar boxes (G19.21), 0 for a ship without a hangar."""
    return sum(s.boxes for s in spec.special if s.key == "hangar")


def standard_group(spec) -> tuple[str, ...]:  # noqa: ANN001
    name = spec.name.upper()
    for key, group in STANDARD_GROUPS.items():
        if name.startswith(key):
            return group
    return ()


def hangar_capacity(bays: int) -> dict[str, int]:
    """How many satellite ships of one size a hangar of ``bays`` holds (the G19.21 table)."""
    return {size: int(Fraction(bays) / space) for size, space in SIZE_SPACE.items()}


def check_hangar(bays: int, sizes: list[str] | tuple[str, ...]) -> Refusal | None:
    """May a hangar of ``bays`` boxes hold satellite ships of ``sizes`` (G19.21, G19.212)?"""
    unknown = [s for s in sizes if s not in SIZE_SPACE]
    if unknown:
        return Refusal("G19.211", f"a satellite ship is small, medium or large, not {unknown[0]!r}")
    if bays <= 0 and sizes:
        return Refusal("G19.21", "this ship has no hangar")
    if bays == 1 and LARGE in sizes:
        return Refusal("G19.2113", "a one-bay hangar can never carry a large satellite ship")
    used = sum((SIZE_SPACE[s] for s in sizes), Fraction(0))
    if used > bays:
        return Refusal("G19.212", f"the hangar's {bays} medium bay(s) cannot hold "
                                  f"{', '.join(sizes)} ({float(used):g} bays)")
    return None


def check_launch(*, sat: str, carrier: str, aboard: tuple[str, ...], clock: int,
                 recovered_at: int, no_launch_until: int, rng: int | None = None) -> Refusal | None:
    """A launch of ``sat`` from ``carrier`` (G19.41-G19.44); ``rng`` the hexes from the
    mothership to the hex it is transported to (None for a displacement launch)."""
    if sat not in aboard:
        return Refusal("G19.413", f"{sat} is not in {carrier}'s hangar: only the mothership "
                                  "launches its own satellite ships")
    if clock < no_launch_until:
        return Refusal("G19.424", f"{sat} cannot be launched for 8 impulses after a failed "
                                  "displacement launch")
    if clock - recovered_at < LAUNCH_RECOVERY_GAP:
        return Refusal("G19.443", f"{sat} was recovered less than 8 impulses ago")
    if rng is not None and rng > LAUNCH_RANGE:
        return Refusal("G19.411", f"a satellite ship is launched by transporter to a hex within "
                                  f"5 hexes of its mothership, not {rng}")
    return None


def check_recovery(*, sat: str, carrier: str, bays: int, aboard_sizes: tuple[str, ...],
                   size: str, rng: int, clock: int, launched_at: int, lock_on: bool
                   ) -> Refusal | None:
    """A recovery of ``sat`` by ``carrier``'s transporter (G19.412, G19.443, G19.21)."""
    if rng > LAUNCH_RANGE:
        return Refusal("G19.412", f"{sat} is {rng} hexes from {carrier}: recovery reaches 5")
    if not lock_on:
        return Refusal("G19.412", f"{carrier} needs active fire control and a lock-on to {sat}")
    if clock - launched_at < LAUNCH_RECOVERY_GAP:
        return Refusal("G19.443", f"{sat} was launched less than 8 impulses ago")
    return check_hangar(bays, (*aboard_sizes, size))


def hangar_explosion(strength: int, points_to_destroy: int | None) -> tuple[int, int]:
    """G19.32, G19.322: a sat ship exploding in the hangar releases twice its explosion
    strength inside the mothership; when ``points_to_destroy`` of them destroy the mothership
    (None: they do not), half the rest (0.5 rounds up) is added to the mothership's explosion.
    Returns (points released, points added to the mothership's explosion)."""
    released = 2 * strength
    if points_to_destroy is None or points_to_destroy >= released:
        return released, 0
    return released, (released - points_to_destroy + 1) // 2


def speed_limit(clock: int, launched_at: int) -> int | None:
    """G19.442: the highest practical speed on ``clock`` (None: no limit)."""
    if clock - launched_at < SLOW_AFTER_LAUNCH:
        return LAUNCH_SPEED
    return None
