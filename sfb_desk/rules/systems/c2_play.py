"""What a battle keeps for the Module C2 weapons between impulses (frozen, saved with the
game's :class:`~sfb_desk.engine.records.Combat`): the webs on the map (:mod:`.webs`) and the
PPD pulse trains still firing (:mod:`.ppd`, E11.3: a train runs over the impulses after the one
it was fired in, and across the turn boundary, E11.23)."""

from __future__ import annotations

from dataclasses import dataclass

from .ppd import PulseTrain
from .webs import NO_WEBS, WebState


@dataclass(frozen=True, slots=True)
class C2Play:
    webs: WebState = NO_WEBS
    trains: tuple[PulseTrain, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.webs) or bool(self.trains)


NO_C2 = C2Play()
