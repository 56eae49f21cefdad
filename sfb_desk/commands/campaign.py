"""``sfb-desk-cli campaign``: keep a campaign ledger from the command line.

* ``campaign new FILE [--example border-war|t3] [--name N] [--pack P] [--race CODE:NAME:EP]``
  creates a campaign store (SFB Campaign Rules, The Admiral's Edition by default).
* ``campaign status FILE [--json]``: turn and step, treasury, fleet roster, orders, battles.
* ``campaign step FILE [--to STEP] [--dice 3,5,...]`` does the current step of the sequence of
  play and moves on (typed dice for its rolls, else the campaign's seeded dice).
* ``campaign battle FILE ID --template G3 --side NAME=ship,ship --side ...`` queues a battle;
  ``--write PATH`` writes its scenario for the desk; ``--robots [--seed N]`` has the robots
  fight it in the desk and imports the result.
* ``campaign result FILE ID RESULT.json`` imports a battle result the desk wrote.
* ``campaign report FILE --pdf OUT [--form economic|orders|roster|all]`` prints the forms.
* ``campaign order FILE build|refit|convert|reactivate|repair|cancel ARGS`` places an order,
  checked against the docks, times and costs (E3, E8, H3).
* ``campaign supply FILE SHIP in|out`` sets a ship's supply (step 4, E1).
* ``campaign undo FILE`` reverts the newest journal entry.

Every refusal is one line naming the problem and its rule; the exit status is 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    top = subparsers.add_parser("campaign", help="keep a campaign ledger (The Admiral's Edition, "
                                "the GM campaign rules, linked scenarios)")
    sub = top.add_subparsers(dest="campaign_command", metavar="ACTION", required=True)

    new = sub.add_parser("new", help="create a campaign file")
    new.add_argument("file", type=Path)
    new.add_argument("--example", help="border-war or t3: a ready-made campaign")
    new.add_argument("--name", default="Campaign")
    new.add_argument("--pack", default="admirals", help="admirals (default), gm or linked")
    new.add_argument("--seed", type=int, default=0, help="seed of the campaign's dice")
    new.add_argument("--race", action="append", default=[], metavar="CODE:NAME:EP",
                     help="a race and its starting treasury, e.g. FED:Federation:318")
    new.add_argument("--json", action="store_true")
    new.set_defaults(func=run_new)

    status = sub.add_parser("status", help="turn, treasury, fleet, orders and battles")
    status.add_argument("file", type=Path)
    status.add_argument("--json", action="store_true")
    status.set_defaults(func=run_status)

    step = sub.add_parser("step", help="do the current step of the sequence of play")
    step.add_argument("file", type=Path)
    step.add_argument("--to", metavar="STEP", help="keep stepping until this step (collect, "
                      "deficit, order, supply, plot, movement, combat, retrograde, repair, reveal)")
    step.add_argument("--dice", metavar="D,D,...", help="typed dice for this step's rolls")
    step.add_argument("--json", action="store_true")
    step.set_defaults(func=run_step)

    battle = sub.add_parser("battle", help="queue a battle, write it for the desk, or fight it")
    battle.add_argument("file", type=Path)
    battle.add_argument("battle_id", metavar="ID")
    battle.add_argument("--template", help="G2, G3, G4, G5 or PATROL-G2 (to queue a new battle)")
    battle.add_argument("--side", action="append", default=[], metavar="NAME=ship,ship")
    battle.add_argument("--turns", type=int, default=10)
    battle.add_argument("--write", type=Path, metavar="PATH", help="write the scenario (TOML)")
    battle.add_argument("--robots", action="store_true", help="the robots fight it; import the result")
    battle.add_argument("--seed", type=int, default=0)
    battle.add_argument("--json", action="store_true")
    battle.set_defaults(func=run_battle)

    result = sub.add_parser("result", help="import a battle result (JSON)")
    result.add_argument("file", type=Path)
    result.add_argument("battle_id", metavar="ID")
    result.add_argument("result", type=Path)
    result.add_argument("--json", action="store_true")
    result.set_defaults(func=run_result)

    report = sub.add_parser("report", help="print the economic form, orders and fleet roster")
    report.add_argument("file", type=Path)
    report.add_argument("--pdf", type=Path, required=True, metavar="OUT")
    report.add_argument("--form", default="all", help="economic, orders, roster or all")
    report.set_defaults(func=run_report)

    order = sub.add_parser("order", help="place a build, refit, conversion, reactivation or repair order")
    order.add_argument("file", type=Path)
    order.add_argument("kind", choices=("build", "refit", "convert", "reactivate", "repair", "cancel"))
    order.add_argument("args", nargs="+", metavar="ARG",
                       help="build RACE CLASS DOCK | refit SHIP CODE FACILITY COST | convert SHIP "
                            "CLASS DOCK | reactivate SHIP FACILITY | repair SHIP FACILITY | cancel ORDER")
    order.add_argument("--name", default="", help="the new ship's name (build)")
    order.add_argument("--json", action="store_true")
    order.set_defaults(func=run_order)

    supply = sub.add_parser("supply", help="set a ship in or out of supply (step 4, E1)")
    supply.add_argument("file", type=Path)
    supply.add_argument("ship")
    supply.add_argument("state", choices=("in", "out"))
    supply.set_defaults(func=run_supply)

    undo = sub.add_parser("undo", help="revert the newest journal entry")
    undo.add_argument("file", type=Path)
    undo.set_defaults(func=run_undo)


class _Refused(Exception):
    pass


def _fail(message: str) -> int:
    print(f"campaign: {message}", file=sys.stderr)
    return 1


def _guard(func):  # noqa: ANN001, ANN202
    def run(args: argparse.Namespace) -> int:
        from sfb_desk.campaign.dice import DiceError
        from sfb_desk.campaign.ledger import LedgerError
        from sfb_desk.campaign.store import StoreError

        try:
            return func(args)
        except (LedgerError, StoreError, DiceError, _Refused) as exc:
            return _fail(str(exc))
    return run


def _open(path: Path):  # noqa: ANN202
    from sfb_desk.campaign.ledger import Campaign

    return Campaign.open(path)


def _emit(args: argparse.Namespace, doc: object, text: str) -> int:
    print(json.dumps(doc, indent=2) if getattr(args, "json", False) else text)
    return 0


@_guard
def run_new(args: argparse.Namespace) -> int:
    from sfb_desk.campaign import examples
    from sfb_desk.campaign.ledger import Campaign

    if args.example:
        campaign = examples.create(args.example, args.file, args.seed)
    else:
        campaign = Campaign.create(args.file, args.name, args.pack, seed=args.seed)
        for text in args.race:
            parts = text.split(":")
            if len(parts) != 3 or not parts[2].lstrip("-").replace(".", "", 1).isdigit():
                raise _Refused(f"--race {text!r}: give CODE:NAME:EP, e.g. FED:Federation:318")
            campaign.add_race(parts[0], parts[1], treasury=parts[2])
    with campaign:
        doc = {"file": str(args.file), "name": campaign.meta["name"], "pack": campaign.meta["pack"],
               "when": campaign.when()}
        return _emit(args, doc, f"created {args.file}: {doc['name']} ({doc['when']})")


@_guard
def run_status(args: argparse.Namespace) -> int:
    from sfb_desk.campaign import report

    with _open(args.file) as campaign:
        doc = report.summary(campaign)
        return _emit(args, doc, report.text(doc))


@_guard
def run_step(args: argparse.Namespace) -> int:
    from sfb_desk.campaign import turn

    with _open(args.file) as campaign:
        dice = None
        if args.dice:
            try:
                dice = campaign.dice([int(d) for d in args.dice.split(",")])
            except ValueError:
                raise _Refused(f"--dice {args.dice!r}: whole numbers separated by commas") from None
            dice.exact = True  # every die typed in is for this step (or the steps up to --to)
        notes = turn.advance_to(campaign, args.to, dice) if args.to else turn.step(campaign, dice)
        doc = {"now": campaign.when(), "step": campaign.step_number, "notes": notes}
        return _emit(args, doc, "\n".join([*notes, f"now: {doc['now']}, step {doc['step']}"]))


@_guard
def run_battle(args: argparse.Namespace) -> int:
    from sfb_desk.campaign import battle_queue

    with _open(args.file) as campaign:
        battle = campaign.store.get("battle", args.battle_id)
        notes: list[str] = []
        if args.template:
            sides = []
            for text in args.side:
                name, _, ids = text.partition("=")
                if not name or not ids:
                    raise _Refused(f"--side {text!r}: give NAME=ship,ship")
                sides.append((name, [i for i in ids.split(",") if i]))
            battle = battle_queue.queue_battle(campaign, args.battle_id, args.template.upper(), sides,
                                               turns=args.turns)
            notes.append(f"queued {args.battle_id}: {battle['scenario']['scenario']['id']}")
        elif battle is None:
            raise _Refused(f"no battle {args.battle_id!r}; give --template and --side to queue one")
        if args.write:
            import tomli_w

            args.write.write_text(tomli_w.dumps(battle["scenario"]), encoding="utf-8")
            notes.append(f"wrote {args.write}")
        if args.robots:
            from sfb_desk.data.scenario_schema import Scenario
            from sfb_desk.robot.battle import play_battle

            run = play_battle(Scenario.model_validate(battle["scenario"]), seed=args.seed)
            notes.append(f"robots fought {run.turns_played} turn(s): {run.ended}")
            notes.extend(battle_queue.import_result(campaign, args.battle_id, run.result()))
        return _emit(args, {"battle": args.battle_id, "notes": notes}, "\n".join(notes))


@_guard
def run_result(args: argparse.Namespace) -> int:
    from sfb_desk.campaign import battle_queue

    from sfb_desk.data.safe_load import BadFile, load_json

    try:
        result = load_json(args.result)
    except BadFile as exc:
        raise _Refused(f"the result {args.result} {exc.problem}") from None
    with _open(args.file) as campaign:
        notes = battle_queue.import_result(campaign, args.battle_id, result)
        return _emit(args, {"battle": args.battle_id, "notes": notes}, "\n".join(notes))


@_guard
def run_report(args: argparse.Namespace) -> int:
    from sfb_desk.campaign import report

    forms = ("economic", "orders", "roster") if args.form == "all" else (args.form,)
    unknown = [f for f in forms if f not in ("economic", "orders", "roster")]
    if unknown:
        raise _Refused(f"--form is economic, orders, roster or all, not {unknown[0]!r}")
    with _open(args.file) as campaign:
        doc = report.summary(campaign, journal=0)
    from sfb_desk.printing.campaign_forms import write_pdf

    pages = write_pdf(doc, args.pdf, forms)
    print(f"wrote {args.pdf}: {pages} page(s) ({', '.join(forms)})")
    return 0


ORDER_ARGS = {"build": 3, "refit": 4, "convert": 3, "reactivate": 2, "repair": 2, "cancel": 1}


@_guard
def run_order(args: argparse.Namespace) -> int:
    from sfb_desk.campaign import orders

    if len(args.args) != ORDER_ARGS[args.kind]:
        raise _Refused(f"order {args.kind} takes {ORDER_ARGS[args.kind]} arguments, not "
                       f"{len(args.args)} (see sfb-desk-cli campaign order --help)")
    a = args.args
    with _open(args.file) as campaign:
        if args.kind == "build":
            qid = orders.order_build(campaign, a[0], a[1], a[2], name=args.name)
        elif args.kind == "refit":
            try:
                cost = float(a[3])
            except ValueError:
                raise _Refused(f"the refit cost is a number of EP, not {a[3]!r}") from None
            qid = orders.order_refit(campaign, a[0], a[1], a[2], cost)
        elif args.kind == "convert":
            qid = orders.order_conversion(campaign, a[0], a[1], a[2])
        elif args.kind == "reactivate":
            qid = orders.order_reactivation(campaign, a[0], a[1])
        elif args.kind == "repair":
            qid = orders.order_repair(campaign, a[0], a[1])
        else:
            orders.cancel(campaign, a[0])
            qid = a[0]
        order = campaign.store.get("queue", qid) or {}
        doc = {"order": qid, **order}
        text = (f"cancelled {qid}" if args.kind == "cancel" else
                f"{qid}: {order['kind']} {order.get('ship') or order.get('refit') or order.get('unit', '')}"
                f", {order['cost']} EP, {order['turns']} turn(s), ready at the end of turn {order['completes']}")
        return _emit(args, doc, text)


@_guard
def run_supply(args: argparse.Namespace) -> int:
    with _open(args.file) as campaign:
        campaign.set_supply(args.ship, args.state == "in")
        print(f"{args.ship}: {args.state} of supply" if args.state == "out" else f"{args.ship}: in supply")
        return 0


@_guard
def run_undo(args: argparse.Namespace) -> int:
    with _open(args.file) as campaign:
        entry = campaign.store.undo()
        print(entry.reason if entry else "nothing to undo")
        return 0
