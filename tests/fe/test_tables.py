"""The Combined Operations tables against the rulebook's printed rows.

The rows below are copied by hand from F&E Combined Operations (the rulebook text
../shared/seeds/001_7a89801e97a750d4.txt, line numbers given) and parsed here, independently of
the data in sfb_desk/fe/tables.py.
"""

from __future__ import annotations

import pytest

from sfb_desk.fe import tables

# (311.1) L211-222
ADVANCED_ROWS = """\
BIR=0	10%	12.5%	15%	17.5%	20%	22.5%
1	12.5%	15%	17.5%	20%	22.5%	25%
2	15%	17.5%	20%	22.5%	25%	27.5%
3	17.5%	20%	22.5%	25%	27.5%	30%
4	20%	22.5%	25%	27.5%	30%	32.5%
5	22.5%	25%	27.5%	30%	32.5%	35%
6	25%	27.5%	30%	32.5%	35%	37.5%
7	27.5%	30%	32.5%	35%	37.5%	40%
8	30%	32.5%	35%	37.5%	40%	42.5%
9	32.5%	35%	37.5%	40%	42.5%	45%
10	35%	37.5%	40%	42.5%	45%	50%"""

# Map sheet Combat Coefficient Table, L4227-4239
STANDARD_ROWS = """\
BIR = 0	10%	10%	15%	15%	20%	20%
BIR = 1	10%	15%	15%	20%	20%	25%
BIR = 2	15%	15%	20%	20%	25%	25%
BIR = 3	15%	20%	20%	25%	25%	30%
BIR = 4	20%	20%	25%	25%	30%	30%
BIR = 5	20%	25%	25%	30%	30%	35%
BIR = 6	25%	25%	30%	30%	35%	35%
BIR = 7	25%	30%	30%	35%	35%	40%
BIR = 8	30%	30%	35%	35%	40%	40%
BIR = 9	30%	35%	35%	40%	40%	45%
BIR = 10	35%	35%	40%	40%	45%	50%"""

# (312.22) Stasis Success Table, L399-425
STASIS_ROWS = """\
D5A-1	1	2-3	4-5	6	7+
D5A-2	1	2	3-4	5	6+
D5A-3	—	1	2-3	4	5+
D7A-1	1-2	3-4	5	6	7+
D7A-2	1	2-3	4-5	6	7+
D7A-3	1	2-3	4	5	6+
C7A-1	1-2	3-4	5	6	7+
C7A-2	1-2	3	4-5	6	7+
C7A-3	1	2-3	4	5	6+
C9A-1	1-3	4	5	6	7+
C9A-2	1-2	3-4	5	6	7+
C9A-3	1	2-3	4	5-6	7+
B10A-1	1-3	4-5	6	7	8+
B10A-2	1-3	4	5	6	7+
B10A-3	1-2	3-4	5	6	7+
B10A-4	1-2	3	4-5	6	7+
B10A-5	1	2-3	4-5	6	7+
B10A-6	1	2	3-4	5	6+
SBA-1	1	2-3	4-5	6+	—
SBA-2	1	2	3-4	5+	—
SBA-3	1	2	3	4+	—
SBA-4	—	1-2	3	4+	—
SBA-5	—	1	2-3	4+	—
SBA-6	—	1	2	3+	—"""


def _percent_rows(text: str) -> list[list[float]]:
    return [[float(c.rstrip("%")) for c in line.split("\t")[1:]] for line in text.splitlines()]


def test_advanced_table_is_the_printed_table():
    assert [list(r) for r in tables.ADVANCED_TABLE] == _percent_rows(ADVANCED_ROWS)


def test_standard_table_is_the_map_sheet_table():
    assert [list(r) for r in tables.STANDARD_TABLE] == _percent_rows(STANDARD_ROWS)


def _cell_covers(cell: str, die: int) -> bool:
    if cell == "—":
        return False
    if cell.endswith("+"):
        return die >= int(cell[:-1])
    low, _, high = cell.partition("-")
    return int(low) <= die <= int(high or low)


@pytest.mark.parametrize("line", STASIS_ROWS.splitlines())
def test_stasis_row_matches_for_every_die(line):
    label, *cells = line.split("\t")
    unit, attempt = label.rsplit("-", 1)
    for die in range(1, 10):
        printed = [name for name, cell in zip(tables.STASIS_RESULTS, cells, strict=True)
                   if _cell_covers(cell, die)]
        assert printed, (label, die)
        assert tables.stasis_result(unit, int(attempt), die) == printed[0], (label, die)


