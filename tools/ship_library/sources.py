"""The public transcriptions the importer reads (reference/ship-sources.md), and where they live.

Nothing of these repositories is committed: the importer reads them from a local cache laid out
as ``<cache>/<owner>+<name>/<commit>/<path>`` (default ``$SFB_SHIP_SOURCES`` or
``/work/.cache/ship-sources``) and writes only our TOML, which carries numbers and arc names.
``python tools/build_ship_library.py --fetch-from GITDIR`` fills the cache from a git clone
(``git show COMMIT:PATH``); files that a clone no longer holds can be saved by hand at the same
place (their JSON content, whitespace aside).

Every file is pinned to a commit so that a re-run reads exactly the same facts; a file missing
from the cache is reported and its classes stay as the other sources leave them.
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

DEFAULT_CACHE = Path(os.environ.get("SFB_SHIP_SOURCES", "/work/.cache/ship-sources"))


@dataclass(frozen=True)
class SourceFile:
    source: str  # short key used in [[provenance]] and [[disagreements]]
    repository: str
    commit: str
    path: str

    def location(self, cache: Path) -> Path:
        return cache / self.repository.replace("/", "+") / self.commit / self.path

    def provenance(self, fields: list[str]) -> dict:
        return {"source": self.source, "repository": self.repository, "path": self.path,
                "commit": self.commit, "fields": sorted(fields)}


AMARILLO = "deastland0423/amarillo"
TERRAGOS = SourceFile("terragos", "Terragos/Starfleet",
                      "f8344a8e144fa414641b05ef8e8f395b9e54be79", "Starfleet/src/Shipyard.java")
MSC = SourceFile("msc", "jonathanpowles-cpu/Star-Fleet-Battles",
                 "f10ef688a7006c5376d8cde6bf5fe7e39f268cc0", "client_data/master_ship.chart")


def _amarillo(path: str, commit: str) -> SourceFile:
    return SourceFile("amarillo", AMARILLO, commit, f"data/factions/{path}")


#: Our class id -> its amarillo ship file (each file at the commit it was read at).
AMARILLO_SHIPS: dict[str, SourceFile] = {
    "FED-DDG": _amarillo("federation/ddg.json", "33b4040dad4947a02ffbf4dea6a8e5d4ba9a4813"),
    "FED-FFG": _amarillo("federation/ffg.json", "e72b65af3e89af60241290120159404887cb10bc"),
    "FED-NEC": _amarillo("federation/nec.json", "40f8abfaa191b0f8f894f7715d751277c9d9f432"),
    "FED-POL": _amarillo("federation/pol.json", "70f27a1456969e80a3035ae09a35ea899fdb0fee"),
    "GOR-BDD": _amarillo("gorn/bdd.json", "5bd4ef7db8cb31a161523de90f1aec15046d4786"),
    "KLI-D6D": _amarillo("klingon/d6d.json", "cdc3ce8a8721b240ef46c092520f2708e0355617"),
    "KLI-D6V": _amarillo("klingon/d6v.json", "d8c8687f99b617782fcbb73332a37fb64f6e34d7"),
    "KLI-E3E": _amarillo("klingon/e3e.json", "a445509f704b1a278eb2ffdb91e18b217dd760b1"),
    "KLI-F5D": _amarillo("klingon/f5d.json", "921ac7cc7267b2543e4e98358c3a2a692840dfed"),
    "KLI-F5S": _amarillo("klingon/f5s.json", "5f92ee38fb7470fd961134bc97a87c9c05b831e7"),
    "KLI-G2": _amarillo("klingon/g2.json", "1818324bea2369edfd15ad49f3bcf435ba533584"),
    "KZI-CM": _amarillo("kzinti/cm.json", "03738f2f0ec2ef1ada4e3e6cbeadd894157eefd5"),
    "KZI-CVL": _amarillo("kzinti/cvl.json", "bb3a098531c389ed807f1e8e65f68d7115a2744f"),
    "KZI-DF": _amarillo("kzinti/df.json", "0dfba66a76dc67ebfac2cb52877ae30c42397a0d"),
    "KZI-MEC": _amarillo("kzinti/mec.json", "7ff47bfe3944f5e6817e964dc56eec571e6dd486"),
    "ORI-CA": _amarillo("orion/ca.json", "ded7f220a2381e2bb25c2789798b603e1ec82244"),
    "ROM-CON": _amarillo("romulan/condor.json", "ded7f220a2381e2bb25c2789798b603e1ec82244"),
    "ROM-KE": _amarillo("romulan/ke.json", "03738f2f0ec2ef1ada4e3e6cbeadd894157eefd5"),
    "ROM-SE": _amarillo("romulan/se.json", "98b6022f7aa679b12b9c7b82c7d7d0934adc24f0"),
    "ROM-SKA": _amarillo("romulan/ska.json", "2ea474fa7acf9cc820d4a434532e56490ae4f306"),
    "ROM-SKF": _amarillo("romulan/skf.json", "ded7f220a2381e2bb25c2789798b603e1ec82244"),
    "ROM-SNA": _amarillo("romulan/sna.json", "ded7f220a2381e2bb25c2789798b603e1ec82244"),
    "ROM-SNB": _amarillo("romulan/snb.json", "bf7d1ed3058cc4f29e6994b4f04a5e8d94d5bc1d"),
    "ROM-SPC": _amarillo("romulan/spc.json", "da5b26d3d823001ba51bd143c8b16dfb41122809"),
    "THO-C": _amarillo("tholian/c.json", "ded7f220a2381e2bb25c2789798b603e1ec82244"),
    "THO-DD": _amarillo("tholian/dd.json", "5bd4ef7db8cb31a161523de90f1aec15046d4786"),
    "THO-SC": _amarillo("tholian/sc.json", "5bd4ef7db8cb31a161523de90f1aec15046d4786"),
}

#: Classes beyond the Advanced Missions book, from the same transcriptions: id -> (race name,
#: class code, name, rule). The rule is the Master Ship Chart's and Terragos' (both agree).
EXTRA_CLASSES: dict[str, tuple[str, str, str, str]] = {
    "FED-NCL": ("Federation", "NCL", "New Light Cruiser", "R2.18"),
    "GOR-DD": ("Gorn", "DD", "Destroyer", "R6.4"),
    "KLI-D5": ("Klingon", "D5", "War Cruiser", "R3.23"),
    "KZI-CL": ("Kzinti", "CL", "Light Cruiser", "R5.5"),
}
AMARILLO_SHIPS.update({
    "FED-NCL": _amarillo("federation/ncl.json", "4e165bf8d099b5ec2ca0d17b2ad400d63e96778d"),
    "GOR-DD": _amarillo("gorn/dd.json", "14b64531c20566147563a872283bf231aed4646c"),
    "KLI-D5": _amarillo("klingon/d5.json", "14b64531c20566147563a872283bf231aed4646c"),
    "KZI-CL": _amarillo("kzinti/cl.json", "4e165bf8d099b5ec2ca0d17b2ad400d63e96778d"),
})

#: Terragos' (race, type) for our classes whose rule number it prints differently or not at all.
TERRAGOS_TYPES: dict[str, tuple[str, str]] = {
    "ROM-CON": ("Romulan", "Condor"), "ROM-SKA": ("Romulan", "SkyH-A"),
    "ROM-SKF": ("Romulan", "SkyH-F"), "ROM-SKH": ("Romulan", "SkyH-H"),
    "ORI-SAL": ("Orion", "Sal"), "ORI-SLV": ("Orion", "Slv"),
}


def read_text(file: SourceFile, cache: Path) -> str | None:
    """The file's text from the cache, or None when it is not there (a missing source)."""
    path = file.location(cache)
    return path.read_text(encoding="utf-8") if path.is_file() else None


def all_files() -> list[SourceFile]:
    return [TERRAGOS, MSC, *AMARILLO_SHIPS.values()]


def fetch_from_git(git_dir: Path, cache: Path, repository: str) -> list[str]:
    """Copy this repository's pinned files out of a local git dir into the cache; returns the
    paths that the git dir does not hold (they must be saved by hand)."""
    missing = []
    for file in all_files():
        if file.repository != repository:
            continue
        target = file.location(cache)
        result = subprocess.run(["git", f"--git-dir={git_dir}", "show",
                                 f"{file.commit}:{file.path}"], capture_output=True)
        if result.returncode != 0:
            missing.append(f"{file.path}@{file.commit[:7]}")
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(result.stdout)
    return missing
