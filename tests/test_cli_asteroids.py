"""sfb-desk-cli asteroid-table: the player enters the Asteroid Damage Table (P3.2) once."""

from __future__ import annotations

import json

from sfb_desk.cli import main
from sfb_desk.data.asteroid_table import load_table, table_path

COLUMNS = ["--column", "1-6=0,0,0,1,1,2", "--column", "7-14=0,1,1,2,2,3",
           "--column", "15+=1,2,2,3,4,5"]


def test_no_table_says_the_damage_is_asked(capsys):
    assert main(["asteroid-table", "show"]) == 0
    assert "asked at the table" in capsys.readouterr().out


def test_set_validates_saves_and_show_reads_it_back(capsys):
    assert main(["asteroid-table", "set", *COLUMNS, "--note", "my copy"]) == 0
    out = capsys.readouterr().out
    assert "Saved to" in out and "15+" in out
    table = load_table()
    assert table is not None and [b.label for b in table.bands] == ["1-6", "7-14", "15+"]
    assert table.damage(20, 6) == 5 and table.note == "my copy"
    assert main(["asteroid-table", "show", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["dice"] == "1d6" and doc["columns"][1] == {"speeds": "7-14",
                                                           "damage": [0, 1, 1, 2, 2, 3]}
    assert main(["asteroid-table", "clear"]) == 0
    assert load_table() is None


def test_a_table_that_cannot_be_used_is_refused_and_nothing_is_written(capsys):
    assert main(["asteroid-table", "set", "--column", "1-6=0,0,0,1,1,2",
                 "--column", "8+=0,1,1,2,2,3"]) == 2
    err = capsys.readouterr().err
    assert "starts at 7" in err and "(P3.2)" in err
    assert not table_path().exists()
    assert main(["asteroid-table", "set", "--column", "1+=0,1,x"]) == 2
    assert "whole numbers" in capsys.readouterr().err


def test_import_takes_a_file_of_the_format_and_refuses_a_broken_one(tmp_path, capsys):
    good = tmp_path / "table.toml"
    good.write_text('format = "sfb-desk-asteroid-table"\nformat_version = 1\ndice = "2d6"\n\n'
                    '[[columns]]\nspeeds = "1+"\ndamage = [0,0,0,1,1,1,2,2,2,3,3]\n')
    assert main(["asteroid-table", "import", str(good)]) == 0
    assert load_table().dice == "2d6"
    bad = tmp_path / "bad.toml"
    bad.write_text('dice = "1d6"\nspeed = 3\n')
    assert main(["asteroid-table", "import", str(bad)]) == 2
    assert "unknown key(s) speed" in capsys.readouterr().err
    assert load_table().dice == "2d6"  # the table entered before is kept
