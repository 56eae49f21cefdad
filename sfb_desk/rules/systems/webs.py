"""Tholian webs on the map: what exists, when it holds, who it has caught (Module C2 E12, E13,
G10 as Module C2 and Advanced Missions quote it).

Facts used (Module C2, seed 002; digest section 1.4-1.5):

* A **free-standing** web (E12.22) cast on impulse ``c`` does nothing until it forms, 4 impulses
  later (E12.221, E12.55: "fires on impulse #5, effective on #9"), and dissipates completely 20
  impulses after it was cast (E12.26: gone on #25). Both happen in the Web Caster Stage (6D3):
  forming first, then casters fire, then dissipation (E12.13 extract). Its strength does not
  change while it stands: it cannot be reinforced (E12.232).
* A **normal (anchored)** web cast between anchors solidifies at once (E12.213). Its decay over
  turns is G10.4, which no rulebook we hold prints: it keeps its strength until the table
  corrects it (decisions.md, Module C2 webs).
* **Movement** (G10.5 is not printed; the E12.26 example fixes it): a unit that enters a
  formed web hex is stopped there; each movement point it would spend goes to the web instead,
  and when the points paid reach the web's strength it is free (it moves on normally from its
  next move). A unit caught when the web dissipates goes free and keeps none of the points it
  paid (E12.26 example: 8-point web, speed 16, caught on impulse 8, escaping on 24 unless the
  web goes first). A unit in a hex when a web forms there is caught (it could have left during
  the 4 forming impulses, E12.552).
* **Fire**: no direct fire through a web hex of strength above 0; into, out of, and along the
  edge is allowed (E11.42 quoting G10.61; E14.254 web fist; E12.52 casters). An unformed web
  blocks nothing but further casting (E12.533, E12.551).
* **Seeking weapons** are caught like any unit (decisions.md: G10's seeking-weapon rules are
  not printed; E12.6 "stopping drones and plasma torpedoes").

Casting (which hexes, how strong) is :mod:`.web_casting`; the anchor buoy :mod:`.web_anchor`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..hexes import Hex, hex_line

FORM_DELAY = 4  # E12.221, E12.55
FREE_LIFE = 20  # E12.26: dissipates 20 impulses after it is cast
MAX_STRENGTH = 35  # E12.44


@dataclass(frozen=True, slots=True)
class Web:
    """One web laid by one caster (or snare) in one impulse: ``hexes`` of equal ``strength``
    (E12.43). ``cast_at`` is the absolute impulse (clock) of casting; ``formed`` whether it
    holds yet (an anchored web at once, a free-standing one after :data:`FORM_DELAY`)."""

    id: str
    owner: str
    source: str
    hexes: tuple[Hex, ...]
    strength: int
    cast_at: int
    anchored: bool = False
    formed: bool = False

    @property
    def forms_at(self) -> int:
        return self.cast_at if self.anchored else self.cast_at + FORM_DELAY

    @property
    def dissipates_at(self) -> int | None:
        """The clock of the Web Caster Stage that removes it (None: an anchored web stays)."""
        return None if self.anchored else self.cast_at + FREE_LIFE

    def describe(self, clock: int | None = None) -> str:
        kind = "anchored web" if self.anchored else "free-standing web"
        text = f"{kind} {self.id}, strength {self.strength}"
        if not self.formed:
            text += f", forming (holds from clock {self.forms_at})"
        elif self.dissipates_at is not None and clock is not None:
            text += f", {self.dissipates_at - clock} impulse(s) left"
        return text


@dataclass(frozen=True, slots=True)
class Caught:
    """A unit held in web hex ``hex`` of web ``web``, ``paid`` movement points so far."""

    unit: str
    web: str
    hex: Hex
    paid: int = 0


@dataclass(frozen=True, slots=True)
class WebState:
    """Every web on the map, the units caught in them and the anchor buoys laid (G26)."""

    webs: tuple[Web, ...] = ()
    caught: tuple[Caught, ...] = ()
    buoys: tuple[tuple[str, Hex, str], ...] = ()  # (buoy id, hex, web id) G26.30
    next_id: int = 1
    aboard: tuple[tuple[str, int], ...] = ()  # (ship id, charged anchor buoys aboard) G26.1

    def __bool__(self) -> bool:
        return bool(self.webs) or bool(self.buoys) or bool(self.aboard)

    def web(self, web_id: str) -> Web | None:
        return next((w for w in self.webs if w.id == web_id), None)

    def formed_at(self, h: Hex) -> Web | None:
        """The formed web in hex ``h`` (webs never share or touch hexes, E12.24)."""
        return next((w for w in self.webs if w.formed and h in w.hexes), None)

    def any_at(self, h: Hex) -> Web | None:
        """Any web in ``h``, formed or still forming."""
        return next((w for w in self.webs if h in w.hexes), None)

    def holding(self, unit_id: str) -> Caught | None:
        return next((c for c in self.caught if c.unit == unit_id), None)

    def strength_at(self, h: Hex) -> int:
        web = self.formed_at(h)
        return web.strength if web is not None else 0


NO_WEBS = WebState()


def add_web(state: WebState, web: Web) -> WebState:
    """``state`` with ``web`` laid (its id given here: W1, W2, ...)."""
    web = replace(web, id=f"W{state.next_id}", formed=web.anchored)
    return replace(state, webs=state.webs + (web,), next_id=state.next_id + 1)


def form_webs(state: WebState, clock: int, positions: dict[str, Hex]) -> tuple[WebState, list[Web], list[Caught]]:
    """6D3 step 1 (E12.22, E12.55): the free-standing webs cast 4 impulses ago form; every unit
    standing in one of their hexes (``positions``: unit id to hex) is caught. Returns the new
    state, the webs formed and the units caught."""
    formed, caught = [], list(state.caught)
    webs = []
    for web in state.webs:
        if not web.formed and clock >= web.forms_at:
            web = replace(web, formed=True)
            formed.append(web)
        webs.append(web)
    new_caught = []
    held = {c.unit for c in caught}
    for web in formed:
        for uid, h in sorted(positions.items()):
            if h in web.hexes and uid not in held:
                new_caught.append(Caught(uid, web.id, h))
                held.add(uid)
    return replace(state, webs=tuple(webs), caught=tuple(caught + new_caught)), formed, new_caught


def dissipate_webs(state: WebState, clock: int) -> tuple[WebState, list[Web], list[Caught]]:
    """6D3 step 3 (E12.26): free-standing webs 20 impulses old are gone; their captives go free
    without getting back the points paid. Returns the state, the webs gone, the units freed."""
    gone = [w for w in state.webs if w.dissipates_at is not None and clock >= w.dissipates_at]
    if not gone:
        return state, [], []
    ids = {w.id for w in gone}
    freed = [c for c in state.caught if c.web in ids]
    return (replace(state, webs=tuple(w for w in state.webs if w.id not in ids),
                    caught=tuple(c for c in state.caught if c.web not in ids)), gone, freed)


def enter(state: WebState, unit_id: str, h: Hex) -> tuple[WebState, Caught | None]:
    """A unit has entered hex ``h``: caught if a formed web is there (module docstring)."""
    web = state.formed_at(h)
    if web is None or state.holding(unit_id) is not None:
        return state, None
    caught = Caught(unit_id, web.id, h)
    return replace(state, caught=state.caught + (caught,)), caught


def pay(state: WebState, unit_id: str) -> tuple[WebState, Caught, bool]:
    """A caught unit's movement point goes to the web (E12.26 example). Returns the state, the
    record after paying and whether the unit is now free (paid == strength)."""
    held = state.holding(unit_id)
    if held is None:
        raise ValueError(f"{unit_id} is not caught in a web")
    web = state.web(held.web)
    after = replace(held, paid=held.paid + 1)
    free = web is None or after.paid >= web.strength
    rest = tuple(c for c in state.caught if c.unit != unit_id)
    return replace(state, caught=rest if free else rest + (after,)), after, free


def release(state: WebState, unit_id: str) -> WebState:
    """The unit is gone from the map (destroyed, off the map): no longer held."""
    return replace(state, caught=tuple(c for c in state.caught if c.unit != unit_id))


def blocking_web(state: WebState, a: Hex, b: Hex) -> tuple[Web, Hex] | None:
    """The formed web that blocks direct fire from ``a`` to ``b`` (G10.61 as E11.42 and E14.254
    quote it): a web hex strictly between the two. Fire into or out of a web hex is not blocked,
    and a line running along a hexside takes the open side (blocked only if both sides are)."""
    found = None
    for nudge in (1, -1):
        hit = None
        for h in hex_line(a, b, nudge)[1:-1]:
            web = state.formed_at(h)
            if web is not None and web.strength > 0:
                hit = (web, h)
                break
        if hit is None:
            return None
        found = found or hit
    return found
