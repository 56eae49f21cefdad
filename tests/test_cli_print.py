"""``sfb-desk-cli print ssd`` / ``print ea``: forms to PDF, blank or from a saved game."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from printing.pdf_text import read_pdf  # tests/printing/pdf_text.py (tests/ is on sys.path)
from sfb_desk.cli import main
from sfb_desk.commands.print_forms import resolve
from sfb_desk.data.library import load_library
from sfb_desk.data.saves import save_game
from sfb_desk.engine.session import Session
from sfb_desk.rules.game_state import GameState
from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.units import new_ship, profile_from_spec

ENT_DAMAGE = frozenset({"phaser#1", "left_warp#1", "left_warp#2", "shield1#1", "no_such#1"})


@pytest.fixture(scope="module")
def library():
    return load_library()


@pytest.fixture
def save(tmp_path, library):
    ca, d7 = library.get("FED-CA"), library.get("KLI-D7")
    ent = new_ship("ENT", "fed", profile_from_spec(ca), hex=hex_from_label("1010"), facing=1,
                   speed=8, name="Enterprise", spec_id="FED-CA").with_(destroyed=ENT_DAMAGE)
    krt = new_ship("KRT", "kli", profile_from_spec(d7), hex=hex_from_label("1410"), facing=4,
                   speed=8, spec_id="KLI-D7")
    krt2 = new_ship("KRU", "kli", profile_from_spec(d7), hex=hex_from_label("1510"), facing=4,
                    speed=8, spec_id="KLI-D7")
    session = Session(GameState(units=(ent, krt, krt2), dice_seed=3, last_turn=1))
    return save_game(tmp_path / "duel.sfbsave", session)


def test_print_ssd_several_ships(qapp, tmp_path, capsys, library):
    out = tmp_path / "ssd.pdf"
    assert main(["print", "ssd", "fed-ca", "KLI-D7", "KLI-C8", "-o", str(out)]) == 0
    assert "3 SSD pages" in capsys.readouterr().out
    doc = read_pdf(out)
    assert len(doc.pages) == 3
    for page, ship_id in zip(doc.pages, ("FED-CA", "KLI-D7", "KLI-C8"), strict=True):
        spec = library.get(ship_id)
        assert page.size in ((612.0, 792.0), (792.0, 612.0))
        assert spec.name in page.text and spec.id in page.text
        assert str(spec.bpv_combat) in page.text and "blank" in page.text


def test_print_ssd_a4_landscape(qapp, tmp_path):
    out = tmp_path / "a4.pdf"
    assert main(["print", "ssd", "FED-DN", "-o", str(out), "--page", "a4",
                 "--orientation", "landscape"]) == 0
    (page,) = read_pdf(out).pages
    assert page.size == pytest.approx((841.9, 595.3), abs=0.5)


def test_print_ssd_unknown_ship(qapp, tmp_path, capsys):
    assert main(["print", "ssd", "FED-CAX", "-o", str(tmp_path / "x.pdf")]) == 1
    err = capsys.readouterr().err
    assert "no ship class 'FED-CAX'" in err and "FED-CA" in err
    assert not (tmp_path / "x.pdf").exists()


def test_print_ssd_needs_an_id_without_a_game(qapp, tmp_path, capsys):
    assert main(["print", "ssd", "-o", str(tmp_path / "x.pdf")]) == 1
    assert "give at least one ship ID" in capsys.readouterr().err


def test_print_usage_errors(capsys, tmp_path):
    assert main(["print"]) == 2
    assert "choose a form" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["print", "ssd", "FED-CA", "-o", str(tmp_path / "x.pdf"), "--page", "legal"])
    assert exc.value.code == 2


def test_print_ssd_into_a_missing_folder(qapp, tmp_path, capsys):
    assert main(["print", "ssd", "FED-CA", "-o", str(tmp_path / "nope" / "x.pdf")]) == 1
    assert "does not exist" in capsys.readouterr().err


def test_print_ssd_from_a_save_marks_the_units_damage(qapp, tmp_path, save, library):
    out = tmp_path / "game.pdf"
    assert main(["print", "ssd", "ENT", "-o", str(out), "--game", str(save)]) == 0
    text = read_pdf(out).text
    assert "duel.sfbsave, turn 1: unit ENT Enterprise, 4 boxes destroyed" in text
    (target,) = resolve(library, ["ENT"], str(save))
    assert target.spec.id == "FED-CA" and target.unit.destroyed == ENT_DAMAGE


def test_print_ssd_from_a_save_without_ids_prints_every_ship(qapp, tmp_path, save):
    out = tmp_path / "all.pdf"
    assert main(["print", "ssd", "-o", str(out), "--game", str(save)]) == 0
    doc = read_pdf(out)
    assert len(doc.pages) == 3
    assert "unit KRT" in doc.pages[1].text and "no damage" in doc.pages[1].text


def test_print_ssd_from_a_save_class_id_must_be_one_unit(qapp, tmp_path, save, capsys,
                                                        library):
    assert main(["print", "ssd", "KLI-D7", "-o", str(tmp_path / "x.pdf"),
                 "--game", str(save)]) == 1
    assert "2 units are KLI-D7 (KRT, KRU); give a unit id" in capsys.readouterr().err
    (target,) = resolve(library, ["fed-ca"], str(save))
    assert target.unit.id == "ENT"
    assert main(["print", "ssd", "XYZ", "-o", str(tmp_path / "x.pdf"), "--game",
                 str(save)]) == 1
    assert "units: ENT (FED-CA), KRT (KLI-D7), KRU (KLI-D7)" in capsys.readouterr().err


def test_print_ssd_from_a_bad_save(qapp, tmp_path, capsys):
    bad = tmp_path / "bad.sfbsave"
    bad.write_text("{not json")
    assert main(["print", "ssd", "FED-CA", "-o", str(tmp_path / "x.pdf"),
                 "--game", str(bad)]) == 1
    assert "bad.sfbsave" in capsys.readouterr().err


def test_cli_process_creates_its_own_offscreen_app(tmp_path):
    """As a separate process: no QGuiApplication exists, none of sfb_desk.ui is imported."""
    out = tmp_path / "p.pdf"
    code = ("import sys; from sfb_desk.cli import main; rc = main(sys.argv[1:]); "
            "assert not any(m.startswith('sfb_desk.ui') for m in sys.modules), 'ui imported'; "
            "sys.exit(rc)")
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    result = subprocess.run([sys.executable, "-c", code, "print", "ssd", "KLI-D7", "-o",
                             str(out)], capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr
    assert read_pdf(out).pages[0].text.count("Klingon Battlecruiser (D7)") == 1


def test_print_ea_blank(qapp, tmp_path, capsys):
    out = tmp_path / "ea.pdf"
    assert main(["print", "ea", "KLI-C8", "-o", str(out), "--turns", "6"]) == 0
    assert "EA form of KLI-C8 for 6 turns" in capsys.readouterr().out
    (page,) = read_pdf(out).pages
    assert "Energy Allocation \u2014 Klingon Dreadnought (C8)" in page.texts
    assert page.texts.count("Turn ____") == 6
    assert "Disruptor bolt F (E3.2)" in page.texts


def test_print_ea_from_a_full_rules_save(qapp, tmp_path, library):
    """A ship with a record: the allocation accepted on turn 1, with energy and totals."""
    from sfb_desk.engine.records import Combat, ShipRecord
    from sfb_desk.rules.combat.shields import ShieldState
    from sfb_desk.rules.energy import initial_state

    d7 = library.get("KLI-D7")
    krt = new_ship("KRT", "kli", profile_from_spec(d7), hex=hex_from_label("1410"), facing=4,
                   speed=8, spec_id="KLI-D7").with_(destroyed=frozenset({"left_warp#1"}))
    record = ShipRecord("KRT", "KLI-D7", ShieldState.for_ship(d7),
                        initial_state(d7, prev_plot=((1, 8),)))
    session = Session(GameState(units=(krt,), dice_seed=1), Combat((record,)), {"KLI-D7": d7})
    accepted = session.answer({"speed_plot": [[1, 10]], "hets": 1, "weapons": [
        {"box": "disruptor#A", "action": "arm", "overload": True}]}, "test")
    assert not hasattr(accepted, "rule"), accepted
    path = save_game(tmp_path / "full.sfbsave", session)
    out = tmp_path / "ea.pdf"
    assert main(["print", "ea", "KRT", "-o", str(out), "--game", str(path), "--turns", "2",
                 "--page", "a4"]) == 0
    (page,) = read_pdf(out).pages
    assert page.size == pytest.approx((595.3, 841.9), abs=0.5)
    assert ["Turn 1", "Turn 2"] == [t for t in page.texts if t.startswith("Turn ")]
    assert "arm OL \u00b7 4" in page.texts and "1 \u00b7 5" in page.texts  # HET costs 5
    assert "speed 10 \u00b7 10" in page.texts and "29/30" in page.texts
    assert any(t.startswith("Energy rules on turn 1:") for t in page.texts)
    assert "full.sfbsave, turn 1: unit KRT, 1 box destroyed" in page.text


def test_print_ea_from_a_movement_only_save(qapp, tmp_path, library):
    """No ship record: the unit's allocation record fills the entries."""
    from sfb_desk.engine.prompts import canonical

    d7 = library.get("KLI-D7")
    record = {"hets": 1, "em": True}
    krt = new_ship("KRT", "kli", profile_from_spec(d7), hex=hex_from_label("1410"), facing=4,
                   speed=8, spec_id="KLI-D7").with_(allocation=canonical(record))
    path = save_game(tmp_path / "move.sfbsave", Session(GameState(units=(krt,), dice_seed=1)))
    out = tmp_path / "ea.pdf"
    assert main(["print", "ea", "KRT", "-o", str(out), "--game", str(path)]) == 0
    (page,) = read_pdf(out).pages
    assert "Turn 1" in page.texts and "yes" in page.texts and "1" in page.texts


def test_print_ea_turns_out_of_range(qapp, tmp_path, capsys):
    assert main(["print", "ea", "FED-CA", "-o", str(tmp_path / "x.pdf"), "--turns", "9"]) == 2
    assert "--turns must be 1..8" in capsys.readouterr().err
