"""Ship files in the amarillo engine's JSON format: import validated like our own files, export
of ours, and the CLI commands (issue 16)."""

import json

import pytest

from sfb_desk.cli import main
from sfb_desk.data import paths
from sfb_desk.data.library import load_library
from sfb_desk.data.ship_file import ShipFileError
from sfb_desk.data.ship_json import ShipJsonError, export_ship, import_ship

LIB = load_library()
#: A made-up destroyer in amarillo's shape (not a copy of any file).
DD = {
    "faction": "Gorn", "type": "ZD", "typeName": "Test Destroyer", "serviceYear": 150,
    "bpv": 90, "turnMode": "B", "sizeClass": 4, "moveCost": 0.5, "breakdown": 5,
    "shields": [24, 20, 20, 20, 20, 20], "hullBoxes": {"fhull": 3, "ahull": 3},
    "power": {"leftWarp": 8, "rightWarp": 8, "impulse": 2, "apr": 2, "battery": 2},
    "control": {"bridge": 1, "emergency": 1, "auxCon": 1},
    "tables": {"damageControl": [2, 2, 2, 0], "sensor": [6, 5, 3, 1, 0],
               "scanner": [0, 1, 3, 5, 9], "excess": 4},
    "auxiliary": {"transporters": 2, "tractors": 1, "labs": 2, "probes": 1},
    "shuttleBays": [{"shuttles": ["admin", "gas"]}],
    "crewData": {"totalCrew": 22, "boardingParties": 8},
    "weapons": [{"type": "Phaser1", "designator": "1", "arcs": ["FX"]},
                {"type": "PlasmaLauncher", "designator": "A", "plasmaType": "S",
                 "arcs": ["FP"], "launchDirections": ["21", "1", "5"]}],
}


def test_an_amarillo_ship_is_imported_as_a_playable_draft():
    spec = import_ship(DD, "zd.json")
    assert (spec.id, spec.race, spec.data_status) == ("GOR-ZD", "GOR", "draft")
    assert spec.sources == ("imported from zd.json (amarillo ship JSON)",)
    assert spec.count("forward_hull") == 3 and spec.breakdown == "5-6"
    assert [(w.type, w.arcs) for w in spec.weapons] == [("PH-1", ("FX",)), ("PLASMA-S", ("FP",))]


def test_a_bad_file_is_refused_with_the_loader_s_own_messages():
    with pytest.raises(ShipFileError) as caught:
        import_ship({**DD, "shields": [24, 20, 20]}, "zd.json")
    (problem,) = caught.value.problems
    assert problem.field == "shields.boxes" and problem.line is None
    with pytest.raises(ShipJsonError, match="missing shields"):
        import_ship({k: v for k, v in DD.items() if k != "shields"}, "zd.json")
    with pytest.raises(ShipJsonError, match="weapon type 'Mauler' is not mapped"):
        import_ship({**DD, "weapons": [{"type": "Mauler", "designator": "A"}]}, "zd.json")
    with pytest.raises(ShipJsonError, match="unknown faction"):
        import_ship({**DD, "faction": "Vulcan"}, "zd.json")


@pytest.mark.parametrize("ship_id", ["KLI-G2", "ROM-SPC", "ORI-CA", "KZI-CVL", "FED-CA"])
def test_export_then_import_gives_the_same_boxes(ship_id):
    spec = LIB.get(ship_id)
    doc, omitted = export_ship(spec)
    back = import_ship(json.loads(json.dumps(doc)), f"{ship_id}.json")
    for name in ("shields", "systems", "sensor_track", "scanner_track", "damage_control_track",
                 "excess_damage", "crew_units", "boarding_parties", "bpv_combat", "move_cost",
                 "turn_mode", "breakdown", "shuttle_boxes"):
        assert getattr(back, name) == getattr(spec, name), name
    assert [(w.type, w.designator, w.arcs) for w in back.weapons] == \
        [(w.type, w.designator, w.arcs) for w in spec.weapons]
    if ship_id == "FED-CA":
        assert "special system Transporter bombs (4 boxes)" in omitted


def test_the_cli_imports_and_exports(tmp_path, capsys):
    out = tmp_path / "g2.json"
    assert main(["ship-export", "kli-g2", "-o", str(out)]) == 0
    assert json.loads(out.read_text())["shields"] == [15, 12, 9, 9, 9, 12]
    source = tmp_path / "zd.json"
    source.write_text(json.dumps(DD))
    assert main(["ship-import", str(source)]) == 0
    assert "GOR-ZD Test Destroyer, draft (check it against your SSD)" in capsys.readouterr().out
    assert (paths.user_data_dir() / "ships" / "GOR-ZD.toml").is_file()
    assert load_library().get("GOR-ZD").data_status == "draft"  # the library has it
    assert main(["ship-import", str(source)]) == 1  # no silent overwrite
    assert "pass --force" in capsys.readouterr().err
    source.write_text("{not json")
    assert main(["ship-import", str(source)]) == 2
    assert "is not valid JSON" in capsys.readouterr().err


def test_import_of_a_library_id_refuses_to_shadow_it_unless_replace(tmp_path, capsys):
    """ship-export FED-CA then ship-import wrote a user FED-CA.toml shadowing the verified class
    (spare shuttles, probe ammunition, transporter bombs, refits and rule number lost), silently."""
    out = tmp_path / "f.json"
    assert main(["ship-export", "FED-CA", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    for item in ("not in that format: spare shuttles 3", "not in that format: refits R, +, a",
                 "not in that format: rule number R2.4",
                 "not in that format: special system Transporter bombs (4 boxes)",
                 "not in that format: special system Probe ammunition track (5 boxes)"):
        assert item in err, item
    user_file = paths.user_data_dir() / "ships" / "FED-CA.toml"
    assert main(["ship-import", str(out)]) == 1
    err = capsys.readouterr().err
    assert not user_file.exists()
    assert "refused" in err and "the library's FED-CA (ssd_data/ships/FED-CA.toml, verified)" in err
    assert "spare shuttles 3" in err and "refits R, +, a" in err and "--replace" in err
    assert main(["ship-import", str(out), "--replace"]) == 0
    err = capsys.readouterr().err
    assert user_file.is_file()
    assert "replaces the library's FED-CA" in err and "rule number R2.4" in err
    assert "special system Probe ammunition track (5 boxes)" in err
    assert load_library().get("FED-CA").data_status == "draft"  # now the player's copy


def test_import_into_another_folder_shadows_nothing(tmp_path, capsys):
    out = tmp_path / "g2.json"
    assert main(["ship-export", "KLI-G2", "-o", str(out)]) == 0
    assert main(["ship-import", str(out), "--out", str(tmp_path / "elsewhere")]) == 0
    assert (tmp_path / "elsewhere" / "KLI-G2.toml").is_file()
