"""Build the ship library (ssd_data/ships/<ID>.toml) from the vendored reference fact files.

Usage: ``cd /work/main && .venv/bin/python tools/build_ship_library.py [--out DIR]``

Inputs: ``tools/reference/core_ships.json`` (21 Basic Set ships with complete box counts) and
``tools/reference/ssd_facts.json`` (93 units of the Advanced Missions SSD pages, seed 000: facts
as printed, no box counts). Output: one file per class in ssd_data/ships/ (format v1,
ssd_data/FORMAT.md); the output depends only on the inputs (sorted, no dates), so re-running
the script reproduces the committed files byte for byte, and files the inputs no longer name are
removed.

Mapping decisions
-----------------
* Core ships (ship_library/core.py) are ``complete``: shields, tracks, [systems] (zero counts
  left out), shuttle bays, and [[weapons]] from ``phasers``, ``heavy_weapons`` and
  ``drone_racks`` with designator, arcs, extra_bearings. Types map to the catalogue codes of
  sfb_desk/rules/weapon_types.py (Ph-1 -> PH-1, Photon -> PHOTON, Option mount -> OPTION with
  the mount kind as note, drone racks -> DRONE with rack_type; ``max_range_amarillo`` ->
  max_range, noted as single-source; ``uncertain_type``, ``arc_suspect``, ``launch_bearings``
  -> the mount's note). An unknown type stops the script. A box id (family#designator) used
  twice stops the script. The MSC's rounded move costs become exact fractions (0.33 -> "1/3").
* Core special systems: probe ammunition, transporter bombs, pseudo-plasma and the nuclear space
  mine are non-damageable [[special]] tracks; a cloak with a box count is a [[special]] (KR), a
  cloak without one only the ``cloak`` flag + cloak_cost (WE, noted); DERFACS and UIM are flags
  (UIM count in [extra]); the security station must equal the counted ``security`` system;
  "fighter deck crews" -> [crew].deck_crews. Tholian "web: 2" has no stated meaning: it is
  not mapped, it is in notes and ``missing`` (so those two files are incomplete). Any other
  special system stops the script.
* Refits keep code, year, bpv_delta and the reference's description; ``adds`` is never filled
  (the reference itemises refit boxes only in prose). Disagreements and notes are copied.
* ssd_facts units (ship_library/ssd.py) are ``complete = false`` with ``missing`` listing what
  is absent. No count is guessed: printed crew/boarding-party/probe/deck-crew numbers are box
  labels (lower bounds) and go to [extra]; only data-table crew values go to [crew]. Tracks are
  written only when all three are printed, sensor and scanner have the same length, more than
  the first and last value are printed, they are monotone and no parser warning concerns them;
  otherwise the printed values go to [extra] and the tracks are listed as missing.
* move_cost is the printed fraction as printed ("1/5", "1/10"); sums and decimals are
  evaluated exactly ("1 + 1/2", "1.5" -> "3/2"). The first unconditioned printed cost is used (else the
  "NO <option>" one: SKH NO PACK, matching its unconditioned turn mode), all are in [extra]. turn_mode is the first printed letter; a letter the reference derived from
  the printed speed bands is used with a note; all modes with bands and lines are in [extra].
  het_cost/em_cost only where stated as numbers (the legend's speed columns go to [extra]).
* Flags come from printed facts only: nimble (stated), cloak (BPV INCLUDES CLOAK), stealth
  (STEALTH option unless NO STEALTH BONUS), scout (scout functions / special sensors), carrier
  (own fighters, or CARRIER/HANGAR in the name; not the ORE CARRIER, not escorts with "no
  fighters of its own"), police, minesweeper/minehunter, minelayer (mine racks), tug, q_ship,
  aegis, sublight, uim (2x UIM STANDARD). "DERFACS/UIM mentioned" in prose is kept in [extra], not a flag.
* ``missing`` of an ssd unit: shield box counts, system box counts, weapons (fighters: damage
  points, weapons), and where they apply: tracks, excess damage, shuttle boxes, transporter
  bombs, crew units and boarding parties, BPV, size class, movement cost, turn mode, breakdown.
  Names: the contents title without the race ("Police Cutter"), or the unit's own title where
  one contents title covers several units ("Ground-Based Phaser-4").
* Every other fact of a unit is carried: data-table values without a field, seed line
  numbers, turn-mode bands, arc definitions, tables printed, drone-rack rows, ADD blocks,
  pseudo-plasma launchers, fighter stats, stated facts and parser warnings go to [extra];
  SSD notes go to [status].notes as "L<line>: text". Unknown record keys stop the script.
* RECONSTRUCTED classes (ship_library/reconstructed.py, issue 15): a class a scenario needs and
  no source completes is built last, on the hull of a complete library class (KLI-F5M on the
  KLI-F5) with the facts of its own SSD page; ``verification = "reconstructed"`` and every
  choice in [status].notes.
"""

