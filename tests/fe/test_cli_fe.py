"""sfb-desk-cli fe round|folio|limits|scenario|sit|tug, through sfb_desk.cli.main, with the
campaign store and printed PDFs (those tests take ``qapp``: the QApplication the widget tests
share, so the CLI does not make a QGuiApplication of its own in the test process)."""

from __future__ import annotations

import copy
import json

from sfb_desk.campaign.store import CampaignStore
from sfb_desk.cli import main
from sfb_desk.fe import folio, limits, persist
from fe_round_data import ROUND


def _write(tmp_path, name, data):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


def test_round_json_matches_the_model_and_logs_dice_once_in_the_store(tmp_path, capsys):
    path = _write(tmp_path, "round.json", ROUND)
    db = str(tmp_path / "c.sfbcampaign")
    assert main(["fe", "round", path, "--store", db, "--name", "r1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["summary"]["damage"] == {"attacker": 17.0, "defender": 12.0}
    assert main(["fe", "round", path, "--store", db, "--name", "r1"]) == 0  # saved again
    with CampaignStore.open(db) as store:
        dice = store.dice_log()
        assert [d.purpose for d in dice][:2] == ["D7A stasis attempt 1 on CA (312.222)",
                                                 "D7A stasis attempt 2 on NSC (312.222)"]
        assert len(dice) == 6 and {d.source for d in dice} == {"typed"}
        assert persist.load_round(store, "r1")["4A5"]["attacker"] == 60
        assert len(store.journal()) == 2


def test_round_text_and_pdf(qapp, tmp_path, capsys):
    path = _write(tmp_path, "round.json", ROUND)
    pdf = tmp_path / "round.pdf"
    assert main(["fe", "round", path, "--pdf", str(pdf)]) == 0
    out = capsys.readouterr().out
    assert "4C   Combat damage" in out and "27.5% of 62" in out
    assert pdf.read_bytes().startswith(b"%PDF")


def test_folio_turn_from_the_store_prints(qapp, tmp_path, capsys):
    path = _write(tmp_path, "folio.json", folio.EXAMPLE)
    db = str(tmp_path / "c.sfbcampaign")
    assert main(["fe", "folio", path, "--store", db]) == 0
    assert "Treasury at end of turn       66" in capsys.readouterr().out
    pdf = tmp_path / "folio.pdf"
    assert main(["fe", "folio", "--store", db, "--key", "Klingon:7", "--next", "--pdf",
                 str(pdf), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["folio"]["turn"] == 8 and out["grids"][0]["treasury"] == 66
    assert pdf.read_bytes().startswith(b"%PDF")
    with CampaignStore.open(db) as store:
        assert sorted(store.all(persist.FOLIO)) == ["Klingon:7", "Klingon:8"]


def test_limits_exit_code_and_messages(qapp, tmp_path, capsys):
    data = copy.deepcopy(limits.EXAMPLE)
    data["builds"].append({"item": "SAV"})
    path = _write(tmp_path, "builds.json", data)
    assert main(["fe", "limits", path]) == 3
    out = capsys.readouterr().out
    assert "LIMIT:" in out and "(513.112)" in out
    assert main(["fe", "limits", path, "--json", "--aux-limits", "513.113"]) == 3
    assert json.loads(capsys.readouterr().out)["broken"] >= 1
    pdf = tmp_path / "limits.pdf"
    assert main(["fe", "limits", _write(tmp_path, "ok.json", limits.EXAMPLE), "--pdf",
                 str(pdf)]) == 0
    assert pdf.stat().st_size > 0


def test_scenario_setup_income_and_tally(tmp_path, capsys):
    assert main(["fe", "scenario"]) == 0
    assert "609  Koval's Lightning" in capsys.readouterr().out
    db = str(tmp_path / "c.sfbcampaign")
    assert main(["fe", "scenario", "609", "--setup", "--store", db, "--json"]) == 0
    setup = json.loads(capsys.readouterr().out)["setup"]
    assert setup["races"]["Klingon"]["fleets"][0]["fleet"] == "Eastern Fleet"
    with CampaignStore.open(db) as store:
        assert store.get(persist.SCENARIO, "609")["title"] == "Koval's Lightning"
        assert sorted(store.all(persist.FOLIO)) == ["Federation:7", "Klingon:7"]
    assert main(["fe", "scenario", "609", "--income", "Federation", "7", "40"]) == 0
    assert '"income": 97.5' in capsys.readouterr().out
    tally = _write(tmp_path, "t.json", {"fed_starbases_destroyed": 3})
    assert main(["fe", "scenario", "609", "--tally", tally, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["tally"]["level"] == "Klingon Tactical Victory"


def test_sit_and_tug(capsys):
    assert main(["fe", "sit", "D5A"]) == 0
    assert "KLI-D5A (SFB ref R3.24)" in capsys.readouterr().out
    assert main(["fe", "tug", "Federation", "LTT", "VAP"]) == 0
    assert capsys.readouterr().out.startswith("overloaded")
    assert main(["fe", "tug", "Gorn", "TG", "HBP", "LBP"]) == 3


def test_bad_input_gives_one_line_and_no_traceback(tmp_path, capsys):
    assert main(["fe", "round", str(tmp_path / "none.json")]) == 1
    assert "cannot be read (No such file" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{ nope")
    assert main(["fe", "folio", str(bad)]) == 1
    assert "is not valid JSON (line 1" in capsys.readouterr().err
    assert main(["fe", "limits", _write(tmp_path, "r.json", {"race": "Vulcan"})]) == 1
    assert "unknown race 'Vulcan'" in capsys.readouterr().err
    notdb = tmp_path / "x.sfbcampaign"
    notdb.write_text("hello")
    assert main(["fe", "round", _write(tmp_path, "ok.json", ROUND), "--store",
                 str(notdb)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("sfb-desk-cli fe round:") and "Traceback" not in err
    assert main(["fe", "scenario", "614", "--setup"]) == 1
    assert "historical orders of battle" in capsys.readouterr().err


def test_convoy_raid_443_24(capsys):
    assert main(["fe", "raid", "--escorts", "2", "--die", "5", "--lost-before", "3"]) == 0
    assert capsys.readouterr().out.startswith("die 5 - 2 escorts = 3 EP lost; next delivery 4 EP")
    assert main(["fe", "raid", "--seed", "4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["dice_log"][0]["source"] == "seeded"
    assert main(["fe", "raid", "--die", "7"]) == 1
    assert "1-6" in capsys.readouterr().err
    assert main(["fe", "raid"]) == 1


def test_round_goes_on_from_the_store_with_typed_dice(tmp_path, capsys):
    data = copy.deepcopy(ROUND)
    del data["dice"]["4B.defender"]
    db = str(tmp_path / "c.sfbcampaign")
    assert main(["fe", "round", _write(tmp_path, "r.json", data), "--store", db,
                 "--name", "T7"]) == 0
    out = capsys.readouterr().out
    assert "stopped at 4B" in out and "next: --dice 4B.defender=..." in out
    assert main(["fe", "round", "--store", db, "--name", "T7", "--dice", "4B.defender=3",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["summary"]["damage"]["defender"] == 12
    with CampaignStore.open(db) as store:
        assert store.get(persist.ROUND, "T7")["input"]["dice"]["4B.defender"] == [3]
        assert len(store.dice_log()) == 6  # each die logged once over the two saves
    assert main(["fe", "round", "--store", db, "--name", "T7", "--dice", "4B"]) == 1
    assert "KEY=D" in capsys.readouterr().err
    assert main(["fe", "round", "--store", db, "--name", "nope"]) == 1
    assert "no F&E combat round 'nope'" in capsys.readouterr().err


def test_input_of_the_wrong_shape_is_named(tmp_path, capsys):
    for command, data in (("limits", {"race": "Klingon", "builds": 5}),
                          ("folio", {"race": "Klingon", "grids": {"main": 3}}),
                          ("round", {"3X1": {"attacker": 4, "defender": 4}, "4A2": 7})):
        code = main(["fe", command, _write(tmp_path, f"{command}.json", data)])
        err = capsys.readouterr().err
        assert code == 1 and "not in the expected form" in err and "Traceback" not in err
