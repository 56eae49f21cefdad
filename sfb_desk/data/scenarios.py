"""The scenario library: the bundled ``ssd_data/scenarios`` and the user's ``scenarios`` folder.

``load_scenarios()`` loads every ``*.toml`` file on its own: one bad file never stops the
others, its problems go to :attr:`ScenarioLibrary.problems`. A user file replaces the bundled
scenario with the same id (noted in :attr:`ScenarioLibrary.overridden`); a second file with an
id in one folder is a problem. :meth:`ScenarioLibrary.get` ignores case (``sg22`` finds SG22).

:func:`victory_inputs` and :func:`score` join a scenario to the rules layer's victory
conditions (:mod:`sfb_desk.rules.victory`): each unit's BPV (the ship's combat BPV plus its
refits, the economic BPV where the scenario says, or the BPV the scenario prints) and class.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from sfb_desk.data import paths
from sfb_desk.data.library import ShipLibrary, load_library
from sfb_desk.data.scenario_file import (
    FileProblem,
    Scenario,
    ScenarioFileError,
    load_scenario_file,
)
from sfb_desk.data.scenario_schema import Unit
from sfb_desk.data.ship_file import display_path
from sfb_desk.rules.victory import ForceShip, ShipOutcome, SideEntry, VictoryResult, score_standard


def normalise_scenario_id(scenario_id: str) -> str:
    return scenario_id.strip().upper()


@dataclass
class ScenarioLibrary:
    """Scenarios by normalised (upper-case) id, the file each came from, and the problems."""

    scenarios: dict[str, Scenario] = field(default_factory=dict)
    files: dict[str, Path] = field(default_factory=dict)
    problems: list[FileProblem] = field(default_factory=list)
    overridden: dict[str, Path] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.scenarios)

    def __contains__(self, scenario_id: object) -> bool:
        return isinstance(scenario_id, str) and normalise_scenario_id(scenario_id) in self.scenarios

    def __iter__(self):  # noqa: ANN204 - iterate the scenarios, sorted by id
        return iter(self.sorted())

    def sorted(self) -> list[Scenario]:
        """Rulebook and reconstructed scenarios by number (SG1, SG22, SH19 ...), then practice."""
        return sorted(self.scenarios.values(), key=_sort_key)

    def get(self, scenario_id: str) -> Scenario:
        """The scenario with this id, ignoring case; KeyError names the closest ids."""
        key = normalise_scenario_id(scenario_id)
        try:
            return self.scenarios[key]
        except KeyError:
            close = difflib.get_close_matches(key, list(self.scenarios), n=3, cutoff=0.5)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise KeyError(
                f"no scenario {scenario_id!r} ({len(self.scenarios)} scenarios){hint}"
            ) from None


_ID_PARTS = re.compile(r"^([A-Z]+)(\d+)?([A-Z]*)(\d*)(?:\.(\d+))?")


def _sort_key(scenario: Scenario) -> tuple:
    """SG1, SG2.64, SG10 ... by letters then number (T7S1 by its parts), practice last."""
    head = scenario.scenario
    practice = 1 if head.origin == "practice" else 0
    match = _ID_PARTS.match(head.id)
    if match is None:  # the id pattern makes this unreachable; sort such an id last
        return practice, head.id, 0, "", 0, 0, head.id
    letters, number, sub, subnumber, part = match.groups()
    return (practice, letters, int(number or 0), sub, int(subnumber or 0), int(part or 0),
            head.id)


def default_directories() -> list[Path]:
    """The bundled ``ssd_data/scenarios`` then the user's scenarios folder (which wins)."""
    return [paths.ssd_data_dir() / "scenarios", paths.user_data_dir() / "scenarios"]


def scenario_files(directory: Path) -> list[Path]:
    """The ``*.toml`` files of one folder, sorted by name (none if it does not exist)."""
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.glob("*.toml") if p.is_file())


def _load_one(path: Path, ships: ShipLibrary) -> tuple[Scenario | None, list[FileProblem]]:
    try:
        return load_scenario_file(path, ships), []
    except ScenarioFileError as error:
        return None, error.problems
    except Exception as error:  # noqa: BLE001 - one bad file must never stop the others
        return None, [FileProblem(display_path(path), "", f"could not be loaded: {error!r}")]


def load_scenarios(
    directories: Sequence[Path] | None = None, ships: ShipLibrary | None = None
) -> ScenarioLibrary:
    """Load every scenario file of ``directories`` (default :func:`default_directories`),
    checking ship ids against ``ships`` (default: the ship library, loaded once)."""
    ships = load_library() if ships is None else ships
    library = ScenarioLibrary()
    for directory in default_directories() if directories is None else directories:
        seen: dict[str, Path] = {}
        for path in scenario_files(Path(directory)):
            scenario, problems = _load_one(path, ships)
            library.problems.extend(problems)
            if scenario is None:
                continue
            key = normalise_scenario_id(scenario.id)
            if key in seen:
                library.problems.append(
                    FileProblem(
                        display_path(path),
                        "scenario.id",
                        f"duplicate id {scenario.id!r}: {display_path(seen[key])} already "
                        "defines it",
                        "one file per scenario",
                    )
                )
                continue
            seen[key] = path
            if key in library.files:
                library.overridden[key] = library.files[key]
            library.scenarios[key] = scenario
            library.files[key] = path
    return library


# ---------------------------------------------------------------------------------------------
# Victory


def unit_keys(scenario: Scenario) -> list[str]:
    """A unique key per unit in file order: its name, or ship id, numbered when repeated."""
    keys: list[str] = []
    for _side, unit in scenario.units():
        key, n = unit.key, 2
        while key in keys:
            key, n = f"{unit.key} {n}", n + 1
        keys.append(key)
    return keys


