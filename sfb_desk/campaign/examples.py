"""Ready-made campaigns for ``sfb-desk-cli campaign new --example`` and the campaign window:
a two-race border war of The Admiral's Edition, and T3 The Lone Gray Wolf.

The border war is SFB Desk's small example, not a rulebook set-up: the Federation and the
Klingons with a homeworld each, a Federation major planet and a Klingon minor planet cut off
from its grid, a dock each, and three ships each of classes the desk can play.
"""

from __future__ import annotations

from pathlib import Path

from .ledger import Campaign, LedgerError
from .linked import t3

EXAMPLES = {"border-war": "a two-race border war (The Admiral's Edition), SFB Desk's example",
            "t3": "Advanced Missions T3, The Lone Gray Wolf"}


def border_war(path: str | Path, seed: int = 0) -> Campaign:
    c = Campaign.create(path, "Border war (example)", seed=seed)
    c.add_race("FED", "Federation", treasury=100, team="Alliance")
    c.add_race("KLI", "Klingon", treasury=100, team="Coalition")
    c.add_planet("earth", "Earth", "homeworld", "FED")
    c.add_planet("alpha", "Alpha Centauri", "major", "FED")
    c.add_planet("klinshai", "Klinshai", "homeworld", "KLI")
    c.add_planet("outpost", "Outpost IV", "minor", "KLI", grid="cut off")
    c.add_facility("fed-dock", "dock", "FED", "0810", dock_class=3)
    c.add_facility("fed-frd", "frd", "FED", "0611")
    c.add_facility("kli-dock", "dock", "KLI", "2726", dock_class=3)
    for uid, cls, name in (("enterprise", "FED-CA", "Enterprise"), ("hood", "FED-CL", "Hood"),
                           ("burke", "FED-FF", "Burke")):
        c.add_ship(uid, cls, "FED", name=name, location="0810")
    for uid, cls, name in (("kahless", "KLI-D7", "Kahless"), ("vengeance", "KLI-D6", "Vengeance"),
                           ("dagger", "KLI-F5", "Dagger")):
        c.add_ship(uid, cls, "KLI", name=name, location="2726")
    return c


def create(example: str, path: str | Path, seed: int = 0) -> Campaign:
    if example == "border-war":
        return border_war(path, seed)
    if example == "t3":
        c = Campaign.create(path, "The Lone Gray Wolf", pack="linked", seed=seed)
        t3.begin(c)
        return c
    raise LedgerError(f"no example {example!r}; examples: {', '.join(EXAMPLES)}")
