"""The lines of the game log (:mod:`.event_log`): each record in words.

By default a line is a plain sentence: an event's own text, a question as the program asked
it, an answer as what was decided ("To-hit dice of side Federation: rolled 2, 1 — the
table"), a refusal with its reason. With the log's details switch on, each answer line shows
the prompt key and the value as given (``T1.I8.hits.Federation ← [2, 1] (player)``).

Long answers read as one short line: an energy allocation (B3) as its speed plot (C12.12), the
weapons armed, held and overloaded, the reinforcement (D3.34), the other lines off their
defaults and, bound to a game, the power used of the power available (line 20); a fire or
launch declaration longer than :data:`LONG` as "who at whom: which weapons".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import fields, replace
from fractions import Fraction

from sfb_desk.engine.corrections import KEY_PREFIX
from sfb_desk.engine.energy_steps import parse_allocation
from sfb_desk.engine.log import ANSWER, EVENT, PROMPT, REFUSED, LogRecord
from sfb_desk.engine.prompts import Choice, DiceRequest, Orders
from sfb_desk.engine.words import UnitWords, answer_words, value_words
from sfb_desk.qt.ea_game import EA_KIND, ship_record, spec_of, start_states
from sfb_desk.qt.game_record import GameRecord
from sfb_desk.rules.box_names import boxes_in_words, option_words
from sfb_desk.rules.energy import Allocation, ledger

LONG = 120  # a fire or launch answer line longer than this is summarised
TIP_WIDTH = 100  # characters per line of a summarised answer's tool tip
#: The power used and available of an accepted allocation (unit, turn), if they can be known.
EnergyTotals = Callable[[str, int, Allocation], "tuple[object, object] | None"]
_DEFAULT_EA = Allocation(ship="")
_SKIPPED = {"ship", "turn", "note", "weapons", "speed_plot", "general_reinforcement",
            "specific_reinforcement"}
_NAMES = {"phaser_capacitor": "phaser capacitor", "battery_recharge": "recharge",
          "battery_discharge": "battery discharge", "em": "erratic maneuvers",
          "hets": "HETs", "warp_tacs": "warp TACs", "sublight_tac": "sublight TAC",
          "ecm": "ECM", "eccm": "ECCM", "pa_level": "PA panels", "edr_labs": "EDR labs"}


def _boxes(boxes: Iterable[str]) -> str:
    """``photon#A, photon#B, phaser#1`` -> ``"photon A B, phaser 1"``."""
    families: dict[str, list[str]] = {}
    for box in boxes:
        family, _, number = box.partition("#")
        families.setdefault(family, []).append(number)
    return ", ".join(" ".join([f, *[n for n in ns if n]]) for f, ns in families.items())


def _num(value: object) -> str:
    """An energy amount as the sheet writes it: ``3``, ``0.5``, ``27.5``."""
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{float(value):.3g}"
    return str(value)


def _plot_text(plot: tuple[tuple[int, int], ...]) -> str:
    (_, first), *rest = plot
    return f"speed {first}" + "".join(f", {v} from impulse {i}" for i, v in rest)


def allocation_summary(value: object, turn: int,
                       totals: tuple[object, object] | None = None) -> str | None:
    """One line for an energy allocation answer (B3), None if it is not a whole allocation:
    ``"speed 2 · arm photon A · hold OL photon B C D · reinforce general 2, #1 +3 · used 28
    of 36"`` (lines left at their defaults are not named; OL: overloaded)."""
    ship = value.get("ship", "") if isinstance(value, dict) else ""
    a = parse_allocation(value, ship if isinstance(ship, str) else "", turn)
    if not isinstance(a, Allocation):
        return None
    parts = [_plot_text(a.speed_plot)]
    groups: dict[str, list[str]] = {}
    for o in a.weapons:
        label = {"none": "no power to"}.get(o.action, o.action)
        label += " OL" if o.overload else ""
        label += " enveloping" if o.enveloping else ""
        label += f" {o.mode}" if o.mode else ""
        box = o.box if o.energy is None else f"{o.box}({_num(o.energy)})"
        groups.setdefault(label, []).append(box)
    parts += [f"{label} {_boxes(boxes)}" for label, boxes in groups.items()]
    reinforce = [f"general {a.general_reinforcement}"] if a.general_reinforcement else []
    reinforce += [f"#{n} +{p}" for n, p in enumerate(a.specific_reinforcement, 1) if p]
    if reinforce:
        parts.append("reinforce " + ", ".join(reinforce))
    for f in fields(Allocation):
        mine, default = getattr(a, f.name), getattr(_DEFAULT_EA, f.name)
        if f.name in _SKIPPED or mine == default:
            continue
        name = _NAMES.get(f.name, f.name.replace("_", " "))
        if mine is True:
            parts.append(name)
        elif isinstance(mine, tuple):
            parts.append(f"{name} {' '.join(map(str, mine))}")
        else:
            parts.append(f"{name} {_num(mine)}")
    if totals is not None:
        parts.append(f"used {_num(totals[0])} of {_num(totals[1])}")
    return " · ".join(parts)


