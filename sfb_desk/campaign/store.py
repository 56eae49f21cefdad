"""The campaign store: one SQLite file holding a campaign's records, journal and dice log.

Shared by the campaign ledger (sfb_desk.campaign) and the F&E assistant (sfb_desk.fe); the
contract is /work/COORD-store.md. Standard library only (sqlite3), no Qt.

    store = CampaignStore.open(path)                 # creates, or migrates an older file
    with store.change(reason="Built a CA", rule="(G3.1)") as tx:
        tx.put("unit", "fed-ca-1", {...})            # insert or replace a JSON object
        tx.delete("queue", "build-3")
        tx.log_dice("repair roll", [4, 2], "typed")
    store.get("unit", "fed-ca-1"); store.all("unit"); store.journal(); store.dice_log()
    store.undo()                                     # reverts the newest entry, journalled

Every change is one journal entry (its reason and rule number) and one SQLite transaction; the
entry keeps each record's before- and after-image, so undo restores exactly what was there.
Dice are never erased: an undone entry's dice stay in the log (the audit trail). Writes go
through a rollback journal with synchronous=FULL, so a process killed mid-write (kill -9) or
a power cut loses no committed entry and leaves no partial one.

Schema versions (MIGRATIONS): 1 records, journal and changes; 2 the dice log and the undo link
(journal.undoes). A file from an older program is migrated in place on open, inside one
transaction; a file from a newer program, a file that is not SQLite, an SQLite database that is
not a campaign store, and a damaged file are refused with a StoreError naming the problem.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

APPLICATION_ID = 0x53464244  # "SFBD": PRAGMA application_id of every campaign store
APPLICATION_NAME = "SFB Desk campaign store"
SQLITE_HEADER = b"SQLite format 3\x00"
DICE_SOURCES = ("typed", "seeded")

MIGRATIONS: list[str] = [
    # version 1: records, journal and each entry's before/after images
    """
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE records (
        kind TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
        PRIMARY KEY (kind, key));
    CREATE TABLE journal (
        id INTEGER PRIMARY KEY, time TEXT NOT NULL, reason TEXT NOT NULL, rule TEXT NOT NULL);
    CREATE TABLE changes (
        entry_id INTEGER NOT NULL REFERENCES journal(id), seq INTEGER NOT NULL,
        kind TEXT NOT NULL, key TEXT NOT NULL, before TEXT, after TEXT,
        PRIMARY KEY (entry_id, seq));
    """,
    # version 2: the dice log and the undo link
    """
    CREATE TABLE dice (
        entry_id INTEGER NOT NULL REFERENCES journal(id), seq INTEGER NOT NULL,
        purpose TEXT NOT NULL, dice TEXT NOT NULL, source TEXT NOT NULL,
        PRIMARY KEY (entry_id, seq));
    ALTER TABLE journal ADD COLUMN undoes INTEGER REFERENCES journal(id);
    """,
]
SCHEMA_VERSION = len(MIGRATIONS)


class StoreError(Exception):
    """A campaign store could not be opened or changed; the message says why."""


class Change(NamedTuple):
    kind: str
    key: str
    before: dict | None  # None: the record did not exist
    after: dict | None  # None: the record was deleted


class DiceRoll(NamedTuple):
    entry_id: int
    purpose: str
    dice: list[int]
    source: str  # "typed" (physical dice read in) or "seeded" (the program's generator)


@dataclass(frozen=True)
class JournalEntry:
    id: int
    time: str  # ISO 8601, UTC
    reason: str
    rule: str
    changes: list[Change] = field(default_factory=list)
    dice: list[DiceRoll] = field(default_factory=list)
    undoes: int | None = None  # the entry this one reverted (undo entries only)


def _encode(value: dict | None) -> str | None:
    return None if value is None else json.dumps(value, sort_keys=True, allow_nan=False)


def _decode(text: str | None) -> dict | None:
    return None if text is None else json.loads(text)


class Transaction:
    """The handle given by CampaignStore.change(); collects one journal entry's changes."""

    def __init__(self, store: CampaignStore) -> None:
        self._store = store
        self._changes: dict[tuple[str, str], list[Any]] = {}  # (kind, key) -> [before, after]
        self._dice: list[tuple[str, list[int], str]] = []
        self.open = True

    def _check_open(self) -> None:
        if not self.open:
            raise StoreError("This change has already been written; start a new store.change().")

    def put(self, kind: str, key: str, value: dict) -> None:
        """Insert or replace the record (kind, key) with a JSON-serialisable dict."""
        self._check_open()
        _check_name("kind", kind)
        _check_name("key", key)
        if not isinstance(value, dict):
            raise StoreError(f"A {kind} record must be a dict, not {type(value).__name__}.")
        try:
            text = json.dumps(value, sort_keys=True, allow_nan=False)
        except (TypeError, ValueError) as exc:
            raise StoreError(f"The {kind} record {key!r} cannot be stored as JSON: {exc}.") from exc
        self._record(kind, key, text)

    def delete(self, kind: str, key: str) -> None:
        """Remove the record (kind, key); removing one that does not exist is no change."""
        self._check_open()
        _check_name("kind", kind)
        _check_name("key", key)
        self._record(kind, key, None)

    def log_dice(self, purpose: str, dice: list[int], source: str) -> None:
        """Log dice rolled for this entry: typed in from physical dice, or seeded."""
        self._check_open()
        if source not in DICE_SOURCES:
            raise StoreError(f"Dice source must be 'typed' or 'seeded', not {source!r}.")
        if not isinstance(purpose, str) or not purpose.strip():
            raise StoreError("Logged dice need a purpose (what they were rolled for).")
        rolled = list(dice)
        if not rolled or not all(isinstance(d, int) and not isinstance(d, bool) and d >= 1
                                 for d in rolled):
            raise StoreError(f"Dice for {purpose!r} must be whole numbers of 1 or more: {dice!r}.")
        self._dice.append((purpose, rolled, source))

    def _record(self, kind: str, key: str, text: str | None) -> None:
        conn = self._store._conn
        slot = self._changes.get((kind, key))
        if slot is None:
            row = conn.execute(
                "SELECT value FROM records WHERE kind = ? AND key = ?", (kind, key)
            ).fetchone()
            slot = self._changes[(kind, key)] = [row[0] if row else None, None]
        slot[1] = text
        if text is None:
            conn.execute("DELETE FROM records WHERE kind = ? AND key = ?", (kind, key))
        else:
            conn.execute(
                "INSERT OR REPLACE INTO records (kind, key, value) VALUES (?, ?, ?)",
                (kind, key, text),
            )

    def _write(self, entry_id: int) -> None:
        conn = self._store._conn
        seq = 0
        for (kind, key), (before, after) in self._changes.items():
            if before == after:
                continue
            conn.execute(
                "INSERT INTO changes (entry_id, seq, kind, key, before, after)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (entry_id, seq, kind, key, before, after),
            )
            seq += 1
        for seq, (purpose, dice, source) in enumerate(self._dice):
            conn.execute(
                "INSERT INTO dice (entry_id, seq, purpose, dice, source) VALUES (?, ?, ?, ?, ?)",
                (entry_id, seq, purpose, json.dumps(dice), source),
            )


