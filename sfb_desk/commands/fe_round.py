"""``sfb-desk-cli fe round``: step through an F&E Combined Operations combat round (311.3)."""

from __future__ import annotations

import argparse
import json
import re
import sys

from .fe_io import BOOK, FeError, _fail, _load, _print_pdf, _run, _store


def run_round(args: argparse.Namespace) -> int:
    from sfb_desk.fe import combat_round, persist

    def body() -> int:
        if args.example:
            print(json.dumps(combat_round.EXAMPLE, indent=2))
            return 0
        if args.file:
            data = _load(args.file, "round")
        elif args.store:
            with _store(args.store) as store:
                data = persist.load_round(store, args.name)
        else:
            raise FeError("give the round file (JSON), or --store CAMPAIGN --name NAME to go on "
                          "with a saved round, or --example")
        for typed in args.dice:
            key, sep, values = typed.partition("=")
            try:
                dice = [int(v) for v in values.replace(" ", ",").split(",") if v]
            except ValueError:
                dice = []
            if not sep or not key or not dice:
                raise FeError(f"--dice {typed!r}: write KEY=D or KEY=D,D (e.g. 6S.BCJ=6,6)")
            data.setdefault("dice", {})[key.strip()] = dice
        if args.seed is not None:
            data["seed"] = args.seed
        stray = combat_round.evaluate(data).summary["unknown_dice"]
        if stray:  # a mistyped key is refused before anything is saved
            raise FeError(stray)
        if args.store:
            with _store(args.store) as store:
                report = persist.save_round(store, args.name, data)
        else:
            report = combat_round.evaluate(data)
        if args.pdf:
            name = "" if args.name == "round" else f" {args.name}"
            pages = _print_pdf(args.pdf, f"{BOOK} - combat round{name}",
                               "Expanded combat round sequence (311.3)",
                               combat_round.sections(report), args.page)
            print(f"wrote {args.pdf}: {pages} page(s)", file=sys.stderr)
        stopped = report.summary["waiting_at"]
        invalid = report.step(stopped).problems if stopped else []
        if args.json:
            print(json.dumps(report.as_dict(), indent=2, default=str))
            return _invalid(args, stopped, invalid)
        for step in report.steps:
            if step.status == combat_round.PLAYERS and not step.result:
                continue
            print(f"{step.id:4} {step.title} {step.rule} [{step.status}]")
            if step.result:
                print(f"     {step.result}")
            for problem in step.problems:
                print(f"     ! {problem}")
        print(f"dice: {len(report.dice_log)} logged"
              + (f" (stopped at {report.summary['waiting_at']})"
                 if report.summary["waiting_at"] else ""))
        waiting = re.search(r"\(key '([^']+)'\)", report.step(report.summary["waiting_at"])
                            .result) if report.summary["waiting_at"] else None
        if waiting:
            print(f"next: --dice {waiting.group(1)}=... (or --seed N)")
        return _invalid(args, stopped, invalid)

    return _run(args, body)


def _invalid(args: argparse.Namespace, stopped: str | None, problems: list[str]) -> int:
    """Exit status 1, with the message, when the round stopped on an invalid input (not when
    it waits for dice or for the players' entries)."""
    if not problems:
        return 0
    return _fail(args, f"step {stopped} cannot go on: {'; '.join(problems)}")
