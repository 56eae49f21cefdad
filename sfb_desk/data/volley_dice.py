"""Save migration to version 6: the to-hit dice of a volley become one answer.

Up to version 5 the session asked one DiceRequest per shot (``T1.I8.shot.ENT.photon#A.KRT``; anti-drone rounds, E5, keep theirs),
each followed by that shot's own questions (the cloak roll G13.37, the shield struck on a
spine or at range 0, D3.43/D3.42, the feedback shield E4.431). From version 6 it asks each
side ONE request for all its shots of the step (``T1.I8.hits.Federation``; a second one,
``hits.2d6``, for hellbores), every side's before any shot is resolved, then each shot's own
questions in declaration order
(:func:`sfb_desk.engine.combat_steps.to_hit_prompt`).

:func:`merge_to_hit_answers` rewrites a log's answers that way: the same rolls, in the same
order within a side, so the game replays to the same state. The prompts, events and refusals
of the old log are dropped (they name the old prompts); the loader then keeps the log of its
own replay (``MIGRATED_LOG``).
"""

from __future__ import annotations

import re

#: Set on a migrated document: the loader keeps the replay's log, not the saved one.
MIGRATED_LOG = "_log_migrated"
_SHOT = re.compile(r"^T(\d+)\.I(\d+)\.shot\.(.+)$")
_FOLLOW = re.compile(r"^T(\d+)\.I(\d+)\.(shield|cloak)\.")


def merge_to_hit_answers(doc: dict) -> dict:
    """``doc`` (a save document of version 5) with its per-shot to-hit answers merged."""
    log = doc.get("log")
    if not isinstance(log, list):
        return doc
    sides = _sides(doc)
    kinds = {r.get("key"): (r.get("data") or {}).get("kind", "1d6") for r in log
             if isinstance(r, dict) and r.get("kind") == "prompt"
             and isinstance(r.get("data"), dict)}
    add_rounds = {r.get("key") for r in log if isinstance(r, dict) and r.get("kind") == "prompt"
                  and isinstance(r.get("data"), dict) and r["data"].get("rule") == "E5"}
    answers = [r for r in log if isinstance(r, dict) and r.get("kind") == "answer"]
    if not any(_SHOT.match(str(r.get("key", ""))) for r in answers):
        return doc
    out: list[dict] = []
    i = 0
    while i < len(answers):
        match = _SHOT.match(str(answers[i].get("key", "")))
        if match is None or answers[i].get("key") in add_rounds:  # anti-drones stay one each
            out.append(answers[i])
            i += 1
            continue
        turn, impulse = match.group(1), match.group(2)
        block: list[tuple[str, dict, list[dict]]] = []  # (side, dice answer, follow-ups)
        while i < len(answers):
            key = str(answers[i].get("key", ""))
            shot, follow = _SHOT.match(key), _FOLLOW.match(key)
            if key in add_rounds:
                break
            if shot and shot.group(1) == turn and shot.group(2) == impulse:
                firer = max((u for u in sides if shot.group(3).startswith(f"{u}.")), key=len,
                            default="")
                block.append((sides.get(firer, ""), answers[i], []))
            elif follow and follow.group(1) == turn and follow.group(2) == impulse and block:
                block[-1][2].append(answers[i])
            else:
                break
            i += 1
        out.extend(_merged(block, turn, impulse, kinds))
    doc = dict(doc)
    doc["log"] = [dict(r, seq=n) for n, r in enumerate(out)]
    doc[MIGRATED_LOG] = True
    return doc


def _merged(block, turn: str, impulse: str, kinds: dict) -> list[dict]:  # noqa: ANN001
    """Each side's dice merged (sides in declaration order, 1d6 then other kinds), then every
    shot's own questions in declaration order (the order the session asks them)."""
    order = list(dict.fromkeys(side for side, _, _ in block))
    out: list[dict] = []
    for side in order:
        mine = [dice for s, dice, _ in block if s == side]
        for kind in dict.fromkeys(kinds.get(d["key"], "1d6") for d in mine):
            rolls: list[object] = []
            first = None
            for dice in mine:
                if kinds.get(dice["key"], "1d6") != kind:
                    continue
                first = first or dice
                value = dice.get("data")
                rolls.extend(value if isinstance(value, list) else [value])
            suffix = "" if kind == "1d6" else f".{kind}"
            out.append(dict(first, key=f"T{turn}.I{impulse}.hits{suffix}.{side}", data=rolls))
    for _, _, follow in block:
        out.extend(follow)
    return out


def _sides(doc: dict) -> dict[str, str]:
    """Unit id -> side, from the initial state and any unit the log saw appear."""
    units = (doc.get("initial") or {}).get("units") or []
    # a unit's id must be text to count (decoding refuses any other, after the migrations)
    out = {u.get("id"): u.get("side") for u in units if isinstance(u, dict)
           and isinstance(u.get("id"), str)}
    for key in ("state",):
        for u in (doc.get(key) or {}).get("units") or []:
            if isinstance(u, dict) and isinstance(u.get("id"), str):
                out.setdefault(u.get("id"), u.get("side"))
    return {k: v for k, v in out.items() if isinstance(k, str) and isinstance(v, str)}


_HITS = re.compile(r"^T\d+\.I\d+\.hits\.(?:2d6\.)?(.+)$")


def add_volley_sides(doc: dict) -> dict:
    """``doc`` (a save document of version 7) with the side written into each to-hit prompt
    of its log (version 8: ``DiceRequest.side``, whose dice a volley's are when several ships
    fire). The side is the tail of the prompt key (``T1.I8.hits.Federation``,
    ``T1.I8.hits.2d6.Federation``)."""
    log = doc.get("log")
    if not isinstance(log, list):
        return doc
    out = []
    for record in log:
        data = record.get("data") if isinstance(record, dict) else None
        match = _HITS.match(str(record.get("key", ""))) if isinstance(data, dict) else None
        if (match and record.get("kind") == "prompt" and data.get("type") == "dice"
                and data.get("rule") == "D6.315" and "side" not in data):
            record = dict(record, data=dict(data, side=match.group(1)))
        out.append(record)
    return dict(doc, log=out)