def _check_name(what: str, name: str) -> None:
    if not isinstance(name, str) or not name:
        raise StoreError(f"A record's {what} must be a non-empty string, not {name!r}.")


class CampaignStore:
    """One campaign's SQLite file. Open with CampaignStore.open(path)."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self._conn = conn
        self.path = path
        self._in_change = False
        self.check: Any = None  # check(kind, key, value) on every record read (the ledger's)

    # --- opening -----------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path) -> CampaignStore:
        """Open the store at path, creating it if absent and migrating an older schema."""
        path = Path(path)
        if path.is_dir():
            raise StoreError(f"{path} is a folder, not a campaign store file.")
        if not path.parent.is_dir():
            raise StoreError(f"Cannot create a campaign store in {path.parent}: no such folder.")
        existing = path.exists() and path.stat().st_size > 0
        if existing:
            with path.open("rb") as handle:
                if handle.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
                    raise StoreError(f"{path} is not a campaign store (not an SQLite database).")
        try:
            conn = sqlite3.connect(str(path), isolation_level=None, timeout=10.0)
        except sqlite3.Error as exc:
            raise StoreError(f"{path} cannot be opened as a campaign store: {exc}.") from exc
        try:
            conn.execute("PRAGMA journal_mode = DELETE")
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
            store = cls(conn, path)
            store._prepare(existing)
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise StoreError(f"{path} is damaged and cannot be read as a campaign store: {exc}.") from exc
        except StoreError:
            conn.close()
            raise
        return store

    def _prepare(self, existing: bool) -> None:
        conn = self._conn
        if existing:
            check = conn.execute("PRAGMA quick_check").fetchall()
            if check != [("ok",)]:
                problems = "; ".join(str(r[0]) for r in check[:3])
                raise StoreError(f"{self.path} is damaged (SQLite check: {problems}).")
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            if app_id != APPLICATION_ID or "meta" not in tables:
                if tables:
                    raise StoreError(
                        f"{self.path} is an SQLite database but not a campaign store "
                        f"(tables: {', '.join(sorted(tables))})."
                    )
        version = self.schema_version
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} was written by a newer SFB Desk (campaign store schema {version}; "
                f"this program reads up to {SCHEMA_VERSION}). Update SFB Desk to open it."
            )
        if version < SCHEMA_VERSION:
            self._migrate(version)

    @property
    def schema_version(self) -> int:
        has_meta = self._conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type='table' AND name='meta'"
        ).fetchone()
        if not has_meta:
            return 0
        row = self._conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        if row is None or not str(row[0]).isdigit():
            raise StoreError(f"{self.path} is damaged: its schema version is missing or unreadable.")
        return int(row[0])

    def _migrate(self, version: int) -> None:
        conn = self._conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            for number in range(version + 1, SCHEMA_VERSION + 1):
                for statement in _statements(MIGRATIONS[number - 1]):
                    conn.execute(statement)
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES ('application', ?)",
                (APPLICATION_NAME,),
            )
            conn.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)",
                (str(SCHEMA_VERSION),),
            )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> CampaignStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- writing -----------------------------------------------------------------------------

    @contextmanager
    def change(self, reason: str, rule: str = "") -> Iterator[Transaction]:
        """One journal entry in one SQLite transaction: committed whole, or not at all."""
        if not isinstance(reason, str) or not reason.strip():
            raise StoreError("Every campaign change needs a reason for the journal.")
        if self._in_change:
            raise StoreError("A campaign change is already open; changes cannot be nested.")
        conn = self._conn
        tx = Transaction(self)
        self._in_change = True
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield tx
            self._commit(tx, reason.strip(), rule.strip() if rule else "", None)
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        finally:
            tx.open = False
            self._in_change = False

    def _commit(self, tx: Transaction, reason: str, rule: str, undoes: int | None) -> int:
        conn = self._conn
        now = datetime.now(UTC).isoformat(timespec="microseconds")
        cursor = conn.execute(
            "INSERT INTO journal (time, reason, rule, undoes) VALUES (?, ?, ?, ?)",
            (now, reason, rule, undoes),
        )
        entry_id = int(cursor.lastrowid)
        tx._write(entry_id)
        conn.execute("COMMIT")
        return entry_id

    def undo(self) -> JournalEntry | None:
        """Revert the newest entry not yet undone; returns the new (journalled) undo entry.

        Undo entries are never themselves undone by undo(), so repeated calls walk back
        through the journal. The undone entry's dice stay in the dice log.
        """
        if self._in_change:
            raise StoreError("Finish the open campaign change before undoing.")
        conn = self._conn
        row = conn.execute(
            "SELECT id, reason FROM journal WHERE undoes IS NULL"
            " AND id NOT IN (SELECT undoes FROM journal WHERE undoes IS NOT NULL)"
            " ORDER BY id DESC LIMIT 1"
        ).fetchone()
        if row is None:
            return None
        target, reason = int(row[0]), row[1]
        tx = Transaction(self)
        self._in_change = True
        conn.execute("BEGIN IMMEDIATE")
        try:
            changes = conn.execute(
                "SELECT kind, key, before, after FROM changes WHERE entry_id = ? ORDER BY seq DESC",
                (target,),
            ).fetchall()
            for kind, key, before, after in changes:
                current = conn.execute(
                    "SELECT value FROM records WHERE kind = ? AND key = ?", (kind, key)
                ).fetchone()
                if (current[0] if current else None) != after:
                    raise StoreError(
                        f"Cannot undo entry {target} ({reason}): the {kind} record {key!r} "
                        "was changed since and that change was not undone."
                    )
                tx._record(kind, key, before)
            new_id = self._commit(tx, f"Undo: {reason}", "", target)
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        finally:
            tx.open = False
            self._in_change = False
        return self.entry(new_id)

    # --- reading -----------------------------------------------------------------------------

    def get(self, kind: str, key: str) -> dict | None:
        row = self._conn.execute(
            "SELECT value FROM records WHERE kind = ? AND key = ?", (kind, key)
        ).fetchone()
        return self._read(kind, key, row[0]) if row else None

    def all(self, kind: str) -> dict[str, dict]:
        rows = self._conn.execute(
            "SELECT key, value FROM records WHERE kind = ? ORDER BY key", (kind,)
        ).fetchall()
        return {key: self._read(kind, key, value) for key, value in rows}

    def _read(self, kind: str, key: str, text: str) -> Any:
        try:
            value = json.loads(text)
        except ValueError:
            raise StoreError(f"the campaign record {kind}/{key} is damaged (not JSON)") from None
        if self.check is not None:
            self.check(kind, key, value)
        return value

    def kinds(self) -> list[str]:
        return [r[0] for r in self._conn.execute("SELECT DISTINCT kind FROM records ORDER BY kind")]

    def journal(self) -> list[JournalEntry]:
        """Every entry, oldest first, with its changes and dice."""
        changes: dict[int, list[Change]] = {}
        for entry_id, kind, key, before, after in self._conn.execute(
            "SELECT entry_id, kind, key, before, after FROM changes ORDER BY entry_id, seq"
        ):
            changes.setdefault(entry_id, []).append(Change(kind, key, _decode(before), _decode(after)))
        dice: dict[int, list[DiceRoll]] = {}
        for roll in self.dice_log():
            dice.setdefault(roll.entry_id, []).append(roll)
        return [
            JournalEntry(i, t, reason, rule, changes.get(i, []), dice.get(i, []), undoes)
            for i, t, reason, rule, undoes in self._conn.execute(
                "SELECT id, time, reason, rule, undoes FROM journal ORDER BY id"
            )
        ]

    def entry(self, entry_id: int) -> JournalEntry | None:
        row = self._conn.execute(
            "SELECT id, time, reason, rule, undoes FROM journal WHERE id = ?", (entry_id,)
        ).fetchone()
        if row is None:
            return None
        changes = [
            Change(k, key, _decode(b), _decode(a))
            for k, key, b, a in self._conn.execute(
                "SELECT kind, key, before, after FROM changes WHERE entry_id = ? ORDER BY seq",
                (entry_id,),
            )
        ]
        dice = [r for r in self.dice_log() if r.entry_id == entry_id]
        return JournalEntry(row[0], row[1], row[2], row[3], changes, dice, row[4])

    def dice_log(self) -> list[DiceRoll]:
        """Every logged roll, oldest first: (entry_id, purpose, dice, source)."""
        return [
            DiceRoll(entry_id, purpose, json.loads(dice), source)
            for entry_id, purpose, dice, source in self._conn.execute(
                "SELECT entry_id, purpose, dice, source FROM dice ORDER BY entry_id, seq"
            )
        ]


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";") if s.strip()]
