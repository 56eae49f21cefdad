"""Rule options of the ship systems (D5, D7, G7, G8, G13): the readings where the sources
disagree or where players differ, each named in decisions.md ("Ship systems")."""

from __future__ import annotations

from dataclasses import dataclass

#: G7.414: the tractor auction's bidding procedure is in no source (decisions.md G7.414).
AUCTION_SEALED = "sealed"  # one secret bid each, revealed together; the holder wins a tie
AUCTION_NONE = "none"  # no auction: positive against negative energy as allocated only
AUCTION_PROCEDURES = (AUCTION_SEALED, AUCTION_NONE)

#: G13.3: fire at a cloaked ship (decisions.md G13.3).
CLOAK_FIRE_RANGE = "range"  # +5 effective range (G13.302) and no lock-on (doubled range)
CLOAK_FIRE_TABLE = "table"  # the G13.37 damage roll: 1-2 full, 3-4 half, 5-6 quarter
CLOAK_FIRE_BOTH = "both"  # both
CLOAK_FIRE_MODES = (CLOAK_FIRE_RANGE, CLOAK_FIRE_TABLE, CLOAK_FIRE_BOTH)


@dataclass(frozen=True, slots=True)
class SystemsOptions:
    """Switches of the ship-systems rules (decisions.md, "Ship systems")."""

    # D5.51: self-destruction only when all but two crew units are dead, enemy boarding parties
    # outnumber friendly ones aboard, or no other friendly ship is left (SP-AR, one source).
    self_destruct_limits: bool = True
    # G7.6: extended tractor range (2 at 2 power, 3 at 3 power; one effective point, G7.63).
    tractor_extended_range: bool = False
    # G7.414: the auction for a contested link (no source gives the bidding).
    tractor_auction: str = AUCTION_SEALED
    # G13.3 / G13.37: how fire at a cloaked ship is penalised (the sources disagree).
    cloak_fire: str = CLOAK_FIRE_RANGE
    # M2.4: the trigger roll of automatic explosive mines (decisions.md M2.4): "low_roll"
    # (a die below the speed) or "high_roll" (a die above it); mines.TRIGGER_RULES.
    mine_trigger: str = "low_roll"

    def __post_init__(self) -> None:
        if self.tractor_auction not in AUCTION_PROCEDURES:
            raise ValueError(f"tractor_auction is one of {AUCTION_PROCEDURES}")
        if self.cloak_fire not in CLOAK_FIRE_MODES:
            raise ValueError(f"cloak_fire is one of {CLOAK_FIRE_MODES}")
        if self.mine_trigger not in ("low_roll", "high_roll"):
            raise ValueError("mine_trigger is low_roll or high_roll (M2.4)")


DEFAULT_SYSTEMS_OPTIONS = SystemsOptions()
