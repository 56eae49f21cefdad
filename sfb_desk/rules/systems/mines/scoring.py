"""Victory points for an enemy minefield worked (a scenario's own bonus, e.g. SG15.5: "one point
for each mine located and four additional points for each mine destroyed").

:func:`mine_points` counts the mines of ``scorer``'s enemies that ``scorer`` has located (its
side is among the mine's ``located_by``: detected, identified, set off or seen exploding) and
those destroyed (swept, M8, or set off; decisions.md "Reconstructed minesweepers"). Mines laid
by ``scorer``'s own side never count.
"""

from __future__ import annotations

from collections.abc import Iterable

from .records import Mine


def mine_points(mines: Iterable[Mine], scorer: str, *, located: int = 1,
                destroyed: int = 4) -> tuple[int, int, int]:
    """(points, mines located, mines destroyed) for ``scorer`` (module docstring)."""
    found = gone = 0
    for mine in mines:
        if mine.owner == scorer:
            continue
        if scorer in mine.located_by or mine.destroyed:
            found += 1
        if mine.destroyed:
            gone += 1
    return found * located + gone * destroyed, found, gone
