"""The compiled ship library, kept between runs (issue 13: start-up).

Reading and validating the 113 ship files takes most of a second (TOML, the pydantic schema,
the cross-field checks); the result, one immutable :class:`~sfb_desk.rules.ship.ShipSpec` per
file, does not change until a file does. :class:`SpecCache` keeps the specs in the user cache
folder (``SFB_DESK_HOME/cache`` when that is set, as in the tests), keyed by a digest of each
file's bytes (a file whose size, modification time and inode are unchanged since its digest
was taken is not read again), and is valid only for the program that wrote it: its version, the Python version
and the size and modification time of every module of ``sfb_desk/data`` and ``sfb_desk/rules``
(what loading a file runs) are part of the cache. A file that fails to load is never kept (it is
loaded, and its problems reported, every time). A cache that cannot be read is ignored and
rewritten; one that cannot be written is simply not kept.

Each spec is kept on its own as bytes (:mod:`sfb_desk.data.library_codec`: plain values in
:mod:`marshal`'s format, read without importing pickle), with the class id it defines: a command
that needs one class (``sfb-desk-cli ship FED-CA``) reads that one only (:meth:`SpecCache.known`,
:func:`sfb_desk.data.library.load_library_for`), the app all of them. The cache file itself is
marshal's too, written to a temporary file then renamed into place (never half written).
"""

from __future__ import annotations

import marshal
import os
import sys
from pathlib import Path

from sfb_desk import __version__
from sfb_desk.data import library_codec, paths
from sfb_desk.rules.ship import ShipSpec, normalise_ship_id

try:  # the C module hashlib takes blake2b from, without loading OpenSSL (start-up time)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - another Python
    from hashlib import blake2b

_PACKAGE = Path(__file__).resolve().parent.parent
# One cache file per installed copy of the program (named by its folder), so that two copies
# (two virtual environments, a packaged build beside a source checkout) do not overwrite each
# other's cache at every start: their modules' times differ, so each would find the other's stale.
_COPY = blake2b(str(_PACKAGE).encode(), digest_size=6).hexdigest()
CACHE_NAME = f"ship-library-{_COPY}.marshal"
#: The name the cache had when it was pickled (before issue 13's last start-up work): removed
#: when the cache is written.
OLD_CACHE_NAME = f"ship-library-{_COPY}.pickle"


def program_fingerprint() -> tuple:
    """What the cached specs depend on besides the files: this program's version, Python's,
    and every module that loading a ship file runs (name, size, modification time)."""
    modules: list[tuple[str, int, int]] = []
    folders = [str(_PACKAGE / "data"), str(_PACKAGE / "rules")]
    while folders:
        folder = folders.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir():
                if entry.name != "__pycache__":
                    folders.append(entry.path)
            elif entry.name.endswith(".py"):
                st = entry.stat()
                modules.append((entry.path[len(str(_PACKAGE)):], st.st_size, st.st_mtime_ns))
    return (__version__, sys.version_info[:3], tuple(sorted(modules)))


def digest(content: bytes) -> str:
    """The key of a file's bytes."""
    return blake2b(content, digest_size=16).hexdigest()


def loads(data: bytes) -> ShipSpec:
    return library_codec.loads(data)


def dumps(spec: ShipSpec) -> bytes:
    return library_codec.dumps(spec)


#: Specs met in this process by digest, whatever the cache folder (the code that built them is
#: the code running): a second library load, e.g. after changing the user folder, reads no
#: file it has seen.
_MEMORY: dict[str, ShipSpec] = {}
_FINGERPRINT: list[tuple] = []


def forget() -> None:
    """Drop the specs kept in this process (tests)."""
    _MEMORY.clear()


class SpecCache:
    """Specs by file digest, read from and written to ``file`` (see the module doc)."""

    def __init__(self, file: Path | None = None) -> None:
        self.file = file if file is not None else paths.user_cache_dir() / CACHE_NAME
        if not _FINGERPRINT:
            _FINGERPRINT.append(program_fingerprint())
        self.fingerprint = _FINGERPRINT[0]
        self._old, self._old_index, self._ids = self._read()  # digest -> the spec's bytes, id
        self._used: dict[str, ShipSpec] = {}
        self._index: dict[str, tuple[int, int, int, str]] = {}
        self.hits = 0
        self.misses = 0

    def _read(self) -> tuple[dict[str, bytes], dict[str, tuple[int, int, int, str]],
                             dict[str, str]]:
        try:
            with open(self.file, "rb") as handle:
                stored = marshal.loads(handle.read())
        except Exception:  # noqa: BLE001 - missing, truncated or from another program: rebuild
            return {}, {}, {}
        if type(stored) is not dict or stored.get("fingerprint") != self.fingerprint:
            return {}, {}, {}
        parts = [stored.get(name) for name in ("specs", "index", "ids")]
        return tuple(p if type(p) is dict else {} for p in parts)  # type: ignore[return-value]

    def known(self, path: Path) -> tuple[str, str] | None:
        """``(digest, class id)`` of ``path`` when the cache holds its spec and the file is
        unchanged since (size, modification time, inode); None otherwise (a new, changed or
        broken file: the library has to be read)."""
        name = str(path)
        try:
            st = os.stat(name)
        except OSError:
            return None
        entry = self._old_index.get(name)
        if entry is None or entry[:3] != (st.st_size, st.st_mtime_ns, st.st_ino):
            return None
        ship_id = self._ids.get(entry[3])
        return None if ship_id is None or entry[3] not in self._old else (entry[3], ship_id)

    def key_of(self, path: Path) -> str:
        """The digest of ``path``'s bytes. A file whose size, modification time (ns) and inode
        are those recorded with its digest is not read again; any other is read and hashed
        (OSError if it cannot be read)."""
        name = str(path)
        st = os.stat(name)
        known = self._old_index.get(name)
        if known is not None and known[:3] == (st.st_size, st.st_mtime_ns, st.st_ino):
            key = known[3]
        else:
            with open(name, "rb") as handle:
                key = digest(handle.read())
        self._index[name] = (st.st_size, st.st_mtime_ns, st.st_ino, key)
        return key

    def get(self, key: str) -> ShipSpec | None:
        spec = _MEMORY.get(key)
        if spec is None and type(self._old.get(key)) is bytes:
            try:
                spec = loads(self._old[key])  # type: ignore[assignment]
            except Exception:  # noqa: BLE001 - a damaged entry: the file is read again
                spec = None
        if type(spec) is ShipSpec:
            self._used[key] = spec
            _MEMORY[key] = spec
            self.hits += 1
            return spec
        self.misses += 1
        return None

    def put(self, key: str, spec: ShipSpec) -> None:
        self._used[key] = spec
        _MEMORY[key] = spec

    @property
    def changed(self) -> bool:
        return self._used.keys() != self._old.keys() or self._index != self._old_index

    def save(self) -> None:
        """Keep the specs used by this load (and only those), if anything changed."""
        if not self.changed:
            return
        import tempfile

        specs = {key: self._old[key] if type(self._old.get(key)) is bytes else dumps(spec)
                 for key, spec in self._used.items()}
        ids = {key: normalise_ship_id(spec.id) for key, spec in self._used.items()}
        data = marshal.dumps({"fingerprint": self.fingerprint, "specs": specs,
                              "index": self._index, "ids": ids}, library_codec.VERSION)
        try:
            self.file.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".ship-library-", dir=self.file.parent)
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(data)
                os.replace(tmp, self.file)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
            (self.file.parent / OLD_CACHE_NAME).unlink(missing_ok=True)
        except OSError:
            return  # a read-only cache folder: load from the files next time too
