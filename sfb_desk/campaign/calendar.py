"""The campaign calendar of SFB Campaign Rules, The Admiral's Edition (B1): four turns a year,
Spring, Summer, Fall and Winter, turn 1 being Spring Y168 (004 B1)."""

from __future__ import annotations

SEASONS = ("Spring", "Summer", "Fall", "Winter")
FIRST_YEAR = 168  # 004 B1: the campaign starts in Y168


def season_of(turn: int, first_year: int = FIRST_YEAR) -> tuple[str, int]:
    """(season, Y-year) of campaign turn ``turn`` (1 = Spring of ``first_year``)."""
    if turn < 1:
        raise ValueError(f"campaign turns count from 1, not {turn}")
    return SEASONS[(turn - 1) % 4], first_year + (turn - 1) // 4


def label(turn: int, first_year: int = FIRST_YEAR) -> str:
    season, year = season_of(turn, first_year)
    return f"Turn {turn}, {season} Y{year}"


def turn_of(season: str, year: int, first_year: int = FIRST_YEAR) -> int:
    return (year - first_year) * 4 + SEASONS.index(season.capitalize()) + 1


def earliest_completion(year_in_service: int, first_year: int = FIRST_YEAR, *,
                        turns_early: int = 0) -> int:
    """The first turn at whose end a ship of ``year_in_service`` may be completed (004 E3):
    no sooner than the end of the turn before its year in service (the Winter turn of the year
    before), less ``turns_early`` for a prototype (4, or 8 for a Y2 ship)."""
    return turn_of("Spring", year_in_service, first_year) - 1 - turns_early


def is_officer_roll_turn(turn: int, first_year: int = FIRST_YEAR) -> bool:
    """004 I1: each race rolls for a legendary officer at the end of the Summer and Winter turns."""
    return season_of(turn, first_year)[0] in ("Summer", "Winter")
