"""The EA sheet of a ship crippled at the start of its turn (S2.4) is checked as the session
checks it: its energy state is marked crippled, so emergency life support is allowed (B3.3)."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from duel_script import setup  # noqa: E402

from sfb_desk.engine.session import Session  # noqa: E402
from sfb_desk.qt.ea_game import sheet_data  # noqa: E402
from sfb_desk.engine.corrections import Correction  # noqa: E402
from sfb_desk.qt.game_record import advance, new_record  # noqa: E402


def test_a_crippled_ship_s_sheet_is_checked_as_crippled():
    g = setup()
    record = new_record(g.state, combat=g.combat, specs=g.specs)
    assert record.pending.key == "T1.ea.ENT"
    fresh = sheet_data(record, record.table_state, "ENT", allocating=True)
    assert not fresh.state.crippled
    spec = g.specs["FED-CA"]
    warp = [b for b in spec.box_ids() if b.split("#")[0] in ("left_warp", "right_warp")]
    assert warp
    for box in warp:  # every warp engine box gone: crippled (S2.4)
        record = advance(record, Correction("ENT", box)).record  # marked by hand
    sheet = sheet_data(record, record.table_state, "ENT", allocating=True)
    assert sheet.state.crippled
    # the session's own state says the same when the boxes are really destroyed
    units = tuple(u if u.id != "ENT" else dataclasses.replace(u, destroyed=frozenset(warp))
                  for u in g.state.units)
    session = Session(dataclasses.replace(g.state, units=units), g.combat, g.specs)
    assert session.energy_state("ENT").crippled == sheet.state.crippled
