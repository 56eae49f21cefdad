"""``sfb-desk-cli campaign``: new, status, step, battle (robots), result, report, undo."""

from __future__ import annotations

import json

from sfb_desk.cli import main


def _json(capsys) -> dict:  # noqa: ANN001
    return json.loads(capsys.readouterr().out)


def test_a_campaign_from_the_command_line(tmp_path, capsys, qapp):
    path = tmp_path / "war.sfbcampaign"
    assert main(["campaign", "new", str(path), "--example", "border-war", "--json"]) == 0
    assert _json(capsys)["when"] == "Turn 1, Spring Y168"
    assert main(["campaign", "step", str(path), "--to", "combat", "--json"]) == 0
    doc = _json(capsys)
    assert doc["step"] == 7 and any("FED collects 75 EP" in n for n in doc["notes"])
    assert main(["campaign", "battle", str(path), "clash", "--template", "G3", "--side",
                 "Federation=enterprise", "--side", "Klingon=kahless", "--turns", "3",
                 "--write", str(tmp_path / "clash.toml"), "--robots", "--seed", "4", "--json"]) == 0
    notes = _json(capsys)["notes"]
    assert notes[0] == "queued clash: PRACTICE-CAMPAIGN-CLASH" and "robots fought" in notes[2]
    assert 'id = "PRACTICE-CAMPAIGN-CLASH"' in (tmp_path / "clash.toml").read_text()
    assert main(["campaign", "status", str(path), "--json"]) == 0
    status = _json(capsys)
    assert status["battles"][0]["status"] == "imported"
    assert {s["id"] for s in status["fleet"]} >= {"enterprise", "kahless"}
    assert main(["campaign", "status", str(path)]) == 0
    assert "Fleet" in capsys.readouterr().out
    out = tmp_path / "forms.pdf"
    assert main(["campaign", "report", str(path), "--pdf", str(out)]) == 0
    assert out.read_bytes()[:4] == b"%PDF" and "page(s)" in capsys.readouterr().out
    assert main(["campaign", "undo", str(path)]) == 0
    assert capsys.readouterr().out.startswith("Undo: Result of battle clash imported")


def test_result_import_from_a_file_and_bad_input(tmp_path, capsys):
    path = tmp_path / "war.sfbcampaign"
    main(["campaign", "new", str(path), "--name", "Two races", "--race", "FED:Federation:318",
          "--race", "KLI:Klingon:403"])
    capsys.readouterr()
    assert main(["campaign", "status", str(path), "--json"]) == 0
    assert _json(capsys)["races"]["KLI"]["total"] == "403"
    bad = tmp_path / "result.json"
    bad.write_text('{"format": "something else"}')
    assert main(["campaign", "result", str(path), "x", str(bad)]) == 1
    assert "no battle 'x'" in capsys.readouterr().err
    assert main(["campaign", "new", str(tmp_path / "b.db"), "--race", "FED:Fed"]) == 1
    assert "CODE:NAME:EP" in capsys.readouterr().err
    assert main(["campaign", "step", str(path), "--dice", "x"]) == 1
    assert "whole numbers" in capsys.readouterr().err
    (tmp_path / "notes.txt").write_text("not a campaign")
    assert main(["campaign", "status", str(tmp_path / "notes.txt")]) == 1
    assert "not a campaign store" in capsys.readouterr().err
    assert main(["campaign", "report", str(path), "--pdf", str(tmp_path / "x.pdf"), "--form", "menu"]) == 1
    assert "--form is economic" in capsys.readouterr().err


def test_campaign_forms_lay_out_inside_the_page_without_overlap(tmp_path, qapp):
    from sfb_desk.campaign import examples, report
    from sfb_desk.printing.campaign_forms import sheets_for

    with examples.border_war(tmp_path / "w.sfbcampaign") as campaign:
        doc = report.summary(campaign)
    sheets = sheets_for(doc)
    assert [s.title for s in sheets] == ["Economic form: Federation", "Economic form: Klingon",
                                         "Build and repair orders", "Fleet roster"]
    for sheet in sheets:
        form = sheet.layout(720, 540, "page 1 of 4")
        leaves = form.leaves()
        assert all(i.rect.inside(form.bounds) for i in leaves)
        assert not any(a.rect.overlaps(b.rect) for n, a in enumerate(leaves) for b in leaves[n + 1:])
    assert "Enterprise" not in " ".join(sheets[-1].layout(720, 540).texts())  # ids, not names
    assert "enterprise" in " ".join(sheets[-1].layout(720, 540).texts())


