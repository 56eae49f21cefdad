"""The app's settings file (QSettings, INI format, in the user config folder) and the recent
files remembered in it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from ..data.paths import user_config_dir

SETTINGS_FILE = "sfb-desk.ini"
RECENT_KEY = "files/recent"
MAX_RECENT = 8


def open_settings() -> QSettings:
    return QSettings(str(user_config_dir() / SETTINGS_FILE), QSettings.Format.IniFormat)


def recent_files(settings: QSettings) -> list[str]:
    """The recent files, newest first (at most :data:`MAX_RECENT`)."""
    value = settings.value(RECENT_KEY, [])
    files = [value] if isinstance(value, str) else list(value or [])
    return [str(f) for f in files][:MAX_RECENT]


def remember_file(settings: QSettings, path: Path) -> list[str]:
    """Put ``path`` first among the recent files; the new list."""
    name = str(path.resolve())
    files = ([name] + [f for f in recent_files(settings) if f != name])[:MAX_RECENT]
    settings.setValue(RECENT_KEY, files)
    settings.sync()
    return files
