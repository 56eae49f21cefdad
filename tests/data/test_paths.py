"""data/paths: the user folders. On Linux the XDG folders are found without importing
platformdirs (start-up time), and must be exactly what platformdirs answers."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from platformdirs.unix import Unix

from sfb_desk.data import paths

ENVS = [
    {},
    {"XDG_DATA_HOME": "/srv/xdg/data", "XDG_CONFIG_HOME": "/srv/xdg/conf",
     "XDG_CACHE_HOME": "/srv/xdg/cache"},
    {"XDG_DATA_HOME": "relative/data", "XDG_CONFIG_HOME": "", "XDG_CACHE_HOME": "~/c"},
    {"XDG_DATA_HOME": "/trailing/slash/", "HOME": "/home/player/"},
    {"HOME": "/"},
]

WHICH = {"data": "user_data_dir", "config": "user_config_dir", "cache": "user_cache_dir"}


@pytest.mark.parametrize("env", ENVS, ids=lambda e: ",".join(f"{k}={v}" for k, v in e.items()) or "plain")
@pytest.mark.parametrize("kind", sorted(WHICH))
def test_the_xdg_folders_are_platformdirs_answers(monkeypatch, env, kind):
    for variable, _ in paths._XDG.values():
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("HOME", "/home/player")
    monkeypatch.setattr(sys, "platform", "linux")
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    mine = paths._xdg_dir(kind)
    assert mine == Path(getattr(Unix(paths.APP_NAME, appauthor=False), WHICH[kind]))


def test_a_home_that_must_be_looked_up_is_left_to_platformdirs(monkeypatch):
    monkeypatch.setenv("HOME", "relative/home")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert paths._xdg_dir("data") is None
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setenv("HOME", "/Users/player")
    assert paths._xdg_dir("data") is None  # macOS: platformdirs' own folders


def test_the_override_wins(monkeypatch, tmp_path):
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    assert paths._user_dir("cache") == tmp_path / "cache" and (tmp_path / "cache").is_dir()
