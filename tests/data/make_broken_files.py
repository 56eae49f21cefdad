"""Write the broken-file corpus added for issue 13 (run from the repository root):

    uv run python tests/data/make_broken_files.py

tests/data/broken_ships/: ship files with one fault each, made from tests/data/fixtures/ship_v1.toml
(the hand-written ones beside them predate this script); tests/data/broken_saves/: saves made from
a short movement game and from tests/data/saves/v4_ca_d7_one_turn.sfbsave; tests/data/broken_ea/:
energy allocation files made from `sfb-desk-cli ea template FED-CA`. The tables of the tests
(test_broken_ships.py, test_broken_files.py) say what each must give.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent
ROOT = DATA.parent.parent
sys.path.insert(0, str(ROOT))

DEEP = 100_000
JUNK = bytes(range(256)) * 4 + b"\x00\xff\xfe\x80" * 64


def nest(depth: int) -> list:
    """A list nested ``depth`` deep."""
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


def ships() -> None:
    out = DATA / "broken_ships"
    v1 = (DATA / "fixtures" / "ship_v1.toml").read_text(encoding="utf-8")

    def write(name: str, text: str | bytes) -> None:
        path = out / f"{name}.toml"
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))

    write("huge_system_count", v1.replace("left_warp = 15", "left_warp = 100000000"))
    write("huge_shield", v1.replace("boxes = [30, 24, 20, 20, 20, 24]",
                                    "boxes = [30, 24, 20, 20, 20, 2400000]"))
    weapon = '\n[[weapons]]\ndesignator = "X{n}"\ntype = "PH-3"\narcs = ["FH"]\n'
    write("too_many_weapons", v1 + "".join(weapon.format(n=n) for n in range(120)))
    write("huge_weapon_mount", v1.replace('designator = "1"\ntype = "PH-1"',
                                          'designator = "1"\ntype = "PH-1"\nboxes = 5000000', 1))
    many = "".join(f"{name} = 190\n" for name in (
        "cargo", "barracks", "repair", "center_hull", "center_warp", "reactor", "apr",
        "awr", "flag_bridge", "security", "drone_control", "power"))
    write("too_many_boxes_in_all", v1.replace("[systems]\n", "[systems]\n" + many))
    write("huge_track", v1.replace("damage_control = [4, 4, 2, 2, 2, 0]",
                                   "damage_control = [" + "4, " * 300 + "0]"))
    assert "\n[extra]\n" in v1
    write("deep_nesting", v1.replace("\n[extra]\n", "\n[extra]\ndeep = " + "[" * DEEP
                                     + "]" * DEEP + "\n"))
    write("nested_40_deep", v1.replace("\n[extra]\n", "\n[extra]\ndeep = " + "[" * 40
                                       + "]" * 40 + "\n"))
    write("binary_junk", JUNK)
    write("utf16_text", v1.encode("utf-16"))
    write("complete_without_shields", re.sub(r"\n\[shields\]\nboxes = \[[^\]]*\]\n", "\n", v1))
    write("complete_move_cost_zero", v1.replace('move_cost = "1"', 'move_cost = "0"'))
    # an integer of 5,001 digits: Python's parsers refuse it with a ValueError (not a
    # TOMLDecodeError); it once came out as "could not be loaded: ValueError('Exceeds ...')"
    write("number_too_long", v1.replace("left_warp = 15", "left_warp = 1" + "0" * 5000))
    # a tick per crew unit on the SSD: 100,000,000 once hung printing (1 GB and counting)
    write("huge_crew", v1.replace("crew_units = 43", "crew_units = 100000000"))


def _short_game():
    from sfb_desk.engine.answers import At, Chain, Defaults, Scripted
    from sfb_desk.engine.session import Session
    from sfb_desk.rules.game_state import GameState
    from sfb_desk.rules.hexes import hex_from_label
    from sfb_desk.rules.units import MoveProfile, new_ship

    ca = MoveProfile(turn_mode="D", warp=30, impulse=4, crew_units=43)
    a = new_ship("A", "fed", ca, hex=hex_from_label("1010"), facing=1, speed=8)
    b = new_ship("B", "kli", ca, hex=hex_from_label("1410"), facing=4, speed=8)
    session = Session(GameState(units=(a, b), dice_seed=3, last_turn=1))
    for value in (8, {"hets": 1}, 8, {}):
        session.answer(value, "test")
    session.run(Chain(Scripted([At("T1.I4.move.A", "slip left")]), Defaults()), limit=60)
    return session


def saves() -> None:
    from sfb_desk.data.saves import game_to_json

    out = DATA / "broken_saves"
    out.mkdir(exist_ok=True)
    doc = game_to_json(_short_game())
    text = json.dumps(doc, separators=(",", ":"))

    def write(name: str, content: str | bytes | dict | list) -> None:
        if isinstance(content, (dict, list)):
            content = json.dumps(content, separators=(",", ":"))
        path = out / f"{name}.sfbsave"
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))

    def changed(**keys: object) -> dict:
        return {**json.loads(text), **keys}

    def record(kind: str, n: int = 0) -> int:
        return [i for i, r in enumerate(doc["log"]) if r["kind"] == kind][n]

    write("deep_nesting_array", "[" * DEEP + "]" * DEEP)
    write("deep_nesting_object", '{"a":' * DEEP + "1" + "}" * DEEP)
    write("deep_inside_the_log", changed(log=doc["log"] + [nest(40)]))
    write("binary_junk", JUNK)
    write("empty", b"")
    write("not_json", "this is my battle log, not a save\n")
    write("truncated", text[: len(text) * 2 // 3])
    write("utf16_text", text.encode("utf-16"))
    write("nul_bytes", text[:40] + "\x00" * 8 + text[40:])
    assert '"turn":1' in text  # a number of 5,001 digits: a ValueError out of json.loads
    write("number_too_long", text.replace('"turn":1', '"turn":1' + "0" * 5000, 1))
    write("top_level_list", [doc])
    write("foreign_format", changed(format="another-program"))
    write("newer_version", changed(version=99))
    write("version_as_text", changed(version="3"))
    write("missing_log", {k: v for k, v in doc.items() if k != "log"})
    write("log_not_a_list", changed(log={"0": doc["log"][0]}))
    moves = [i for i, r in enumerate(doc["log"]) if r["kind"] == "prompt" and ".move." in r["key"]]
    log = json.loads(json.dumps(doc["log"]))
    log[moves[0]]["key"] = log[moves[0]]["key"].replace(".move.", ".mowe.")
    write("flipped_prompt_key", changed(log=log))
    log = json.loads(json.dumps(doc["log"]))
    log[moves[0] + 1]["key"] = log[moves[0] + 1]["key"].replace(".move.", ".mowe.")
    write("flipped_answer_key", changed(log=log))
    log = json.loads(json.dumps(doc["log"]))
    i = record("prompt", 5)
    log[i]["step"] = log[i]["step"] + "x"
    write("flipped_step_name", changed(log=log))
    log = json.loads(json.dumps(doc["log"]))
    i = record("prompt", 2)
    log[i]["turn"] = 7
    write("flipped_prompt_turn", changed(log=log))
    log = json.loads(json.dumps(doc["log"]))
    del log[-1]
    write("log_cut_short", changed(log=log))
    log = json.loads(json.dumps(doc["log"]))
    i = record("answer", 1)
    log[i]["data"] = 31
    write("answer_changed", changed(log=log))
    state = json.loads(json.dumps(doc["state"]))
    state["units"][0]["speed"] = 29
    write("state_changed", changed(state=state))
    write("seq_out_of_order", changed(log=[{**r, "seq": r["seq"] + 1} for r in doc["log"]]))
    full = json.loads((DATA / "saves" / "v4_ca_d7_one_turn.sfbsave").read_text(encoding="utf-8"))
    full["initial_combat"]["ships"][0]["spec_id"] = "FED-NOPE"
    write("unknown_ship_class", full)
    _unit_faults(write)


def _unit_faults(write) -> None:  # noqa: ANN001 - saves()' writer
    """Saves whose units do not fit their ship classes or the state's fields (QA, session 4)."""
    text = (DATA / "saves" / "v4_ca_d7_one_turn.sfbsave").read_text(encoding="utf-8")

    def fault(name: str, keys: tuple[str, ...], path: tuple, value: object) -> None:
        doc = json.loads(text)
        for key in keys:
            node = doc[key]
            for step in path[:-1]:
                node = node[step]
            node[path[-1]] = value
        write(name, doc)

    states, combats = ("initial", "state"), ("initial_combat", "combat")
    fault("bad_box_mark", states, ("units", 0, "destroyed"), ["abc"])
    fault("bad_box_mark_in_state_only", ("state",), ("units", 1, "destroyed"), ["phaser#99"])
    fault("bad_repair_box", combats, ("ships", 0, "repair_box"), "abc")
    fault("unknown_unit_field", states, ("units", 0, "colour"), "red")
    fault("unknown_record_field", combats, ("ships", 0, "colour"), "red")
    fault("shield_over_its_boxes", combats, ("ships", 0, "shields", "boxes"), [99, 24, 20, 20, 20, 24])
    fault("shield_count", combats, ("ships", 0, "shields", "boxes"), [30, 24, 20, 20, 20])
    fault("shield_status", combats, ("ships", 0, "shields", "status"), ["up"] * 5 + ["gone"])
    fault("plot_from_impulse_999", states, ("units", 1, "prev_plot"), [[999, 8]])
    fault("empty_plot", states, ("units", 0, "prev_plot"), [])
    fault("unknown_turn_mode", states, ("units", 0, "profile", "turn_mode"), "abc")
    fault("unit_id_not_text", states, ("units", 1, "id"), [])


