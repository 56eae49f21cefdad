"""Mine warfare (Advanced Missions M4-M9): the worked examples of M6.4, M7.24 and M8.6, and
the rules each function cites."""

from __future__ import annotations

import pytest

from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.systems.mines import (
    YIELD,
    DetectionAttempt,
    Mine,
    Minefield,
    arming_done,
    automatic_detection,
    candidates_on_entry,
    damage_to_mine,
    detect_individual,
    detection_attempt_problems,
    explosion_damage,
    explosive_triggers,
    laying_problems,
    lock_on_rating,
    mine_cost,
    minefield_announcement,
    mss_sweep,
    package_problems,
    phaser_sweep_problems,
    zone_triggers,
)
from sfb_desk.rules.systems.mines.records import MineError

H = hex_from_label

# M7.24 (Advanced Missions L6502-6507): letter, hex, detection number.
M724 = """A-0719-1 G-0922-1 N-1212-1 U-0504-1 B-0814-2 H-1111-2 P-0820-2 V-1206-2
C-0517-3 J-0812-3 Q-0606-3 W-0710-3 D-1011-4 K-1010-4 R-0704-4 X-0916-4
E-0616-5 L-0305-5 S-1004-5 Y-0314-5 F-0912-6 M-0411-6 T-1117-6 Z-1105-6"""


def m724_field() -> Minefield:
    mines = []
    for entry in M724.split():
        letter, label, number = entry.split("-")
        mines.append(Mine(letter, "MFC", H(label), "large", detection=int(number)))
    return Minefield(tuple(mines))


@pytest.mark.parametrize(
    ("ship_hex", "roll", "revealed"),
    [("1510", 4, "DK"), ("1406", 5, "S"), ("1208", 3, "JQW")],
)
def test_m7_24_worked_example_of_detecting_mines(ship_hex, roll, revealed):
    found = detect_individual(H(ship_hex), "ship", roll, m724_field().mines, side="Sweeper")
    assert "".join(sorted(m.id for m in found)) == revealed


def test_m7_24_the_mines_left_out_are_beyond_six_hexes():
    field = m724_field()
    for ship_hex, letters in (("1510", "RX"), ("1406", "ELY")):
        for letter in letters:
            assert field.get(letter).hex.col  # exists
            from sfb_desk.rules.hexes import hex_range

            assert hex_range(field.get(letter).hex, H(ship_hex)) > 6


def test_m7_32_a_minesweeper_sees_ten_hexes_a_shuttle_nothing():
    field = m724_field()
    sweeper = {m.id for m in detect_individual(H("1510"), "minesweeper", 4, field.mines, "S")}
    assert {"D", "K", "R", "X"} <= sweeper
    assert detect_individual(H("1010"), "shuttle", 4, field.mines, "S") == ()


def test_owner_sees_all_enemy_only_located_mines_by_size_and_hex():
    field = m724_field()
    assert len(field.view_for("MFC")) == 24
    assert field.view_for("Sweeper") == ()
    found = detect_individual(H("1510"), "ship", 4, field.mines, "Sweeper")
    field = field.reveal([m.id for m in found], "Sweeper")
    seen = field.view_for("Sweeper")
    assert [(v.id, v.hex.label, v.size, v.type, v.detection) for v in seen] == [
        ("D", "1011", "large", "unknown", None), ("K", "1010", "large", "unknown", None),
    ]  # fmt: skip
    assert len(field.view_for("MFC")) == 24


# M6.4 (L6442-6478): the sample deployment of a standard package.
LARGE_EXPLOSIVE = "2301 2203 2306 2108 2309 1911 2112 2313 2214 2317 2119 2321 2324 2226 2329"
SMALL_EXPLOSIVE = """1901 1903 1905 1907 1910 1914 1917 1920 1923 1924 1927 1929 2003 2006 2012
2014 2016 2018 2021 2025 2102 2105 2107 2109 2110 2122 2123 2129 2201 2211 2215 2220 2224
2229 2304 2307 2311 2315 2319 2327"""
AUTO_CAPTORS = "2406 2412 2418 2424"
SENSORS = "1606 1612 1618 1624"
SENSOR_SMALL_CAPTORS = {"2006": ("1606", "1612"), "2015": ("1612", "1618"),
                        "2024": ("1618", "1624")}  # fmt: skip
