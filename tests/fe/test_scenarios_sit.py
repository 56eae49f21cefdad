"""Scenarios 609-616, the SIT excerpts and their links to the SFB ship library."""

from __future__ import annotations

import pytest

from sfb_desk.data.library import load_library
from sfb_desk.fe import scenarios, sit


@pytest.fixture(scope="module")
def library():
    return load_library()


def test_scenario_609_set_up_from_its_chart(library):
    s = scenarios.setup("609", library)
    assert s["setup_order"] == ["Federation", "Klingon"]  # (609.14)
    fed = {f["fleet"]: f for f in s["races"]["Federation"]["fleets"]}
    kli = {f["fleet"]: f for f in s["races"]["Klingon"]["fleets"]}
    # Chart: 1st (Home) Fleet 26 counters, 3rd Fleet 31, 7th Fleet 11; Eastern Fleet 30.
    assert [fed[k]["total"] for k in ("1st (Home) Fleet", "3rd Fleet", "7th Fleet")] == [
        26, 31, 11]
    assert kli["Eastern Fleet"]["total"] == 30
    home = {u["counter"]: u["count"] for u in kli["Home Fleet (elements)"]["units"]}
    # (609.51) Home Fleet elements: 1 C8, 4 D7C, 6 D7, 6 D6, 12 D5, 2 D6M, 3 D6D, 3 D5S ...
    assert (home["C8"], home["D7C"], home["D7"], home["D6"], home["D5"], home["D6M"],
            home["D6D"], home["D5S"]) == (1, 4, 6, 6, 12, 2, 3, 3)
    first = {u["counter"]: u["count"] for u in fed["1st (Home) Fleet"]["units"]}
    # (609.52) warships 1 DN, 2 CA, 2 CL, 2 NCL, 2 DD, 5 FF; 2 TG, 2 MB, 1 LAV
    assert (first["DN"], first["CA"], first["CL"], first["NCL"], first["DD"], first["FF"],
            first["TG"], first["MB"], first["LAV"]) == (1, 2, 2, 2, 2, 5, 2, 2, 1)
    assert s["races"]["Klingon"]["command_points"] == 1  # (609.16)
    assert s["races"]["Federation"]["treasury"] == 0  # (609.13)
    links = {u["counter"]: (u["ship"], u["link"]) for u in fed["1st (Home) Fleet"]["units"]}
    assert links["CA"] == ("FED-CA", "class code")
    pods = {u["counter"]: u for u in kli["Pods"]["units"]}
    assert pods["VP"]["count"] == 2 and pods["BP"]["count"] == 2


def test_other_scenarios_have_no_chart_and_say_so():
    with pytest.raises(ValueError, match="historical orders of battle"):
        scenarios.setup("614")
    with pytest.raises(ValueError, match="no scenario"):
        scenarios.scenario("608")
    assert [s["id"] for s in scenarios.listing()] == [str(n) for n in range(609, 617)]


def test_income_overrides():
    # (609.45): sector income + 90, and the total x 0.75 on Turn #7
    assert scenarios.income("609", "Federation", 7, 40)[0] == 97.5
    assert scenarios.income("609", "Federation", 8, 40)[0] == 130
    assert scenarios.income("609", "Klingon", 7, 12)[0] == 82  # (609.44)
    assert scenarios.income("610", "Klingon", 4, 150)[0] == 50  # (610.46)
    assert scenarios.income("610", "Lyran", 3, 150)[0] == 150
    assert scenarios.income("611", "Hydran", 3, 0)[0] == 4  # (611.121)
    assert scenarios.income("611", "Klingon", 3, 0)[0] == 0  # from Turn #4 (611.122)
    assert scenarios.income("613", "Gorn", 1, 0)[0] == 87  # (613.13)


def test_609_victory_levels():
    t = scenarios.tally_609({"fed_starbases_destroyed": 2, "capital_planets_devastated": 3,
                             "klingon_start": 300, "klingon_end": 310,
                             "fed_start": 280, "fed_end": 250})
    assert (t["points"], t["level"]) == (7, "Klingon Decisive Victory")
    t = scenarios.tally_609({"klingon_start": 300, "klingon_end": 200,
                             "fed_start": 280, "fed_end": 290})
    assert (t["points"], t["level"]) == (-4, "Federation Decisive Victory")
    assert scenarios.tally_609({"fed_planets_captured": 2})["level"] == "Draw"
    with pytest.raises(ValueError, match="all four"):
        scenarios.tally_609({"klingon_end": 3})


def test_612_and_613_bats_tallies():
    t = scenarios.tally_612({"coalition_ahead": True, "alliance_economy": 74,
                             "alliance_bats": 20, "alliance_sb": 2, "coalition_bats": 1})
    assert (t["bats"], t["level"]) == (25, "Coalition major victory")
    t = scenarios.tally_613({"gorn_bats": 4, "gorn_sb": 1, "romulan_bats": 1,
                             "romulan_attack": 100, "gorn_attack": 90})
    assert (t["bats"], t["level"]) == (6, "Romulan marginal victory")
    t = scenarios.tally_613({"gorn_bats": 3, "romulan_attack": 80, "gorn_attack": 90})
    assert t["level"] == "Gorn tactical victory"


def test_sit_entries_read_as_printed():
    (d7a,) = sit.lookup("D7A", "Klingon")
    assert (d7a.factors, d7a.attack, d7a.defense, d7a.command) == ("6-8A/3-4", 6, 8, "8")
    (bcj,) = sit.lookup("BCJ")
    assert (bcj.attack, bcj.shock) == (11, 9)  # (311.22) non-shock factor
    (d6s,) = sit.lookup("D6S")
    assert d6s.ew == "4"
    (th,) = sit.lookup("TH", "Romulan")
    assert th.ew == "4EW:2AF, 1EW:9AF"
    assert len(sit.ENTRIES) == 150 and {e.race for e in sit.ENTRIES} >= {"General", "Lyran"}


def test_sit_links_to_the_library(library):
    index = sit.library_index(library)
    (d5a,) = sit.lookup("D5A")
    assert sit.link_entry(d5a, index) == sit.Link("KLI-D5A", "SFB ref R3.24")
    (mon,) = sit.lookup("MON")
    assert sit.link_entry(mon, index) == sit.Link("GEN-MON", "SFB ref R1.22")
    (cmc,) = sit.lookup("CMC", "Federation")
    assert sit.link_entry(cmc, index) is None  # R2.31 is not in the library


def test_609_starting_folios():
    """Turn #7: Federation sector income + 90, the total x 0.75 (609.45); Klingon + 70 (609.44);
    both treasuries 0 (609.13); command points 0 and 1 (609.16)."""
    from sfb_desk.fe import folio

    kli, fed = scenarios.starting_folios("609")
    assert (kli["race"], kli["turn"], kli["command_points"]) == ("Klingon", 7, 1)
    fed["grids"]["main"]["income"]["sector income (core rules)"] = 40
    (turn,) = folio.economic_form(fed)
    assert (turn.income, turn.multiplier, turn.available) == (130, 0.75, 97.5)
    (turn,) = folio.economic_form(kli)
    assert turn.available == 70
    with pytest.raises(ValueError, match="by letter"):
        scenarios.starting_folios("613")