# ID RULE (stable, readable, unique):
#  1. id = <race code>-<class code>, upper case. Race codes: FED KLI ROM KZI GOR THO ORI HYD LYR,
#     GEN for GENERIC. Class code: core_ships `class`, ssd_facts `type`.
#  2. A printed type is corrected only where another passage of the seed prints the right code:
#     F-0L -> F-OL (L7339), 62 -> G2 (L7727), GRDP -> GBDP and GBDI -> GBD1 (R1.14F table,
#     L7163-7173); the printed form is kept in [extra].class_code_printed.
#  3. No type printed: the class code the seed's rule text gives (K9R R4.40 L8157, Kzinti CVL
#     R5.9 L8265, Kzinti pods P-V2/P-B3/P-SD4/P-T5 R5.14-R5.17 L8333-8353); fighters: the name in
#     their stats box (AAS, SAS, HAAS, TAAS, TADS).
#  4. Several ssd units with one race and class (one page, several variants) get a suffix from
#     their title: the parenthesised weapon (GEN-DEFSAT-DISR, -PLAS-D, -DRONE, -PHAS-2, -PLAS-F),
#     else PL/DI for plasma/disruptor (GEN-F-AS-PL, GEN-F-AS-DI, GEN-F-AL-PL, GEN-F-AL-DI).
#  5. A core ship and an ssd unit with the same id (only ORI-LR) are merged into one file (core
#     box counts + the SSD page's facts). An ssd unit with a core ship's rule number but a
#     different id stops the script (decide by hand). Races differ -> ids differ (KLI-CVT and
#     FED-CVT, KLI-P-C1 and KZI-P-C1, three L-Q and two S-Q).

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ship_library import core, imports, reconstructed, ssd
from ship_library.common import header
from ship_library.public import gather
from ship_library.sources import DEFAULT_CACHE, EXTRA_CLASSES, fetch_from_git
from ship_library.toml_out import dumps

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "tools" / "reference"


def build_documents(reference: Path = REFERENCE, sources: Path | None = None,
                    report: list[str] | None = None) -> dict[str, tuple[str, dict]]:
    """Ship id -> (header comment, document), for every class of both reference files, with
    the public transcriptions of ``sources`` (a cache, see ship_library/sources.py) laid over
    the classes the reference leaves incomplete; ``report`` collects missing source files."""
    core_ships = json.loads((reference / "core_ships.json").read_text(encoding="utf-8"))["ships"]
    units = json.loads((reference / "ssd_facts.json").read_text(encoding="utf-8"))
    docs: dict[str, dict] = {}
    facts: dict[str, list[str]] = {}
    core_rules: dict[str, str] = {}
    for ship in core_ships:
        sid = core.ship_id(ship)
        if sid in docs:
            raise ValueError(f"two core ships map to {sid}")
        docs[sid] = core.build(ship)
        facts[sid] = [f'reference/core_ships.json entry "{ship["id"]}"']
        core_rules[ship["rule"]] = sid
    ids = ssd.assign_ids(units)
    shared = ssd.shared_toc_titles(units)
    for unit in units:
        sid = ids[unit["id"]]
        doc = ssd.build(unit, sid, shared)
        rule = doc["identity"].get("rule")
        if rule in core_rules and core_rules[rule] != sid:
            raise ValueError(f"{sid} has the rule {rule} of {core_rules[rule]}: merge or not?")
        if sid in docs:
            if sid not in core_rules.values():
                raise ValueError(f"two ssd units map to {sid}")
            doc = ssd.merge(docs[sid], doc)  # rule 5: one file, core counts + SSD facts
        docs[sid] = doc
        facts.setdefault(sid, []).append(
            f'reference/ssd_facts.json entry "{unit["id"]}" ({doc["extra"]["printed_lines"]})')
    if sources is not None:
        for sid, (race_name, code, name, rule) in EXTRA_CLASSES.items():
            if sid in docs:
                raise ValueError(f"{sid} is in the reference already; drop it from EXTRA_CLASSES")
            docs[sid] = imports.new_class(sid, race_name, code, name, rule)
            facts[sid] = []
        for sid, doc in docs.items():
            if sid in core_rules.values():
                continue  # the reference already cross-checked the core ships' sources
            found = gather(sid, doc, sources, report if report is not None else [])
            if any(found.values()):
                docs[sid] = imports.merge(doc, sid, **found)
                facts[sid] += [f"{p['repository']} {p['path']} @{p['commit'][:7]}"
                               for p in docs[sid].get("provenance", [])]
    for sid, base in reconstructed.RECONSTRUCTIONS.items():  # issue 15: after the imports
        docs[sid] = reconstructed.reconstruct(sid, docs[sid], docs[base])
        facts[sid].append(f"the {base} hull (reconstruction, tools/ship_library/reconstructed.py)")
    return {sid: (header(_title(doc), facts[sid]), doc) for sid, doc in docs.items()}


