"""Finding a library ship for a command (``ship``, ``dac``, ``ea``, ``duel``): one helper.

* An unknown id is refused with the closest ids (:meth:`ShipLibrary.get`).
* An incomplete class is refused where the command needs every box count, saying what is
  missing and where to complete it (the same words everywhere).
* When a file for that id did not load (a broken user override, typically), a warning on stderr
  says so and which copy is used instead.
"""

from __future__ import annotations

import sys

from sfb_desk.data.library import ShipLibrary, load_library_for
from sfb_desk.rules.ship import ShipSpec

COMPLETE_IT = "complete it in Library ▸ Complete from your SSD book"


class ShipLookupError(ValueError):
    """The id names no ship, or an incomplete one where a complete one is needed."""


def incomplete_message(spec: ShipSpec) -> str:
    """"KLI-BT is incomplete (missing …); complete it in Library ▸ Complete from your SSD book"."""
    missing = ", ".join(spec.missing) or "box counts"
    return f"{spec.id} is incomplete (missing {missing}); {COMPLETE_IT}"


def find_ship(ship_id: str, library: ShipLibrary | None = None, *,
              complete: bool = True) -> ShipSpec:
    """The class ``ship_id`` of ``library`` (default: the library's files, user folder included,
    through :func:`~sfb_desk.data.library.load_library_for`).
    Prints the library's warning when a file for that id did not load; raises
    :class:`ShipLookupError` when the id is unknown, or when ``complete`` and the class is not."""
    library = load_library_for(ship_id) if library is None else library
    warn_broken(library, ship_id)
    try:
        spec = library.get(ship_id)
    except KeyError as error:
        raise ShipLookupError(error.args[0] if error.args else f"no ship class {ship_id!r}") \
            from None
    if complete and not spec.complete:
        raise ShipLookupError(incomplete_message(spec))
    return spec


def warn_broken(library: ShipLibrary, ship_id: str) -> None:
    """On stderr: a file for ``ship_id`` did not load, and which copy is used instead."""
    note = library.broken_note(ship_id)
    if note:
        print(note, file=sys.stderr)
