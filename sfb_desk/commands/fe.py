"""``sfb-desk-cli fe``: the F&E Combined Operations assistant from the command line.

* ``fe round FILE [--seed N] [--store DB --name NAME] [--pdf OUT] [--json]``: step through a
  combat round (311.3) typed in a JSON file (``--example`` prints one);
* ``fe folio FILE | --store DB --key RACE:TURN [--next] [--pdf OUT] [--json]``: the economic
  and base status forms per supply grid;
* ``fe limits FILE [--aux-limits annex-762|513.113] [--store DB] [--pdf OUT] [--json]``: a
  build list checked against the production limits (701-711, 762);
* ``fe scenario [ID] [--setup] [--income RACE TURN AMOUNT] [--tally FILE] [--store DB]``:
  scenarios 609-616;
* ``fe sit [TEXT] [--race RACE]``: the Ship Information Table excerpts, linked to SFB ships;
* ``fe tug RACE TG|LTT POD...``: what a tug or LTT may carry (517.4, Annex 763);
* ``fe raid [--escorts N] [--lost-before EP] --die D | --seed N``: a commercial convoy raid
  (443.24).
"""

from __future__ import annotations

import argparse
import json
import sys

from .fe_io import BOOK, FeError, _fail, _load, _print_pdf, _run, _store  # noqa: F401 - API
from .fe_round import run_round


def register(subparsers: argparse._SubParsersAction) -> None:
    fe = subparsers.add_parser("fe", help=f"{BOOK} assistant: combat round, folio, limits, "
                               "scenarios, ship information")
    sub = fe.add_subparsers(dest="fe_command", metavar="WHAT", required=True)

    r = sub.add_parser("round", help="step through a combat round (311.3)")
    r.add_argument("file", nargs="?", metavar="FILE.json", help="the round's inputs")
    r.add_argument("--seed", type=int, help="roll the dice not typed from this seed")
    r.add_argument("--dice", action="append", default=[], metavar="KEY=D[,D]",
                   help="type the dice a step waits for, e.g. --dice 4B.defender=3 "
                        "(repeatable; kept in the store with --store)")
    r.add_argument("--name", default="round", help="the round's name in the store")
    _common(r)
    r.set_defaults(func=run_round)

    f = sub.add_parser("folio", help="economic and base status forms")
    f.add_argument("file", nargs="?", metavar="FILE.json", help="the folio of one turn")
    f.add_argument("--key", metavar="RACE:TURN", help="a folio saved in --store")
    f.add_argument("--next", action="store_true", help="carry the treasuries to the next turn")
    _common(f)
    f.set_defaults(func=run_folio)

    lim = sub.add_parser("limits", help="check a build list against the production limits")
    lim.add_argument("file", nargs="?", metavar="FILE.json", help="the build list")
    lim.add_argument("--aux-limits", choices=("annex-762", "513.113"), default="annex-762",
                     help="auxiliary carriers in service: Annex 762 (default) or (513.113)")
    _common(lim)
    lim.set_defaults(func=run_limits)

    s = sub.add_parser("scenario", help="scenarios 609-616")
    s.add_argument("id", nargs="?", help="scenario number, e.g. 609; none lists them")
    s.add_argument("--setup", action="store_true", help="set the scenario up from its chart")
    s.add_argument("--income", nargs=3, metavar=("RACE", "TURN", "EP"),
                   help="apply the scenario's income overrides to an income")
    s.add_argument("--tally", metavar="FILE.json", help="victory tally (609, 612, 613)")
    s.add_argument("--store", metavar="CAMPAIGN", help="save the set-up in a campaign store")
    s.add_argument("--json", action="store_true", help="print JSON")
    s.set_defaults(func=run_scenario)

    t = sub.add_parser("sit", help="ship information lookup, linked to SFB ships")
    t.add_argument("text", nargs="?", default="", help="designation (or part of one)")
    t.add_argument("--race", help="one race's entries")
    t.add_argument("--json", action="store_true", help="print JSON")
    t.set_defaults(func=run_sit)

    c = sub.add_parser("raid", help="a raid on a commercial convoy (443.24)")
    c.add_argument("--escorts", type=int, default=0, help="escorts with the convoy (up to 3)")
    c.add_argument("--lost-before", type=int, default=0, help="EP already lost this trip")
    c.add_argument("--die", type=int, help="the die as rolled at the table (else --seed)")
    c.add_argument("--seed", type=int, help="roll the die from this seed")
    c.add_argument("--json", action="store_true", help="print JSON")
    c.set_defaults(func=run_raid)

    g = sub.add_parser("tug", help="what a tug or LTT may carry (517.4, Annex 763)")
    g.add_argument("race")
    g.add_argument("carrier", choices=("TG", "LTT", "tg", "ltt"))
    g.add_argument("pods", nargs="*")
    g.add_argument("--json", action="store_true", help="print JSON")
    g.set_defaults(func=run_tug)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--example", action="store_true", help="print an example input and stop")
    p.add_argument("--store", metavar="CAMPAIGN", help="campaign store file to save in")
    p.add_argument("--pdf", metavar="OUT.pdf", help="print to a PDF file")
    p.add_argument("--page", choices=("letter", "a4"), default="letter", help="PDF page size")
    p.add_argument("--json", action="store_true", help="print JSON")


