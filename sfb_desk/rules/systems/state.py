"""What one ship keeps for its systems between steps (explosion, self-destruction, tractor
beams, cloak, boarding parties): :class:`SystemsRecord`, frozen, saved with the ship record."""

from __future__ import annotations

from dataclasses import dataclass

from .cloak import CloakState


@dataclass(frozen=True, slots=True)
class SystemsRecord:
    """``exploded``: the ship's explosion has been resolved (D5.12: once); ``self_destruct``:
    it self-destructed (D5.5); ``cloak``: its cloaking device (G13)."""

    exploded: bool = False
    self_destruct: bool = False
    cloak: CloakState = CloakState()


NO_SYSTEMS = SystemsRecord()