SENSOR_LARGE_CAPTORS = {"2806": ("1606", "1612"), "2815": ("1618", "1612"),
                        "2824": ("1624", "1618")}  # fmt: skip


def m64_mines() -> list[Mine]:
    mines = [Mine(f"LE{h}", "MFC", H(h), "large", target_sizes=frozenset(range(1, 5)))
             for h in LARGE_EXPLOSIVE.split()]
    mines += [Mine(f"SE{h}", "MFC", H(h), "small", target_sizes=frozenset({5, 6}))
              for h in SMALL_EXPLOSIVE.split()]
    mines += [Mine.loaded(id=f"AC{h}", owner="MFC", hex=H(h), size="small", type="captor",
                          captor="D", detection_range=6, target_sizes=frozenset({6}))
              for h in AUTO_CAPTORS.split()]
    mines += [Mine(f"S{h}", "MFC", H(h), "small", type="sensor", detection_range=6)
              for h in SENSORS.split()]
    for prefix, size, table in (("SC", "small", SENSOR_SMALL_CAPTORS),
                                ("LC", "large", SENSOR_LARGE_CAPTORS)):
        for h, sensors in table.items():
            mines.append(Mine.loaded(id=f"{prefix}{h}", owner="MFC", hex=H(h), size=size,
                                     type="captor", captor="A", detection_range=6,
                                     controlled_by=tuple(f"S{s}" for s in sensors)))
    return mines


def test_m6_4_sample_deployment_is_a_standard_minefield():
    mines = m64_mines()
    assert len(mines) == 69  # 15 + 40 + 3 + 7 + 4 (M6.2)
    assert package_problems(mines, (19, 23)) == []
    field = Minefield()
    for mine in mines:  # hex 2006 holds a small explosive and a sensor-controlled captor
        field = field.place(mine)
    assert {m.id for m in field.at(H("2006"))} == {"SE2006", "SC2006"}


def test_m6_2_a_package_with_a_mine_missing_or_misplaced_is_refused():
    mines = m64_mines()
    assert package_problems(mines[1:], (19, 23)) == [
        "14 large explosive mines, not 15 (M6.2)"
    ]
    shifted = [m if m.id != "LE2301" else Mine("LE2301", "MFC", H("3001"), "large")
               for m in mines]
    assert package_problems(shifted, (19, 23)) == ["mine LE2301 in 3001 is outside the belt (M6.2)"]


def test_m6_31_costs_and_m4_41_captor_loads():
    assert mine_cost(Mine("a", "x", H("0101"), "small")) == 1
    assert mine_cost(Mine("b", "x", H("0101"), "large", control="chain")) == 4
    large_a = Mine.loaded(id="c", owner="x", hex=H("0101"), size="large", type="captor",
                          captor="A", detection_range=6)
    assert (large_a.shots, mine_cost(large_a)) == (6, 6)
    small_h = Mine.loaded(id="d", owner="x", hex=H("0101"), size="small", type="captor",
                          captor="H", detection_range=6)
    assert small_h.shots == 4
    with pytest.raises(MineError, match="M4.52"):
        Mine("e", "x", H("0101"), "large", type="sensor")
    with pytest.raises(MineError, match="M5.12"):
        Mine("f", "x", H("0101"), "large", detection_range=2)


def test_m5_24_two_command_mines_cannot_share_a_hex():
    field = Minefield().place(Mine("a", "x", H("1010"), "large", control="command"))
    with pytest.raises(MineError, match="M5.24"):
        field.place(Mine("b", "x", H("1010"), "large", control="chain"))


def test_m7_1_minefield_announcement_needs_six_automatic_mines_within_ten():
    mines = m64_mines()
    # from 1506 the sensor mine in 1606 is the nearest, one hex away (M7.12)
    assert minefield_announcement(H("1506"), "ship", mines, "Sweeper") == 1
    assert minefield_announcement(H("0801"), "ship", mines, "Sweeper") is None  # only sensors
    assert minefield_announcement(H("1306"), "pf", mines, "Sweeper") is None  # PFs: 5 hexes
    assert minefield_announcement(H("1906"), "shuttle", mines, "Sweeper") is None
    assert minefield_announcement(H("1906"), "ship", mines, "MFC") is None  # his own


