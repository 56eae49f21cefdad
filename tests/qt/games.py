"""A short duel for the Qt tests: two Fed CAs' movement profiles, turn 1 only (one HET with its
breakdown roll, C6.5), and its scripted answers."""

from __future__ import annotations

from sfb_desk.engine.answers import At, Chain, Defaults, Scripted
from sfb_desk.engine.session import Session
from sfb_desk.rules.game_state import GameState
from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.units import MoveProfile, new_ship

CA = MoveProfile(turn_mode="D", warp=30, impulse=4, crew_units=43)
#: Speed plot and energy allocation of A, then of B (phase 1, unit id order).
OPENING = (8, {"hets": 1}, 8, {})


def duel(last_turn: int = 1, seed: int = 3) -> GameState:
    a = new_ship("A", "fed", CA, hex=hex_from_label("1010"), facing=1, speed=8)
    b = new_ship("B", "kli", CA, hex=hex_from_label("1410"), facing=4, speed=8)
    return GameState(units=(a, b), dice_seed=seed, last_turn=last_turn)


def script(breakdown: int | None = 3) -> Scripted:
    """A's HET on impulse 4 and its breakdown roll (left out with ``breakdown=None``)."""
    items: list[object] = [*OPENING, At("T1.I4.move.A", "het C")]
    if breakdown is not None:
        items.append(At("T1.I4.breakdown.A", [breakdown]))
    return Scripted(items)


def played(source=None) -> Session:
    """The duel played in one go by a plain session (the reference)."""
    session = Session(duel())
    session.run(Chain(source or script(), Defaults()))
    return session