# ---------------------------------------------------------------------------------------------


def run_folio(args: argparse.Namespace) -> int:
    from sfb_desk.fe import folio, persist

    def body() -> int:
        if args.example:
            print(json.dumps(folio.EXAMPLE, indent=2))
            return 0
        if args.key:
            if not args.store:
                raise FeError("--key reads a folio saved in --store CAMPAIGN")
            with _store(args.store) as store:
                data = (persist.next_folio(store, args.key) if args.next
                        else store.get(persist.FOLIO, args.key))
                if data is None:
                    raise FeError(f"no F&E folio {args.key!r} in {args.store}")
        else:
            data = _load(args.file, "folio")
            if args.next:
                data = folio.next_turn(data)
            if args.store:
                with _store(args.store) as store:
                    persist.save_folio(store, data)
        turns = folio.economic_form(data)
        sections = folio.sections(data)
        if args.pdf:
            pages = _print_pdf(args.pdf, f"{BOOK} - folio", _folio_subtitle(data), sections,
                               args.page)
            print(f"wrote {args.pdf}: {pages} page(s)", file=sys.stderr)
        if args.json:
            print(json.dumps({"folio": data, "grids": [t.as_dict() for t in turns],
                              "bases": folio.base_status(data)}, indent=2))
            return 0
        _print_sections(sections)
        return 0

    return _run(args, body)


def _folio_subtitle(data: dict) -> str:
    from sfb_desk.fe.folio import turn_date

    year, season = turn_date(int(data.get("turn", 1)))
    return f"{data.get('race')}, Turn #{data.get('turn')} ({season} Y{year})"


def _print_sections(sections: list[dict]) -> None:
    for section in sections:
        print(section["title"])
        if "lines" in section:
            for line in section["lines"]:
                print(f"  {line}")
        else:
            rows = [tuple(section["columns"]), *[tuple(r) for r in section["rows"]]]
            widths = [max(len(str(r[c])) for r in rows) for c in range(len(rows[0]))]
            for row in rows:
                print("  " + "  ".join(str(v).ljust(w) for v, w in zip(row, widths,
                                                                       strict=True)).rstrip())
            for note in section.get("notes", ()):
                print(f"  * {note}")
        print()


def run_limits(args: argparse.Namespace) -> int:
    from sfb_desk.fe import limits, persist

    def body() -> int:
        if args.example:
            print(json.dumps(limits.EXAMPLE, indent=2))
            return 0
        data = _load(args.file, "build list")
        findings, cost = limits.check_builds(data, args.aux_limits)
        if args.store:
            with _store(args.store) as store:
                persist.save_builds(store, data, args.aux_limits)
        broken = [f for f in findings if not f.ok]
        section = {"title": f"Build list - {data.get('race')}, Turn #{data.get('turn', '?')}",
                   "columns": ("Item", "Check", "Rule", "EP"),
                   "rows": [(f.item, ("ok: " if f.ok else "LIMIT: ") + f.message, f.rule,
                             f"{f.cost:g}" if f.ok else "") for f in findings],
                   "notes": [f"Combined Operations cost {cost:g} EP; {len(broken)} limit(s) "
                             f"broken; auxiliary limits from {args.aux_limits}"]}
        if args.pdf:
            pages = _print_pdf(args.pdf, f"{BOOK} - production limits", "(701)-(711), (762)",
                               [section], args.page)
            print(f"wrote {args.pdf}: {pages} page(s)", file=sys.stderr)
        if args.json:
            print(json.dumps({"cost": cost, "broken": len(broken),
                              "findings": [f.as_dict() for f in findings]}, indent=2))
        else:
            _print_sections([section])
        return 3 if broken else 0

    return _run(args, body)


