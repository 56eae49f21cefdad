"""What one ship keeps for its systems between steps (explosion, self-destruction, tractor
beams, cloak, boarding parties): :class:`SystemsRecord`, frozen, saved with the ship record."""

from __future__ import annotations

from dataclasses import dataclass

from .cloak import CloakState


@dataclass(frozen=True, slots=True)
class SystemsRecord:
    """``exploded``: the ship's explosion has been resolved (D5.12: once); ``self_destruct``:
    it self-destructed (D5.5); ``cloak``: its cloaking device (G13); ``transporter_uses``:
    transporters used this turn (G8.11); ``parties_away``: its boarding parties beamed onto
    other ships (D7); ``enemy_parties`` of ``enemy_side`` aboard it; ``guards``: boxes its
    own parties guard (D7.83); ``rooms_captured``: its control rooms in enemy hands and
    ``captured_by``: the side that captured it (D7.50); ``tbombs_used``: transporter bombs
    placed from its stock (M3)."""

    exploded: bool = False
    self_destruct: bool = False
    cloak: CloakState = CloakState()
    transporter_uses: int = 0
    parties_away: int = 0
    enemy_parties: int = 0
    enemy_side: str = ""
    guards: frozenset[str] = frozenset()
    rooms_captured: frozenset[str] = frozenset()
    captured_by: str = ""
    tbombs_used: int = 0


NO_SYSTEMS = SystemsRecord()
