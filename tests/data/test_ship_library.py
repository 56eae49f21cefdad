"""The ship library: every bundled file validates; bad files never stop the others; user files win."""

from __future__ import annotations

from pathlib import Path

import pytest

from sfb_desk.data import library as library_module
from sfb_desk.data import paths
from sfb_desk.data.library import ShipLibrary, default_directories, load_library
from sfb_desk.data.ship_file import ShipFileError, load_ship_file

HERE = Path(__file__).parent
V1 = HERE / "fixtures" / "ship_v1.toml"
V1_TEXT = V1.read_text(encoding="utf-8")
SHIPS_DIR = paths.ssd_data_dir() / "ships"
LIBRARY_FILES = sorted(SHIPS_DIR.glob("*.toml"))


def _ship(directory: Path, ship_id: str, name: str = "Heavy Cruiser", file: str = "") -> Path:
    """A copy of the fixture with another id (and race, taken from the id)."""
    race, class_code = ship_id.split("-", 1)
    text = V1_TEXT.replace('id = "FED-CA"', f'id = "{ship_id}"').replace(
        'race = "FED"', f'race = "{race}"'
    )
    text = text.replace('class_code = "CA"', f'class_code = "{class_code}"')
    text = text.replace('name = "Heavy Cruiser"', f'name = "{name}"')
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / (file or f"{ship_id}.toml")
    path.write_text(text, encoding="utf-8")
    return path


# -- the bundled library -----------------------------------------------------------------------


@pytest.mark.parametrize("path", LIBRARY_FILES, ids=[p.stem for p in LIBRARY_FILES])
def test_library_file_validates(path):
    try:
        spec = load_ship_file(path)
    except ShipFileError as error:
        pytest.fail(str(error))
    assert path.stem == spec.id, "FORMAT.md: a ship file is named <ID>.toml"


def test_bundled_library_loads_without_problems():
    library = load_library([SHIPS_DIR])
    assert library.problems == []
    assert len(library) == len(LIBRARY_FILES) >= 1
    assert library.files["FED-CA"] == SHIPS_DIR / "FED-CA.toml"


# -- loading -----------------------------------------------------------------------------------


def test_one_bad_file_never_stops_the_others(tmp_path):
    _ship(tmp_path, "FED-CA")
    _ship(tmp_path, "KLI-D7", "Battlecruiser")
    (tmp_path / "AAA-BROKEN.toml").write_text("this is [not toml", encoding="utf-8")
    (tmp_path / "FED-XX.toml").write_text(V1_TEXT.replace('turn_mode = "D"', 'turn_mode = "Z"'))
    library = load_library([tmp_path])
    assert sorted(library.ships) == ["FED-CA", "KLI-D7"]
    assert sorted(Path(p.file).name for p in library.problems) == ["AAA-BROKEN.toml", "FED-XX.toml"]  # noqa: E501


def test_an_unexpected_error_in_one_file_is_a_problem_not_a_crash(tmp_path, monkeypatch):
    _ship(tmp_path, "FED-CA")
    _ship(tmp_path, "KLI-D7")
    real = library_module.load_ship_file

    def flaky(path):
        if Path(path).stem == "FED-CA":
            raise RuntimeError("disk on fire")
        return real(path)

    monkeypatch.setattr(library_module, "load_ship_file", flaky)
    library = load_library([tmp_path])
    assert list(library.ships) == ["KLI-D7"]
    (problem,) = library.problems
    assert "could not be loaded" in problem.message and "disk on fire" in problem.message


def test_duplicate_id_is_reported_for_the_second_file(tmp_path):
    _ship(tmp_path, "FED-CA", "First")
    _ship(tmp_path, "FED-CA", "Second", file="zz-copy.toml")
    library = load_library([tmp_path])
    assert library.get("FED-CA").name == "First"  # files load in name order
    (problem,) = library.problems
    assert problem.file.endswith("zz-copy.toml")
    assert problem.field == "identity.id"
    assert "duplicate id 'FED-CA'" in problem.message and "FED-CA.toml" in problem.message


