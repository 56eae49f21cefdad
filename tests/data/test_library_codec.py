"""Ship specs as the compiled-library cache keeps them (sfb_desk.data.library_codec).

Every ship of the library comes back from its bytes equal, with every value of the same type;
so do values a ship file's free-form facts may hold that the library has none of today (lists,
dicts, sets, fractions inside tuples, a date); damaged bytes are an error, never a half-made
spec; and in the cache, a damaged entry or a broken file means the file is read again.
"""

from __future__ import annotations

import datetime
import marshal
from fractions import Fraction

import pytest

from sfb_desk.cli import main
from sfb_desk.data import library_cache, library_codec, paths
from sfb_desk.data.library import load_library
from sfb_desk.data.library_cache import SpecCache
from sfb_desk.rules.ship import Disagreement, ShipSpec, Weapon


@pytest.fixture(autouse=True)
def _cold_process():
    library_cache.forget()
    yield
    library_cache.forget()


def _typed(value: object) -> object:
    """``value`` with the type of every part beside it (== alone takes 1 for 1.0 and True)."""
    if isinstance(value, (tuple, list, set, frozenset)):
        return (type(value).__name__, sorted(map(repr, map(_typed, value))) if isinstance(
            value, (set, frozenset)) else [_typed(v) for v in value])
    if isinstance(value, dict):
        return ("dict", [(_typed(k), _typed(v)) for k, v in value.items()])
    if hasattr(type(value), "__record__"):
        return (type(value).__name__, [(n, _typed(getattr(value, n)))
                                       for n in type(value).__record__.names])
    return (type(value).__name__, value)


def test_every_library_ship_comes_back_equal_and_of_the_same_types():
    library = load_library()
    assert len(library) > 100
    for spec in library.ships.values():
        spec.box_ids()
        back = library_codec.loads(library_codec.dumps(spec))
        back.box_ids()
        assert back == spec and back is not spec
        assert _typed(back) == _typed(spec)
        assert back.count("bridge") == spec.count("bridge")


def test_values_the_library_has_none_of_come_back_too():
    odd = {
        "a list": [1, "two", Fraction(1, 3)],
        "a dict": {"x": (1, 2), 3: [Fraction(2, 3)]},
        "a set": {1, 2},
        "fractions in a set": frozenset({Fraction(1, 2), Fraction(3, 2)}),
        "a date": datetime.date(2026, 11, 25),
        "a float": 0.5,
        "flags": (True, False, None),
    }
    spec = ShipSpec(
        "TST-X", "TST", "Test", "X", "Odd", move_cost=Fraction(1, 3), het_cost=Fraction(5),
        flags=frozenset({"nimble"}), extra=tuple(odd.items()),
        weapons=(Weapon("A", "PHOTON", "photon", arcs=("FA",), extra_bearings=(13,)),),
        disagreements=(Disagreement("move_cost", Fraction(1, 3), (("a", Fraction(1, 2)), ("b", 1))),),
    )
    back = library_codec.loads(library_codec.dumps(spec))
    assert back == spec and _typed(back) == _typed(spec)
    assert dict(back.extra)["a date"] == datetime.date(2026, 11, 25)


@pytest.mark.parametrize("damage", ["cut", "fields", "class", "not a spec"])
def test_damaged_bytes_are_an_error_never_a_half_made_spec(damage):
    spec = load_library().get("FED-CA")
    good = library_codec.dumps(spec)
    plain = marshal.loads(good)
    data = {"cut": good[: len(good) // 2],
            "fields": marshal.dumps(plain[:-1]),
            "class": marshal.dumps([99, *plain[1:]]),
            "not a spec": marshal.dumps(library_codec._plain(spec.weapons[0]))}[damage]
    with pytest.raises((ValueError, EOFError, TypeError, IndexError)):
        library_codec.loads(data)


def test_a_damaged_entry_in_the_cache_means_the_file_is_read_again():
    first = load_library()
    library_cache.forget()
    cache = SpecCache()
    key = cache.key_of(paths.ssd_data_dir() / "ships" / "FED-CA.toml")
    cache._old[key] = cache._old[key][:20]
    assert cache.get(key) is None and cache.misses == 1
    library_cache.forget()
    assert load_library().get("FED-CA") == first.get("FED-CA")


def test_a_broken_user_file_is_named_at_every_start(capsys):
    """Broken files are never kept: the second start, with the library in the cache, still
    names the broken override of FED-CA and uses the bundled copy."""
    user_ships = paths.user_data_dir() / "ships"
    user_ships.mkdir(parents=True)
    broken = user_ships / "FED-CA.toml"
    broken.write_text((paths.ssd_data_dir() / "ships" / "FED-CA.toml").read_text() + "\nnot = [valid\n")
    for _ in range(2):
        assert main(["ship", "FED-CA"]) == 0
        out, err = capsys.readouterr()
        assert out.startswith("FED-CA: Federation CA")
        assert (f"warning: {paths.display_path(broken)} (FED-CA) could not be loaded, the copy in "
                "ssd_data/ships/FED-CA.toml is used instead") in err
        library_cache.forget()
    assert library_cache.CACHE_NAME.endswith(".marshal")
    assert (paths.user_cache_dir() / library_cache.CACHE_NAME).is_file()