def _title(doc: dict) -> str:
    ident = doc["identity"]
    title = f"{ident['race_name']} {ident['class_code']} {ident['name']}"
    if ident.get("rule"):
        title += f" ({ident['rule']})"
    if ident.get("year_in_service"):
        title += f", base hull Y{ident['year_in_service']}"
    if doc["status"].get("verification") == "reconstructed":
        return title + "; RECONSTRUCTED, see [status].notes."
    return title + ("." if doc["status"]["complete"] else "; incomplete, see [status].missing.")


def write_library(out_dir: Path, sources: Path | None = DEFAULT_CACHE,
                  report: list[str] | None = None) -> dict[str, dict]:
    """Write every ship file into ``out_dir`` (unchanged files are not touched, files of classes
    the reference no longer names are removed); returns the documents by id."""
    out_dir.mkdir(parents=True, exist_ok=True)
    docs = build_documents(sources=sources, report=report)
    written = set()
    for sid in sorted(docs):
        head, doc = docs[sid]
        path = out_dir / f"{sid}.toml"
        text = dumps(doc, head)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8", newline="\n")
        written.add(path)
    for stale in sorted(set(out_dir.glob("*.toml")) - written):
        stale.unlink()
    return {sid: doc for sid, (_, doc) in docs.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "ssd_data" / "ships",
                        help="output directory (default: ssd_data/ships)")
    parser.add_argument("--sources", type=Path, default=DEFAULT_CACHE,
                        help="cache of the public transcriptions (ship_library/sources.py)")
    parser.add_argument("--fetch-from", nargs=2, metavar=("OWNER/NAME", "GITDIR"),
                        help="first copy that repository's pinned files from a git dir")
    args = parser.parse_args(argv)
    if args.fetch_from:
        absent = fetch_from_git(Path(args.fetch_from[1]), args.sources, args.fetch_from[0])
        for path in absent:
            print(f"not in {args.fetch_from[1]}: {path} (save it into the cache by hand)")
    if not args.sources.is_dir():
        print(f"error: no source cache at {args.sources}: the imported classes would be lost. "
              "Fill it (see tools/ship_library/sources.py) or pass --sources.", file=sys.stderr)
        return 2
    report: list[str] = []
    docs = write_library(args.out, args.sources, report)
    for line in report:
        print(f"missing source: {line}", file=sys.stderr)
    status: dict[str, int] = {}
    for doc in docs.values():
        key = doc["status"].get("verification", "draft") if doc["status"]["complete"] \
            else "incomplete"
        status[key] = status.get(key, 0) + 1
    print(f"wrote {len(docs)} ship files to {args.out} ("
          + ", ".join(f"{n} {k}" for k, n in sorted(status.items())) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
