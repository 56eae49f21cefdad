"""The F&E assistant's records in the campaign store (one journal entry per save).

Kinds: ``fe.round`` (a combat round's inputs and summary, its dice logged once each in the
store's dice log), ``fe.folio`` (a folio turn, key "RACE:TURN"), ``fe.builds`` (a checked build
list), ``fe.scenario`` (a scenario set up from its chart).
"""

from __future__ import annotations

from ..campaign.store import CampaignStore
from . import combat_round, folio, limits, scenarios

ROUND, FOLIO, BUILDS, SCENARIO = "fe.round", "fe.folio", "fe.builds", "fe.scenario"


def save_round(store: CampaignStore, name: str, data: dict) -> combat_round.RoundReport:
    """Evaluate the round and save it; dice not logged by an earlier save of this round are
    added to the store's dice log (typed or seeded), each with its purpose. A die is known by
    its key, values and source, so a die typed again differently is logged again."""
    report = combat_round.evaluate(data)
    before = store.get(ROUND, name) or {}
    logged = set(before.get("logged", []))
    new = [d for d in report.dice_log if _die_id(d) not in logged]
    done = [s.id for s in report.steps if s.status == combat_round.DONE]
    with store.change(reason=f"F&E combat round {name}: steps to "
                             f"{report.summary['waiting_at'] or 'the end'}",
                      rule="F&E Combined Operations (311.3)") as tx:
        tx.put(ROUND, name, {"input": data, "summary": report.summary, "done": done,
                             "logged": sorted(logged | {_die_id(d) for d in new})})
        for d in new:
            tx.log_dice(d["purpose"], list(d["dice"]), d["source"])
    return report


def _die_id(d: dict) -> str:
    return f"{d['key']}={','.join(map(str, d['dice']))}/{d['source']}"


def load_round(store: CampaignStore, name: str) -> dict:
    record = store.get(ROUND, name)
    if record is None:
        raise ValueError(f"no F&E combat round {name!r} in this campaign")
    return record["input"]


def folio_key(data: dict) -> str:
    return f"{data.get('race')}:{int(data.get('turn', 1))}"


def save_folio(store: CampaignStore, data: dict) -> list[folio.GridTurn]:
    turns = folio.economic_form(data)
    folio.base_status(data)  # refuses a bad base before anything is written
    key = folio_key(data)
    with store.change(reason=f"F&E folio {key}: " + ", ".join(
            f"{t.grid} {t.closing:g} EP" for t in turns), rule="F&E Combined Operations folio") \
            as tx:
        tx.put(FOLIO, key, data)
    return turns


def next_folio(store: CampaignStore, key: str) -> dict:
    """Carry a saved folio into the next turn and save that (its own journal entry)."""
    data = store.get(FOLIO, key)
    if data is None:
        raise ValueError(f"no F&E folio {key!r} in this campaign (keys are RACE:TURN)")
    new = folio.next_turn(data)
    save_folio(store, new)
    return new


def save_builds(store: CampaignStore, data: dict, aux_limits: str = "annex-762") -> dict:
    findings, cost = limits.check_builds(data, aux_limits)
    key = f"{data.get('race')}:{data.get('turn', '')}"
    record = {"input": data, "aux_limits": aux_limits, "cost": cost,
              "findings": [f.as_dict() for f in findings]}
    with store.change(reason=f"F&E build list {key}: {cost:g} EP, "
                             f"{sum(not f.ok for f in findings)} limit(s) broken",
                      rule="F&E Combined Operations (701)-(711), (762), (763)") as tx:
        tx.put(BUILDS, key, record)
    return record


def save_scenario(store: CampaignStore, number: str, library=None) -> dict:
    """The scenario set up from its chart, and each race's folio for its first turn (one
    journal entry)."""
    laid = scenarios.setup(number, library)
    folios = scenarios.starting_folios(number)
    with store.change(reason=f"F&E scenario {laid['id']} {laid['title']} set up from its chart",
                      rule=laid["rule"]) as tx:
        tx.put(SCENARIO, laid["id"], laid)
        for data in folios:
            tx.put(FOLIO, folio_key(data), data)
    return laid
