"""Shared pieces of ``sfb-desk-cli fe``'s commands: reading a JSON input or a campaign store,
printing a PDF, and turning a refusal into one line on stderr with exit status 1."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

BOOK = "F&E Combined Operations"


class FeError(Exception):
    """A problem to report in one line (no traceback)."""


def _fail(args: argparse.Namespace, message: str) -> int:
    print(f"sfb-desk-cli fe {args.fe_command}: {message}", file=sys.stderr)
    return 1


def _load(path: str | None, what: str) -> dict:
    if not path:
        raise FeError(f"give the {what} file (JSON), or --example to see one")
    from sfb_desk.data.safe_load import BadFile, load_json

    try:
        data = load_json(path)
    except BadFile as exc:
        raise FeError(f"{path}: {exc.problem}") from None
    if not isinstance(data, dict):
        raise FeError(f"{path}: the {what} is a JSON object")
    return data


def _store(path: str):
    from sfb_desk.campaign.store import CampaignStore, StoreError

    try:
        return CampaignStore.open(path)
    except StoreError as exc:
        raise FeError(str(exc)) from None


def _print_pdf(path: str, title: str, subtitle: str, sections: list[dict], page: str) -> int:
    from sfb_desk.commands.print_forms import ensure_gui_app
    from sfb_desk.printing.output import PageSetup, export_pdf
    from sfb_desk.printing.tables_form import tables_sheets

    out = Path(path)
    if not out.parent.is_dir():
        raise FeError(f"{path}: the folder {out.parent} does not exist")
    ensure_gui_app()
    try:
        job = export_pdf(out, tables_sheets(title, subtitle, sections), PageSetup(page, "auto"),
                         title)
    except (ValueError, OSError) as exc:
        raise FeError(f"{path}: {exc}") from None
    return len(job.pages)


def _run(args: argparse.Namespace, body) -> int:
    from sfb_desk.campaign.store import StoreError

    try:
        return body()
    except (FeError, ValueError, StoreError) as exc:
        return _fail(args, str(exc))
    except (TypeError, AttributeError, KeyError) as exc:  # JSON of the wrong shape
        return _fail(args, f"the input is not in the expected form ({exc!s}); "
                           "--example prints one that is")
