"""The compiled ship library kept between runs (sfb_desk.data.library_cache).

A start with the cache reads no ship file through the loader; a changed file is read again; a
broken file is never kept; an unreadable or stale cache is rebuilt; the cached specs equal the
specs the files give.
"""

from __future__ import annotations

import marshal
import pickle

import pytest

from sfb_desk.data import library_cache, paths
from sfb_desk.data import ship_file as ship_file_module
from sfb_desk.data.library import default_directories, load_library, load_library_for
from sfb_desk.data.library_cache import CACHE_NAME, SpecCache

CA_FILE = paths.ssd_data_dir() / "ships" / "FED-CA.toml"


@pytest.fixture(autouse=True)
def _cold_process():
    """Each test starts as a new process would: nothing kept in memory."""
    library_cache.forget()
    yield
    library_cache.forget()


def _no_file_reading(monkeypatch):
    def refuse(path):
        raise AssertionError(f"{path} was read through the loader")

    monkeypatch.setattr(ship_file_module, "load_ship_file", refuse)


def _user_ships():
    folder = paths.user_data_dir() / "ships"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_second_start_reads_no_file_and_gives_the_same_library(monkeypatch):
    first = load_library()
    assert (paths.user_cache_dir() / CACHE_NAME).is_file()
    library_cache.forget()
    fresh = load_library(default_directories())  # explicit folders: never through the cache
    _no_file_reading(monkeypatch)
    second = load_library()
    assert second.ships == first.ships == fresh.ships and second.files == first.files
    assert second.problems == first.problems == []
    assert all(second.ships[k] is not fresh.ships[k] for k in fresh.ships)  # from the cache file


def test_in_one_process_a_new_home_reuses_the_specs_met(monkeypatch, tmp_path):
    load_library()
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path / "other-home"))
    _no_file_reading(monkeypatch)
    assert len(load_library()) > 100


def test_a_changed_file_is_read_again():
    folder = _user_ships()
    text = CA_FILE.read_text(encoding="utf-8").replace('id = "FED-CA"', 'id = "FED-ZZ"')
    (folder / "FED-ZZ.toml").write_text(text, encoding="utf-8")
    assert load_library().get("FED-ZZ").name == "Heavy Cruiser"
    library_cache.forget()
    (folder / "FED-ZZ.toml").write_text(text.replace('name = "Heavy Cruiser"', 'name = "Renamed Cruiser"'),
                                        encoding="utf-8")
    assert load_library().get("FED-ZZ").name == "Renamed Cruiser"


def test_a_broken_file_is_reported_at_every_start():
    folder = _user_ships()
    (folder / "bad.toml").write_text("not = [valid", encoding="utf-8")
    for _ in range(2):
        library = load_library()
        library_cache.forget()
        assert len(library.problems) == 1 and library.problems[0].file.endswith("bad.toml")
        assert "FED-CA" in library


@pytest.mark.parametrize("content", [
    b"", b"not marshal data", marshal.dumps(["a list"]),
    marshal.dumps({"fingerprint": ("old program",), "specs": {"x": 1}}),
    pickle.dumps({"fingerprint": ("old program",), "specs": {"x": 1}}),  # the pickled cache of old
    marshal.dumps({"fingerprint": "x"})[:-3],  # cut short
])
def test_an_unreadable_or_stale_cache_is_rebuilt(content):
    cache_file = paths.user_cache_dir() / CACHE_NAME
    cache_file.write_bytes(content)
    library = load_library()
    assert len(library) > 100 and not library.problems
    cache = SpecCache()
    assert len(cache._old) == len(library)  # rewritten for this program