def run_scenario(args: argparse.Namespace) -> int:
    from sfb_desk.fe import persist, scenarios

    def body() -> int:
        if not args.id:
            rows = scenarios.listing()
            if args.json:
                print(json.dumps(rows, indent=2))
            else:
                for r in rows:
                    print(f"{r['id']}  {r['title']:24} {r['turns_text']}  "
                          f"{', '.join(r['races'])}{'  (set-up chart)' if r['setup_chart'] else ''}")
            return 0
        result: dict = {"scenario": scenarios.scenario(args.id)["title"]}
        if args.setup:
            from sfb_desk.data.library import load_library

            library = load_library()
            if args.store:
                with _store(args.store) as store:
                    result["setup"] = persist.save_scenario(store, args.id, library)
            else:
                result["setup"] = scenarios.setup(args.id, library)
        if args.income:
            race, turn, amount = args.income
            try:
                value, lines = scenarios.income(args.id, race, int(turn), float(amount))
            except ValueError as exc:
                raise FeError(f"--income RACE TURN EP: {exc}") from None
            result["income"] = {"race": race, "turn": int(turn), "income": value, "lines": lines}
        if args.tally:
            tally = {"609": scenarios.tally_609, "612": scenarios.tally_612,
                     "613": scenarios.tally_613}.get(scenarios.scenario(args.id)["id"])
            if tally is None:
                raise FeError(f"scenario {args.id} has no point tally; its victory conditions "
                              "are a checklist (shown without --tally)")
            result["tally"] = tally(_load(args.tally, "tally"))
        if not (args.setup or args.income or args.tally):
            result = scenarios.scenario(args.id)
        if args.json:
            print(json.dumps(result, indent=2, default=str))
        else:
            _print_scenario(result)
        return 0

    return _run(args, body)


def _print_scenario(result: dict) -> None:
    if "setup" in result:
        s = result["setup"]
        print(f"{s['id']} {s['title']} {s['rule']}: set up in the order "
              f"{', '.join(s['setup_order'])}")
        for race, info in s["races"].items():
            print(f"{race}: treasury {info['treasury']} EP, command points "
                  f"{info['command_points']}")
            for fleet in info["fleets"]:
                units = ", ".join(f"{u['count']}x {u['counter']}"
                                  + (f" [{u['ship']}]" if u["ship"] else "")
                                  for u in fleet["units"])
                print(f"  {fleet['fleet']} ({fleet['total']}; {fleet['where']}): {units}")
    for key in ("income", "tally"):
        if key in result:
            print(f"{key}: {json.dumps(result[key])}")
    if "title" in result and "setup" not in result:
        print(f"{result['id']} {result['title']} {result['rule']}: turns {result['turns']}")
        for line in result.get("income", []):
            print(f"  income: {line['race']}: {line['what']} {line['rule']}")
        for rel in result.get("releases", []):
            print(f"  release: {rel['race']} {rel['fleet']}: {rel['trigger']} {rel['rule']}")


def run_sit(args: argparse.Namespace) -> int:
    from sfb_desk.data.library import load_library
    from sfb_desk.fe import sit

    def body() -> int:
        entries = sit.lookup(args.text, args.race)
        if not entries:
            raise FeError(f"no Ship Information Table entry matches {args.text!r}")
        index = sit.library_index(load_library())
        rows = []
        for e in entries:
            link = sit.link_entry(e, index)
            rows.append(e.as_dict() | {"ship": link.ship_id if link else "",
                                       "link": link.how if link else ""})
        if args.json:
            print(json.dumps(rows, indent=2))
            return 0
        for r in rows:
            print(f"{r['race']:10} {r['designation']:10} {r['factors']:22} cmd {r['command']:3} "
                  f"Y{r['date']:6} {r['build']:22} {r['notes'][:40]}"
                  + (f"  -> {r['ship']} ({r['link']})" if r["ship"] else ""))
        print(f"({sit.SINGLE_SOURCE})")
        return 0

    return _run(args, body)


def run_tug(args: argparse.Namespace) -> int:
    from sfb_desk.fe import tugs

    def body() -> int:
        verdict, why = tugs.tug_load(args.race, args.carrier, args.pods)
        if args.json:
            print(json.dumps({"verdict": verdict, "rule": why}))
        else:
            print(f"{verdict}: {why}")
        return {"not allowed": 3, "not covered": 4}.get(verdict, 0)

    return _run(args, body)


def run_raid(args: argparse.Namespace) -> int:
    from sfb_desk.fe import operations
    from sfb_desk.fe.dice import Dice

    def body() -> int:
        if args.die is None and args.seed is None:
            raise FeError("give --die D (the die rolled at the table) or --seed N")
        if args.escorts < 0 or args.lost_before < 0:
            raise FeError("escorts and EP lost are 0 or more (443.24)")
        dice = Dice.of({"443.raid": [args.die]} if args.die is not None else {}, args.seed)
        result = operations.convoy_raid(dice, escorts=args.escorts, lost_before=args.lost_before)
        result["dice_log"] = [r.as_dict() for r in dice.log]
        print(json.dumps(result) if args.json else result["text"])
        return 0

    return _run(args, body)
