"""``normtui print``: print-ready HTML sheets (A4, one sheet a page) for the arbiter's desk.

Exit codes: 0 written; 2 bad input (an unknown sheet, a round that does not exist, a file that
is not an event, an output that cannot be written), with one line on stderr and nothing
written. Loads neither python-chess nor Textual.
"""

from __future__ import annotations

from pathlib import Path

import click

from normtui.commands.common import (
    ROUND_NUMBER,
    command,
    db_argument,
    echo,
    echo_json,
    friendly,
    opened,
)
from normtui.export.output import write_output
from normtui.export.sheets import SHEETS, make_sheet
from normtui.store.connection import refuse_event_file


@command("print")
@db_argument
@click.argument("what", type=click.Choice(SHEETS))
@click.option(
    "--round",
    "round_no",
    type=ROUND_NUMBER,
    help="The round (pairings, results, scoresheets). Default: the current "
    "round; for results the last round with a result.",
)
@click.option("--player", help="it1: one player's certificates (a pairing number or a name).")
@click.option(
    "--title",
    type=click.Choice(["GM", "IM", "WGM", "WIM"], case_sensitive=False),
    help="it1 with --player: that norm's certificate, marked so when it is not met.",
)
@click.option(
    "--output",
    "-o",
    "output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write to this file instead of stdout (as `normtui export -o`).",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help='Write {"sheet", "round", "output", "bytes"} or {"sheet", "round", "html"} '
    "(round: the round the sheet is of, null for one of the whole event).",
)
@friendly
def print_sheet(
    db: Path,
    what: str,
    round_no: int | None,
    player: str | None,
    title: str | None,
    output: Path | None,
    as_json: bool,
) -> None:
    """Print-ready sheets of the event in DB, as HTML for a browser's Print (A4).

    \b
    pairings     the round's boards and the clocks to set
    results      the round's results and the standings after it
    wallchart    the crosstable: every result (an event's Armageddons too)
    scoresheets  one per board: names, colours, time control, the draw rule's move
               line where the event's regulations set one
    report       the Chief Arbiter's report: rounds, incidents, fines, illness,
                 withdrawals, corrections and who made them, time-control changes,
                 the play-off, final standings and prizes, FIDE's rating changes
                 and the title norms
    it1          FIDE's certificate of title result, one for each norm met (--player P:
                 P's; --title T: that norm's, marked when it is not met), with the
                 opponents' table, as FIDE's form has it
    it3          FIDE's tournament report: the event, its rate of play and days, its
                 field and category, the crosstable, the title results
    Rules applied: FIDE Title Regulations (B.01) effective 1 January 2024; FIDE Rating
    Regulations (B.02) effective 1 March 2024, §8.3.1 as amended 1 October 2025.
    """
    if output is not None:
        refuse_event_file(output, db, "overwritten by a sheet")
    with opened(db) as store:
        sheet = make_sheet(store, what, round_no, player=player, title=title)
    text = sheet.html
    if output is None:
        if as_json:
            echo_json({"sheet": what, "round": sheet.round, "html": text})
        else:
            echo(text, nl=False, lines=True)
        return
    # Replaced whole, a device or FIFO written through, a link's target written.
    write_output(output, text)
    if as_json:
        echo_json(
            {
                "sheet": what,
                "round": sheet.round,
                "output": str(output),
                "bytes": len(text.encode()),
            }
        )
    elif str(output) != "-":
        echo(f"wrote {output} ({what})", err=True)