def energy_files() -> None:
    import subprocess

    out = DATA / "broken_ea"
    out.mkdir(exist_ok=True)
    template = subprocess.run([sys.executable, "-m", "sfb_desk.cli", "ea", "template", "FED-CA"],
                              capture_output=True, text=True, check=True, cwd=ROOT).stdout
    doc = json.loads(template)

    def write(name: str, content: str | bytes | dict) -> None:
        if isinstance(content, dict):
            content = json.dumps(content, indent=1)
        path = out / f"{name}.json"
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))

    write("deep_nesting", "[" * DEEP + "]" * DEEP)
    write("deep_inside_a_line", {**doc, "weapons": nest(40)})
    write("binary_junk", JUNK)
    write("empty", b"")
    write("not_json", "arm all photons, speed 16\n")
    write("truncated", template[: len(template) // 2])
    write("utf16_text", template.encode("utf-16"))
    write("top_level_list", json.dumps([doc]))
    write("unknown_ship", {**doc, "ship": "FED-NOPE"})
    write("wrong_format", {**doc, "format": "sfb-desk-ship"})
    write("energy_as_words", {**doc, "phaser_capacitor": "six"})
    write("negative_energy", {**doc, "phaser_capacitor": -3})
    write("unknown_line", {**doc, "phasor_capacitor": 6})
    write("weapon_not_on_ship", {**doc, "weapons": [{"box": "disruptor#A", "action": "arm"}]})
    assert '"phaser_capacitor": 6' in template
    write("number_too_long", template.replace('"phaser_capacitor": 6',
                                              '"phaser_capacitor": 6' + "0" * 5000))


if __name__ == "__main__":
    ships()
    saves()
    energy_files()
    print("wrote the broken-file corpus")
