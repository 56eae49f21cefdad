"""The campaign ledger: a campaign's races, treasury, planets, facilities and ships on the
campaign store (sfb_desk.campaign.store), every change a journal entry with its rule.

Records (kind / key): ``campaign``/``meta`` (name, rule pack, turn and step, options, dice
seed); ``race``/code; ``ep``/number, the EP ledger: every EP that enters or leaves a treasury
is one entry (race, grid, amount, what, rule, turn), so a race's treasury in a grid is the sum
of its entries and every EP is accounted for; ``planet``/id; ``facility``/id (docks, FRDs,
bases); ``unit``/id (:class:`~.ships.CampaignShip`); ``queue``/id (build, conversion, refit,
reactivation and repair orders); ``battle``/id (the battle queue, :mod:`.battle_queue`).

EP amounts are exact fractions, stored as text ("27/2") and shown as decimals ("13.5").
The turn's steps are walked by :mod:`.turn`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path

from ..data.library import ShipLibrary, load_library
from ..rules.ship import ShipSpec
from . import calendar
from .dice import Dice
from .records import problem
from .ships import CampaignShip
from .store import CampaignStore, StoreError, Transaction

PACKS = {"admirals": "SFB Campaign Rules, The Admiral's Edition",
         "gm": "the GM campaign rules",
         "linked": "a mini-campaign of linked scenarios (Advanced Missions T3, Module C2 T7)"}
DEFAULT_OPTIONS: dict[str, object] = {
    "planet_income": "setup",  # D1 vs the race set-ups' printed planet EPs (digest 7.2.1)
    "twelve_warp_boxes": 1,  # E3's overlapping 0-12 / 12-18 ranges (digest 7.2.2)
    "officer_ratio_rounding": "nearest",  # I1 bands with gaps (digest 7.2.7)
    "award_bpv": "opponent_combat",  # I2/I3 "x% of BPV" (digest 7.2.6)
    "d94_repairs": "all",
    "shields": "restored",  # shields damaged in battle restored at the repair step (G17.1311)  # H1's D9.4 repairs: the Basic Set text is not on hand
    "repair_rounding": "exact",  # H3 1 EP per 5 RP: "exact" fractions or "up" to whole EP
    "section_replacement_turns": "half build",  # H3's D7 example says 1 turn (decisions.md)
    "extra_repair_costs": {"damage_control": 3, "excess_damage": 1, "security": 6},
    "conversion_fee": True,  # the GM rules' +5 EP on a conversion (its example omits it)
    "rating_formula": "as_written",
    "maintenance_multiplier": 1,  # the GM rules' maintenance, raised by random events  # the GM rules' player-rating formula (digest 7.3.1)
}


class LedgerError(ValueError):
    """A campaign action the rules or the ledger refuse; the message says why and which rule."""


def _check_record(kind: str, key: str, value: object) -> None:
    message = problem(kind, key, value)
    if message:
        raise LedgerError(message)


def ep(value: object) -> Fraction:
    if isinstance(value, Fraction):
        return value
    if isinstance(value, float):
        return Fraction(str(value))
    return Fraction(value)  # int or "27/2" or "13.5"


def show(value: Fraction | int) -> str:
    """An EP amount as a decimal: 13.5, 48, -0.2 (repeating fractions to 2 places)."""
    value = ep(value)
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return text


class Campaign:
    """One campaign on its store. Open with :meth:`open` or create with :meth:`create`."""

    def __init__(self, store: CampaignStore, library: ShipLibrary | None = None) -> None:
        self.store = store
        self.library = library or load_library()
        store.check = _check_record  # every record read is checked for its shape (.records)
        if store.get("campaign", "meta") is None:
            raise LedgerError(f"{store.path} holds no campaign (no campaign record)")

    # --- opening ---------------------------------------------------------------------------------

    @classmethod
    def create(cls, path: str | Path, name: str, pack: str = "admirals", *, first_turn: int = 1,
               first_year: int = calendar.FIRST_YEAR, seed: int = 0,
               options: dict | None = None, library: ShipLibrary | None = None) -> Campaign:
        if pack not in PACKS:
            raise LedgerError(f"the rule pack is one of {', '.join(PACKS)}, not {pack!r}")
        path = Path(path)
        if path.exists() and path.stat().st_size:
            raise LedgerError(f"{path} already exists; open it, or choose another file")
        unknown = sorted(set(options or {}) - set(DEFAULT_OPTIONS))
        if unknown:
            raise LedgerError(f"no campaign option {', '.join(unknown)}; options: "
                              f"{', '.join(DEFAULT_OPTIONS)}")
        store = CampaignStore.open(path)
        meta = {"name": name, "pack": pack, "turn": first_turn, "step": 1,
                "first_year": first_year, "seed": seed, "ep_entries": 0,
                "options": {**DEFAULT_OPTIONS, **(options or {})}}
        with store.change(f"New campaign: {name} ({PACKS[pack]})", "(A0)") as tx:
            tx.put("campaign", "meta", meta)
        return cls(store, library)

    @classmethod
    def open(cls, path: str | Path, library: ShipLibrary | None = None) -> Campaign:
        path = Path(path)
        if not path.exists():
            raise LedgerError(f"no campaign file {path}")
        try:
            store = CampaignStore.open(path)
        except StoreError as exc:
            raise LedgerError(str(exc)) from exc
        try:
            return cls(store, library)
        except (LedgerError, StoreError) as exc:
            store.close()
            raise LedgerError(f"{path}: {exc}") from None

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> Campaign:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- reading -----------------------------------------------------------------------------------

    @property
    def meta(self) -> dict:
        return self.store.get("campaign", "meta")

    def option(self, name: str) -> object:
        return self.meta["options"].get(name, DEFAULT_OPTIONS.get(name))

    @property
    def turn(self) -> int:
        return self.meta["turn"]

    @property
    def step_number(self) -> int:
        return self.meta["step"]

    def when(self) -> str:
        return calendar.label(self.turn, self.meta["first_year"])

    def spec(self, ship_class: str) -> ShipSpec:
        try:
            return self.library.get(ship_class)
        except KeyError:
            raise LedgerError(f"no ship class {ship_class!r} in the library "
                              "(sfb-desk-cli ships lists them)") from None

    def races(self) -> dict[str, dict]:
        return self.store.all("race")

    def race(self, code: str) -> dict:
        race = self.store.get("race", code)
        if race is None:
            raise LedgerError(f"no race {code!r} in this campaign; races: {', '.join(self.races())}")
        return race

    def units(self, race: str | None = None, *, status: str | None = None) -> dict[str, CampaignShip]:
        ships = {k: CampaignShip.from_dict(v) for k, v in self.store.all("unit").items()}
        return {k: s for k, s in ships.items()
                if (race is None or s.race == race) and (status is None or s.status == status)}

    def unit(self, unit_id: str) -> CampaignShip:
        doc = self.store.get("unit", unit_id)
        if doc is None:
            raise LedgerError(f"no ship {unit_id!r} in this campaign")
        return CampaignShip.from_dict(doc)

    def entries(self, race: str | None = None) -> list[dict]:
        """The EP ledger, oldest first."""
        return [e for e in self.store.all("ep").values() if race is None or e["race"] == race]

    def treasury(self, race: str, grid: str = "main") -> Fraction:
        return sum((ep(e["amount"]) for e in self.entries(race) if e["grid"] == grid), Fraction(0))

    def grids(self, race: str) -> dict[str, Fraction]:
        out: dict[str, Fraction] = {}
        for e in self.entries(race):
            out[e["grid"]] = out.get(e["grid"], Fraction(0)) + ep(e["amount"])
        return out

    def queue(self, kind: str | None = None, race: str | None = None) -> dict[str, dict]:
        return {k: v for k, v in self.store.all("queue").items()
                if (kind is None or v["kind"] == kind) and (race is None or v["race"] == race)}

    # --- writing -----------------------------------------------------------------------------------

    @contextmanager
    def change(self, reason: str, rule: str = "", dice: Dice | None = None) -> Iterator[Transaction]:
        """One journal entry; the rolls ``dice`` made meanwhile go to the dice log."""
        with self.store.change(reason, rule) as tx:
            yield tx
            if dice is not None:
                dice.check_used(reason)  # typed dice left over: refused, the change undone
                for purpose, rolled, source in dice.take():
                    tx.log_dice(purpose, rolled, source)

    def post(self, tx: Transaction, race: str, amount: Fraction | int, what: str, rule: str, *,
             grid: str = "main") -> None:
        """One EP ledger entry (positive: EPs in; negative: spent)."""
        meta = self.store.get("campaign", "meta")
        n = meta["ep_entries"] + 1
        meta["ep_entries"] = n
        tx.put("campaign", "meta", meta)
        tx.put("ep", f"{n:06d}", {"race": race, "grid": grid, "amount": str(ep(amount)),
                                  "what": what, "rule": rule, "turn": meta["turn"],
                                  "step": meta["step"]})

    def dice(self, typed: list[int] | None = None) -> Dice:
        """Typed dice when given, else seeded from the campaign's seed and the journal length
        (reproducible, and different for every change)."""
        if typed is not None:
            return Dice.typed(typed)
        return Dice.seeded(self.meta["seed"] * 1_000_003 + len(self.store.journal()))

    # --- set-up ------------------------------------------------------------------------------------

    def add_race(self, code: str, name: str, *, treasury: Fraction | int = 0, team: str = "",
                 ground_pool: Fraction | int = 0, rule: str = "(B2)") -> None:
        if self.store.get("race", code) is not None:
            raise LedgerError(f"race {code!r} is already in the campaign")
        with self.change(f"Race {name} ({code}) joins the campaign", rule) as tx:
            tx.put("race", code, {"name": name, "team": team, "frozen": False,
                                  "ground_pool": str(ep(ground_pool)), "homeworld_lost": False,
                                  "survey": []})
            if treasury:
                self.post(tx, code, treasury, "starting treasury", rule)

    def add_planet(self, key: str, name: str, kind: str, owner: str, *, ep_value: int | None = None,
                   grid: str = "main", rule: str = "(B2)") -> None:
        self.race(owner)
        doc = {"name": name, "type": kind, "owner": owner, "grid": grid}
        if ep_value is not None:
            doc["ep"] = ep_value
        from .admirals.economy import planet_ep  # the type check names the rule
        planet_ep(doc)
        with self.change(f"Planet {name} ({kind}) for {owner}", rule) as tx:
            tx.put("planet", key, doc)

    def add_facility(self, key: str, kind: str, race: str, location: str, *,
                     dock_class: int | None = None, rule: str = "(B2)") -> None:
        from .admirals.repairs import FACILITY_CAPACITY
        if kind not in FACILITY_CAPACITY:
            raise LedgerError(f"a facility is one of {', '.join(FACILITY_CAPACITY)}, not {kind!r}")
        if kind == "dock" and dock_class not in (2, 3, 4):
            raise LedgerError("a construction dock is class 2, 3 or 4 (E3)")
        self.race(race)
        with self.change(f"{kind.upper()} at {location} for {race}", rule) as tx:
            tx.put("facility", key, {"kind": kind, "race": race, "location": location,
                                     "dock_class": dock_class})

    def add_ship(self, unit_id: str, ship_class: str, race: str, *, name: str = "",
                 location: str = "", rule: str = "(B2)", **fields: object) -> CampaignShip:
        self.race(race)
        spec = self.spec(ship_class)
        if self.store.get("unit", unit_id) is not None:
            raise LedgerError(f"there is already a ship {unit_id!r}")
        ship = CampaignShip(unit_id, spec.id, race, name=name, location=location, **fields)
        with self.change(f"{spec.id} {name or unit_id} joins the {race} fleet", rule) as tx:
            tx.put("unit", unit_id, ship.to_dict())
        return ship

    def put_ship(self, tx: Transaction, ship: CampaignShip) -> None:
        tx.put("unit", ship.id, ship.to_dict())

    def set_supply(self, unit_id: str, in_supply: bool) -> None:
        """Step 4 (E1-E2): the keeper's supply status of a ship for this turn."""
        ship = self.unit(unit_id)
        ship.in_supply = in_supply
        if self.step_number <= 4:
            ship.in_supply_at_start = in_supply
        with self.change(f"{ship.name or ship.id} {'in' if in_supply else 'out of'} supply", "(E1)") as tx:
            self.put_ship(tx, ship)
