"""Where SFB Desk finds its bundled data and keeps the user's files.

Bundled folders (``ssd_data/``, ``resources/``) are found next to the package in a source
checkout, or inside it (``sfb_desk/_ssd_data``) in a wheel or a frozen build.

User files live under platformdirs locations (DESIGN.md section 7). Setting the environment
variable ``SFB_DESK_HOME`` points the whole app at another folder (tests always do), with
``config/``, ``data/`` (saves, autosave, user ship files) and ``cache/`` below it.
"""

from __future__ import annotations

import glob
import os
import time
from pathlib import Path

APP_NAME = "sfb-desk"
HOME_ENV = "SFB_DESK_HOME"

_PACKAGE_DIR = Path(__file__).resolve().parent.parent


def _bundled(name: str) -> Path:
    inside = _PACKAGE_DIR / f"_{name}"
    if inside.is_dir():
        return inside
    return _PACKAGE_DIR.parent / name


def ssd_data_dir() -> Path:
    """The bundled ship library (``ssd_data/``)."""
    return _bundled("ssd_data")


def resources_dir() -> Path:
    """Bundled icons, fonts and style sheets (``resources/``)."""
    return _bundled("resources")


#: The XDG base directories on Linux and the BSDs (what platformdirs.unix answers): the variable,
#: and the folder under the home directory when it is unset, empty or not absolute.
_XDG = {"config": ("XDG_CONFIG_HOME", ".config"), "cache": ("XDG_CACHE_HOME", ".cache"),
        "data": ("XDG_DATA_HOME", ".local/share")}


def _xdg_dir(kind: str) -> Path | None:
    """The user folder of ``kind`` by the XDG Base Directory rules, as platformdirs gives it on
    Linux and the BSDs (an absolute variable wins; else the folder under an absolute ``HOME``),
    without importing platformdirs (it imports ``typing`` and its Unix module: a third of a
    light CLI command's start). None where platformdirs must answer: another platform, or a
    home it has to look up. ``tests/data/test_paths.py`` holds it to platformdirs' answers."""
    import sys

    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")) or \
            "ANDROID_DATA" in os.environ or "ANDROID_ROOT" in os.environ:
        return None
    variable, fallback = _XDG[kind]
    base = os.environ.get(variable, "")
    if not base.startswith("/"):  # unset, blank or relative: ignored, as platformdirs does
        if not os.environ.get("HOME", "").startswith("/"):
            return None
        base = os.path.expanduser(f"~/{fallback}")
    return Path(os.path.join(base, APP_NAME))


def _user_dir(kind: str) -> Path:
    override = os.environ.get(HOME_ENV)
    if override:
        path = Path(override) / kind
    else:
        path = _xdg_dir(kind) or _platform_dir(kind)
    path.mkdir(parents=True, exist_ok=True)
    return path


def _platform_dir(kind: str) -> Path:
    import platformdirs  # only where the XDG rules do not answer (start-up time)

    if kind == "config":
        return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    if kind == "cache":
        return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def user_config_dir() -> Path:
    return _user_dir("config")


def user_data_dir() -> Path:
    return _user_dir("data")


def user_cache_dir() -> Path:
    return _user_dir("cache")


def display_path(path: Path) -> str:
    """A path as problems show it: relative to the working directory when it is below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


#: A temporary file of ours (``.<name>.<random>.tmp``) left longer than this is stale: no write
#: takes more than a moment, so it was left by a save that was interrupted (a crash, a kill).
STALE_TEMP_SECONDS = 60.0


def remove_stale_temps(path: Path | str, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Remove the temporary files an interrupted write of ``path`` left beside it (our own
    naming only: ``.<name>.<random>.tmp``, untouched for ``older_than`` seconds); the removed."""
    path = Path(path)
    removed = []
    now = time.time()
    for temp in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        try:
            if temp.is_file() and now - temp.stat().st_mtime > older_than:
                temp.unlink()
                removed.append(temp)
        except OSError:
            pass  # gone meanwhile, or not ours to remove: left alone
    return removed
