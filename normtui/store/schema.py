"""The database schema, as sqlite-utils migrations.

The migrations themselves are only built (and sqlite-utils only imported) when a file needs
them: opening an up-to-date file reads the names of the applied migrations with one query, so
that the console does not load sqlite-utils before its first frame.

SQL checks what SQL can: types (STRICT), presence (NOT NULL), the closed vocabularies (results,
states, statuses), that an Armageddon only follows a drawn main game, that the arbiter only
countersigns after both players. What needs the rule book (who may be fined, when a player's
results count) is decided in ``normtui.rules`` before anything is written.

A migration, once released, is never edited: a schema change is a new function appended below.
A database that has a migration this code does not know is from a newer normtui and is refused.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlite_utils import Database
    from sqlite_utils.migrations import Migrations

__all__ = [
    "APPLICATION_ID",
    "KNOWN_MIGRATIONS",
    "MIGRATIONS_TABLE",
    "MIGRATION_SET",
    "TABLES",
    "migrations",
]

# "NORM": marks the file as ours in the SQLite header, readable without any table.
APPLICATION_ID = 0x4E4F524D
MIGRATION_SET = "normtui"
# Where sqlite-utils' Migrations records what it applied (Migrations.migrations_table; a test
# checks that they agree).
MIGRATIONS_TABLE = "_sqlite_migrations"

# The tables the audit log can restore, parents before children (for reading order; undo
# defers foreign keys so the order of writes does not matter).
TABLES = (
    "event",
    "stages",
    "players",
    "rounds",
    "games",
    "arrivals",
    "fines",
    "incidents",
    "playoff_results",
)

_RESULTS = "'1-0','0-1','1/2-1/2','+/-','-/+','-/-'"
_BOARD_RESULTS = "'1-0','0-1','1/2-1/2'"
_STATES = "'scheduled','in_progress','finished','postponed','forfeit'"
_ISO_DATE = "'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'"

_V1 = f"""
CREATE TABLE event (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    name TEXT NOT NULL CHECK (length(trim(name)) > 0),
    profile_text TEXT NOT NULL CHECK (length(profile_text) > 0),
    created_at TEXT NOT NULL
) STRICT;

CREATE TABLE stages (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL UNIQUE CHECK (kind IN ('blitz', 'main', 'playoff')),
    rounds INTEGER NOT NULL CHECK (rounds >= 1),
    time_control TEXT NOT NULL,
    -- main: the drawing of pairing numbers (NULL: numbers as listed or chosen); blitz: the
    -- drawing of blitz numbers and of the ranking's last tie-break; playoff: its every lot.
    lots_seed INTEGER,
    armageddon_choice TEXT CHECK (armageddon_choice IS NULL OR armageddon_choice IN
                                  ('white', 'black'))
) STRICT;

CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    number INTEGER NOT NULL UNIQUE CHECK (number >= 1),
    name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0),
    rating INTEGER CHECK (rating IS NULL OR rating BETWEEN 0 AND 4000),
    federation TEXT CHECK (federation IS NULL OR length(federation) BETWEEN 2 AND 3),
    fide_id TEXT CHECK (fide_id IS NULL OR (fide_id <> '' AND fide_id NOT GLOB '*[^0-9]*')),
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'withdrawn')),
    blitz_number INTEGER UNIQUE CHECK (blitz_number IS NULL OR blitz_number >= 1)
) STRICT;

CREATE TABLE rounds (
    id INTEGER PRIMARY KEY,
    stage TEXT NOT NULL REFERENCES stages(kind),
    round INTEGER NOT NULL CHECK (round >= 1),
    date TEXT CHECK (date IS NULL OR date GLOB {_ISO_DATE}),
    start_time TEXT CHECK (start_time IS NULL OR start_time GLOB '[0-2][0-9]:[0-5][0-9]'),
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    UNIQUE (stage, round)
) STRICT;

CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    stage TEXT NOT NULL,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL CHECK (board >= 1),
    white INTEGER NOT NULL REFERENCES players(id),
    black INTEGER NOT NULL REFERENCES players(id),
    result TEXT CHECK (result IS NULL OR result IN ({_RESULTS})),
    armageddon TEXT CHECK (armageddon IS NULL OR armageddon IN ({_BOARD_RESULTS})),
    state TEXT NOT NULL DEFAULT 'scheduled' CHECK (state IN ({_STATES})),
    result_at TEXT,
    postponed_to TEXT CHECK (postponed_to IS NULL OR postponed_to IN ('free_day', 'morning')),
    pgn TEXT,
    armageddon_pgn TEXT,
    signed_white INTEGER NOT NULL DEFAULT 0 CHECK (signed_white IN (0, 1)),
    signed_black INTEGER NOT NULL DEFAULT 0 CHECK (signed_black IN (0, 1)),
    signed_arbiter INTEGER NOT NULL DEFAULT 0 CHECK (signed_arbiter IN (0, 1)),
    version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
    CHECK (white <> black),
    CHECK (armageddon IS NULL OR result = '1/2-1/2'),
    CHECK (armageddon_pgn IS NULL OR result = '1/2-1/2'),
    CHECK (signed_arbiter = 0 OR (signed_white = 1 AND signed_black = 1)),
    CHECK (result IS NOT NULL OR state IN ('scheduled', 'in_progress', 'postponed')),
    UNIQUE (stage, round, board),
    FOREIGN KEY (stage, round) REFERENCES rounds(stage, round)
) STRICT;
CREATE INDEX games_white ON games(white);
CREATE INDEX games_black ON games(black);

CREATE TABLE arrivals (
    id INTEGER PRIMARY KEY,
    round INTEGER NOT NULL CHECK (round >= 1),
    player INTEGER NOT NULL REFERENCES players(id),
    present INTEGER NOT NULL CHECK (present IN (0, 1)),
    recorded_at TEXT NOT NULL,
    UNIQUE (round, player)
) STRICT;

CREATE TABLE fines (
    id INTEGER PRIMARY KEY,
    player INTEGER NOT NULL REFERENCES players(id),
    round INTEGER CHECK (round IS NULL OR round >= 1),
    arrival INTEGER UNIQUE REFERENCES arrivals(id),
    amount TEXT NOT NULL CHECK (amount <> '' AND amount NOT GLOB '*[^0-9.]*'),
    currency TEXT NOT NULL CHECK (length(currency) = 3),
    reason TEXT NOT NULL CHECK (length(trim(reason)) > 0),
    article TEXT,
    recorded_at TEXT NOT NULL
) STRICT;
CREATE INDEX fines_player ON fines(player);

CREATE TABLE incidents (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    round INTEGER NOT NULL CHECK (round >= 1),
    player INTEGER NOT NULL REFERENCES players(id),
    kind TEXT NOT NULL CHECK (length(kind) > 0),
    description TEXT NOT NULL CHECK (length(trim(description)) > 0),
    decision TEXT NOT NULL CHECK (length(trim(decision)) > 0),
    article TEXT
) STRICT;

-- The play-off's games are derived from the standings, the seed and these results
-- (normtui.rules.playoff): only what the arbiter entered is stored.
CREATE TABLE playoff_results (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL UNIQUE CHECK (length(game) > 0),
    result TEXT NOT NULL CHECK (result IN ({_BOARD_RESULTS})),
    entered_at TEXT NOT NULL
) STRICT;

CREATE TABLE audit (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    actor TEXT NOT NULL CHECK (length(actor) > 0),
    action TEXT NOT NULL CHECK (length(action) > 0),
    summary TEXT NOT NULL,
    before TEXT NOT NULL CHECK (json_valid(before)),
    after TEXT NOT NULL CHECK (json_valid(after)),
    undoes INTEGER UNIQUE REFERENCES audit(id)
) STRICT;

-- The log is evidence: nothing may rewrite or remove an entry, undo included.
CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit
BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit
BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
"""


def m001_event(db: Database) -> None:
    db.executescript(_V1)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")


def m002_playoff_pgn(db: Database) -> None:
    # A play-off game's record sits beside its result: the game exists only as a row here (its
    # players are derived), and a record without a result to agree with is never stored.
    db.execute(
        "ALTER TABLE playoff_results ADD COLUMN pgn TEXT "
        "CHECK (pgn IS NULL OR length(trim(pgn)) > 0)"
    )


_TITLES = "'GM','IM','WGM','FM','WIM','CM','WFM','WCM'"
_V3 = f"""
ALTER TABLE event ADD COLUMN city TEXT CHECK (city IS NULL OR length(trim(city)) > 0);
ALTER TABLE event ADD COLUMN federation TEXT
    CHECK (federation IS NULL OR (length(federation) = 3 AND federation NOT GLOB '*[^A-Z]*'));