def test_a_cache_that_cannot_be_written_is_not_kept(tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    cache = SpecCache(blocked / CACHE_NAME)
    cache.put("key", load_library().get("FED-CA"))
    cache.save()  # no error: the next start reads the files again
    assert blocked.read_text() == "not a folder"


def test_the_fingerprint_follows_the_program(monkeypatch):
    load_library()
    assert len(SpecCache()._old) > 100
    library_cache.forget()
    monkeypatch.setattr(library_cache, "_FINGERPRINT", [("another version",)])
    assert SpecCache()._old == {}  # written by another program: not used
    assert library_cache.program_fingerprint()[0] == library_cache.__version__


def test_an_unchanged_file_is_not_read_again_a_touched_one_is(monkeypatch):
    folder = _user_ships()
    user_file = folder / "FED-ZZ.toml"
    text = CA_FILE.read_text(encoding="utf-8").replace('id = "FED-CA"', 'id = "FED-ZZ"')
    user_file.write_text(text, encoding="utf-8")
    load_library()
    library_cache.forget()
    cache = SpecCache()
    real_open = open
    opened = []

    def spy(file, *args, **kwargs):
        opened.append(str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr("builtins.open", spy)
    key = cache.key_of(user_file)
    assert str(user_file) not in opened and cache.get(key).id == "FED-ZZ"
    user_file.write_text(text.replace('name = "Heavy Cruiser"', 'name = "Edited"'), encoding="utf-8")
    other = cache.key_of(user_file)  # size or time changed: read and hashed again
    assert str(user_file) in opened and other != key and cache.get(other) is None


# -- one class for one command (load_library_for) ----------------------------------------------


def _count_unpickled(monkeypatch) -> list[int]:
    calls = [0]
    real = library_cache.loads

    def counting(data):
        calls[0] += 1
        return real(data)

    monkeypatch.setattr(library_cache, "loads", counting)
    return calls


def test_one_class_is_read_from_the_cache_alone(monkeypatch):
    whole = load_library()
    library_cache.forget()
    _no_file_reading(monkeypatch)
    unpickled = _count_unpickled(monkeypatch)
    one = load_library_for("fed-ca")
    assert unpickled[0] == 1 and list(one.ships) == ["FED-CA"]
    assert one.get("FED-CA") == whole.get("FED-CA") and one.files == {"FED-CA": whole.files["FED-CA"]}
    assert not one.problems and not one.broken


def test_one_class_from_the_user_folder_wins_as_in_the_whole_library(monkeypatch):
    folder = _user_ships()
    text = CA_FILE.read_text(encoding="utf-8").replace('name = "Heavy Cruiser"', 'name = "Mine"')
    (folder / "my-ca.toml").write_text(text, encoding="utf-8")  # the same id, another file name
    (folder / "zz-second.toml").write_text(text.replace('"Mine"', '"Second"'), encoding="utf-8")
    whole = load_library()  # zz-second.toml: a duplicate id in one folder, a problem
    assert whole.get("FED-CA").name == "Mine" and len(whole.problems) == 1
    library_cache.forget()
    one = load_library_for("FED-CA")  # two files of the class in one folder: all read
    assert one.get("FED-CA").name == "Mine" and one.problems == whole.problems
    assert one.broken_note("FED-CA") == whole.broken_note("FED-CA") != ""
    (folder / "zz-second.toml").unlink()
    load_library()
    library_cache.forget()
    unpickled = _count_unpickled(monkeypatch)
    one = load_library_for("FED-CA")
    assert unpickled[0] == 1 and one.get("FED-CA").name == "Mine"
    assert one.files["FED-CA"] == folder / "my-ca.toml"


@pytest.mark.parametrize("change", ["new", "edited", "broken", "unknown id"])
def test_one_class_reads_the_whole_library_when_the_cache_cannot_tell(change, monkeypatch):
    folder = _user_ships()
    user_file = folder / "FED-ZZ.toml"
    text = CA_FILE.read_text(encoding="utf-8").replace('id = "FED-CA"', 'id = "FED-ZZ"')
    if change != "new":
        user_file.write_text(text, encoding="utf-8")
    load_library()
    library_cache.forget()
    wanted = "FED-CA"
    if change == "new":
        user_file.write_text(text, encoding="utf-8")
    elif change == "edited":
        user_file.write_text(text.replace('name = "Heavy Cruiser"', 'name = "Edited"'), encoding="utf-8")
        wanted = "FED-ZZ"
    elif change == "broken":
        user_file.write_text("not = [valid", encoding="utf-8")
    else:
        wanted = "FED-NOPE"
    library = load_library_for(wanted)
    assert len(library) > 100  # the whole library: its problems, the closest ids
    if change == "edited":
        assert library.get("FED-ZZ").name == "Edited"
    if change == "broken":
        assert library.broken_note("FED-ZZ") and len(library.problems) == 1
