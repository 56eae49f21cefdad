"""Session is built from step-handler parts (mixins): a method one part defines under a name
another part already uses silently hides the other (the web caster's ``_lay`` once hid the
mine layer's). A name defined in two parts must be a deliberate extension: the part that wins
calls the one it hides (``super()`` or ``Base._name(self, ...)``)."""

from __future__ import annotations

import inspect

from sfb_desk.engine.session import Session


def _shadowed() -> dict[str, list[type]]:
    owners: dict[str, list[type]] = {}
    for cls in Session.__mro__:
        if cls is object:
            continue
        for name in vars(cls):
            if not name.startswith("__"):
                owners.setdefault(name, []).append(cls)
    return {name: classes for name, classes in owners.items() if len(classes) > 1}


def _extends(winner: type, name: str, hidden: type) -> bool:
    source = inspect.getsource(vars(winner)[name])
    return "super()" in source or f"{hidden.__name__}.{name}(" in source


def test_a_name_in_two_parts_is_an_extension_not_a_collision():
    shadowed = _shadowed()
    assert shadowed, "the parts do extend one another (e.g. the lock-on phase)"
    collisions = [f"{name}: {classes[0].__name__} hides {classes[1].__name__}"
                  for name, classes in sorted(shadowed.items())
                  if not _extends(classes[0], name, classes[1])]
    assert not collisions, collisions


def test_the_check_finds_a_planted_collision():
    class MineLaying:
        def _lay(self) -> str:
            return "mine"

    class WebCasting:
        def _lay(self) -> str:
            return "web"

    class Extending(MineLaying):
        def _lay(self) -> str:
            return "web, then " + super()._lay()

    assert not _extends(WebCasting, "_lay", MineLaying)
    assert _extends(Extending, "_lay", MineLaying)
