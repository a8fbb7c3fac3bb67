"""The audit log's hash chain: each entry carries a hash over what it holds and over the hash
of the entry before it, so that a change to any entry, or an entry removed or moved, breaks
the chain at that entry, and ``normtui check`` names it (docs/audit-log.md says what the
chain proves and what it does not).

An entry's hash is SHA-256 over this byte string, written as 64 lowercase hexadecimal digits:

- the 16 bytes ``normtui-audit-1\\n`` (what the bytes are: a later form gets another name);
- the previous entry's hash (its text as stored; NULL for the first entry of the log);
- the entry's ``id``, ``at``, ``actor``, ``action``, ``summary``, ``undoes``, ``before`` and
  ``after``, in that order, as the file holds them;

each value encoded as one byte of type and then its bytes: NULL as ``00``; an integer as
``01`` and 8 bytes, big-endian two's complement; a text as ``02``, the length of its UTF-8
bytes in 4 bytes big-endian, and those bytes. Texts are hashed as stored (``before`` and
``after`` are the JSON the log holds, byte for byte), never as a reader would write them again.

The chain is extended only inside the write transaction that makes the change
(``BEGIN IMMEDIATE``: the file's write lock is held from the read of the newest entry to the
commit), so processes writing to one event at once extend one chain; they cannot fork it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

__all__ = [
    "FIELDS",
    "HASH_CHECK",
    "PREFIX",
    "Link",
    "chain_problems",
    "chain_rows",
    "entry_hash",
    "head",
    "links",
    "noted_problems",
]

PREFIX = b"normtui-audit-1\n"
# What an entry's hash covers, in order, after the previous entry's hash.
FIELDS = ("id", "at", "actor", "action", "summary", "undoes", "before", "after")
# The schema's check of a stored hash.
HASH_CHECK = "hash IS NULL OR (length(hash) = 64 AND hash NOT GLOB '*[^0-9a-f]*')"
# Enough to find where the chain breaks; the rest is more of the same.
SHOWN = 10

Value = int | str | bytes | None


def _encoded(value: Value) -> bytes:
    if value is None:
        return b"\x00"
    if isinstance(value, int):
        return b"\x01" + value.to_bytes(8, "big", signed=True)
    data = value.encode("utf-8") if isinstance(value, str) else value
    return b"\x02" + len(data).to_bytes(4, "big") + data


def entry_hash(previous: str | bytes | None, values: Sequence[Value]) -> str:
    """The hash of an entry holding ``values`` (:data:`FIELDS`, in order), after the entry
    whose hash is ``previous`` (None: the first entry)."""
    import hashlib  # hashlib (OpenSSL): only a write or a check, not a read command's start

    digest = hashlib.sha256(PREFIX)
    digest.update(_encoded(previous))
    for value in values:
        digest.update(_encoded(value))
    return digest.hexdigest()


def head(conn: sqlite3.Connection) -> tuple[int, str | None] | None:
    """(id, hash) of the newest entry, or None for an empty log. Read inside the write that
    appends the next entry, so that it is the head that entry extends."""
    row = conn.execute("SELECT id, hash FROM audit ORDER BY id DESC LIMIT 1").fetchone()
    return (int(row[0]), row[1]) if row else None


@dataclass(frozen=True)
class Link:
    """One entry as the chain sees it: its values as the file holds them (texts as bytes),
    its action for a message, and its hash as stored (None: it has none)."""

    id: int
    values: tuple[Value, ...]
    action: str
    hash: bytes | None


def links(conn: sqlite3.Connection) -> Iterator[Link]:
    """Every entry, oldest first, its texts read as the bytes the file holds: a damaged text
    (not UTF-8 any more) is hashed as it is, not refused."""
    texts = {"at", "actor", "action", "summary", "before", "after"}
    columns = ", ".join(f"CAST({c} AS BLOB)" if c in texts else c for c in FIELDS)
    for row in conn.execute(f"SELECT {columns}, CAST(hash AS BLOB) FROM audit ORDER BY id"):
        *values, stored = row
        action = bytes(values[3]).decode("utf-8", "replace") if values[3] is not None else ""
        yield Link(int(values[0]), tuple(values), action, stored)


def chain_problems(conn: sqlite3.Connection) -> list[str]:
    """Where the chain does not hold, one line each, the first break first (see the module's
    doc): an entry whose hash is not what it holds, entries missing between two, an entry
    without a hash. An entry whose hash alone is damaged (the next entry's link says what
    it held is intact) is named as such."""
    out: list[str] = []
    chain = list(links(conn))
    previous: Link | None = None
    for i, link in enumerate(chain):
        label = f"audit #{link.id} ({link.action})"
        expected_id = 1 if previous is None else previous.id + 1
        if link.id != expected_id:
            first, last = expected_id, link.id - 1
            gone = f"#{first}" if first == last else f"#{first} to #{last}"
            where = "the log begins" if previous is None else f"#{previous.id} is followed"
            out.append(
                f"{label}: {where} by #{link.id}: {gone} missing (removed outside normtui, "
                "or the entries renumbered)"
            )
            previous = link
            continue
        if link.hash is None:
            out.append(f"{label}: it has no hash (written outside normtui, or damaged)")
            previous = link
            continue
        computed = entry_hash(previous.hash if previous else None, link.values)
        if computed.encode() == link.hash:
            previous = link
            continue
        after = chain[i + 1] if i + 1 < len(chain) else None
        if after is not None and after.hash == entry_hash(computed, after.values).encode():
            # The next entry extends the hash of what this one holds: only the hash is wrong.
            out.append(
                f"{label}: its hash is damaged (what it holds is as the entry after it "
                "says: changed outside normtui, or damaged)"
            )
            previous = Link(link.id, link.values, link.action, computed.encode())
            continue
        out.append(
            f"{label}: what it holds does not match its hash: changed outside normtui (an "
            "edit, or an entry moved or put in), or damaged"
        )
        previous = link
    if len(out) > SHOWN:
        out[SHOWN:] = [f"... and {len(out) - SHOWN} more entries where the chain does not hold"]
    return out


def noted_problems(conn: sqlite3.Connection, noted: Sequence[tuple[int, str]]) -> list[str]:
    """Each hash an arbiter noted (entry id, the hash or its first digits) against the log as it
    is: an entry whose hash is another, or that is gone, means the log was rewritten up to
    there (or cut back), which its chain alone cannot show."""
    out = []
    for entry_id, digits in noted:
        row = conn.execute("SELECT hash FROM audit WHERE id = ?", [entry_id]).fetchone()
        if row is None:
            out.append(
                f"audit #{entry_id}: there is no such entry, but its hash was noted "
                f"({digits}): the log was cut back, or the note is of another event"
            )
        elif not isinstance(row[0], str) or not row[0].startswith(digits.lower()):
            found = row[0][: len(digits)] if isinstance(row[0], str) else "none"
            out.append(
                f"audit #{entry_id}: its hash begins {found}, not {digits} as noted: the log "
                "up to there was rewritten, or the note is of another event"
            )
    return out


def chain_rows(conn: sqlite3.Connection) -> Iterator[tuple[int, str]]:
    """(id, hash) of every entry, oldest first, as the chain makes them from what the entries
    hold: how an upgrade chains a log written before the chain."""
    previous: str | None = None
    for link in links(conn):
        previous = entry_hash(previous, link.values)
        yield link.id, previous