def test_orders_and_supply_from_the_command_line(tmp_path, capsys):
    path = tmp_path / "war.sfbcampaign"
    main(["campaign", "new", str(path), "--example", "border-war"])
    capsys.readouterr()
    assert main(["campaign", "order", str(path), "build", "FED", "FED-DD", "fed-dock",
                 "--name", "Decatur", "--json"]) == 0
    doc = _json(capsys)
    assert doc["order"] == "build-001" and doc["ship"] == "FED-DD" and doc["turns"] >= 1
    assert main(["campaign", "order", str(path), "build", "FED", "FED-FF", "fed-dock"]) == 1
    assert "one ship at a time" in capsys.readouterr().err
    assert main(["campaign", "order", str(path), "repair", "hood", "fed-dock"]) == 1
    assert "hood has no permanent damage to repair (H3)" in capsys.readouterr().err
    assert main(["campaign", "order", str(path), "cancel", "build-001"]) == 0
    assert "cancelled build-001" in capsys.readouterr().out
    assert main(["campaign", "order", str(path), "repair", "hood"]) == 1
    assert "takes 2 arguments" in capsys.readouterr().err
    assert main(["campaign", "supply", str(path), "kahless", "out"]) == 0
    assert capsys.readouterr().out == "kahless: out of supply\n"
    assert main(["campaign", "status", str(path), "--json"]) == 0
    fleet = {s["id"]: s for s in _json(capsys)["fleet"]}
    assert not fleet["kahless"]["in_supply"] and fleet["kahless"]["strategic_speed"] == 2


def test_the_lone_gray_wolf_from_the_command_line(tmp_path, capsys):
    path = tmp_path / "t3.sfbcampaign"
    assert main(["campaign", "new", str(path), "--example", "t3", "--seed", "2"]) == 0
    capsys.readouterr()
    assert main(["campaign", "step", str(path), "--dice", "2,4", "--json"]) == 0
    assert "battle t3-s1 queued" in _json(capsys)["notes"][0]  # group 2, the BC Comet
    assert main(["campaign", "step", str(path)]) == 1
    assert "fight battle t3-s1" in capsys.readouterr().err
    assert main(["campaign", "battle", str(path), "t3-s1", "--robots", "--seed", "1"]) == 0
    capsys.readouterr()
    assert main(["campaign", "step", str(path), "--json"]) == 0  # the interlude (T3.41)
    assert any(n.startswith("kang:") for n in _json(capsys)["notes"])
    assert main(["campaign", "status", str(path), "--json"]) == 0
    assert _json(capsys)["step"]["title"] == "scenario 2 next"


def test_robots_fight_a_battle_with_two_ships_on_a_side(tmp_path, capsys):
    """A side firing from both its ships rolls one volley of to-hit dice: its robot rolls them
    (a battle of two Federation cruisers against a Klingon one once stopped there)."""
    path = tmp_path / "bw.sfbcampaign"
    assert main(["campaign", "new", str(path), "--example", "border-war"]) == 0
    assert main(["campaign", "step", str(path), "--to", "combat"]) == 0
    capsys.readouterr()
    assert main(["campaign", "battle", str(path), "b1", "--template", "G3", "--side",
                 "Federation=enterprise,hood", "--side", "Klingon=kahless", "--robots",
                 "--seed", "4", "--json"]) == 0
    notes = _json(capsys)["notes"]
    assert notes[1].startswith("robots fought") and any(n.startswith("hood:") for n in notes)
    assert main(["campaign", "status", str(path), "--json"]) == 0
    assert _json(capsys)["battles"][0]["status"] == "imported"
