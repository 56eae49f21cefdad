"""Asteroid fields and a nova's asteroid clusters in play (the Basic Set's P3.2, Advanced
Missions P12.53): a mixin of the session beside :mod:`.battlefield_steps`, which calls
:meth:`_asteroids_on_entry` for each ship entering a hex.

* **Entering an asteroid hex** (P3.2): with the player's Asteroid Damage Table (the
  battlefield's ``asteroid_table``, entered from his Basic Set) the table's dice are rolled
  (a DiceRequest: physical dice by default) at the unit's speed (on erratic maneuvers its
  effective speed, C10.45), a nimble unit takes one from the roll (C11.21),
  and the damage for the unit's speed strikes the shield facing its direction of movement
  (the step it took; P3.21 as P13.2 uses it) and goes on through the DAC like fire. Without
  the table, the table is asked for the damage points (0-50): the program invents none.
* **A nova's clusters** (P12.53): on each impulse after the star went nova (one; two for a
  supernova), after movement, a 7-hex cluster is placed on a hex of the wave front drawn at
  random (the card deck of P12.53: one card per front hex; the program draws); clusters move at speed 20 straight away from the star (sideslipping
  left, right ...), as the last units to move, and leave the map. A ship entering a cluster
  hex, or whose hex a cluster moves onto, takes P3.2 damage at speed 20 or its own, whichever
  is greater.
* **A nova's zones** (P12.51): within 20 hexes of the front (40 for a supernova) a unit is in
  a radiation zone (P15), within 10 (20) in a heat zone (P10), acted on by the environment
  step and the P15.6 range cap like the terrain of those kinds.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import replace

from ..rules.charts.impulse import moves_on
from ..rules.hexes import STANDARD_MAP, Hex, hex_range, hex_ring
from ..rules.systems.terrain import nova_zones
from ..rules.results import Refusal, event
from ..rules.systems.terrain.asteroids import (
    ASK_CAP,
    NOVA_CLUSTER_SPEED,
    RULE,
    card_name,
    cluster_hexes,
    cluster_step,
    damage_speed,
    direction_of,
    struck_shield,
    table_roll,
)
from ..rules.movement.em import em_cost_hexes
from ..rules.units import Unit
from .prompts import Choice, DiceRequest, Prompt, check_dice

Walk = Generator[Prompt, object, None]

ASK_OPTIONS = tuple(str(n) for n in range(ASK_CAP + 1))
NOVA_ZONE_KINDS = {"radiation": "radiation_zone", "heat": "heat_zone"}  # P12.51


def check_points(prompt: Choice, answer: object) -> str | Refusal:
    """A number of damage points 0-50 (an int or its digits), or a refusal naming P3.2."""
    text = str(answer).strip() if isinstance(answer, (int, str)) and not isinstance(
        answer, bool) else ""
    if text in prompt.options:
        return text
    return Refusal(RULE, f"{answer!r} is not a number of damage points from the Asteroid "
                         f"Damage Table: give a whole number 0-{ASK_CAP} ({RULE})")


class AsteroidSteps:
    """Asteroid damage and nova clusters (module docstring)."""

    # -- entering a hex ----------------------------------------------------------------------
    def _asteroids_on_entry(self, unit: Unit, came_from: Hex | None) -> Walk:
        """P3.2: a ship entering an asteroid field's hex or a nova cluster's."""
        if unit.id not in self._ships or not unit.active:
            return
        field = any(f.kind == "asteroids" for f in self._battlefield.terrain.at(unit.hex))
        cluster = unit.hex in self._cluster_hexes()
        if not field and not cluster:
            return
        direction = direction_of(came_from, unit.hex) if came_from is not None else None
        yield from self._asteroid_damage(unit, direction, nova_cluster=cluster)

    def _asteroid_damage(self, unit: Unit, direction: int | None, *, nova_cluster: bool,
                         what: str = "asteroids") -> Walk:
        """``what`` keys the prompt: a unit may enter a field and have a cluster come onto it
        in one impulse (``asteroids``, ``asteroids.cluster``, ``asteroids.cast1``)."""
        uid = unit.id
        if direction is None:  # not a step (an orbit's move, a cluster arriving): its heading
            direction = (unit.facing + (3 if unit.reverse else 0)) % 6
        shield = struck_shield(unit.facing, direction)
        speed = damage_speed(unit.speed + (int(em_cost_hexes(unit)) if unit.em.active else 0),
                             nova_cluster=nova_cluster)  # C10.45: EM's effective speed
        where = "a nova's asteroid cluster" if nova_cluster else "an asteroid hex"
        at = f"at speed {speed}" + (
            f" (P12.53: at least {NOVA_CLUSTER_SPEED})" if nova_cluster and speed != unit.speed
            else " (its effective speed on erratic maneuvers, C10.45)" if speed != unit.speed
            else "")
        table = self._battlefield.asteroid_table
        if table is not None:
            prompt = DiceRequest(self._key(what, uid),
                                 f"Asteroid damage: {uid} enters {where} in {unit.hex.label} "
                                 f"{at}: roll {table.dice} on the Asteroid Damage Table "
                                 f"({RULE})", table.dice, 1, RULE, uid)
            (roll,) = yield from self._ask(prompt, lambda v, p=prompt: check_dice(p, v))
            read = table_roll(roll, table, nimble=unit.nimble)
            points = table.damage(speed, read)
            how = f"roll {roll}" + (f", {read} for a nimble unit (C11.21)" if read != roll
                                    else "")
            text = (f"{uid} enters {where} in {unit.hex.label} {at}: {how}, speed column "
                    f"{table.band(speed).label}: {points} damage on shield {shield}")
            data = {"roll": roll, "read": read}
        else:
            prompt = Choice(self._key(what, uid),
                            f"Roll on the Asteroid Damage Table ({RULE}, the Basic Set) for "
                            f"{uid} entering {where} in {unit.hex.label} {at} and enter the "
                            f"damage (0-{ASK_CAP})", ASK_OPTIONS, rule=RULE, unit=uid)
            points = int((yield from self._ask(prompt, lambda v, p=prompt: check_points(p, v))))
            text = (f"{uid} enters {where} in {unit.hex.label} {at}: {points} damage from the "
                    f"table on shield {shield}")
            data = {}
        self._emit(event("asteroid_damage", uid, RULE, text, hex=unit.hex.label, speed=speed,
                         damage=points, shield=shield, cluster=nova_cluster, **data))
        if points and self._units[uid].active:
            yield from self._volley_on(uid, shield, points, "Asteroids", RULE)

    # -- P12.53: a nova's clusters -------------------------------------------------------------
    def _cluster_hexes(self) -> frozenset[Hex]:
        out: set[Hex] = set()
        for cluster in self._battlefield.clusters:
            out |= cluster_hexes(cluster.hex)
        return frozenset(out)

    def _move_clusters(self) -> Walk:
        """P12.53: clusters move at speed 20 straight away from the star, as the last units to
        move; a ship whose hex a cluster comes onto takes the damage ("or vice versa", as for
        gravity waves, P9.3); then the new clusters are cast off on the wave front."""
        field = self._battlefield
        if field.nova_turn is None:
            return
        star = self._nova_star()
        if star is None:
            return
        moved, struck = [], []
        if field.clusters and moves_on(NOVA_CLUSTER_SPEED, self._impulse):
            before = self._cluster_hexes()
            for cluster in field.clusters:
                there = cluster_step(star, cluster.hex, cluster.moves)
                if not any(STANDARD_MAP.contains(h) for h in cluster_hexes(there)):
                    self._emit(event("cluster_gone", None, "P12.53",
                                     f"An asteroid cluster leaves the map from "
                                     f"{cluster.hex.label}", hex=cluster.hex.label))
                    continue
                moved.append(replace(cluster, hex=there, moves=cluster.moves + 1))
            self._battlefield = replace(self._battlefield, clusters=tuple(moved))
            after = self._cluster_hexes()
            struck = [sid for sid in self._ship_ids()
                      if self._units[sid].hex in after - before]
        for sid in struck:
            if self._units[sid].active:
                yield from self._asteroid_damage(self._units[sid], None, nova_cluster=True,
                                                 what="asteroids.cluster")
        yield from self._cast_clusters(star)

    def _nova_zone_kinds(self, h: Hex) -> set[str]:
        """P12.51: the radiation zone (20 hexes from the front, 40 for a supernova) and heat
        zone (10, 20) a nova makes around its wave front, as terrain kinds where ``h`` is (the
        nebula, P6, is a Basic Set rule not played)."""
        field = self._battlefield
        if field.nova_turn is None:
            return set()
        star = self._nova_star()
        if star is None:
            return set()
        distance = hex_range(star, h) - field.nova_radius
        if distance <= 0:
            return set()  # a nova hex: the unit is destroyed (P12.4)
        zones = nova_zones(distance, supernova=field.supernova)
        return {NOVA_ZONE_KINDS[z] for z in zones if z in NOVA_ZONE_KINDS}

    def _nova_star(self) -> Hex | None:
        stars = sorted(self._battlefield.terrain.hexes_of("star"), key=lambda h: (h.col, h.row))
        return stars[0] if stars else None

    def _cast_clusters(self, star: Hex) -> Walk:
        """P12.53: one cluster an impulse (two for a supernova) on a front hex drawn at random
        (one card per front hex, :func:`card_name`); the program draws, from the game's dice
        seed and the impulse, so that a replay draws the same (decisions.md P12.53). On the
        nova's first turn, when the front is the star's own hex, the clusters start on the
        ring around it (nothing moves "away" from a single hex otherwise)."""
        field = self._battlefield
        front = [h for h in hex_ring(star, max(1, field.nova_radius))
                 if STANDARD_MAP.contains(h)]
        if not front:
            return
        seed = self.initial.dice_seed if self.initial.dice_seed is not None else 0
        from ..rules.systems.battlefield import Cluster

        for k in range(2 if field.supernova else 1):
            key = self._key(f"nova_cluster.{k + 1}", "nova")
            n = random.Random(f"{seed}|{key}").randrange(len(front))
            here = front[n]
            self._battlefield = replace(
                self._battlefield,
                clusters=self._battlefield.clusters + (Cluster(here, self._turn),))
            self._emit(event("cluster_cast", None, "P12.53",
                             f"The nova casts off an asteroid cluster in {here.label} (card "
                             f"{card_name(n + 1)} of {len(front)} front hexes); it moves at "
                             f"speed {NOVA_CLUSTER_SPEED} away from the star", hex=here.label,
                             card=card_name(n + 1)))
            for sid in self._ship_ids():
                if self._units[sid].hex in cluster_hexes(here) and self._units[sid].active:
                    yield from self._asteroid_damage(self._units[sid], None, nova_cluster=True,
                                                     what=f"asteroids.cast{k + 1}")
