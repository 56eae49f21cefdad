"""Mine records (M4, M5, M6): what a mine is, what a minefield holds, what each side sees.

A :class:`Mine` carries the M6.1 record the Mine Field Controller writes before the scenario
(size, type, control, detection range, accepted target sizes, Nth-target delay, captor
subtype, detection number) and its state in play (mode, shots left, located by which sides).
A :class:`Minefield` is every mine of the game; :meth:`Minefield.view_for` is the hidden
placement of M6.1: the owner sees his whole record, any other side only the mines it has
located (M7.22: size and hex) and, once identified (M7.54), their type.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from ...hexes import Hex, hex_range

SIZES = ("small", "large")  # M4.1
TYPES = ("explosive", "captor", "sensor", "dummy")  # M4.2 (power absorber: Module C3, M10)
CONTROLS = ("automatic", "command", "chain", "deadman")  # M5.1, M5.2, M5.3, M5.35
MODES = ("active", "pre_active", "inactive")  # M5.1131-M5.1133 (disabled: Mine.disabled)

#: M4.3: damage of an explosive mine by size (large = NSM M2.0, small = T-bomb M3.0).
YIELD = {"large": 35, "small": 10}

#: M4.41: captor subtype -> (weapon, rounds in a large mine, in a small mine, races).
CAPTOR_LOADS: dict[str, tuple[str, int, int, str]] = {
    "A": ("type-I drone", 6, 2, "Klingon, Kzinti, Federation, WYN"),
    "B": ("plasma-F", 3, 1, "Gorn, Romulan, ISC"),
    "C": ("disruptor", 3, 1, "Klingon, Tholian, Lyran, Kzinti, WYN"),
    "D": ("phaser-2", 3, 1, "all"),
    "E": ("hellbore", 2, 1, "Hydran"),
    "F": ("photon", 2, 1, "Federation"),
    "G": ("plasma-D", 6, 2, "Gorn, Romulan, ISC"),
    "H": ("type-VI drone", 12, 4, "Klingon, Kzinti, Federation, WYN"),
}
#: M4.412: subtypes with a limited stock of rounds (not reloaded during a scenario).
AMMUNITION_SUBTYPES = frozenset("AGH")

#: M6.31: cost of one pre-placed mine by (size, type); +1 for a chain, deadman or command
#: detonator. Large sensor mines do not exist (M4.52).
MINE_COSTS = {
    ("small", "explosive"): 1, ("small", "captor"): 3, ("small", "sensor"): 3,
    ("large", "explosive"): 3, ("large", "captor"): 6,
}  # fmt: skip
STANDARD_PACKAGE_COST = 100  # M6.32
#: M6.2: the standard minefield by (size, type).
STANDARD_PACKAGE = {
    ("large", "explosive"): 15, ("small", "explosive"): 40, ("large", "captor"): 3,
    ("small", "captor"): 7, ("small", "sensor"): 4,
}  # fmt: skip
BELT_DEPTH = 5  # M6.2: hexes deep
OUTSIDE_BELT = 6  # M6.2: captors and sensors up to 6 hexes either side
AUTOMATIC_SMALL_CAPTORS = 4  # M6.2
MAX_CHAIN = 11  # M6.2: chain or deadman mines in a standard field


class MineError(ValueError):
    """A mine that cannot be placed or a record that breaks a rule; the message names it."""


def parse_type(text: str) -> tuple[str, str | None]:
    """``"captor-D"`` -> ("captor", "D"); ``"explosive"`` -> ("explosive", None)."""
    base, _, sub = text.partition("-")
    return base, (sub.upper() or None)


def mine_record_problem(type_text: str, control: str, size: str) -> tuple[str, str] | None:
    """Why a mine record cannot exist, as (message, expected), or None (M4.2, M4.41, M4.52)."""
    base, sub = parse_type(type_text)
    if base not in TYPES:
        return f"unknown mine type {type_text!r}", "explosive, captor-A to captor-H, sensor, dummy"
    if base == "captor" and sub not in CAPTOR_LOADS:
        return f"captor subtype {sub!r} is not one of A-H (M4.41)", "captor-A ... captor-H"
    if base != "captor" and sub is not None:
        return f"only captor mines have a subtype ({type_text!r})", "captor-A ... captor-H"
    if control not in CONTROLS:
        return f"unknown mine control {control!r}", ", ".join(CONTROLS)
    if base == "sensor" and size != "small":
        return "sensor mines are all small (M4.52)", 'size = "small"'
    return None


@dataclass(frozen=True, slots=True)
class Mine:
    """One mine: its M6.1 record and its state in play.

    ``detection_range`` is the radius of the zone in which it accepts targets (explosive mines
    0 or 1, M5.111; captors and sensors up to 6, M4.43, M4.51). ``target_sizes`` are the size
    classes it accepts (M5.151). ``skip`` is the Nth-target delay still to run (M5.16).
    ``disabled`` is a command or chain mine whose automatic detonator is off (M5.1134).
    """

    id: str
    owner: str
    hex: Hex
    size: str
    type: str = "explosive"
    captor: str | None = None
    control: str = "automatic"
    detection: int = 1
    deadman_detection: int | None = None  # M6.1: a second number for a deadman switch
    detection_range: int = 1
    target_sizes: frozenset[int] = frozenset(range(1, 9))
    skip: int = 0
    disabled: bool = False
    mode: str = "active"
    pre_placed: bool = True  # laid before the scenario (M7.11 counts only these)
    shots: int | None = None  # rounds left in an A/G/H captor (M4.412)
    last_fired_turn: int | None = None
    fire_clocks: tuple[int, ...] = ()  # a captor's shots, one clock each (M4.412-M4.423)
    bolt: bool = False  # a type-B captor set to bolt its torpedoes (M4.413)
    controlled_by: tuple[str, ...] = ()  # sensor mines, highest priority first (M4.55)
    chain_of: tuple[str, ...] = ()  # chain/deadman: the mines whose explosion triggers it (M5.33)
    located_by: frozenset[str] = frozenset()  # sides that have detected and located it
    identified_by: frozenset[str] = frozenset()  # sides that know its type (M7.54)
    laid_by: str = ""  # the unit that laid it during the scenario (M2.3, M3.223)
    laid_clock: int | None = None
    destroyed: bool = False
    note: str = ""

    def __post_init__(self) -> None:
        if self.size not in SIZES:
            raise MineError(f"mine {self.id}: size {self.size!r} is not small or large (M4.1)")
        problem = mine_record_problem(
            f"{self.type}-{self.captor}" if self.captor else self.type, self.control, self.size
        )
        if problem:
            raise MineError(f"mine {self.id}: {problem[0]}")
        if not 1 <= self.detection <= 6:
            raise MineError(f"mine {self.id}: detection number {self.detection} (M6.1: 1-6)")
        if self.control == "deadman" and self.deadman_detection is None:
            raise MineError(f"mine {self.id}: a deadman mine needs two detection numbers (M6.1)")
        top = 1 if self.type == "explosive" else 6
        if not 0 <= self.detection_range <= top:
            raise MineError(f"mine {self.id}: detection range {self.detection_range} "
                            f"(M5.12: 0-{top} for a {self.type} mine)")
        if len(self.chain_of) > 6:
            raise MineError(f"mine {self.id}: a chain answers to at most six mines (M5.33)")
        if self.chain_of and self.control not in ("chain", "deadman"):
            raise MineError(f"mine {self.id}: only chain and deadman mines are chained (M5.3)")
        if len(self.controlled_by) > 3:
            raise MineError(f"mine {self.id}: more than three sensor mines control it (M4.55)")
        if self.mode not in MODES:
            raise MineError(f"mine {self.id}: mode {self.mode!r}")

    @classmethod
    def loaded(cls, **fields: object) -> Mine:
        """A mine with its captor rounds filled (M4.412: full at the start of a scenario)."""
        mine = cls(**fields)  # type: ignore[arg-type]
        if mine.captor in AMMUNITION_SUBTYPES and mine.shots is None:
            _weapon, large, small, _races = CAPTOR_LOADS[mine.captor]
            mine = replace(mine, shots=large if mine.size == "large" else small)
        return mine

    @property
    def type_label(self) -> str:
        return f"{self.type}-{self.captor}" if self.captor else self.type

    @property
    def automatic(self) -> bool:
        """Its automatic detonator works: automatic control, or a command/chain mine with the
        detonator left enabled (M5.28, M5.31)."""
        return not self.disabled

    @property
    def detectable(self) -> bool:
        """M7.33: chain and command mines with disabled detonators cannot be detected (a
        deadman switch always can)."""
        if self.control == "deadman":
            return True
        return not (self.disabled and self.control in ("chain", "command"))

    def detection_numbers(self) -> tuple[int, ...]:
        return (self.detection,) + (
            (self.deadman_detection,) if self.deadman_detection is not None else ()
        )

    def accepts(self, size_class: int) -> bool:
        """M5.15: does the mine accept a unit of this size class as a target?"""
        return size_class in self.target_sizes


@dataclass(frozen=True, slots=True)
class MineView:
    """A mine as one side sees it: the owner everything, others what M7 revealed."""

    id: str
    hex: Hex
    size: str
    type: str  # "unknown" until identified (M7.54); a dummy reads as a normal mine
    own: bool
    detection: int | None = None  # the owner's record only
    armed: bool = True  # the owner's record only: False while pre-active (M5.1132)


@dataclass(frozen=True, slots=True)
class Minefield:
    """Every mine of a game, in the order laid; mines are never removed, only destroyed."""

    mines: tuple[Mine, ...] = ()

    def __len__(self) -> int:
        return len(self.mines)

    def _position(self, mine_id: str) -> int | None:
        return next((i for i, m in enumerate(self.mines) if m.id == mine_id), None)

    def get(self, mine_id: str) -> Mine:
        i = self._position(mine_id)
        if i is None:
            raise MineError(f"no mine {mine_id!r}")
        return self.mines[i]

    def live(self) -> tuple[Mine, ...]:
        return tuple(m for m in self.mines if not m.destroyed)

    def at(self, h: Hex) -> tuple[Mine, ...]:
        return tuple(m for m in self.live() if m.hex == h)

    def place(self, mine: Mine) -> Minefield:
        """A minefield with ``mine`` added; MineError if the id is taken or M5.24/M5.34 forbid
        the hex (no two command, chain or deadman mines in one hex)."""
        if self._position(mine.id) is not None:
            raise MineError(f"mine id {mine.id!r} is already used")
        if mine.control != "automatic" and any(
            other.control != "automatic" for other in self.at(mine.hex)
        ):
            raise MineError(f"hex {mine.hex.label} already holds a command, chain or deadman "
                            "mine (M5.24, M5.34)")
        return Minefield(self.mines + (mine,))

    def update(self, mine: Mine) -> Minefield:
        """The minefield with the mine of the same id replaced by ``mine``."""
        i = self._position(mine.id)
        if i is None:
            raise MineError(f"no mine {mine.id!r}")
        return Minefield(self.mines[:i] + (mine,) + self.mines[i + 1 :])

    def reveal(self, ids: Iterable[str], side: str, identify: bool = False) -> Minefield:
        """Mark the mines ``ids`` located (M7.22) - and identified (M7.54) - by ``side``."""
        out = self
        for mine_id in ids:
            mine = out.get(mine_id)
            mine = replace(mine, located_by=mine.located_by | {side})
            if identify:
                mine = replace(mine, identified_by=mine.identified_by | {side})
            out = out.update(mine)
        return out

    def view_for(self, side: str) -> tuple[MineView, ...]:
        """What ``side`` sees: its own live mines in full, the others' located live mines by
        size and hex (type once identified). Hidden placement, M6.1."""
        views = []
        for m in self.live():
            if m.owner == side:
                views.append(MineView(m.id, m.hex, m.size, m.type_label, True, m.detection,
                                      m.mode != "pre_active"))
            elif side in m.located_by:
                known = m.type_label if side in m.identified_by else "unknown"
                if known.startswith("dummy"):  # M7.54: a dummy is reported as a normal mine
                    known = "explosive"
                views.append(MineView(m.id, m.hex, m.size, known, False))
        return tuple(views)


def mine_cost(mine: Mine) -> int:
    """M6.31: the cost of one pre-placed mine (+1 for a chain, deadman or command detonator)."""
    base = MINE_COSTS[(mine.size, mine.type if mine.type != "dummy" else "explosive")]
    return base + (1 if mine.control in ("command", "chain", "deadman") else 0)


def package_problems(mines: Iterable[Mine], columns: tuple[int, int]) -> list[str]:
    """Why ``mines`` are not a standard minefield (M6.2) laid in the belt of map columns
    ``columns`` (five columns deep, e.g. SG15's 20xx-24xx); [] when they are."""
    mines = list(mines)
    problems = []
    first, last = columns
    if last - first + 1 != BELT_DEPTH:
        problems.append(f"the belt is {last - first + 1} hexes deep, not {BELT_DEPTH} (M6.2)")
    counts = Counter((m.size, m.type) for m in mines)
    for key, wanted in STANDARD_PACKAGE.items():
        if counts.get(key, 0) != wanted:
            problems.append(f"{counts.get(key, 0)} {key[0]} {key[1]} mines, not {wanted} (M6.2)")
    for key in set(counts) - set(STANDARD_PACKAGE):
        problems.append(f"{counts[key]} {key[0]} {key[1]} mines are not in the package (M6.2)")
    for m in mines:
        reach = 0 if m.type == "explosive" else OUTSIDE_BELT
        if not first - reach <= m.hex.col <= last + reach:
            where = "belt" if reach == 0 else f"belt or {OUTSIDE_BELT} hexes beside it"
            problems.append(f"mine {m.id} in {m.hex.label} is outside the {where} (M6.2)")
    auto_captors = sum(1 for m in mines if m.type == "captor" and not m.controlled_by)
    if auto_captors > AUTOMATIC_SMALL_CAPTORS:
        problems.append(f"{auto_captors} automatic captors; the package has "
                        f"{AUTOMATIC_SMALL_CAPTORS} (M6.2)")
    chains = sum(1 for m in mines if m.control in ("chain", "deadman"))
    if chains > MAX_CHAIN:
        problems.append(f"{chains} chain or deadman mines; at most {MAX_CHAIN} (M6.2)")
    return problems


def nearest(mines: Iterable[Mine], h: Hex) -> tuple[int, Mine] | None:
    """The closest mine to ``h`` with its range, or None."""
    best = min(((hex_range(m.hex, h), m.id, m) for m in mines), default=None)
    return None if best is None else (best[0], best[2])