def _item_text(kind: str, item: object) -> str:
    """A shot ``{"box", "target", ...}`` or a launch ``{"id", "box", "target", ...}``."""
    if not isinstance(item, dict):
        return repr(item)
    extra = [f"{k} {v}" for k, v in item.items() if k not in ("box", "id", "target", "kind")]
    text = str(item.get("id", "")) if kind else str(item.get("box", ""))
    if kind:
        text = f"{item.get('kind', kind)} {text}".strip()
        text += f" from {item['box']}" if item.get("box") is not None else ""
    if item.get("target") is not None:
        text += f" at {item['target']}"
    return text + (f" ({', '.join(extra)})" if extra else "")


def orders_summary(kind: str, value: object) -> str | None:
    """One line for a fire (D6.315) or launch (F2) declaration ``{unit: ...}``, None for any
    other shape: ``"ENT at KRT: photon B C, phaser 1 2"``,
    ``"KRT: drone KD1 from drone#1 at ENT"``."""
    if not isinstance(value, dict) or not value:
        return None
    parts = []
    for uid, orders in value.items():
        if kind == "fire" and isinstance(orders, list) and all(
                isinstance(o, dict) and set(o) <= {"box", "target"} for o in orders):
            by_target: dict[object, list[str]] = {}
            for o in orders:
                by_target.setdefault(o.get("target"), []).append(str(o.get("box")))
            parts.append(f"{uid} " + "; ".join(f"at {t}: {_boxes(b)}" for t, b in by_target.items())
                         if orders else f"{uid} holds fire")
        elif kind == "fire" and isinstance(orders, list):
            parts.append(f"{uid}: " + ", ".join(_item_text("", o) for o in orders))
        elif kind == "launches" and isinstance(orders, dict):
            items = [_item_text({"drones": "drone", "plasma": "plasma", "shuttles": "shuttle",
                                 "seekers": "seeker"}.get(k, k), i)
                     for k, v in orders.items() for i in (v if isinstance(v, list) else [v])]
            parts.append(f"{uid}: " + (", ".join(items) or "nothing"))
        else:
            return None
    return " · ".join(parts)


def _order_kind(record: LogRecord, prompt: object = None) -> str:
    """The order kind asked (from the prompt when known, else from the key: T1.ea.ENT)."""
    if isinstance(prompt, Orders):
        return prompt.kind
    parts = record.key.split(".")[1:3]
    return EA_KIND if "ea" in parts else "fire" if "fire" in parts else \
        "launches" if "launch" in parts else ""


def describe(record: LogRecord, prompt: object = None,
             totals: tuple[object, object] | None = None, *, details: bool = True,
             words: UnitWords | None = None) -> str:
    """One line of the log (``prompt``: the prompt answered, when known; ``totals``: power
    used and available of an allocation answer; ``details``: answers with their prompt key
    and value as given, else in words, units named by ``words``)."""
    where = f"T{record.turn}" + (f".{record.impulse}" if record.impulse else "")
    data = record.data
    if record.kind == EVENT:
        text = getattr(data, "text", "") or getattr(data, "kind", str(data))
        rule = getattr(data, "rule", "")
        return f"{where}  {text}" + (f" ({rule})" if rule and details else "")
    if record.kind == PROMPT:
        return f"{where}  ? {getattr(data, 'purpose', record.key)}"
    if record.kind == REFUSED:
        value, refusal = data if isinstance(data, tuple) else (data, "")
        if not details:
            what = _asked_for(record, prompt)
            said = words.text(str(refusal)) if words is not None else boxes_in_words(str(refusal))
            return f"{where}  Refused{f' for {what}' if what else ''}: {said}"
        return f"{where}  refused {value!r} for {record.key}: {refusal}"
    kind = _order_kind(record, prompt)
    short = None
    if kind == EA_KIND:
        short = allocation_summary(data, record.turn, totals)
    if not details:
        return f"{where}  {_in_words(record, prompt, short, words)}"
    line = f"{where}  {record.key} ← {data!r} ({record.source})"
    if kind in ("fire", "launches") and len(line) > LONG:
        short = orders_summary(kind, data)
    return line if short is None else f"{where}  {record.key} ← {short} ({record.source})"


#: Who gave an answer, in words (the log's source names).
WHO = {"player": "the table", "robot": "the robot", "seeded": "the computer's dice",
       "default": "passed", "pass-policy": "passed by the program", "script": "the script"}


def _asked_for(record: LogRecord, prompt: object) -> str:
    purpose = getattr(prompt, "purpose", "") if prompt is not None else ""
    return purpose.split(" (")[0].split(": {")[0].split(", one per shot")[0]