def test_m7_21_m7_31_detection_attempt_limits():
    ok = dict(kind="ship", clock=40, last=DetectionAttempt(33), energy_available=1)
    assert detection_attempt_problems(speed=6, **ok) == ["only one attempt in any 8 "
                                                         "consecutive impulses (M7.21)"]
    assert detection_attempt_problems(speed=6, **{**ok, "kind": "minesweeper"}) == []
    assert "M7.31" in detection_attempt_problems(speed=7, **{**ok, "clock": 41})[0]


def test_m7_34_automatic_detection_inside_the_mines_range():
    mine = Mine.loaded(id="c", owner="MFC", hex=H("1010"), size="small", type="captor",
                       captor="D", detection_range=6)
    assert automatic_detection(mine, H("1510"), 4, 6, side="S")
    assert not automatic_detection(mine, H("1510"), 5, 4, side="S")
    assert not automatic_detection(mine, H("1710"), 1, 6, side="S")  # 7 hexes
    assert not automatic_detection(mine, H("1510"), 1, 6, fire_control=False, side="S")


def test_m5_112_zone_triggers_and_the_disputed_explosive_roll():
    captor = Mine("c", "x", H("1010"), "small", type="captor", captor="D", detection_range=6)
    assert zone_triggers(captor, None) is True
    assert zone_triggers(captor, None, cloaked=True) is None
    assert zone_triggers(captor, 1, cloaked=True) and not zone_triggers(captor, 2, cloaked=True)
    assert zone_triggers(captor, 4, minesweeper=True) and not zone_triggers(captor, 5,
                                                                            minesweeper=True)
    assert explosive_triggers(3, 8) and explosive_triggers(1, 0)
    assert not explosive_triggers(4, 4) and explosive_triggers(3, 4)
    assert not explosive_triggers(3, 4, minesweeper=True)
    assert explosive_triggers(5, 4, rule="high_roll") and not explosive_triggers(3, 4,
                                                                                rule="high_roll")
    assert explosive_triggers(1, 20, cloaked=True) and not explosive_triggers(2, 20, cloaked=True)


def test_candidates_closest_first_and_by_target_size():
    field = Minefield(tuple(m64_mines()))
    near = candidates_on_entry(field.mines, H("2212"), size_class=3)
    assert [m.id for m in near][:2] == ["LE2112", "LE2313"] or near[0].id == "LE2112"
    assert all(m.accepts(3) for m in near)
    assert candidates_on_entry(field.mines, H("2212"), 3, by_displacement=True) == ()


def test_m4_3_explosion_damages_the_hex_and_its_neighbours():
    nsm = Mine("n", "x", H("1010"), "large")
    hit = explosion_damage(nsm, [("a", H("1010")), ("b", H("1110")), ("c", H("1210"))])
    assert hit == (("a", YIELD["large"]), ("b", 35))
    dummy = Mine("d", "x", H("1010"), "small", type="dummy")
    assert explosion_damage(dummy, [("a", H("1010"))]) == ()


def test_m8_6_worked_example_of_minesweeping():
    # L6650-6656: a minesweeper in 1110 beside an NSM in 1010; sensor 6 counts as 4 (M8.14).
    nsm = Mine("n", "MFC", H("1010"), "large", located_by=frozenset({"Sweeper"}))
    assert lock_on_rating(6) == 4
    assert 5 > lock_on_rating(6) and 3 <= lock_on_rating(6)  # a 5 misses, a 3 locks on
    assert phaser_sweep_problems(nsm, H("1110"), side="Sweeper", speed=0, locked_on=True,
                                 tractored=True) == []
    # one phaser-1 at range 1 rolling 3-6 does less than six: the NSM detonates (M8.421)
    for damage in (5, 4, 4, 3):
        assert damage_to_mine(nsm, damage).outcome == "detonates"
    # two phaser-3s at range 1 do at least 2 x 3 = 6: always swept (M8.41)
    assert damage_to_mine(nsm, 6).outcome == "destroyed"


def test_m8_42_incomplete_destruction_by_type_and_m8_32_mss():
    captor = Mine("c", "x", H("1010"), "small", type="captor", captor="C", detection_range=6)
    sensor = Mine("s", "x", H("1010"), "small", type="sensor", detection_range=6)
    assert damage_to_mine(captor, 3).outcome == "fires_back"
    assert damage_to_mine(captor, 4).outcome == "destroyed"
    assert damage_to_mine(sensor, 1).outcome == "orders_controlled"
    assert damage_to_mine(Mine("p", "x", H("1010"), "small", mode="pre_active"), 1).outcome \
        == "nothing"
    assert [mss_sweep(r) for r in range(1, 7)] == ["mine"] * 4 + ["mine_and_shuttle", "nothing"]