def test_stasis_lines_of_the_c5a_and_c10a_are_the_c9a_lines():
    for attempt in (1, 2, 3):
        for die in range(1, 8):
            assert (tables.stasis_result("C5A", attempt, die)
                    == tables.stasis_result("C10A", attempt, die)
                    == tables.stasis_result("C9A", attempt, die))


def test_worked_312_222_a_d7a_third_attempt_six_is_total_disaster():
    # (312.222): a D7A's first attempt on D7A-1 where 1-2 freezes the target; its third on
    # D7A-3 where a 6 is a Total Disaster; a B10A's sixth attempt on B10A-6, 6 = disaster.
    assert tables.stasis_result("D7A", 1, 1) == tables.stasis_result("D7A", 1, 2) == tables.TARGET
    assert tables.stasis_result("D7A", 3, 6) == tables.DISASTER
    assert tables.stasis_result("B10A", 6, 6) == tables.DISASTER


def test_attempt_limits():
    assert tables.max_attempts("D7A") == 3
    assert tables.max_attempts("B10A", 2) == 6
    with pytest.raises(ValueError, match="312.32"):
        tables.max_attempts("D7A", 2)
    with pytest.raises(ValueError, match="312.22"):
        tables.stasis_result("D7A", 4, 1)
    with pytest.raises(ValueError, match="not an SFG unit"):
        tables.stasis_family("D7")


@pytest.mark.parametrize(("newpt", "one_side", "shift"), [
    (0, False, 0), (1, False, 0), (1, True, -1), (2, False, -1), (4, False, -1),
    (5, False, -2), (9, True, -2)])
def test_ew_shift_313_21_and_313_22(newpt, one_side, shift):
    assert tables.ew_shift(newpt, one_side) == shift


# (313.33) L604-627 and (444.14) L709-719
@pytest.mark.parametrize(("kind", "race", "row"), [
    ("SB", "Hydran", [36, 30, 24, 18, 12, 6]),
    ("SB", "Kzinti", [36, 30, 24, 18, 18, 18]),
    ("SB", "Federation", [36, 30, 24, 18, 12, 12]),
    ("SB", "Klingon", [36, 30, 24, 18, 12, 12]),
    ("SB crippled", "Gorn", [18, 12, 6]),
    ("SB crippled", "Kzinti", [18, 12, 9]),
    ("BATS", "Lyran", [12, 9, 6, 3]),
    ("BATS", "Fed", [12, 9, 6, 6]),
    ("BATS crippled", "Romulan", [6, 3]),
    ("BATS crippled", "Kzinti", [6, 4]),
    ("BS", "Tholian", [10, 5]),
    ("BS", "Klingon", [10, 10]),
    ("BS crippled", "Gorn", [5]),
])
def test_base_ew_against_attack(kind, race, row):
    assert [tables.base_attack(kind, race, ew) for ew in range(1, len(row) + 1)] == row
    with pytest.raises(ValueError, match="EW"):
        tables.base_attack(kind, race, len(row) + 1)


def test_saf_table_520_42():
    # L1203-1207: 0-2 no effect / 2 SIDS, 3-4 1 / 3, 5-6 2 / 4
    assert [tables.saf_result(d, True) for d in range(7)] == [0, 0, 0, 1, 1, 2, 2]
    assert [tables.saf_result(d, False) for d in range(7)] == [2, 2, 2, 3, 3, 4, 4]


def test_ground_attack_table_521_34():
    lost = [r for r in range(2, 13) if tables.GROUND_TABLE[r].attacker_lost]
    casualty = [r for r in range(2, 13) if tables.GROUND_TABLE[r].defender_casualty]
    assert lost == [2, 3, 4, 5, 8]
    assert casualty == [8, 9, 10, 11, 12]
    assert [r for r in range(2, 13) if tables.GROUND_TABLE[r].supporter_lost] == [2, 3]
    assert [r for r in range(2, 13) if tables.GROUND_TABLE[r].roll_again] == [12]


def test_prime_team_fates_522_4():
    assert [tables.prime_team_fate("marine", r) for r in (9, 10, 11, 12)] == [
        "unharmed", "wounded", "wounded", "killed"]
    assert [tables.prime_team_fate("capture", r) for r in (8, 9, 10, 11, 12)] == [
        "unharmed", "wounded", "wounded", "killed", "killed"]
    assert [tables.prime_team_fate("survey", r) for r in (10, 11, 12)] == [
        "unharmed", "wounded", "killed"]
