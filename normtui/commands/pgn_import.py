"""``normtui import-pgn``: every game of PGN files attached to its game of the event, with its
result where the board has none (the console's PGN pane decides the same way: both run
:mod:`normtui.importing`).

Exit codes: 0 every game attached (or already there); 1 a game had a problem (a conflict left
for the arbiter, no pairing, a refusal, errors in the record, a file without games); 2 a file
cannot be read, or bad usage: one line on stderr and the database unchanged.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from normtui.commands.common import (
    UserError,
    actor_option,
    command,
    db_argument,
    echo,
    echo_json,
    friendly,
    json_option,
    opened,
)
from normtui.importing import Outcome, import_files, import_summary, read_files
from normtui.pgn import CONTROL_CODES, PgnReadError
from normtui.store.connection import refuse_event_file
from normtui.text import visible

_EPILOG = """\b
--json prints a list, one object per game, in file order:
  file      the PGN file it came from
  index     the game's number in its file, from 0
  white     its White tag
  black     its Black tag
  round     its Round tag as written ("7"; Armageddons "7.1", round.board)
  result    the record's result ("1-0", "0-1", "1/2-1/2", "*"), null when it has none
  stage     how it was read: main, armageddon or playoff
  board     where it went ("round 7 board 1 (Anand-Radjabov) main game",
            "play-off game M1 (Carlsen-So)"), null when it matched no game
  status    entered     record attached and its result entered
            attached    record attached; the result was already there (or none to enter)
            unchanged   the same record was already attached
            conflict    left for the arbiter: the board has another result or record
                        (another record: --replace puts this one in its place)
            unmatched   no game of the event has these players (in that round)
            refused     not attached, or its result not entered; message says why
  message   the same, said for a person
  ok        false when the record has errors (it is kept, but enters no result)
  findings  the validator's findings, as in `normtui validate --json`
  renamed   each player the record spells otherwise than the event (matched all the
            same, and said in message): {"pgn": its tag's name, "player": the event's}
"""


def _line(o: Outcome) -> str:
    # What the file holds is shown, never obeyed (normtui.text.visible, below).
    players = f"{visible(o.white or '?')} - {visible(o.black or '?')}"
    text = visible(f"{o.board}: {o.text}" if o.board else o.text)
    head = f"#{o.index + 1:<4} {players:<40} R{o.round or '?':<5} {o.status:<9} {text}"
    # Errors, and the clocks of another time control: a result entered from a 15-minute game
    # into a 120-minute event must not go by without a word.
    errors = [
        f"      {f.severity:<7} {visible(f.move or '-'):<11} {f.code}: "
        f"{visible(f.message)} ({f.rule})"
        for f in o.findings
        if f.severity == "error" or f.code in CONTROL_CODES
    ]
    return "\n".join([head, *errors])


@command("import-pgn", epilog=_EPILOG)
@db_argument
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--stage",
    type=click.Choice(["main", "armageddon", "playoff"]),
    default=None,
    help="Read every game as this stage (default: from each "
    "game's Event tag, which names the Armageddon games in broadcasts).",
)
@click.option(
    "--replace",
    is_flag=True,
    help="A game that already has a different record takes this one in its "
    "place (audited; `normtui undo` brings the old one back). Without it, such "
    "a game is a conflict left as it is.",
)
@json_option
@actor_option
@friendly
def import_pgn(
    db: Path, files: tuple[Path, ...], stage: str | None, replace: bool, as_json: bool
) -> None:
    """Attach every game of PGN FILES to its game of the event DB and enter its result.

    Each game goes to the pairing its Round, White and Black tags name (names are
    matched however the file spells them); its result is entered where the board has
    none. A result that disagrees with one already entered is reported and left for the
    arbiter, never overwritten; a record with errors is kept but enters no result (its
    errors are listed; `normtui validate` shows every finding). A game that already has
    a different record keeps it, unless --replace. Each game is its own
    change in the audit log, record and result together, so `normtui undo` takes back
    one game. Play-off records (--stage playoff) are kept for games whose result is
    entered (`normtui playoff DB --result`). Files are read before anything is written.

    Exit code 0: every game attached; 1: some games had problems; 2: a file cannot be
    read or bad usage (nothing written).
    """
    if not db.is_file():
        raise UserError(f"{db}: no such event file (create it with `normtui new`)")
    for path in files:
        refuse_event_file(path, db, "read as a PGN file")
    try:
        sources = read_files(files)
    except PgnReadError as exc:
        raise UserError(str(exc)) from None
    with opened(db) as store:
        state = store.playoff() if stage == "playoff" else None
        if state is not None and not state.games:
            raise UserError(f"no play-off game to attach records to: {state.status}")
        outcomes = import_files(
            store,
            sources,
            stage or "auto",  # type: ignore[arg-type]
            replace=replace,
        )
    empty = [path for path, raws in sources if not raws]
    for path in empty:
        echo(f"normtui: {visible(str(path))}: no games found", err=True)
    if as_json:
        echo_json([o.to_json() for o in outcomes])
    else:
        for path, _raws in sources:
            mine = [o for o in outcomes if o.file == str(path)]
            for o in mine:
                echo(_line(o), lines=True)
            if mine:
                echo(import_summary(visible(str(path)), mine))
        if len(sources) > 1:
            echo(import_summary("all files", outcomes))
    sys.exit(1 if empty or any(o.trouble for o in outcomes) else 0)