def unit_bpv(unit: Unit, ships: ShipLibrary, basis: str = "combat") -> tuple[int | None, str]:
    """The BPV a unit scores with and where it comes from; None with the reason when unknown.

    The scenario's own ``bpv`` wins; else the class's combat BPV plus the ``bpv_delta`` of each
    refit (or its economic BPV, without refits, where the victory conditions say so, SG26.5).
    """
    if unit.bpv is not None:
        return unit.bpv, "the scenario's BPV"
    # an unlisted unit plays with its ship_needed once that file exists (scenario_play)
    ship_id = unit.ship or (unit.ship_needed if unit.ship_needed in ships else None)
    if ship_id is None or ship_id not in ships:
        return None, f"{unit.key}: no ship file, so no BPV"
    spec = ships.get(ship_id)
    if basis == "economic":
        if spec.bpv_economic is None:
            return None, f"{spec.id}: no economic BPV in the ship file"
        return spec.bpv_economic, f"{spec.id} economic BPV"
    if spec.bpv_combat is None:
        return None, f"{spec.id}: no combat BPV in the ship file"
    total, parts = spec.bpv_combat, [f"{spec.id} {spec.bpv_combat}"]
    for code in unit.refits:
        refit = next(r for r in spec.refits if r.code == code)
        if refit.bpv_delta is None:
            return None, f"{spec.id} refit {code!r}: BPV change not known"
        total += refit.bpv_delta
        parts.append(f"{code} {refit.bpv_delta:+d}")
    return total, ", ".join(parts)


@dataclass(frozen=True)
class VictoryInputs:
    """What :func:`score` needs, or why the scenario cannot be scored by S2.20."""

    ships: tuple[ForceShip, ...]
    sides: tuple[str, ...]
    problems: tuple[str, ...]
    notes: tuple[str, ...]


#: S2.201 (decisions.md): how Modified Victory Conditions are scored, the rulebooks lacking them.
MODIFIED_VICTORY = {
    "standard": "The Modified Victory Conditions (S2.201) are not printed in Advanced Missions or "
                "Module C2: this game scores them by the Standard Victory Conditions (S2.20) "
                "plus the scenario's own bonus points.",
    "table": "The Modified Victory Conditions (S2.201) are not printed in Advanced Missions or "
             "Module C2: the Standard Victory Conditions (S2.20) points below are a guide only; "
             "the players judge the result from their own copy of S2.201.",
}  # fmt: skip


def victory_inputs(
    scenario: Scenario, ships: ShipLibrary, modified: str = "standard"
) -> VictoryInputs:
    """The scored forces of ``scenario`` (neutral sides left out) with their BPVs.
    ``modified`` is the S2.201 option (:data:`MODIFIED_VICTORY`)."""
    victory = scenario.victory
    problems: list[str] = []
    notes: list[str] = []
    if victory.kind == "task":
        problems.append(f"{victory.rule or scenario.id}: task victory conditions, not S2.20")
    if victory.kind == "modified":
        if modified not in MODIFIED_VICTORY:
            raise ValueError(f"unknown S2.201 option {modified!r}: {', '.join(MODIFIED_VICTORY)}")
        notes.append(MODIFIED_VICTORY[modified])
    force: list[ForceShip] = []
    for key, (side, unit) in zip(unit_keys(scenario), scenario.units(), strict=True):
        if side.neutral:
            continue
        bpv, source = unit_bpv(unit, ships, victory.bpv)
        if bpv is None:
            problems.append(source)
            continue
        ship_id = unit.ship or unit.ship_needed  # an unlisted unit's file, once it exists
        spec = ships.get(ship_id) if ship_id and ship_id in ships else None
        force.append(ForceShip(key, side.name, bpv, unit.name or key, spec))
    sides = tuple(side.name for side in scenario.sides if not side.neutral)
    return VictoryInputs(tuple(force), sides, tuple(problems), tuple(notes))


class CannotScore(ValueError):
    """The scenario cannot be scored by S2.20; the message says why."""


def score(
    scenario: Scenario,
    ships: ShipLibrary,
    outcomes: Mapping[str, ShipOutcome],
    options_spent: Mapping[str, int | Fraction] | None = None,
    modified: str = "standard",
    extra: Mapping[str, tuple[int, str]] | None = None,
) -> VictoryResult:
    """Score ``scenario`` by S2.20 with the outcomes so far (keys from :func:`unit_keys`).

    ``extra``: points won in play by side, with their rule (SG15.5's mines, from
    :func:`sfb_desk.data.game_victory.field_mine_points`).
    Raises :class:`CannotScore` for task victory conditions or units without a known BPV.
    """
    inputs = victory_inputs(scenario, ships, modified)
    if inputs.problems:
        raise CannotScore("; ".join(inputs.problems))
    spent = options_spent or {}
    unknown = sorted(set(spent) - set(inputs.sides))
    if unknown:
        raise CannotScore(f"options bought by unknown side(s): {', '.join(unknown)}")
    counts = scenario.options.counts_for_enemy if scenario.options else True
    entries = []
    for name in inputs.sides:
        bonuses = [b for b in scenario.victory.bonus if b.side == name]
        won, why = (extra or {}).get(name, (0, ""))
        entries.append(
            SideEntry(
                name,
                options_spent=spent.get(name, 0),
                bonus=sum(b.points for b in bonuses) + won,
                bonus_rule=", ".join([*(b.rule or scenario.id for b in bonuses),
                                      *([why] if why else [])]),
                options_count_for_enemy=counts,
            )
        )
    return score_standard(inputs.ships, outcomes, entries, notes=inputs.notes)
