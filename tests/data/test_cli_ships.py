"""sfb-desk-cli validate / ships / ship, called through sfb_desk.cli.main."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from sfb_desk.cli import main
from sfb_desk.data import paths

HERE = Path(__file__).parent
BROKEN = HERE / "broken_ships"
V1 = HERE / "fixtures" / "ship_v1.toml"
LIBRARY_COUNT = len(list((paths.ssd_data_dir() / "ships").glob("*.toml")))


def test_validate_the_bundled_library(capsys):
    assert main(["validate"]) == 0
    out = capsys.readouterr().out.splitlines()
    user = paths.display_path(paths.user_data_dir() / "ships")
    assert out == [
        f"checked the bundled library (ssd_data/ships) and your ship folder ({user}: no files)",
        f"{LIBRARY_COUNT} files, {LIBRARY_COUNT} valid, 0 invalid",
    ]


def _broken_user_override() -> Path:
    user_ships = paths.user_data_dir() / "ships"
    user_ships.mkdir(parents=True)
    broken = user_ships / "FED-CA.toml"
    broken.write_text(V1.read_text() + "\nnot = [valid\n")
    return broken


def test_validate_checks_the_user_folder_too(capsys):
    """`ships` sends the player to `validate` for a broken user file: it must find it."""
    broken = _broken_user_override()
    assert main(["validate"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith(f"your ship folder ({paths.display_path(broken.parent)}: 1 file)")
    assert out[1].startswith(f"{paths.display_path(broken)}:") and "not valid TOML" in out[1]
    assert out[2] == f"{LIBRARY_COUNT + 1} files, {LIBRARY_COUNT} valid, 1 invalid"


@pytest.mark.parametrize("argv", [
    ["ship", "fed-ca"],
    ["dac", "--ship", "FED-CA", "--shield", "1", "--damage", "1", "--rolls", "7"],
    ["duel", "FED-CA", "KLI-D7", "--turns", "1"],
])
def test_a_broken_user_override_is_reported_where_the_id_is_used(capsys, argv):
    broken = _broken_user_override()
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert (f"warning: {paths.display_path(broken)} (FED-CA) could not be loaded, the copy in "
            "ssd_data/ships/FED-CA.toml is used instead") in err
    assert "sfb-desk-cli validate" in err


def test_validate_reports_every_problem_and_fails(capsys, tmp_path):
    shutil.copy(V1, tmp_path / "FED-CA.toml")
    for name in ("unknown_arc", "five_shields"):
        shutil.copy(BROKEN / f"{name}.toml", tmp_path / f"{name}.toml")
    assert main(["validate", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3
    assert out[0].endswith(
        "five_shields.toml:49: shields.boxes: 5 shield values given "
        "(expected exactly six: #1 forward, then clockwise (D3.1))"
    )
    assert "unknown_arc.toml:73: weapons[0].arcs[0]: unknown arc 'FZ' (expected one of LF" in out[1]
    assert out[2] == "3 files, 1 valid, 2 invalid"


def test_validate_files_and_folders_together(capsys):
    assert main(["validate", str(V1), str(BROKEN)]) == 1
    summary = capsys.readouterr().out.splitlines()[-1]
    broken = len(list(BROKEN.glob("*.toml")))
    assert summary == f"{broken + 1} files, 1 valid, {broken} invalid"


def test_validate_a_missing_file(capsys, tmp_path):
    assert main(["validate", str(tmp_path / "nope.toml")]) == 1
    out = capsys.readouterr().out.splitlines()
    assert "nope.toml: cannot be read" in out[0]
    assert out[1] == "1 files, 0 valid, 1 invalid"


def test_validate_reports_duplicate_ids(capsys, tmp_path):
    shutil.copy(V1, tmp_path / "FED-CA.toml")
    shutil.copy(V1, tmp_path / "copy.toml")
    assert main(["validate", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert "copy.toml: identity.id: duplicate id 'FED-CA'" in out[0]
    assert out[1] == "2 files, 1 valid, 1 invalid"


def test_ships_lists_every_class(capsys):
    assert main(["ships"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["ID", "NAME", "RACE", "KIND", "BPV", "STATUS"]
    assert len(out) == LIBRARY_COUNT + 1
    (fed_ca,) = [line for line in out if line.startswith("FED-CA ")]
    assert "Heavy Cruiser" in fed_ca and " FED " in fed_ca and " ship " in fed_ca
    assert " 125 " in fed_ca and fed_ca.endswith("verified")
    (g2,) = [line for line in out if line.startswith("KLI-G2 ")]
    assert g2.endswith("draft: check against your SSD")


def test_ships_by_race_as_json(capsys):
    assert main(["ships", "--race", "fed", "--json"]) == 0
    ships = json.loads(capsys.readouterr().out)
    assert ships and all(s["race"] == "FED" for s in ships)
    (fed_ca,) = [s for s in ships if s["id"] == "FED-CA"]
    assert fed_ca["name"] == "Heavy Cruiser" and fed_ca["bpv_combat"] == 125
    assert fed_ca["complete"] is True and fed_ca["missing"] == []
    assert fed_ca["file"].endswith("ships/FED-CA.toml")
    assert set(fed_ca) == {"id", "class_code", "name", "race", "race_name", "kind",
                           "bpv_combat", "bpv_economic", "complete", "status", "missing",
                           "sources", "disagreements", "file"}  # fmt: skip
    assert fed_ca["status"] == "verified"
    assert fed_ca["sources"][0]["reference"].startswith("reference/core_ships.json fed-ca")
    (pol,) = [s for s in ships if s["id"] == "FED-POL"]
    assert pol["status"] == "draft" and pol["disagreements"] >= 1
    amarillo = pol["sources"][0]
    assert amarillo["repository"] == "deastland0423/amarillo"
    assert amarillo["path"] == "data/factions/federation/pol.json"
    assert len(amarillo["commit"]) == 40 and "shields" in amarillo["fields"]
    statuses = {s["status"] for s in ships}
    assert statuses == {"verified", "draft", "incomplete"}


def test_ships_shows_what_an_incomplete_class_misses(capsys):
    user_ships = paths.user_data_dir() / "ships"
    user_ships.mkdir(parents=True)
    text = V1.read_text().replace('id = "FED-CA"', 'id = "FED-ZZ"')
    text = text.replace("complete = true\nmissing = []", 'complete = false\nmissing = ["weapons", "shield box counts"]')  # noqa: E501
    (user_ships / "FED-ZZ.toml").write_text(text)
    assert main(["ships", "--race", "FED"]) == 0
    (line,) = [x for x in capsys.readouterr().out.splitlines() if x.startswith("FED-ZZ")]
    assert line.endswith("incomplete: weapons, shield box counts")


def test_ships_warns_about_files_that_did_not_load(capsys):
    user_ships = paths.user_data_dir() / "ships"
    user_ships.mkdir(parents=True)
    (user_ships / "bad.toml").write_text("not = [valid")
    shutil.copy(V1, user_ships / "FED-CA.toml")
    assert main(["ships"]) == 0
    err = capsys.readouterr().err
    assert "1 ship file(s) could not be loaded" in err
    assert "note: FED-CA: " in err and "replaces" in err


def test_ships_with_an_unknown_race(capsys):
    assert main(["ships", "--race", "XXX"]) == 1
    assert "no ship classes for race 'XXX' (races: " in capsys.readouterr().err


def test_ship_prints_everything(capsys):
    assert main(["ship", "fed-ca"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "FED-CA: Federation CA Heavy Cruiser"
    for expected in (
        "Status        verified (confidence high)",
        "BPV           125",
        "Move cost     1",
        "Turn mode     D",
        "Breakdown     5-6",
        "Shields       #1 30  #2 24  #3 20  #4 20  #5 20  #6 24  (total 138)",
        "  sensor          6 6 5 3 1 0",
        "  scanner         0 0 1 3 5 9",
        "  damage control  4 4 2 2 2 0",
        "  left_warp         15",
        "  phaser#3      PH-1        LF L  (+bearing 13)",
        "  photon#A      PHOTON      FA",
        "Refits",
        "Missing",
        "Notes",
    ):
        assert expected in lines, expected
    assert any(line.startswith("Boxes ") for line in lines)
    assert any(line.startswith("  R   Y160  BPV +4") for line in lines)


def test_ship_extra_facts_never_run_into_their_values(capsys):
    """A long [extra] key ("explosion_strength_source") once ran into its value; every key is
    now "key: value", and a list is one item a line, never a Python tuple (a details view)."""
    assert main(["ship", "FED-CA", "--details"]) == 0
    lines = capsys.readouterr().out.splitlines()
    extra = lines[lines.index("Extra") + 1:lines.index("Missing")]
    assert "  explosion strength source: Master Ship Chart, Explo Str column (SFB Online data)" \
        in extra
    assert "  refit msc rows:" in extra and "    - R: CAR 129" in extra
    for line in extra:
        if line.startswith("    - "):
            continue
        assert line.startswith("  ") and (": " in line or line.endswith(":")), line
        assert not line.startswith("   ") and "_" not in line.split(":")[0], line
        assert not line.split(": ", 1)[-1].startswith("('"), line


def test_ship_as_json(capsys):
    assert main(["ship", "FED-CA", "--json"]) == 0
    ship = json.loads(capsys.readouterr().out)
    assert ship["identity"]["id"] == "FED-CA"
    assert ship["shields"]["boxes"] == [30, 24, 20, 20, 20, 24]
    assert ship["data"]["move_cost"] == "1"
    assert ship["box_count"] > 200 and ship["box_counts"]["shields"] == 138
    assert ship["weapons"][0] == {"designator": "1", "type": "PH-1", "arcs": ["FH"]}


@pytest.mark.parametrize("args", [["ship", "FED-CQ"], ["ship", "FED-CQ", "--json"]])
def test_unknown_ship_suggests_close_ids(capsys, args):
    assert main(args) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "no ship class 'FED-CQ' in the library" in captured.err
    assert "did you mean" in captured.err and "FED-CA" in captured.err


def test_ship_columns_never_run_together(capsys):
    """A long weapon type (Module C2's DISPLACEMENT device), refit code (Y175), system name or
    special-system key keeps at least two spaces before the next column (QA, session 4:
    ``dd#C  DISPLACEMENT360``)."""
    assert main(["ship", "AND-CON"]) == 0
    out = capsys.readouterr().out
    assert "  dd#C          DISPLACEMENT  360" in out.splitlines()
    from sfb_desk.commands.ships import describe_ship
    from sfb_desk.data.library import load_library

    for spec in load_library().ships.values():
        lines = describe_ship(spec)
        for w in spec.weapons:
            assert any(f"{w.type}  " in line and line.startswith(f"  {w.box_ids[0]} ")
                       for line in lines), (spec.id, w.type)
        for r in spec.refits:
            assert any(line.startswith(f"  {r.code}  ") for line in lines), (spec.id, r.code)
        for key in [s.key for s in spec.special] + [name for name, _ in spec.systems]:
            assert any(line.startswith(f"  {key}  ") for line in lines), (spec.id, key)