def test_m8_11_phaser_sweep_conditions():
    nsm = Mine("n", "MFC", H("1010"), "large")
    problems = phaser_sweep_problems(nsm, H("1210"), side="S", speed=2, locked_on=False,
                                     tractored=False)
    assert [p.split("(")[-1] for p in problems] == ["M8.0)", "M8.11)", "M8.11)",
                                                    "M8.11, M8.14: sensor rating at most 4)",
                                                    "M8.11, G7.271)"]


def test_m9_laying_limits_and_arming():
    tbomb = Mine("t", "x", H("1010"), "small", mode="pre_active", pre_placed=False,
                 laid_clock=40)
    assert laying_problems(tbomb, "transporter", transporters_left=1, range_to_hex=5) == []
    assert "M3.22" in laying_problems(tbomb, "transporter", transporters_left=1,
                                      range_to_hex=6)[0]
    captor = Mine("c", "x", H("1010"), "small", type="captor", captor="D", detection_range=6)
    assert "M9.23" in laying_problems(captor, "rack", minelayer=True, mines_in_racks=4,
                                      racks=1)[0]
    nsm = Mine("n", "x", H("1010"), "large")
    assert laying_problems(nsm, "rack", minelayer=True, mines_in_racks=4, racks=2,
                           racks_used_this_turn=2) == ["each mine rack lays one mine per turn (M9.21)"]
    assert not arming_done(tbomb, H("1310"), 41, method="transporter")  # M3.223: 2 impulses
    assert arming_done(tbomb, H("1310"), 42, method="transporter")
    assert not arming_done(tbomb, H("1110"), 50, method="transporter")  # layer in range
    assert arming_done(tbomb, None, 42, method="transporter")  # layer destroyed (M2.32)


def m536_field() -> Minefield:
    """M5.36 (L6360-6366): an NSM in 1010 with an automatic detonator; large explosive chain
    mines in 0911, 0910, 1009 and 1011 set to its explosion; a captor with a chain detonator in
    1212 (plasma: subtype B) set to it too."""
    nsm = Mine("N1010", "MFC", H("1010"), "large")
    mines = [nsm] + [Mine(f"C{h}", "MFC", H(h), "large", control="chain", disabled=True,
                          chain_of=("N1010",)) for h in ("0911", "0910", "1009", "1011")]
    mines.append(Mine.loaded(id="P1212", owner="MFC", hex=H("1212"), size="large",
                             type="captor", captor="B", control="chain", detection_range=6,
                             disabled=True, chain_of=("N1010",)))
    return Minefield(tuple(mines))


def test_m5_36_worked_example_of_chain_mines():
    from sfb_desk.rules.systems.mines import chain_reaction

    field = m536_field()
    # a ship moving into 0810 neither detects nor sets off the chain mines (M5.36)
    assert candidates_on_entry(field.mines, H("0810"), 3) == ()
    for roll in range(1, 7):  # disabled chain detonators cannot be detected (M7.33)
        found = detect_individual(H("0810"), "ship", roll, field.mines, "S")
        assert {m.id for m in found} <= {"N1010"}
    # it enters 0910 and tries to sweep 1010; a failure detonates 1010 (M8.421) ...
    nsm = field.get("N1010")
    assert damage_to_mine(nsm, 5).outcome == "detonates"
    # ... the four chain mines detonate with it and the captor in 1212 fires (M5.34, M4.433)
    chained = chain_reaction(field.mines, nsm)
    assert sorted(m.id for m in chained) == ["C0910", "C0911", "C1009", "C1011", "P1212"]
    # a mine swept without exploding sets off no chain (M5.33)
    assert chain_reaction(field.mines, nsm, swept=True) == ()
    deadman = Mine("D", "MFC", H("1111"), "large", control="deadman", deadman_detection=4,
                   chain_of=("N1010",))
    assert [m.id for m in chain_reaction((deadman,), nsm, swept=True)] == ["D"]  # M5.35
    with pytest.raises(MineError, match="M5.3"):
        Mine("X", "MFC", H("1111"), "large", chain_of=("N1010",))
