"""The electronic-warfare die-roll shift of one direct-fire shot (D6.3, E1.8).

Reference basic-set-facts.md G3 (High unless noted):

* Net ECM = the target's total ECM less the firer's ECCM, never below 0; the shift is the
  square root with fractions dropped (D6.34; :func:`sfb_desk.rules.charts.ew.ew_shift`).
* Total ECM counts self-generated, built-in, natural (terrain, EM, small targets, D6.3143) and
  lent points; lent ECM counts at most 6 (D6.3144).
* The firer's ECCM does not work under passive fire control (D19.12, seed 000 L2342; D6.622).
* A unit using erratic maneuvers makes 4 points of natural ECM (C10.41, seed 000 L579) that
  apply to fire at it (C10.413) **and to its own direct fire** (C10.414, L587); its own ECCM
  can offset them (C10.411). Without full EW rules that is a +2 shift (C10.42, L591).
* A legendary weapons officer improves every direct-fire roll by 1 (E1.812, G22.721, L5358):
  ``modifier=-1``. The chart never reads below its first row (G22.721) and a negative shift
  never moves a column inward (E1.83, G21.02 at L5002): both in ``charts.tables``.
* Anti-drones ignore EW (E5.15) but suffer +1 when their unit uses EM (C10.49, L615).
"""

from __future__ import annotations

from sfb_desk.rules.charts.ew import ew_shift

#: ECM points of erratic maneuvering (C10.41).
EM_ECM = 4
#: Lent ECM counts at most this much (D6.3144).
LENT_LIMIT = 6
#: The anti-drone's penalty when its unit uses EM (C10.49).
ADD_EM_PENALTY = 1


def total_ecm(
    self_ecm: int = 0, *, lent: int = 0, natural: int = 0, built_in: int = 0, em: bool = False
) -> int:
    """A unit's total ECM (D6.314): lent points count at most 6 (D6.3144); EM adds 4 natural
    points (C10.41, C10.412)."""
    return self_ecm + min(lent, LENT_LIMIT) + natural + built_in + (EM_ECM if em else 0)


def direct_fire_shift(
    target_ecm: int,
    firer_eccm: int = 0,
    *,
    passive: bool = False,
    firer_em: bool = False,
    modifier: int = 0,
) -> int:
    """The die-roll shift of a direct-fire shot (D6.34, E1.8).

    ``target_ecm`` is the target's total ECM (:func:`total_ecm`), ``firer_eccm`` the firer's
    ECCM (ignored under passive fire control, D19.12). ``firer_em``: the firer is using EM, so
    its 4 points of ECM count against its own shot too (C10.414). ``modifier`` is added after
    the square root (E1.812 legendary weapons officer: -1)."""
    eccm = 0 if passive else firer_eccm
    net = target_ecm + (EM_ECM if firer_em else 0) - eccm
    return ew_shift(max(0, net)) + modifier


def anti_drone_shift(*, firer_em: bool = False) -> int:
    """The shift of an anti-drone round: EW does not apply (E5.15), EM does (+1, C10.49)."""
    return ADD_EM_PENALTY if firer_em else 0
