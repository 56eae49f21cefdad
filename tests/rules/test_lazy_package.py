"""Packages of the rules whose names come from their modules when first used (PEP 562,
sfb_desk/rules/lazy_package.py): each name is its module's, none is missing, and using one
module does not load the others (issue 13: start-up)."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

import pytest

from sfb_desk.rules import lazy_package

LAZY = ["sfb_desk.rules.combat"]


@pytest.mark.parametrize("package", LAZY)
def test_every_name_offered_is_its_modules(package):
    pkg = importlib.import_module(package)
    exports = pkg._EXPORTS
    assert sorted(pkg.__all__) == lazy_package.names(exports)
    for module, names in exports.items():
        mod = importlib.import_module(f"{package}.{module}")
        for name in names:
            assert getattr(pkg, name) is getattr(mod, name), (module, name)
    assert set(pkg.__all__) <= set(dir(pkg))


@pytest.mark.parametrize("package", LAZY)
def test_an_unknown_name_is_an_attribute_error_and_submodules_still_import(package):
    pkg = importlib.import_module(package)
    with pytest.raises(AttributeError, match="no_such_name"):
        pkg.no_such_name  # noqa: B018
    module = next(iter(pkg._EXPORTS))
    assert importlib.import_module(f"{package}.{module}").__name__ == f"{package}.{module}"


def test_one_module_of_combat_loads_neither_the_others_nor_the_energy_rules():
    probe = ("import json, sys; from sfb_desk.rules.combat import UP; "
             "print(json.dumps(sorted(m for m in sys.modules if m.startswith('sfb_desk.rules.'))))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True, timeout=120).stdout
    loaded = json.loads(out)
    assert "sfb_desk.rules.combat.shields" in loaded
    assert not [m for m in loaded if m.startswith(("sfb_desk.rules.combat.volley",
                                                   "sfb_desk.rules.combat.fire",
                                                   "sfb_desk.rules.energy",
                                                   "sfb_desk.rules.damage"))]


def test_from_import_star_gives_every_name():
    namespace: dict = {}
    exec("from sfb_desk.rules.combat import *", namespace)  # noqa: S102 - the package's own names
    pkg = importlib.import_module("sfb_desk.rules.combat")
    assert set(pkg.__all__) <= set(namespace)
