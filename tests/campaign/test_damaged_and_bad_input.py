"""A damaged campaign file and bad command-line input are refused with a message naming the
record and field (or the steps, dice and sides expected), never a traceback."""

from __future__ import annotations

import sqlite3

import pytest

from sfb_desk.campaign import examples, records
from sfb_desk.campaign.ledger import PACKS, Campaign, LedgerError
from sfb_desk.cli import main


def _damage(path, kind: str, key: str, value: str) -> None:  # noqa: ANN001
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE records SET value = ? WHERE kind = ? AND key = ?", (value, kind, key))
    conn.close()


@pytest.fixture
def war(tmp_path):
    path = tmp_path / "war.sfbcampaign"
    examples.border_war(path, seed=1).close()
    return path


def test_a_damaged_campaign_record_is_refused_naming_record_and_field(war, capsys):
    _damage(war, "campaign", "meta", '{"bogus": 1}')
    assert main(["campaign", "status", str(war)]) == 1
    err = capsys.readouterr().err
    assert "campaign/meta is damaged" in err and "'name'" in err and "Traceback" not in err
    with pytest.raises(LedgerError, match="campaign/meta"):
        Campaign.open(war)


@pytest.mark.parametrize(("kind", "key", "value", "field"), [
    ("unit", "enterprise", '{"id": "enterprise", "race": "FED"}', "'ship'"),
    ("unit", "enterprise", '{"id": "enterprise", "ship": "FED-CA", "race": "FED", "current": 3}',
     "'current'"),
    ("unit", "enterprise", '[1, 2]', "table of fields"),
    ("race", "FED", '{"team": "x"}', "'name'"),
    ("ep", "000001", '{"race": "FED", "grid": "main", "amount": "lots", "what": "x", '
                     '"rule": "x", "turn": 1}', "'amount'"),
    ("campaign", "meta", "not json", "not JSON"),
])
def test_other_damaged_records_are_named_when_read(war, capsys, kind, key, value, field):
    _damage(war, kind, key, value)
    assert main(["campaign", "status", str(war)]) == 1
    err = capsys.readouterr().err
    assert f"{kind}/{key}" in err and field in err and "Traceback" not in err


def test_the_record_shapes_know_every_rule_pack():
    assert set(records.PACK_NAMES) == set(PACKS)
    assert records.problem("fe_folio", "x", [1]) is None  # other kinds are not the ledger's


def test_step_to_an_unknown_step_lists_the_steps(war, capsys):
    assert main(["campaign", "step", str(war), "--to", "nonsense"]) == 1
    err = capsys.readouterr().err
    assert "nonsense" in err and "collect" in err and "reveal" in err and "Traceback" not in err


def test_one_ship_fights_on_one_side_only(war, capsys):
    assert main(["campaign", "step", str(war), "--to", "combat"]) == 0
    capsys.readouterr()
    assert main(["campaign", "battle", str(war), "b9", "--template", "G3", "--side",
                 "Federation=enterprise", "--side", "Klingon=enterprise"]) == 1
    err = capsys.readouterr().err
    assert "enterprise" in err and "one side" in err
    with Campaign.open(war) as campaign:
        assert campaign.store.get("battle", "b9") is None


def test_a_ship_fights_only_for_its_own_race(war, capsys):
    assert main(["campaign", "step", str(war), "--to", "combat"]) == 0
    capsys.readouterr()
    assert main(["campaign", "battle", str(war), "b9", "--template", "G3", "--side",
                 "Federation=kahless", "--side", "Klingon=enterprise"]) == 1
    err = capsys.readouterr().err
    assert "kahless" in err and "KLI" in err


def test_typed_dice_must_be_exactly_those_the_step_rolls(tmp_path, capsys):
    path = tmp_path / "t3c.sfbcampaign"
    assert main(["campaign", "new", str(path), "--example", "t3"]) == 0
    capsys.readouterr()
    journal = len(Campaign.open(path).store.journal())
    assert main(["campaign", "step", str(path), "--dice", "3,5,6,2,2,2"]) == 1
    err = capsys.readouterr().err
    assert "6 dice were typed in: type exactly 2" in err and "(T3.31): 1" in err
    with Campaign.open(path) as campaign:
        assert len(campaign.store.journal()) == journal  # the step was not done
    assert main(["campaign", "step", str(path), "--dice", "3"]) == 1
    assert "1 die needed, 0 left of the typed dice (1 used before it)" in capsys.readouterr().err
    assert main(["campaign", "step", str(path), "--dice", "3,5"]) == 0
    with Campaign.open(path) as campaign:
        assert [d.dice for d in campaign.store.dice_log()][-2:] == [[3], [5]]


def test_typed_dice_left_over_after_the_steps_up_to_the_target_are_refused(war, capsys):
    assert main(["campaign", "step", str(war), "--to", "combat", "--dice", "4"]) == 1
    err = capsys.readouterr().err
    assert "rolls no dice, but 1 die was typed in: type exactly 0" in err
    assert "the steps before it are done" in err