def _in_words(record: LogRecord, prompt: object, short: str | None,
              words: UnitWords | None = None) -> str:
    """An answer as a sentence: what was asked, what was decided, and by whom (box ids in
    the SSD's words, units as ``words`` names them)."""
    who = WHO.get(record.source, record.source)
    data = record.data
    if record.key.startswith(KEY_PREFIX):
        return f"Box marked by hand ({who}): see the next line"
    what = _asked_for(record, prompt) or "Answer"
    if isinstance(prompt, DiceRequest) or (prompt is None and isinstance(data, list)
                                           and all(isinstance(v, int) for v in data)):
        rolls = data if isinstance(data, (list, tuple)) else [data]
        return f"{what}: rolled {', '.join(str(v) for v in rolls)} — {who}"
    if isinstance(prompt, Choice) or isinstance(data, str):
        said = option_words(data) if isinstance(data, str) else str(data)
        return f"{what}: {words.text(said) if words is not None else said} — {who}"
    if short is not None:
        return f"{what}: {short} — {who}"
    if data in ({}, [], None):
        return _nothing(record, prompt, what, who)
    kind = _order_kind(record, prompt)
    said = None
    if kind in ("fire", "launches"):
        said = orders_summary(kind, data)
        if said is not None:
            said = words.text(said) if words is not None else boxes_in_words(said)
    elif kind:
        said = answer_words(kind, data, words)
    return f"{what}: {_brief(said or value_words(data, words))} — {who}"


#: An empty answer of an order kind in words, ``{}``: the side (or unit) that gave it.
NOTHING = {"fire": "{} fires nothing", "launch": "{} launches nothing",
           "lay_mines": "{} lays no mine", "self_destruct": "{} destroys no ship of its own",
           "announce": "{} announces nothing", "tractors": "{} locks on and releases no tractor",
           "satships": "{} launches and recovers no satellite ship",
           "cloak": "{} begins to cloak or decloak no ship",
           "marines": "{} leaves shields, guards and marines as they are",
           "disdev": "{} displaces nothing", "panels": "{} leaves its power absorber panels as "
           "they are", "reserve": "{} uses no reserve power"}


def _nothing(record: LogRecord, prompt: object, what: str, who: str) -> str:
    """An empty answer in words: ``Federation fires nothing — the table``, ``Klingon
    launches nothing (passed by the program)``; a kind without words: ``Launches …: nothing``."""
    parts = record.key.split(".")
    whom = getattr(prompt, "side", None) or getattr(prompt, "unit", None) or parts[-1]
    kind = next((p for p in parts[1:-1] if p in NOTHING), None)
    text = NOTHING[kind].format(whom) if kind is not None and whom else f"{what}: nothing"
    passed = record.source in ("default", "pass-policy")
    return f"{text} ({who})" if passed else f"{text} — {who}"


def _brief(value: object) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= LONG else text[: LONG - 1] + "…"


def _packed(value: object, width: int = TIP_WIDTH, indent: str = "") -> list[str]:
    """``value`` as Python writes it, the items of a dict or list too long for one line
    packed into lines of about ``width`` characters (an item too long itself is broken the
    same way, indented one step further)."""
    text = repr(value)
    if len(indent) + len(text) <= width or not isinstance(value, (dict, list, tuple)) \
            or not value:
        return [indent + text]
    if isinstance(value, dict):
        items = [(f"{k!r}: ", v) for k, v in value.items()]
        opener, closer = "{", "}"
    else:
        items = [("", v) for v in value]
        opener, closer = ("[", "]") if isinstance(value, list) else ("(", ")")
    lines: list[str] = []
    line = indent + opener  # "" once a broken item has closed its last line
    for n, (head, item) in enumerate(items):
        end = "," if n < len(items) - 1 else closer
        single = head + repr(item) + end
        fresh = line == indent + opener
        if len(indent) + 1 + len(single) <= width:
            if fresh or line and len(line) + 1 + len(single) <= width:
                line += ("" if fresh else " ") + single
            else:
                if line:
                    lines.append(line)
                line = f"{indent} {single}"
            continue
        chunk = _packed(item, width - len(head), indent + "  ")
        chunk[0] = head + chunk[0].lstrip()
        chunk[-1] += end
        if fresh:
            chunk[0] = line + chunk[0]
        else:
            if line:
                lines.append(line)
            chunk[0] = f"{indent} {chunk[0]}"
        lines += chunk
        line = ""
    if line:
        lines.append(line)
    return lines


def full_answer(record: LogRecord) -> str:
    """An answer as given, laid out over lines (the tool tip of a summarised line)."""
    return f"{record.key} ← ({record.source})\n" + "\n".join(_packed(record.data))


def game_totals(game: Callable[[], GameRecord | None]) -> EnergyTotals:
    """Power used and available of an accepted allocation of the game ``game()`` returns
    (line 20 of the form, :func:`sfb_desk.rules.energy.ledger`) against the energy the unit
    started that turn with; None for a unit without a ship record and class."""

    def totals(unit_id: str, turn: int, allocation: Allocation) -> tuple[object, object] | None:
        record = game()
        spec = spec_of(record, unit_id)
        if record is None or spec is None:
            return None
        state = start_states(record, unit_id).get(turn)
        rec = ship_record(record, unit_id)
        if state is None and rec is not None and rec.allocation is not None \
                and rec.allocation.turn == turn:
            state = replace(rec.energy, turn=turn)
        if state is None:
            return None
        led = ledger(replace(allocation, ship=spec.id, turn=turn), spec, state)
        return led.total_used, led.available

    return totals


