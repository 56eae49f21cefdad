"""The electronic-warfare shift (D6.34): net ECM points to a die-roll shift.

Net ECM is the target's total ECM less the firer's ECCM, never below 0 (D6.34). The shift is
the square root of the net ECM with fractions dropped (D6.34 step 5); the chart below is that
rule as printed, 0 to 48 points (../shared/reference/basic-set-facts.md G3, High). Beyond the
printed chart the same rule continues. How a shift is applied is in :mod:`.tables` (E1.821 for
hit-or-miss weapons, E1.822 for phasers and other range-of-effect weapons).
"""

from __future__ import annotations

from math import isqrt

from .tables import parse_bands

#: Net ECM bands and the shift for each, as printed.
EW_SHIFT_BANDS = parse_bands("0", "1-3", "4-8", "9-15", "16-24", "25-35", "36-48")
EW_SHIFTS: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6)

_SHIFT_BY_ECM: tuple[int, ...] = tuple(
    shift
    for band, shift in zip(EW_SHIFT_BANDS, EW_SHIFTS, strict=True)
    for _ in range(band.low, band.high + 1)  # type: ignore[operator]
)


def ew_shift(net_ecm: int) -> int:
    """The die-roll shift for ``net_ecm`` points (D6.34); negative nets count as 0."""
    if not isinstance(net_ecm, int):
        raise ValueError(f"net ECM must be a whole number of points, not {net_ecm!r}")
    if net_ecm < 0:
        return 0
    if net_ecm < len(_SHIFT_BY_ECM):
        return _SHIFT_BY_ECM[net_ecm]
    return isqrt(net_ecm)
