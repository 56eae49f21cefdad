"""Webs in the sequencer (Module C2 E12-E14; the web rules in :mod:`sfb_desk.rules.systems.webs`).

A mixin of :class:`~sfb_desk.engine.session.Session`.

* **Declaring** (6D1): a web caster fires with the other direct fire. ``{"box": "webcaster#W",
  "mode": "cast", "hexes": ["1005", "1006"], "anchored": false}`` casts a web;
  ``{"box": "webcaster#W", "target": "KRT", "mode": "fist"}`` fires a web fist in the
  Direct-Fire Step with the ordinary shots (E14.23). Either spends everything stored
  (E12.34), once a turn and not within 8 impulses of the last firing (E12.36, E14.14); a cast
  needs active fire control (E12.15); a fist may use passive (E14.251).
* **Snares** (E13): ``{"box": "web_generator#1", "mode": "snare", "side": "right",
  "hexes": ["1110", "1111"]}`` casts a free-standing web beside the ship from one point of
  reserve power; laid in the Web Caster Stage like a cast.
* **The Web Caster Stage** (6D3, the extract at E12.13): free-standing webs cast 4 impulses ago
  form (catching what stands in them), the casters declared this impulse lay their webs, webs
  cast 20 impulses ago dissipate (freeing their captives).
* **Movement**: a unit (ship, shuttle, seeking weapon) that enters a formed web hex is caught;
  while caught it pays each movement point it is due to the web instead of moving, and goes
  free when it has paid the web's strength (decisions.md, G10.5).
* **Fire**: direct fire through a formed web hex is refused (G10.61; :meth:`_web_between`).

* **EW** (E12.56): when an enemy ship is within 3 hexes of a target hex, its side may name it
  to jam the cast (a Choice, default none); with an EW shift the caster rolls 1d6 + shift on
  the E12.564 table, the strength recomputed from the points left.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, replace

from ..rules.combat.rate import record_shot
from ..rules.combat import direct_fire_shift, total_ecm
from ..rules.hexes import Hex, LabelError, hex_from_label, hex_range
from ..rules.results import Refusal, event
from ..rules.systems import webs as web_rules
from ..rules.energy.reserve import reserve_available, use_reserve
from ..rules.systems.web_casting import check_cast, check_snare, ew_reduction
from ..rules.units import Unit, clock_of
from .prompts import Choice, DiceRequest, Prompt, check_choice, check_dice

Walk = Generator[Prompt, object, None]
SNARE_ASTERN = frozenset({"THO-WT", "THO-S-Q"})  # E13.32: the WT and the small Q-ship


@dataclass(frozen=True, slots=True)
class CastOrder:
    """A checked web cast: the web it lays (without its id yet)."""

    firer: str
    box: str
    web: web_rules.Web
    reserve: int = 0  # reserve power the cast spends now (a snare's point, E13.211)


class WebSteps:
    """Web casting, the Web Caster Stage and webs' hold on movement (module docstring)."""

    def _caster_energy(self, ship, unit: Unit, box: str) -> int:  # noqa: ANN001
        arming = self._arming_now(ship, unit, box)
        return int(arming.stored_at(self._turn)) if arming is not None else 0

    def _caster_ready(self, unit: Unit, ship, box: str, clock: int) -> Refusal | int:  # noqa: ANN001
        """The energy a caster spends now, or why it cannot fire (E12.34-E12.36)."""
        if box in ship.fired or ship.history.shots_in_turn(box, self._turn):
            return Refusal("E12.36", f"{box} of {unit.id} has fired this turn (once a turn)")
        last = ship.history.last_shot(box)
        if last is not None and clock - last < 8:
            return Refusal("E12.36", f"{box} of {unit.id} fired {clock - last} impulse(s) ago: "
                                     "not again within 8 impulses")
        energy = self._caster_energy(ship, unit, box)
        if energy < 1:
            return Refusal("E12.31", f"{box} of {unit.id} stores no energy")
        return energy

    def _check_web_cast(self, unit: Unit, ship, weapon, item: dict, clock: int) -> CastOrder | Refusal:  # noqa: ANN001
        box = weapon.box_ids[0]
        ready = self._caster_ready(unit, ship, box, clock)
        if isinstance(ready, Refusal):
            return ready
        fc = ship.allocation.fire_control if ship.allocation is not None else "active"
        if fc != "active":
            return Refusal("E12.15", f"{unit.id} needs active fire control to cast a web")
        labels = item.get("hexes")
        if not isinstance(labels, list) or not labels:
            return Refusal("E12.41", f"{box}: name the target hexes, e.g. \"hexes\": [\"1005\"]")
        try:
            hexes = [hex_from_label(str(x)) for x in labels]
        except LabelError as exc:
            return Refusal("E12.41", f"{box}: {exc}")
        anchored = bool(item.get("anchored", False))
        blocked = {h for f in self._battlefield.terrain.features if f.info.blocks_fire
                   and f.kind != "web" for h in f.hexes}
        web = check_cast(owner=unit.id, source=box, firer_hex=unit.hex, facing=unit.facing,
                         arcs=weapon.arcs, hexes=hexes, energy=ready, state=self._c2.webs,
                         clock=clock, anchored=anchored, anchors=self._anchors(unit),
                         erratic=unit.em.active, blocked=blocked)
        if isinstance(web, Refusal):
            return web
        return CastOrder(unit.id, box, web)

    def _check_snare(self, unit: Unit, ship, item: dict, clock: int) -> CastOrder | Refusal:  # noqa: ANN001
        """E13: ``{"box": "web_generator#1", "mode": "snare", "side": "right", "hexes": [...]}``.
        The point of power is reserve power spent at the cast (E13.211); the class must offer
        the snare refit (R7.R4; which ships in a game carry it is the table's business, E13.14)."""
        box = str(item.get("box"))
        spec = self.specs[ship.spec_id]
        family, _, number = box.partition("#")
        generators = _generators(spec)
        if family != "web_generator" or not number.isdigit() or not (
                1 <= int(number) <= generators):
            return Refusal("E13.11", f"{unit.id} has no web generator {box} to cast a snare")
        if not any(r.code == "SNARE" for r in spec.refits):
            return Refusal("E13.11", f"{spec.id} has no snare refit (R7.R4)")
        if box in unit.destroyed:
            return Refusal("E13.13", f"{box} of {unit.id} is destroyed")
        if ship.history.shots_in_turn(box, self._turn) or box in ship.fired:
            return Refusal("E13.24", f"{box} of {unit.id} has cast a snare this turn")
        last = ship.history.last_shot(box)
        if last is not None and clock - last < 8:
            return Refusal("E13.24", f"{box} of {unit.id} cast {clock - last} impulse(s) ago: "
                                     "not again within 1/4 turn")
        if ship.allocation is not None and ship.allocation.fire_control != "active":
            return Refusal("E13.214", f"{unit.id} needs active fire control to cast a snare")
        if ship.allocation is None or reserve_available(ship.energy, ship.allocation, spec) < 1:
            return Refusal("E13.211", f"{unit.id} has no reserve power for the snare's point")
        side = item.get("side")
        astern = spec.id in SNARE_ASTERN
        if side not in (("rear",) if astern else ("right", "left")):
            return Refusal("E13.32" if astern else "E13.31",
                           f"{unit.id}'s snare fires {'astern only' if astern else 'to the right or left side'}"
                           f", not {side!r}")
        try:
            hexes = [hex_from_label(str(x)) for x in item.get("hexes") or []]
        except LabelError as exc:
            return Refusal("E13.22", f"{box}: {exc}")
        web = check_snare(owner=unit.id, source=box, ship_hex=unit.hex, facing=unit.facing,
                          side=str(side), hexes=hexes, stored=1, state=self._c2.webs,
                          clock=clock)
        return web if isinstance(web, Refusal) else CastOrder(unit.id, box, web, reserve=1)

    def _anchors(self, caster: Unit) -> set[Hex]:
        """E12.211: asteroids and Tholian units with a working web generator, snare or caster
        (not the caster itself: E12.212 is judged by the casting rule)."""
        out = {h for f in self._battlefield.terrain.features if "asteroid" in f.kind
               for h in f.hexes}
        for uid, record in self._ships.items():
            unit = self._units.get(uid)
            if unit is None or not unit.active or uid == caster.id or unit.side != caster.side:
                continue
            spec = self.specs[record.spec_id]
            if spec.race != "THO":
                continue
            casters = [w for w in spec.weapons if w.type == "WEB-CASTER"
                       and w.box_ids[0] not in unit.destroyed]
            if casters or _generators(spec):
                out.add(unit.hex)
        return out

    def _fire_casts(self, casts: list[CastOrder]) -> None:
        """Spend the casters' energy at declaration (E12.34); the webs are laid in 6D3."""
        clock = clock_of(self._turn, self._impulse)
        for cast in casts:
            record = self._ships[cast.firer]
            energy = record.energy
            if cast.reserve:  # a snare's point of reserve power (E13.211)
                energy, issue = use_reserve(energy, record.allocation, self.specs[record.spec_id],
                                            purpose="snare", amount=cast.reserve,
                                            impulse=self._impulse)
                if issue is not None:  # checked at declaration: cannot happen
                    raise RuntimeError(f"snare reserve refused: {issue.message}")
            self._ships[cast.firer] = replace(record, energy=energy,
                                              fired=record.fired | {cast.box},
                                              history=record_shot(record.history, cast.box, clock))
            self._emit(event("web_cast_declared", cast.firer, "E12.13",
                             f"{cast.firer} fires {cast.box} to cast a web into "
                             f"{', '.join(h.label for h in cast.web.hexes)}",
                             box=cast.box, hexes=[h.label for h in cast.web.hexes]))
        self._casts = list(getattr(self, "_casts", [])) + casts

    def _web_caster_stage(self, step) -> Walk:  # noqa: ANN001
        """6D3 (module docstring)."""
        casts, self._casts = list(getattr(self, "_casts", [])), []
        if not self._c2.webs.webs and not casts:
            return
        clock = clock_of(self._turn, self._impulse)
        state, formed, caught = web_rules.form_webs(self._c2.webs, clock, self._positions())
        for web in formed:
            self._emit(event("web_formed", web.owner, "E12.55",
                             f"{web.describe(clock)} forms in "
                             f"{', '.join(h.label for h in web.hexes)}",
                             web=web.id, strength=web.strength))
        self._c2 = replace(self._c2, webs=state)
        self._announce_caught(caught)
        for cast in casts:
            yield from self._lay_web(cast, clock)
        state, gone, freed = web_rules.dissipate_webs(self._c2.webs, clock)
        self._c2 = replace(self._c2, webs=state)
        for web in gone:
            self._emit(event("web_dissipated", web.owner, "E12.26",
                             f"{web.id} dissipates ({', '.join(h.label for h in web.hexes)})",
                             web=web.id))
        for c in freed:
            self._emit(event("web_freed", c.unit, "E12.26",
                             f"{c.unit} is free: its web dissipated after {c.paid} movement "
                             "point(s) paid (they are not recovered)", paid=c.paid))

    def _lay_web(self, cast: CastOrder, clock: int) -> Walk:
        state = self._c2.webs
        clash = next((h for h in cast.web.hexes for n in (h, *_ring(h))
                      if state.any_at(n) is not None), None)
        if clash is not None:  # E12.24: another web laid earlier this impulse
            self._emit(event("web_cast_failed", cast.firer, "E12.24",
                             f"{cast.firer} {cast.box}: {clash.label} is in or next to a web "
                             "laid this impulse; the energy is lost", box=cast.box))
            return
        laid = yield from self._web_ew(cast)  # E12.56
        if laid is None:
            return
        state = web_rules.add_web(state, laid)
        web = state.webs[-1]
        caught: list[web_rules.Caught] = []
        if web.anchored:  # solid at once (E12.213): whatever stands there is in it
            state, _, caught = web_rules.form_webs(state, clock, self._positions())
        self._c2 = replace(self._c2, webs=state)
        self._emit(event("web_cast", cast.firer, "E12.42",
                         f"{cast.firer} {cast.box} casts {web.describe(clock)} into "
                         f"{', '.join(h.label for h in web.hexes)}",
                         web=web.id, strength=web.strength, anchored=web.anchored,
                         hexes=[h.label for h in web.hexes]))
        self._announce_caught(caught)
        return
        yield

    def _web_ew(self, cast: CastOrder) -> Generator[Prompt, object, web_rules.Web | None]:
        """E12.56: the opponent may name a ship within 3 hexes of a target hex to jam the cast
        (Step B); the EW balance is that of the caster firing at it, the defender's own ECM and
        the natural ECM at the target hexes (the worst hex) against the caster's ECCM and its
        own erratic maneuvers (Step C; the defender's EM and lent ECM do not count); with a
        shift the caster's owner rolls 1d6 + shift (Step D)."""
        web = cast.web
        firer = self._units[cast.firer]
        near = [u for u in self._controlled() if u.side != firer.side and u.id in self._ships
                and any(hex_range(u.hex, h) <= 3 for h in web.hexes)]
        if not near:
            return web
        for side in sorted({u.side for u in near}):
            ids = tuple(u.id for u in near if u.side == side)
            prompt = Choice(self._key(f"web_ew.{cast.firer}.{cast.box}", side),
                            f"{cast.firer} casts a web into "
                            f"{', '.join(h.label for h in web.hexes)}: name a ship within 3 hexes "
                            "to jam it, or none (E12.562)", (*ids, "none"), rule="E12.562",
                            unit=ids[0], default="none")
            picked = yield from self._ask(prompt, lambda v, p=prompt: check_choice(p, v))
            if picked == "none":
                continue
            defender = self._ships[picked].allocation
            mine = self._ships[cast.firer].allocation
            natural = max(self._natural_ecm(firer.hex, h) for h in web.hexes)  # at the hexes
            shift = direct_fire_shift(total_ecm(defender.ecm if defender else 0,
                                                natural=natural, em=False),
                                      mine.eccm if mine else 0, firer_em=firer.em.active)
            if shift <= 0:
                self._emit(event("web_ew", cast.firer, "E12.563",
                                 f"{picked} tries to jam the web: no EW shift, no effect"))
                continue
            roll = DiceRequest(self._key(f"web_ew_die.{cast.box}", cast.firer),
                               f"EW against {cast.firer}'s web: 1d6 + {shift} (E12.564: 7-8 "
                               "halves it, 9-10 leaves a quarter, 11+ no web)", "1d6", 1,
                               "E12.564", cast.firer)
            (die,) = yield from self._ask(roll, lambda v, p=roll: check_dice(p, v))
            total = web.strength * len(web.hexes)
            left = ew_reduction(total, die, shift)
            strength = min(left // len(web.hexes), web_rules.MAX_STRENGTH)
            self._emit(event("web_ew", cast.firer, "E12.564",
                             f"{picked} jams the web: 1d6 {die} + {shift}: {left} of {total} web "
                             f"points left, {strength} a hex" + ("" if strength else
                                                                 ": no web is cast"),
                             die=die, shift=shift, left=left))
            if strength <= 0:
                return None
            return replace(web, strength=strength)
        return web

    def _positions(self) -> dict[str, Hex]:
        return {u.id: u.hex for u in self._units.values() if u.active}

    def _announce_caught(self, caught) -> None:  # noqa: ANN001
        for c in caught:
            web = self._c2.webs.web(c.web)
            self._emit(event("web_caught", c.unit, "G10.5",
                             f"{c.unit} is caught in web {c.web} in {c.hex.label}: it must pay "
                             f"{web.strength if web else '?'} movement points to break free",
                             web=c.web, hex=c.hex.label))

    # -- movement (called by the Movement Segment) ---------------------------------------------
    def _web_held(self, unit: Unit, due: bool) -> bool:
        """True when ``unit`` is caught in a web: its movement point ``due`` this impulse goes
        to the web (decisions.md, G10.5) and it does not move."""
        webs = self._c2.webs
        if not webs.caught or webs.holding(unit.id) is None:
            return False
        if due:
            state, held, free = web_rules.pay(webs, unit.id)
            self._c2 = replace(self._c2, webs=state)
            web = state.web(held.web)
            strength = web.strength if web else held.paid
            if free:
                self._emit(event("web_escaped", unit.id, "G10.5",
                                 f"{unit.id} has paid {held.paid} of {strength}: it breaks free "
                                 "of the web and moves on from its next move", paid=held.paid))
            else:
                self._emit(event("web_pay", unit.id, "G10.5",
                                 f"{unit.id} is held by the web: {held.paid} of {strength} "
                                 "movement points paid", paid=held.paid))
        return True

    def _web_entered(self, unit: Unit) -> None:
        if not self._c2.webs.webs:
            return
        state, caught = web_rules.enter(self._c2.webs, unit.id, unit.hex)
        if caught is not None:
            self._c2 = replace(self._c2, webs=state)
            self._announce_caught([caught])


def _generators(spec) -> int:  # noqa: ANN001
    """Web generator boxes of a class (a special system of the ship file, G10)."""
    return sum(x.boxes for x in spec.special if x.key == "web_generator") + spec.count(
        "web_generator")


def _ring(h: Hex) -> tuple[Hex, ...]:
    from ..rules.hexes import neighbors

    return neighbors(h)
