"""The combat round of test_combat_round (SFGs, EW and shock), shared with the CLI tests."""

ROUND = {
    "table": "advanced", "rounding": "half-up",
    "dice": {"4A3.D7A.1": [1], "4A3.D7A.2": [2], "4A3.D7A.2.random": [2],
             "4B.attacker": [4], "4B.defender": [3], "6S.BCJ": [6, 6]},
    "3X1": {"attacker": 4, "defender": 4},
    "4A2": {"attacker": [{"name": "D6S", "ew": 4}],
            "defender": [{"name": "SC", "ew": 4}, {"name": "NSC", "ew": 3}]},
    "4A3": {"attacker": [{"name": "D7A", "unit": "D7A", "attempts": [
        {"target": "CA"},
        {"target": "NSC", "random_pool": ["CL", "SC", "DD", "FF", "NCL", "DD2"]}]}],
        "accompanying": {"attacker": 6}},
    "4A4": {"ships": [{"name": "BCJ", "side": "defender", "full": True, "full_attack": 11,
                       "reduced_attack": 9}]},
    "4A5": {"attacker": 60, "defender": 48, "prime_commando": {"attacker": 1}},
    "5A": {"targets": [{"name": "CA", "defense": 8, "crippled_defense": 4}]},
    "5B": {"targets": [{"name": "D7A", "defense": 8, "crippled_defense": 4}]},
}
