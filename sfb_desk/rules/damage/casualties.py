"""Crew and boarding-party casualties from internal damage (G9.21, D7.21).

Reference basic-set-facts.md G6.3 (Medium): every 10th internal damage point kills a crew unit
(G9.21; amarillo), and every 10th kills a boarding party with the first four such thresholds
ignored, so the first falls on the 50th point (D7.21; amarillo, sfb-player). The count runs
over every internal point the ship takes in the scenario (across volleys), including points
scored on excess damage and the point that destroys the ship. Computer ships score crew
casualties on every 30th point instead (G11.24, seed 000 L4154): set
``DamageOptions.crew_casualty_interval``. Casualties stop when the ship has no crew units
(boarding parties) left to lose. Not done: the reference's "the last ones are protected"
(D7.21, no text found), repair boxes counting double (G17.252), barracks (G28.33).
"""

from __future__ import annotations


def casualty_points(
    before: int, scored: int, interval: int, grace: int = 0, available: int | None = None
) -> tuple[int, ...]:
    """The points of a volley (1-based) that kill one casualty.

    ``before``: internal points the ship had taken before the volley; ``scored``: points
    scored in it; a casualty falls on every ``interval``-th point of the running total, the
    first ``grace`` thresholds excepted; at most ``available`` casualties (None: no limit).
    """
    if interval <= 0 or scored <= 0:
        return ()
    first = max(before // interval + 1, grace + 1)
    last = (before + scored) // interval
    points = tuple(k * interval - before for k in range(first, last + 1))
    if available is not None:
        points = points[: max(0, available)]
    return points
