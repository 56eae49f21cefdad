"""Between the file's validated tables and the rules engine's :class:`ShipSpec`, both ways.

``build_spec`` turns validated sections (see :func:`sfb_desk.data.ship_checks.validate_sections`)
into a ShipSpec; ``spec_to_table`` turns a ShipSpec back into the file's table tree, in the
FORMAT.md order, leaving out what the spec does not know. Loading ``spec_to_table(spec)`` gives
back an equal spec (tests/data/test_ship_dump.py checks every library file).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from sfb_desk.data import ship_format_names as names
from sfb_desk.rules.ship import (
    COUNTED_SYSTEMS,
    Disagreement,
    Provenance,
    Refit,
    ShipSpec,
    ShuttleBay,
    SpecialSystem,
    Weapon,
)
from sfb_desk.rules.weapon_types import WEAPON_TYPES

if TYPE_CHECKING:  # the schema (pydantic) only for type hints: writing a table does without it
    from sfb_desk.data import ship_schema as schema

#: Validated sections: table name -> model (or None); list sections hold (index, model) pairs.
Sections = dict[str, Any]


def _freeze(value: Any) -> Any:
    """TOML lists become tuples so that a ShipSpec holds no mutable values."""
    return tuple(value) if isinstance(value, list) else value


def _thaw(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _fraction(text: str | None) -> Fraction | None:
    return None if text is None else Fraction(text)


def weapon_from(entry: schema.Weapon) -> Weapon:
    """A weapon mount; its family (box-id prefix) comes from the weapon-type catalogue."""
    return Weapon(
        designator=entry.designator,
        type=entry.type,
        family=WEAPON_TYPES[entry.type].family,
        arcs=tuple(entry.arcs),
        extra_bearings=tuple(entry.extra_bearings),
        boxes=entry.boxes,
        rack_type=entry.rack_type,
        reloads=entry.reloads,
        max_range=entry.max_range,
        refit=entry.refit,
        note=entry.note,
    )


def special_from(entry: schema.Special) -> SpecialSystem:
    return SpecialSystem(
        key=entry.key,
        name=entry.name,
        boxes=entry.boxes,
        damageable=entry.damageable,
        refit=entry.refit,
        note=entry.note,
    )


def box_fields(sections: Sections) -> dict[str, Any]:
    """The ShipSpec fields that carry boxes, from whatever sections validated."""
    systems = sections.get("systems")
    tracks = sections.get("tracks")
    shields = sections.get("shields")
    counts = tuple(
        (name, getattr(systems, name))
        for name in COUNTED_SYSTEMS
        if systems is not None and getattr(systems, name) > 0
    )
    return {
        "systems": counts,
        "weapons": tuple(weapon_from(w) for _, w in sections.get("weapons", [])),
        "shuttle_bays": tuple(
            ShuttleBay(boxes=b.boxes, contents=tuple(b.contents), launch_tubes=b.launch_tubes)
            for _, b in sections.get("shuttle_bays", [])
        ),
        "special": tuple(special_from(s) for _, s in sections.get("special", [])),
        "shields": tuple(shields.boxes) if shields is not None else None,
        "sensor_track": tuple(tracks.sensor or ()) if tracks else (),
        "scanner_track": tuple(tracks.scanner or ()) if tracks else (),
        "damage_control_track": tuple(tracks.damage_control or ()) if tracks else (),
        "excess_damage": tracks.excess_damage if tracks else None,
    }


def build_spec(sections: Sections) -> ShipSpec:
    """The ShipSpec of a file whose every section validated and passed the checks."""
    from sfb_desk.data import ship_schema as schema  # loaded already: the sections are its models

    ident: schema.Identity = sections["identity"]
    status: schema.Status = sections["status"]
    bpv = sections.get("bpv") or schema.Bpv()
    data = sections.get("data") or schema.ShipData()
    crew = sections.get("crew") or schema.Crew()
    return ShipSpec(
        id=ident.id,
        race=ident.race,
        race_name=ident.race_name,
        class_code=ident.class_code,
        name=ident.name,
        kind=ident.kind,
        year_in_service=ident.year_in_service,
        rule=ident.rule,
        bpv_combat=bpv.combat,
        bpv_economic=bpv.economic,
        size_class=data.size_class,
        move_cost=_fraction(data.move_cost),
        turn_mode=data.turn_mode,
        breakdown=data.breakdown,
        het_cost=_fraction(data.het_cost),
        em_cost=_fraction(data.em_cost),
        explosion_strength=data.explosion_strength,
        flags=frozenset(data.flags),
        crew_units=crew.crew_units,
        boarding_parties=crew.boarding_parties,
        deck_crews=crew.deck_crews,
        spare_shuttles=crew.spare_shuttles,
        refits=tuple(
            Refit(r.code, r.year, r.bpv_delta, r.description, tuple(r.adds))
            for _, r in sections.get("refits", [])
        ),
        complete=status.complete,
        missing=tuple(status.missing),
        confidence=status.confidence,
        sources=tuple(status.sources),
        notes=tuple(status.notes),
        disagreements=tuple(
            Disagreement(
                field=d.field,
                chosen=_freeze(d.chosen),
                values=tuple((k, _freeze(v)) for k, v in d.values.items()),
                agreeing=tuple(d.agreeing),
                note=d.note,
            )
            for _, d in sections.get("disagreements", [])
        ),
        verification=status.verification,
        checked_against=status.checked_against,
        provenance=tuple(
            Provenance(p.source, p.repository, p.path, p.commit, tuple(p.fields))
            for _, p in sections.get("provenance", [])
        ),
        extra=tuple((k, _freeze(v)) for k, v in (sections.get("extra") or {}).items()),
        **box_fields(sections),
    )


# ---------------------------------------------------------------------------------------------
# ShipSpec -> table tree


def _table(**items: Any) -> dict[str, Any]:
    """Only the items that are known (not None); empty strings and tuples stay out too."""
    return {k: _thaw(v) for k, v in items.items() if v is not None and v != "" and v != ()}


def _text(value: Fraction | None) -> str | None:
    return None if value is None else str(value)


def spec_to_table(spec: ShipSpec) -> dict[str, Any]:
    """The file's tables for ``spec`` (FORMAT.md order), ready for a TOML writer."""
    flags = [f for f in names.FLAGS if f in spec.flags] + sorted(spec.flags - set(names.FLAGS))
    doc: dict[str, Any] = {
        "format": names.FORMAT_NAME,
        "format_version": names.SCHEMA_VERSION,
        "identity": _table(
            id=spec.id,
            race=spec.race,
            race_name=spec.race_name,
            class_code=spec.class_code,
            name=spec.name,
            kind=spec.kind,
            year_in_service=spec.year_in_service,
            rule=spec.rule,
        ),
        "status": {
            "complete": spec.complete,
            "missing": list(spec.missing),
            **_table(
                confidence=spec.confidence,
                verification=spec.verification,
                checked_against=spec.checked_against,
                sources=spec.sources,
                notes=spec.notes,
            ),
        },
        "bpv": _table(combat=spec.bpv_combat, economic=spec.bpv_economic),
        "data": _table(
            size_class=spec.size_class,
            move_cost=_text(spec.move_cost),
            turn_mode=spec.turn_mode,
            breakdown=spec.breakdown,
            het_cost=_text(spec.het_cost),
            em_cost=_text(spec.em_cost),
            explosion_strength=spec.explosion_strength,
            flags=tuple(flags),
        ),
        "crew": _table(
            crew_units=spec.crew_units,
            boarding_parties=spec.boarding_parties,
            deck_crews=spec.deck_crews,
            spare_shuttles=spec.spare_shuttles,
        ),
        "tracks": _table(
            sensor=spec.sensor_track,
            scanner=spec.scanner_track,
            damage_control=spec.damage_control_track,
            excess_damage=spec.excess_damage,
        ),
        "shields": _table(boxes=spec.shields),
        "systems": {name: n for name, n in spec.systems if n},
        "shuttle_bays": [
            {"boxes": b.boxes, **_table(contents=b.contents, launch_tubes=b.launch_tubes or None)}
            for b in spec.shuttle_bays
        ],
        "weapons": [
            _table(
                designator=w.designator,
                type=w.type,
                arcs=w.arcs,
                extra_bearings=w.extra_bearings,
                boxes=w.boxes if w.boxes != 1 else None,
                rack_type=w.rack_type,
                reloads=w.reloads,
                max_range=w.max_range,
                refit=w.refit,
                note=w.note,
            )
            for w in spec.weapons
        ],
        "special": [
            _table(
                key=s.key,
                name=s.name,
                boxes=s.boxes,
                damageable=None if s.damageable else False,
                refit=s.refit,
                note=s.note,
            )
            for s in spec.special
        ],
        "refits": [
            _table(
                code=r.code,
                year=r.year,
                bpv_delta=r.bpv_delta,
                description=r.description,
                adds=r.adds_boxes,
            )
            for r in spec.refits
        ],
        "disagreements": [
            {
                "field": d.field,
                "chosen": _thaw(d.chosen),
                "values": {k: _thaw(v) for k, v in d.values},
                **_table(agreeing=d.agreeing, note=d.note),
            }
            for d in spec.disagreements
        ],
        "provenance": [
            {
                "source": p.source,
                **_table(repository=p.repository, path=p.path, commit=p.commit, fields=p.fields),
            }
            for p in spec.provenance
        ],
        "extra": {k: _thaw(v) for k, v in spec.extra},
    }
    return {k: v for k, v in doc.items() if v not in ({}, [])}
