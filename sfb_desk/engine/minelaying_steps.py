"""Laying mines in play (M9, M2.1, R1.F6) as steps of the session (a mixin, beside
:mod:`.mine_steps`; the rules are :mod:`sfb_desk.rules.systems.mines.laying`).

* **Mine Laying Step** (``6B-lay-mines``, after the Ship Systems Function Stage; the official
  client's 6B10.03): each side with a unit that can lay a mine now answers one ``lay_mines``
  Orders prompt (default ``{}``)::

      {"MS": [{"from": "rack#1", "size": "large", "detection": 3, "zone": 1,
               "sizes": [1, 2, 3, 4], "nth": 0}],
       "RWE": [{"from": "nsm", "detection": 5}],
       "MLS1": [{"from": "mls", "size": "small"}]}

  ``from``: a rack box of a minesweeper or minelayer (M9.21), the shuttle hatch for a nuclear
  space mine (``nsm``, M2.7) or a minelaying shuttle's load (``mls``, R1.F6); ``size`` small or
  large (default large); the programming the owner writes before it is laid (M2.14, M6.1):
  ``detection`` number 1-6 (default 1), ``zone`` 0 or 1 (M5.111, default 1), accepted
  ``sizes`` (M5.151, default all), ``nth`` target delay (M2.15, default 0). A mine is laid in
  the layer's own hex (M9.0), pre-active until the layer is out of its zone (M2.3). Illegal
  orders are refused with the rule (:func:`~sfb_desk.rules.systems.mines.laying.lay_problems`).
  The counter goes on the map for every side to see (size and hex only; decisions.md Mines).
* **Arming** (``6A-mine-arming``, the end of the Movement Step): a mine laid in play becomes
  active once its layer is outside its detection range, at once if the layer is gone (M2.3,
  M2.31, M2.32). Transporter bombs keep their own clock (M3.223, :mod:`.marine_steps`).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..rules.hexes import hex_range
from ..rules.results import Refusal, event
from ..rules.systems.mines import Mine, arming_done
from ..rules.systems.mines.records import MineError
from ..rules.systems.mines.laying import (
    MineStores,
    lay_problems,
    laid_mine,
    lose_destroyed,
    mls_stores,
    program_problems,
    racks_destroyed,
    ship_stores,
    take,
)
from ..rules.units import SHUTTLE, clock_of
from .prompts import Orders, Prompt

Walk = Generator[Prompt, object, None]
MINE_CRAFT = ("mss", "mls")  # launch missions: minesweeping (R1.F2), minelaying (R1.F6)
MSS_PER_SHIP = 2  # M8.312: two of a minesweeper's or minelayer's admin shuttles are MSS
MLS_PER_SHIP = 1  # M9.181 (minelayers), M9.182 (minesweepers, replacing an MSS)
_KEYS = {"from", "size", "detection", "zone", "sizes", "nth"}
LAY_SHAPE = ('{unit: [{"from": "rack#1" | "nsm" | "mls", "size": "large" | "small", '
             '"detection": 1-6, "zone": 0 | 1, "sizes": [1..8], "nth": 0}]}')


class MineLayingSteps:
    """The Mine Laying Step and the arming of laid mines (module docstring)."""

    # -- facts ---------------------------------------------------------------------------------
    def _mine_stores(self, uid: str) -> MineStores | None:
        """What ``uid`` can still lay: its record in the battlefield, else its class's racks
        (``mine_rack`` boxes) and nuclear space mines (``nsm`` boxes); None when it has none.
        The mines of a rack the DAC destroyed are gone (M9.13)."""
        stores = self._battlefield.stores_of(uid)
        if stores is None:
            record = self._ships.get(uid)
            if record is None:
                return None
            stores = ship_stores(uid, self.specs[record.spec_id].special)
        unit = self._units.get(uid)
        if stores is not None and stores.racks and unit is not None:
            stores = lose_destroyed(stores, racks_destroyed(unit.destroyed))[0]
        return stores

    def _rack_losses(self) -> None:
        """M9.13: the mines of a mine rack the DAC destroyed are lost "but will not detonate";
        recorded (and told to the owner's log) at the next Mine Laying Step, so that a repaired
        rack box stays empty."""
        for kept in self._battlefield.stores:
            unit = self._units.get(kept.unit)
            if unit is None or not kept.racks:
                continue
            stores, lost = lose_destroyed(kept, racks_destroyed(unit.destroyed))
            if lost:
                self._battlefield = self._battlefield.with_stores(stores)
                self._emit(event("mine_rack_lost", unit.id, "M9.13",
                                 f"{unit.id} loses the mines of its destroyed mine racks "
                                 f"({'; '.join(lost)}); they do not explode (M9.13)",
                                 lost=lost))

    def _minelayer(self, uid: str) -> bool:
        """M9.21: minesweepers and minelayers lay from racks (the ship's flags)."""
        record = self._ships.get(uid)
        spec = self.specs.get(record.spec_id) if record is not None else None
        return spec is not None and bool({"minelayer", "minesweeper"} & set(spec.flags))

    def _bay_busy(self, uid: str, clock: int) -> bool:
        """M2.113 (reference): the bay launched or landed a shuttle this impulse or next to it."""
        for r in self._seeking.seekers:
            if r.launcher != uid or r.kind != SHUTTLE:
                continue
            if abs(r.launched_at - clock) <= 1 or (
                    r.landed_at is not None and abs(r.landed_at - clock) <= 1):
                return True
        return False

    def _layers(self, side: str) -> list[str]:
        out = []
        for unit in self._controlled():
            if unit.side != side:
                continue
            stores = self._mine_stores(unit.id)
            if stores is not None and stores.kind != "mss" and stores.anything:
                out.append(unit.id)
        return out

    def _mine_craft(self, ship, mission: str, sid: str, spec: dict, pending: list,  # noqa: ANN001
                    clock: int) -> MineStores | Refusal:
        """The record of a minesweeping (``mss``) or minelaying (``mls``) shuttle ``ship``
        launches as ``sid``, or why it may not: only minesweepers and minelayers carry them
        (M8.312, M8.313; R1.F6, M9.181-M9.182), two MSS and one MLS a ship (a minesweeper's MLS
        replaces an MSS); an MLS carries two large mines, two small for a large (R1.F6)."""
        record = self._ships.get(ship.id)
        flags = set(self.specs[record.spec_id].flags) if record is not None else set()
        if not flags & {"minesweeper", "minelayer"}:
            rule = "M8.313" if mission == "mss" else "R1.F6"
            return Refusal(rule, f"{ship.id} is no minesweeper or minelayer: it carries no "
                                 f"{'minesweeping' if mission == 'mss' else 'minelaying'} "
                                 "shuttle (bought as a Commander's Option, not in this game)")
        crafts = [c for c in (*self._battlefield.stores, *pending)
                  if c.controller == ship.id and c.unit != sid]
        mss = sum(1 for c in crafts if c.kind == "mss") + (mission == "mss")
        mls = sum(1 for c in crafts if c.kind == "mls") + (mission == "mls")
        if mls > MLS_PER_SHIP:
            return Refusal("M9.181", f"{ship.id} carries one minelaying shuttle (M9.181, M9.182)")
        if mss > MSS_PER_SHIP or ("minelayer" not in flags and mss + mls > MSS_PER_SHIP):
            return Refusal("M8.312", f"{ship.id} carries two minesweeping shuttles (M8.312; a "
                                     "minesweeper's minelaying shuttle replaces one, M9.182)")
        if mission == "mss":
            if spec.get("mines"):
                return Refusal("R1.F6C", "a minesweeping shuttle carries no mines (R1.F6C)")
            return MineStores(sid, kind="mss", controller=ship.id, launched=clock)
        load = spec.get("mines", {"large": 2})
        if not isinstance(load, dict) or set(load) - {"large", "small"} or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in load.values()):
            return Refusal("R1.F6", 'an MLS load is {"large": n, "small": n}')
        try:
            return mls_stores(sid, ship.id, clock, large=load.get("large", 0),
                              small=load.get("small", 0))
        except MineError as exc:
            return Refusal("R1.F6", str(exc))

    # -- 6B: the Mine Laying Step --------------------------------------------------------------
    def _lay_mines(self, step) -> Walk:
        self._rack_losses()
        for side in self._sides():
            layers = self._layers(side)
            if not layers:
                continue
            prompt = Orders(self._key("lay_mines", side), "lay_mines",
                            f"Mines laid by side {side}, impulse {self._impulse}: "
                            f"{', '.join(layers)} can lay a mine in its own hex (M9.21, "
                            "M2.11, R1.F6B)",
                            side=side, rule="M9.0", default={})
            orders = yield from self._ask(prompt, lambda v, s=side: self._check_laying(s, v))
            for uid, items in orders:
                for item in items:
                    self._lay(uid, item)

    def _check_laying(self, side: str, value: object) -> object:
        if not isinstance(value, dict):
            return Refusal("M9.0", f"mines laid are {LAY_SHAPE}")
        clock, turn = clock_of(self._turn, self._impulse), self._turn
        out = []
        for uid, items in sorted(value.items()):
            unit = self._own(side, uid)
            if isinstance(unit, Refusal):
                return unit
            stores = self._mine_stores(uid)
            if stores is None or stores.kind == "mss":
                return Refusal("M9.14", f"{uid} carries no mines to lay (M9.14: only minelayers, "
                                        "minesweepers and ships with nuclear space mines)")
            if not isinstance(items, list):
                return Refusal("M9.0", f"the mines of {uid} are a list: {LAY_SHAPE}")
            checked = []
            for n, item in enumerate(items, 1):
                if not isinstance(item, dict) or set(item) - _KEYS:
                    return Refusal("M9.0", f"mine {n} of {uid}: keys {sorted(_KEYS)}")
                source = item.get("from", "")
                size = item.get("size", "large")
                problems = lay_problems(
                    stores, str(source), str(size), clock=clock, turn=turn,
                    minelayer=self._minelayer(uid), em=unit.em.active,
                    bay_busy=source == "nsm" and self._bay_busy(uid, clock),
                    destroyed_racks=racks_destroyed(unit.destroyed))
                sizes = item.get("sizes", list(range(1, 9)))
                problems += program_problems(item.get("detection", 1), item.get("zone", 1),
                                             sizes, item.get("nth", 0))
                if problems:
                    rule = problems[0].rsplit("(", 1)[-1].rstrip(")")
                    rule = rule.split(",")[0].split(";")[0].strip()
                    return Refusal(rule, f"mine {n} of {uid}: " + "; ".join(problems))
                stores = take(stores, source, size, clock=clock, turn=turn)
                checked.append({**item, "from": source, "size": size, "sizes": sizes})
            out.append((uid, checked))
        return out

    def _lay(self, uid: str, item: dict) -> None:
        clock = clock_of(self._turn, self._impulse)
        unit = self._units[uid]
        stores = take(self._mine_stores(uid), item["from"], item["size"], clock=clock,
                      turn=self._turn)
        mine_id = f"{uid}-M{stores.laid}"
        while any(m.id == mine_id for m in self._battlefield.mines.mines):
            mine_id += "'"
        mine = laid_mine(mine_id, unit.side, unit.hex, item["size"], uid, clock,
                         detection=item.get("detection", 1), zone=item.get("zone", 1),
                         sizes=frozenset(item["sizes"]), nth=item.get("nth", 0),
                         seen_by=self._everyone())
        field = self._battlefield.with_stores(stores)
        self._battlefield = replace(field, mines=field.mines.place(mine))
        where = {"nsm": "drops a nuclear space mine", "mls": "lays a mine"}.get(
            item["from"], f"lays a mine from mine rack {item['from'].removeprefix('rack#')}")
        self._emit(event("mine_laid", uid, "M9.0", f"{uid} {where}: a {item['size']} mine in "
                         f"{unit.hex.label}, armed once {uid} is out of its range (M2.3)",
                         mine=mine_id, hex=unit.hex.label, size=item["size"],
                         source=item["from"]))

    # -- 6A: arming at the end of the Movement Step --------------------------------------------
    def _arm_laid_mines(self, step) -> Walk:
        """M2.3, M2.31, M2.32 (module docstring). Transporter bombs arm in 6B7 (M3.223)."""
        clock = clock_of(self._turn, self._impulse)
        for mine in self._battlefield.mines.live():
            if not _laid_in_play(mine):
                continue
            layer = self._units.get(mine.laid_by)
            where = layer.hex if layer is not None and layer.active else None
            if arming_done(mine, where, clock):
                self._set_mine(replace(mine, mode="active"))
                gone = "is gone" if where is None else \
                    f"is {hex_range(where, mine.hex)} hexes away"
                self._emit(event("mine_armed", mine.laid_by, "M2.3",
                                 f"the {mine.size} mine in {mine.hex.label} is armed: its layer "
                                 f"{gone}", mine=mine.id, hex=mine.hex.label))
        return
        yield


def _laid_in_play(mine: Mine) -> bool:
    """A pre-active mine laid by a rack, the hatch or a minelaying shuttle (not a T-bomb)."""
    return (mine.mode == "pre_active" and not mine.pre_placed and bool(mine.laid_by)
            and "-TB" not in mine.id)
