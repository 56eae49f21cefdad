"""T7 "The Run for Home" (Module C2, T7.0, Y184): the satellite ships of an abandoned
Andromedan Dominator run through three scenarios, the survivors carried from one to the next.

* Force (T7.11): a Terminator, an Eel and three Cobras with the Dominator's crew; each ship
  carries at least 1/5 of the surviving crew (1/4 once one is lost, and so on).
* Repairs (T7.2): between scenarios only D9.7, up to the D9.76 limit (two systems per sat ship
  during and between each scenario); D14 only during a scenario.
* T7S1 Intercept! (Federation), T7S2 Rendezvous (Gorn, with an Orion salvage cruiser and a
  slaver under limited Andromedan control), T7S3 Between a ROC and a Hard Place (Federation and
  Romulan, the Dominator arriving on turn 2). A sat ship qualifies for the next scenario by
  disengaging toward C with its cargo stowed (T7S1, T7S2).
* The opponents of each scenario are fresh; the Andromedans are the survivors, or the
  scenario's stand-alone force when none survive (T7S2: 2 Cobra, 1 Terminator, 1 Eel).

The sat ships are the library's reconstructed Module C2 classes (AND-TER, AND-EEL, AND-COB); the
mini-campaign cannot begin while an opponent class is missing or has no box counts (the DNG,
FFS, the Gorn BC, HDD and PFT, the Orion salvage cruiser and slaver, the ROC and SpH-A):
:func:`missing_classes` names what is missing and :func:`begin` refuses with that list.
"""

from __future__ import annotations

from ...data.library import ShipLibrary
from ..ledger import Campaign, LedgerError
from . import chain
from .chain import Definition, Force

SAT_SHIPS = (
    Force("terminator", "Terminator", "AND-TER", "Terminator"),
    Force("eel", "Eel", "AND-EEL", "Eel"),
    Force("cobra1", "Cobra", "AND-COB", "Cobra 1"),
    Force("cobra2", "Cobra", "AND-COB", "Cobra 2"),
    Force("cobra3", "Cobra", "AND-COB", "Cobra 3"),
)
DEFINITION = Definition(
    key="T7", title="The Run for Home", book="Module C2", rule="T7.0", year=184, scenarios=3,
    sides=("Andromedan", "Galactic"),
    forces={"Andromedan": SAT_SHIPS},
    between="D9.7", between_multiple=1,
    notes=("Between scenarios only D9.7 repairs, up to the D9.76 limit (T7.2).",),
)
#: The opponents of each scenario (T7S1-T7S3) as printed, with the library class the desk would use.
OPPONENTS: dict[int, tuple[Force, ...]] = {
    1: (Force("unification", "DNG Unification", "FED-DNG", "Unification"),
        Force("michigan", "NCL+ Michigan", "FED-NCL", "Michigan"),
        Force("burke", "FFG Burke", "FED-FFG", "Burke"),
        Force("tensing", "FFS+ Tensing", "FED-FFS", "Tensing")),
    2: (Force("reptilicon", "BC Reptilicon", "GOR-BC", "Reptilicon"),
        Force("champion", "HDD+ Champion", "GOR-HDD", "Champion"),
        Force("sarmanix", "PFT-F Sarmanix (4 PFs)", "GOR-PFT", "Sarmanix"),
        Force("cyclone", "Orion salvage cruiser Cyclone", "ORI-SAL", "Cyclone"),
        Force("harvest", "Orion slaver Golden Harvest", "ORI-SLV", "Golden Harvest")),
    3: (Force("konkordium", "DNG Konkordium", "FED-DN", "Konkordium",
              stand_in="T7S3.46's own substitute: DN+ for the DNG"),
        Force("potemkin", "CAR+ Potemkin", "FED-CA", "Potemkin"),
        Force("senator", "ROC Senator (6 PF)", "ROM-CON", "Senator",
              stand_in="T7S3.46's own substitute: Condor for the ROC"),
        Force("avenger", "SpH-A+ Avenger", "ROM-SPA", "Avenger")),
}
STAND_ALONE_ANDROS = {2: ("cobra1", "cobra2", "terminator", "eel"), 3: ("cobra1", "cobra2", "eel")}


def missing_classes(library: ShipLibrary, scenario: int | None = None) -> list[str]:
    """Library classes T7 needs that the desk cannot play (absent or without box counts)."""
    forces = list(SAT_SHIPS)
    for n, ships in OPPONENTS.items():
        if scenario is None or n == scenario:
            forces.extend(ships)
    missing = []
    for force in forces:
        try:
            spec = library.get(force.ship)
        except KeyError:
            missing.append(f"{force.ship} ({force.printed}): not in the library")
            continue
        if not spec.complete:
            missing.append(f"{force.ship} ({force.printed}): no box counts yet")
    return sorted(set(missing))


def begin(campaign: Campaign) -> dict:
    missing = missing_classes(campaign.library)
    if missing:
        raise LedgerError("The Run for Home cannot be played yet; the library lacks: " + "; ".join(missing))
    return chain.start(campaign, DEFINITION)


def andromedans_for(campaign: Campaign, scenario: int) -> list[str]:
    """T7: the survivors of the last scenario that qualified (disengaged toward C), else the
    scenario's stand-alone force."""
    alive = [s.id for s in campaign.units("Andromedan").values() if s.status == "active"]
    if scenario == 1:
        return [f.key for f in SAT_SHIPS]
    return alive or list(STAND_ALONE_ANDROS[scenario])


def crew_share(ships_left: int) -> str:
    """T7.11: each sat ship carries at least this share of the surviving crew."""
    if ships_left < 1:
        raise ValueError("no sat ship left to carry the crew")
    return f"1/{ships_left}"
