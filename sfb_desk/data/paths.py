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


def _user_dir(kind: str) -> Path:
    override = os.environ.get(HOME_ENV)
    if not override:
        import platformdirs  # only without the override (start-up time)
    if override:
        path = Path(override) / kind
    elif kind == "config":
        path = Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    elif kind == "cache":
        path = Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))
    else:
        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


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