ALTER TABLE event ADD COLUMN site TEXT CHECK (site IS NULL OR length(trim(site)) > 0);
ALTER TABLE event ADD COLUMN chief_arbiter TEXT
    CHECK (chief_arbiter IS NULL OR length(trim(chief_arbiter)) > 0);
ALTER TABLE event ADD COLUMN deputy_arbiters TEXT NOT NULL DEFAULT '[]'
    CHECK (json_valid(deputy_arbiters) AND json_type(deputy_arbiters) = 'array');
ALTER TABLE players ADD COLUMN title TEXT CHECK (title IS NULL OR title IN ({_TITLES}));
ALTER TABLE players ADD COLUMN sex TEXT CHECK (sex IS NULL OR sex IN ('m', 'w'));
"""


def m003_report_details(db: Database) -> None:
    # What a FIDE rating report (TRF) asks for and the event did not keep: the place, the
    # arbiters, the players' titles and sex. All optional; exports fall back to the PGN tags.
    # One statement at a time, inside the migration's transaction.
    for statement in _V3.split(";"):
        if statement.strip():
            db.execute(statement)


_ARMAGEDDON_RESULTS = "'1-0','0-1','1/2-1/2','+/-','-/+','-/-'"
_GAMES_V4 = f"""
CREATE TABLE games_v4 (
    id INTEGER PRIMARY KEY,
    stage TEXT NOT NULL,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL CHECK (board >= 1),
    white INTEGER NOT NULL REFERENCES players(id),
    black INTEGER NOT NULL REFERENCES players(id),
    result TEXT CHECK (result IS NULL OR result IN ({_RESULTS})),
    armageddon TEXT CHECK (armageddon IS NULL OR armageddon IN ({_ARMAGEDDON_RESULTS})),
    state TEXT NOT NULL DEFAULT 'scheduled' CHECK (state IN ({_STATES})),
    result_at TEXT,
    postponed_to TEXT CHECK (postponed_to IS NULL OR postponed_to IN ('free_day', 'morning')),
    pgn TEXT,
    armageddon_pgn TEXT,
    signed_white INTEGER NOT NULL DEFAULT 0 CHECK (signed_white IN (0, 1)),
    signed_black INTEGER NOT NULL DEFAULT 0 CHECK (signed_black IN (0, 1)),
    signed_arbiter INTEGER NOT NULL DEFAULT 0 CHECK (signed_arbiter IN (0, 1)),
    version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
    CHECK (white <> black),
    CHECK (armageddon IS NULL OR result = '1/2-1/2'),
    CHECK (armageddon_pgn IS NULL OR result = '1/2-1/2'),
    -- A forfeited Armageddon was not played: it has no record.
    CHECK (armageddon_pgn IS NULL OR armageddon IS NULL OR armageddon IN ({_BOARD_RESULTS})),
    CHECK (signed_arbiter = 0 OR (signed_white = 1 AND signed_black = 1)),
    CHECK (result IS NOT NULL OR state IN ('scheduled', 'in_progress', 'postponed')),
    UNIQUE (stage, round, board),
    FOREIGN KEY (stage, round) REFERENCES rounds(stage, round)
) STRICT
"""
_GAMES_COLUMNS = (
    "id, stage, round, board, white, black, result, armageddon, state, "
    "result_at, postponed_to, pgn, armageddon_pgn, signed_white, signed_black, "
    "signed_arbiter, version"
)


def m004_armageddon_forfeit(db: Database) -> None:
    # A player absent for the Armageddon loses it by forfeit: the Armageddon may be
    # +/-, -/+ or -/-. SQLite cannot change a CHECK in place, so the table is rebuilt as its
    # documentation says (create, copy, drop, rename; ids kept, so the audit log still
    # points at the same rows), inside the migration's transaction.
    db.execute(_GAMES_V4)
    db.execute(f"INSERT INTO games_v4 ({_GAMES_COLUMNS}) SELECT {_GAMES_COLUMNS} FROM games")
    db.execute("DROP TABLE games")
    db.execute("ALTER TABLE games_v4 RENAME TO games")
    db.execute("CREATE INDEX games_white ON games(white)")
    db.execute("CREATE INDEX games_black ON games(black)")


_V5 = (
    ("event", "feed_source", "TEXT CHECK (feed_source IS NULL OR length(trim(feed_source)) > 0)"),
    ("event", "feed_round", "INTEGER CHECK (feed_round IS NULL OR feed_round >= 1)"),
    ("games", "result_from", "TEXT CHECK (result_from IS NULL OR result_from = 'feed')"),
    (
        "games",
        "armageddon_from",
        "TEXT CHECK (armageddon_from IS NULL OR armageddon_from = 'feed')",
    ),
)


def m005_feed(db: Database) -> None:
    # The live board feed: the source the console watches, kept with the event, and
    # which results the feed entered (they stay provisional until signed, like any other, §8).
    # A column already there is left (a file whose games table an earlier step rebuilt).
    for table, column, definition in _V5:
        have = {row[1] for row in db.execute(f"PRAGMA table_info({table})").fetchall()}
        if column not in have:
            db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {definition}")


def m006_games_progress(db: Database) -> None:
    # The standings, the rounds' counts and the current round read every main game
    # after every result, but only these columns; the rows themselves carry the PGN texts
    # (often longer than a page, with the signatures stored after them), so a read of the
    # table was a read of every record. This index holds what those reads need, in
    # round-and-board order (the row id is in every index). A later step that rebuilds the
    # games table makes it again, as m004 makes games_white and games_black.
    db.execute(
        "CREATE INDEX IF NOT EXISTS games_progress ON games(stage, round, board, result, "
        "armageddon, state, white, black, signed_white, signed_black, signed_arbiter)"
    )


_LIVE_BOARDS = """
CREATE TABLE IF NOT EXISTS live_boards (
    game INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('main', 'armageddon')),
    record TEXT NOT NULL CHECK (length(trim(record)) > 0),
    kept INTEGER NOT NULL DEFAULT 0 CHECK (kept IN (0, 1)),
    seen_at TEXT NOT NULL,
    PRIMARY KEY (game, kind)
) STRICT
"""


def m007_live_boards(db: Database) -> None:
    # The live boards' moves so far, one row per game replaced at every move: the board's
    # state, not the event's. Kept out of the audit log (a round of five boards wrote ~450
    # entries and 4 MB), which records what changes the event: the game started, the record
    # and result at its end. ``kept``: the feed has acted on this record (attached it at the
    # end), so that an arbiter's undo of that change is not done again at the next read.
    # No foreign key: undo may put a game row back whole, and this row must not stand in the way.
    db.execute(_LIVE_BOARDS)


_V8 = (
    # FIDE's development coefficient as recorded (B.02 8.3.3), with where it came from; none
    # recorded: the rule's, from the rating and the birth year (normtui.rules.rating).
    ("players", "k", "INTEGER CHECK (k IS NULL OR k BETWEEN 1 AND 100)"),
    (
        "players",
        "k_source",
        "TEXT CHECK ((k_source IS NULL) = (k IS NULL) AND "
        "(k_source IS NULL OR k_source IN ('list', 'csv', 'arbiter')))",
    ),
    (
        "players",
        "birth_year",
        "INTEGER CHECK (birth_year IS NULL OR birth_year BETWEEN 1900 AND 2100)",
    ),
    # The FIDE rating list the ratings are from (its month), and the event's exemption from
    # the federations' conditions of the title norms (B.01 1.4.3a, 1.4.3c).
    (
        "event",
        "rating_list",
        "TEXT CHECK (rating_list IS NULL OR rating_list GLOB '[12][0-9][0-9][0-9]-[01][0-9]')",
    ),
    (
        "event",
        "norm_exemption",
        "TEXT NOT NULL DEFAULT 'none' CHECK (norm_exemption IN "
        "('none', 'national_championship', 'zonal'))",
    ),
)


def m008_fide(db: Database) -> None:
    # What FIDE's rating change and title norms need beyond the players' ratings, titles and
    # sex (m003): each player's K and birth year, the rating list's month, the norms' event
    # setting. All optional, so every event file keeps opening. A column already there is
    # left, as in m005.
    for table, column, definition in _V8:
        have = {row[1] for row in db.execute(f"PRAGMA table_info({table})").fetchall()}
        if column not in have:
            db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {definition}")


def m009_playoff_drawings(db: Database) -> None:
    # The drawings of lots the arbiter made at the board for the play-off and recorded
    # (``playoff --white``, ``--lot``): by the id of the game whose White they drew, or "LOT"
    # for the winner where lots decide. Every other lot is drawn from the recorded seed.
    have = {row[1] for row in db.execute("PRAGMA table_info(stages)").fetchall()}
    if "drawings" not in have:
        db.execute(
            "ALTER TABLE stages ADD COLUMN drawings TEXT NOT NULL DEFAULT '{}' "
            "CHECK (json_valid(drawings) AND json_type(drawings) = 'object')"
        )


_AUDIT_TRIGGERS = (
    "CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit "
    "BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END",
    "CREATE TRIGGER audit_chained BEFORE INSERT ON audit WHEN NEW.hash IS NULL "
    "BEGIN SELECT RAISE(ABORT, 'an audit entry is written with its hash'); END",
)


def m010_audit_chain(db: Database) -> None:
    # Each entry of the log carries a hash over what it holds and over the hash of the entry
    # before it (store/chain.py, docs/audit-log.md): `normtui check` then proves damage to the
    # log instead of guessing it. The entries there are chained as they are; the append-only
    # trigger is lifted for that one step only, and every later entry is chained by the
    # write that makes it (which the new trigger holds it to).
    from normtui.store.chain import HASH_CHECK, chain_rows  # hashlib: only this step

    db.execute(f"ALTER TABLE audit ADD COLUMN hash TEXT CHECK ({HASH_CHECK})")
    db.execute("DROP TRIGGER audit_no_update")
    for entry_id, digest in list(chain_rows(db.conn)):
        db.execute("UPDATE audit SET hash = ? WHERE id = ?", [digest, entry_id])
    for trigger in _AUDIT_TRIGGERS:
        db.execute(trigger)


def m011_armageddon_started(db: Database) -> None:
    # When a drawn game's Armageddon started (the arbiter's p, or the feed's first move of
    # it): its 20 minutes' countdown (§2) stops there, and the board shows it under way.
    have = {row[1] for row in db.execute("PRAGMA table_info(games)").fetchall()}
    if "armageddon_started_at" not in have:
        db.execute("ALTER TABLE games ADD COLUMN armageddon_started_at TEXT")


def m012_late_arrival(db: Database) -> None:
    # When a player recorded absent at the start came in (the desk's p, "arrived late"): the
    # absence and its fine stand (§7), and the desk shows the late arrival with its time.
    have = {row[1] for row in db.execute("PRAGMA table_info(arrivals)").fetchall()}
    if "arrived_at" not in have:
        db.execute(
            "ALTER TABLE arrivals ADD COLUMN arrived_at TEXT "
            "CHECK (arrived_at IS NULL OR present = 0)"
        )


_OUTWARD = """
CREATE TABLE IF NOT EXISTS outward (
    kind TEXT PRIMARY KEY CHECK (kind IN ('publish', 'broadcast')),
    settings TEXT NOT NULL CHECK (json_valid(settings) AND json_type(settings) = 'object'),
    started_at TEXT NOT NULL,
    host TEXT NOT NULL,
    pid INTEGER NOT NULL,
    stopped_at TEXT
) STRICT, WITHOUT ROWID
"""


def m013_outward(db: Database) -> None:
    # What a console publishes and broadcasts (store/outward.py): a console opened after one
    # that quit says what stopped and offers to start it again. The console's state, not the
    # event's: kept out of the audit log, as the live boards are.
    db.execute(_OUTWARD)


# In order; a new migration is appended here.
_STEPS = (
    m001_event,
    m002_playoff_pgn,
    m003_report_details,
    m004_armageddon_forfeit,
    m005_feed,
    m006_games_progress,
    m007_live_boards,
    m008_fide,
    m009_playoff_drawings,
    m010_audit_chain,
    m011_armageddon_started,
    m012_late_arrival,
    m013_outward,
)
KNOWN_MIGRATIONS: tuple[str, ...] = tuple(step.__name__ for step in _STEPS)


@cache
def migrations() -> Migrations:
    """The migration set, registered with sqlite-utils on first use."""
    from sqlite_utils.migrations import Migrations  # sqlite-utils: only making and migrating files

    found = Migrations(MIGRATION_SET)
    for step in _STEPS:
        found(name=step.__name__)(step)
    return found
