"""Module C2's fleet limits as set-up notes: the PPDs an ISC fleet may field (E11.17) and the
web casters a Tholian one may (E12.16). They bind patrol scenarios; a scenario may allow more,
so the set-up says so rather than refusing (:func:`sfb_desk.data.custom_setup.entry_notes`)."""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.ship import ShipSpec
from ..rules.systems.ppd import ppd_fleet_limit
from ..rules.systems.web_casting import web_caster_fleet_limit

#: weapon type, rule, limit function, what the weapon is called
_LIMITS = (
    ("PPD", "E11.17", ppd_fleet_limit, "PPD"),
    ("WEB-CASTER", "E12.16", web_caster_fleet_limit, "web caster"),
)


def fleet_limit_notes(sides: dict[str, Sequence[ShipSpec]]) -> list[str]:
    """A note for each side whose ships carry more PPDs or web casters than Module C2's patrol
    limit allows (the flagship, the largest ship, brings its own; bases do not count)."""
    notes = []
    for side, specs in sorted(sides.items()):
        ships = [s for s in specs if s.kind == "ship"]
        for code, rule, limit, name in _LIMITS:
            counts = [sum(1 for w in s.weapons if w.type == code) for s in ships]
            total = sum(counts)
            if not total:
                continue
            flag = min(range(len(ships)), key=lambda i: (ships[i].size_class or 9, -counts[i]))
            allowed = limit(counts[flag], len(ships))
            if total > allowed:
                notes.append(f"{side} fields {total} {name}s; Module C2's patrol limit ({rule}) "
                             f"for {len(ships)} ship(s) led by the {ships[flag].id} is {allowed} "
                             "(a scenario may allow more)")
    return notes
