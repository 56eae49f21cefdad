"""The ship library: every ship-class file of the bundled ``ssd_data/ships`` and the user's folder.

One bad file never stops the others loading: its problems are collected in
:attr:`ShipLibrary.problems` and the rest of the library is usable. A file in the user's ships
folder replaces the bundled class with the same id (noted in :attr:`ShipLibrary.overridden`);
two files with the same id in one folder is a problem, reported for the second file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from sfb_desk.data import paths
from sfb_desk.data.paths import display_path
from sfb_desk.data.library_cache import SpecCache
from sfb_desk.rules.records import field, record
from sfb_desk.rules.ship import ShipSpec, normalise_ship_id

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up)
if TYPE_CHECKING:
    from sfb_desk.data.ship_file import FileProblem

# sfb_desk.data.ship_file (TOML, the pydantic schema, the checks) is imported only when a file
# has to be read: a library whose every file is in the cache never needs it (start-up time).


@record(frozen=False)
class ShipLibrary:
    """Ship classes by normalised (upper-case) id, the file each came from, and the problems."""

    ships: dict[str, ShipSpec] = field(default_factory=dict)
    files: dict[str, Path] = field(default_factory=dict)
    problems: list[FileProblem] = field(default_factory=list)
    #: id -> the bundled file that a user file replaced.
    overridden: dict[str, Path] = field(default_factory=dict)
    #: id -> a file that names this id (by its file name or its identity.id) and did not load.
    broken: dict[str, Path] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.ships)

    def __contains__(self, ship_id: object) -> bool:
        return isinstance(ship_id, str) and normalise_ship_id(ship_id) in self.ships

    def get(self, ship_id: str) -> ShipSpec:
        """The class with this id, ignoring case; KeyError names the closest ids."""
        key = normalise_ship_id(ship_id)
        try:
            return self.ships[key]
        except KeyError:
            raise KeyError(self._not_found(ship_id)) from None

    def suggestions(self, ship_id: str, n: int = 5) -> list[str]:
        """Ids close to ``ship_id``: same class code first, then by spelling."""
        import difflib

        key = normalise_ship_id(ship_id)
        same_class = [i for i, s in sorted(self.ships.items()) if s.class_code.upper() == key]
        close = difflib.get_close_matches(key, list(self.ships), n=n, cutoff=0.5)
        return list(dict.fromkeys(same_class + close))[:n]

    def _not_found(self, ship_id: str) -> str:
        message = f"no ship class {ship_id!r} in the library ({len(self.ships)} classes)"
        close = self.suggestions(ship_id)
        if close:
            return f"{message}; did you mean {', '.join(close)}?"
        return f"{message}; `sfb-desk-cli ships` lists them"

    def races(self) -> list[str]:
        """The race codes present, sorted."""
        return sorted({spec.race for spec in self.ships.values()})

    def search(self, text: str = "", race: str | None = None) -> list[ShipSpec]:
        """Classes whose id, class code or name contains ``text`` (any case), sorted by id."""
        needle = text.strip().casefold()
        wanted_race = race.strip().upper() if race else None
        found = []
        for key in sorted(self.ships):
            spec = self.ships[key]
            if wanted_race and spec.race != wanted_race:
                continue
            haystack = (spec.id, spec.class_code, spec.name)
            if needle and not any(needle in h.casefold() for h in haystack):
                continue
            found.append(spec)
        return found

    def add_file(self, path: Path) -> ShipSpec:
        """Load one ship file into the library at once (the designer's save): it replaces the
        class with its id, as a file of the user's folder does. Raises ShipFileError."""
        spec = load_ship_file(path)
        key = normalise_ship_id(spec.id)
        if key in self.files and self.files[key] != Path(path):
            self.overridden.setdefault(key, self.files[key])
        self.ships[key] = spec
        self.files[key] = Path(path)
        return spec

    def broken_note(self, ship_id: str) -> str:
        """A warning when a file for ``ship_id`` (a user override, typically) did not load, saying
        which copy is used instead; "" when there is none."""
        key = normalise_ship_id(ship_id)
        bad = self.broken.get(key)
        if bad is None:
            return ""
        used = self.files.get(key)
        instead = (f"the copy in {display_path(used)} is used instead" if used is not None
                   else "no other copy of it exists")
        return (f"warning: {display_path(bad)} ({key}) could not be loaded, {instead}; run "
                "`sfb-desk-cli validate` for its problems")

    @property
    def notes(self) -> list[str]:
        """Human-readable notes on user files that replaced bundled ones."""
        return [
            f"{key}: {display_path(self.files[key])} replaces {display_path(old)}"
            for key, old in sorted(self.overridden.items())
        ]


def default_directories() -> list[Path]:
    """The bundled ``ssd_data/ships`` then the user's ships folder (which wins on equal ids)."""
    return [paths.ssd_data_dir() / "ships", paths.user_data_dir() / "ships"]


def ship_files(directory: Path) -> list[Path]:
    """The ``*.toml`` files of one folder, sorted by name (none if it does not exist)."""
    return sorted(p for p in directory.glob("*.toml") if p.is_file()) if directory.is_dir() else []


def load_ship_file(path: Path) -> ShipSpec:
    """:func:`sfb_desk.data.ship_file.load_ship_file`, imported when a file is first read."""
    from sfb_desk.data.ship_file import load_ship_file as load

    return load(path)


def _load_one(path: Path, cache: SpecCache | None = None) -> tuple[ShipSpec | None, list[FileProblem]]:
    key = None
    if cache is not None:
        try:
            key = cache.key_of(path)
        except OSError:
            key = None  # reported by load_ship_file below
        else:
            spec = cache.get(key)
            if spec is not None:
                return spec, []
    from sfb_desk.data.ship_file import FileProblem, ShipFileError

    try:
        spec = load_ship_file(path)
    except ShipFileError as error:
        return None, error.problems
    except Exception as error:  # noqa: BLE001 - one bad file must never stop the others
        problem = FileProblem(display_path(path), "", f"could not be loaded: {error!r}")
        return None, [problem]
    if cache is not None and key is not None:
        cache.put(key, spec)
    return spec, []


def load_files(
    files: Iterable[Path], cache: SpecCache | None = None
) -> list[tuple[Path, ShipSpec | None, list[FileProblem]]]:
    """Load each file on its own; a second file with an id already seen is a problem. With a
    ``cache``, a file whose bytes it holds is not read again (the library's start-up)."""
    results: list[tuple[Path, ShipSpec | None, list[FileProblem]]] = []
    first: dict[str, Path] = {}
    for path in files:
        spec, problems = _load_one(path, cache)
        if spec is not None:
            key = normalise_ship_id(spec.id)
            if key in first:
                from sfb_desk.data.ship_file import FileProblem

                problems = [
                    FileProblem(
                        display_path(path),
                        "identity.id",
                        f"duplicate id {spec.id!r}: {display_path(first[key])} already defines it",
                        "one file per ship class",
                    )
                ]
                spec = None
            else:
                first[key] = path
        results.append((path, spec, problems))
    return results


_ID_LINE = re.compile(r'^\s*id\s*=\s*"([^"\n]+)"', re.MULTILINE)


def _ids_named_by(path: Path) -> set[str]:
    """The ids a file that did not load stands for: its file name's, and the identity.id it
    states (read as plain text: the file may not even be TOML)."""
    ids = {normalise_ship_id(path.stem)}
    try:
        found = _ID_LINE.search(path.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        found = None
    if found:
        ids.add(normalise_ship_id(found.group(1)))
    return ids


def load_library(directories: Sequence[Path] | None = None) -> ShipLibrary:
    """Load every ship file of ``directories`` (default: :func:`default_directories`).

    A later folder's file replaces an earlier folder's file with the same id; within one folder,
    the second file with an id is reported and skipped. The default folders are read through
    the compiled-library cache (:mod:`sfb_desk.data.library_cache`); other folders never are.
    """
    if directories is None:
        return _load(default_directories(), SpecCache())
    return _load(directories, None)


def load_library_for(ship_id: str) -> ShipLibrary:
    """A library holding the class ``ship_id`` as :func:`load_library` gives it, for a command
    about that class (``sfb-desk-cli ship``, ``dac``, ``ea``): when the cache knows every file of
    the default folders as they are now, only that class is taken from it, and the library holds
    only that class (no file is broken then: broken files are never cached); otherwise, if no
    file defines that class, or if two files of one folder do, the whole library (for its
    problems, the warning of :meth:`ShipLibrary.broken_note` and the closest ids)."""
    cache = SpecCache()
    directories = default_directories()
    wanted, found = normalise_ship_id(ship_id), None
    for directory in directories:
        here: set[str] = set()
        for path in ship_files(Path(directory)):
            known = cache.known(path)
            if known is None:
                return _load(directories, cache)  # a new, changed or broken file: read them
            digest, key = known
            if key == wanted:
                if key in here:  # a second file of the class in one folder: a problem to report
                    return _load(directories, cache)
                found = (path, digest)
            here.add(key)
    spec = cache.get(found[1]) if found is not None else None
    if found is None or spec is None:
        return _load(directories, cache)
    return ShipLibrary(ships={wanted: spec}, files={wanted: found[0]})


def _load(directories: Sequence[Path], cache: SpecCache | None) -> ShipLibrary:
    library = ShipLibrary()
    for directory in directories:
        for path, spec, problems in load_files(ship_files(Path(directory)), cache):
            library.problems.extend(problems)
            if spec is None:
                for key in _ids_named_by(path):
                    library.broken[key] = path
                continue
            key = normalise_ship_id(spec.id)
            if key in library.files:
                library.overridden[key] = library.files[key]
            library.ships[key] = spec
            library.files[key] = path
    if cache is not None:
        cache.save()
    return library
