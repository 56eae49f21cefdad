"""The Tholian web anchor buoy in the sequencer (Advanced Missions G26; its rules in
:mod:`sfb_desk.rules.systems.web_anchor`). A mixin of :class:`~sfb_desk.engine.session.Session`.

* **Aboard**: a scenario puts charged buoys aboard a Tholian ship (``anchor_buoys``, G26.12;
  one shuttle box each, G26.10). Charging in play (2 + 2 over two turns, held at 1, G26.21,
  G26.23) is not asked in the energy allocation yet: the buoys start charged.
* **Dropping** (G26.30, G26.32): in the Ship Systems Function Stage, a ship carrying a charged
  buoy and standing in a web hex is asked (``anchor_buoys`` orders, ``{ship: "drop"}``,
  default none) whether it drops one there. Only a web hex (G26.36) of an anchored web
  (G26.32, E12.222) takes it; the buoy then stays in that hex anchoring that web (G26.33).
* A web caster may not use a buoy as an anchor point (E12.211, which names G26.36): an
  anchored cast beside a buoy alone is refused as before.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..rules.results import Refusal, event
from ..rules.systems import web_anchor
from .prompts import Orders, Prompt

Walk = Generator[Prompt, object, None]


class BuoySteps:
    """Dropping web anchor buoys (module docstring)."""

    def _buoy_drops(self) -> Walk:
        webs = self._c2.webs
        if not webs.aboard:
            return
        for side in self._sides():
            able = [u.id for u in self._controlled() if u.side == side
                    and web_anchor.carried(self._c2.webs, u.id)
                    and self._c2.webs.any_at(u.hex) is not None]
            if not able:
                continue
            prompt = Orders(self._key("anchor_buoys", side), "anchor_buoys",
                            f"Web anchor buoys of side {side}: {', '.join(able)} stand(s) in a "
                            "web hex with a charged buoy aboard; drop one? (G26.32)",
                            side=side, rule="G26.32", default={})
            orders = yield from self._ask(prompt, lambda v, s=side: self._check_buoys(s, v))
            for uid in orders:
                unit = self._units[uid]
                state, buoy = web_anchor.drop(self._c2.webs, uid, unit.hex)
                self._c2 = replace(self._c2, webs=state)
                web = state.any_at(unit.hex)
                self._emit(event("buoy_laid", uid, "G26.32",
                                 f"{uid} drops web anchor buoy {buoy} in {unit.hex.label}: it "
                                 f"anchors web {web.id if web else '?'} and stays there (G26.33)",
                                 buoy=buoy, hex=unit.hex.label))

    def _check_buoys(self, side: str, value: object) -> list[str] | Refusal:
        if not isinstance(value, dict):
            return Refusal("G26.32", "anchor buoy orders name each ship that drops a buoy "
                                     f"where it stands, not {value!r}")
        out = []
        for uid, what in sorted(value.items()):
            unit = self._own(side, uid)
            if isinstance(unit, Refusal):
                return unit
            if what != "drop":
                return Refusal("G26.32", f"{uid} can only drop a buoy in the hex it stands in "
                                         f"(\"drop\"), not {what!r}")
            if not web_anchor.carried(self._c2.webs, uid):
                return Refusal("G26.10", f"{uid} carries no charged web anchor buoy")
            refusal = web_anchor.check_lay(self._c2.webs, unit.hex, charged=True)
            if refusal is not None:
                return refusal
            out.append(uid)
        return out