def test_user_files_override_the_bundled_library_and_it_is_noted(tmp_path, monkeypatch):
    bundled = tmp_path / "bundle" / "ships"
    _ship(bundled, "FED-CA")
    _ship(bundled, "KLI-D7")
    monkeypatch.setattr(paths, "ssd_data_dir", lambda: tmp_path / "bundle")
    user_ships = paths.user_data_dir() / "ships"
    _ship(user_ships, "FED-CA", "My Cruiser")
    assert default_directories() == [bundled, user_ships]
    library = load_library()
    assert library.get("fed-ca").name == "My Cruiser"
    assert library.files["FED-CA"] == user_ships / "FED-CA.toml"
    assert library.overridden == {"FED-CA": bundled / "FED-CA.toml"}
    assert library.problems == []
    (note,) = library.notes
    assert note.startswith("FED-CA: ") and "replaces" in note


def test_user_home_is_private_in_tests():
    """conftest points SFB_DESK_HOME at a temporary folder: tests never see the real home."""
    assert paths.HOME_ENV == "SFB_DESK_HOME"
    assert "sfb-desk-home" in str(paths.user_data_dir())


def test_missing_folders_are_empty(tmp_path):
    assert len(load_library([tmp_path / "nowhere"])) == 0


# -- queries -----------------------------------------------------------------------------------


@pytest.fixture
def small_library(tmp_path) -> ShipLibrary:
    _ship(tmp_path, "FED-CA", "Heavy Cruiser")
    _ship(tmp_path, "FED-CL", "Light Cruiser")
    _ship(tmp_path, "KLI-D7", "Battlecruiser")
    _ship(tmp_path, "KLI-F5", "Frigate")
    _ship(tmp_path, "ROM-KR", "KR Cruiser")
    library = load_library([tmp_path])
    assert library.problems == []
    return library


def test_get_ignores_case(small_library):
    assert small_library.get("kli-d7").id == "KLI-D7"
    assert small_library.get("  Fed-Ca ").name == "Heavy Cruiser"
    assert "fed-cl" in small_library and "FED-XX" not in small_library


def test_unknown_id_lists_close_matches(small_library):
    with pytest.raises(KeyError) as caught:
        small_library.get("FED-CQ")
    message = caught.value.args[0]
    assert message.startswith("no ship class 'FED-CQ' in the library (5 classes)")
    assert message.endswith("?") and "did you mean" in message
    assert small_library.suggestions("FED-CQ")[:2] in (["FED-CA", "FED-CL"], ["FED-CL", "FED-CA"])
    with pytest.raises(KeyError) as caught:
        small_library.get("D7")
    assert "did you mean KLI-D7" in caught.value.args[0]  # a bare class code
    with pytest.raises(KeyError) as caught:
        small_library.get("zzzzzz")
    assert "`sfb-desk-cli ships` lists them" in caught.value.args[0]


def test_races_are_sorted_codes(small_library):
    assert small_library.races() == ["FED", "KLI", "ROM"]


@pytest.mark.parametrize(
    ("text", "race", "expected"),
    [
        ("", None, ["FED-CA", "FED-CL", "KLI-D7", "KLI-F5", "ROM-KR"]),
        ("", "kli", ["KLI-D7", "KLI-F5"]),
        ("cruiser", None, ["FED-CA", "FED-CL", "KLI-D7", "ROM-KR"]),  # name
        ("CRUISER", "FED", ["FED-CA", "FED-CL"]),
        ("f5", None, ["KLI-F5"]),  # class code
        ("fed-c", None, ["FED-CA", "FED-CL"]),  # id
        ("kr", None, ["ROM-KR"]),
        ("nothing like it", None, []),
    ],
)
def test_search(small_library, text, race, expected):
    assert [s.id for s in small_library.search(text, race=race)] == expected
