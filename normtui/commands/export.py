"""``normtui export``: the event as a FIDE report, PGN, or standings for the press.

Exit codes: 0 written; 2 bad input (an unknown format, a file that is not an event, an output
that cannot be written), with one line on stderr and nothing written.

The output is written as :mod:`normtui.export.output` says: a regular file is replaced whole
(keeping its permissions), a device or a FIFO written through, a link's target written, ``-``
is stdout.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from normtui.commands.common import command, db_argument, echo, echo_json, friendly, opened
from normtui.export import FORMATS, EventDetails, export_report
from normtui.export.output import write_output
from normtui.store.connection import refuse_event_file
from normtui.text import clean_text


def _detail(value: str | None) -> str | None:
    # As `normtui details` stores them: one line of text (a CR LF in --city would otherwise
    # start a record of its own in the TRF).
    return clean_text(value) or None if value is not None else None


@command("export")
@db_argument
@click.option(
    "--format", "-f", "fmt", required=True, type=click.Choice(FORMATS), help="What to write."
)
@click.option(
    "--output",
    "-o",
    "output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write to this file instead of stdout (replaced whole, its permissions "
    "kept; a device or FIFO is written through; - is stdout).",
)
@click.option("--city", help="City of the event (TRF 022). Default: from the PGN Site tag.")
@click.option(
    "--federation",
    help="Federation of the event (TRF 032), e.g. NOR. Default: from the PGN Site tag.",
)
@click.option("--site", help="PGN Site. Default: the stored games' Site, or CITY FED.")
@click.option("--arbiter", help="Chief Arbiter, 'Lastname, Firstname' (TRF 102).")
@click.option("--deputy", multiple=True, help="Deputy Chief Arbiter (TRF 112); repeat for each.")
@click.option(
    "--encoding",
    type=click.Choice(["utf-8", "latin-1"]),
    default="utf-8",
    show_default=True,
    help="TRF only: latin-1 for readers that assume it (FIDE's TieBreakServer); "
    "refused if a name does not fit.",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help='Write {"format", "output", "bytes", "warnings"} (with -o) or '
    '{"format", "text", "warnings"} as JSON.',
)
@friendly
def export(
    db: Path,
    fmt: str,
    output: Path | None,
    city: str | None,
    federation: str | None,
    site: str | None,
    arbiter: str | None,
    deputy: tuple[str, ...],
    encoding: str,
    as_json: bool,
) -> None:
    """Export the event in DB.

    \b
    trf          TRF26 of the event (chess-results): the main (classical) games, the
                 event's points 3/1.5/1/0 as record 162 (main game: win 3, draw 1,
                 loss 0) plus record 299 (+0.5 to each Armageddon winner, per round).
    trf16        TRF16 for the rating officer and FIDE's TieBreakServer: the classical
                 games with their own points (1/0.5/0) and ranks.
    trf-playoff  TRF26 blitz report of the play-off games (the Armageddon is not rated).
    pgn          every game: main, Armageddon and play-off, standard headers.
    csv          standings and crosstable, one row per player.
    json         event, standings, crosstable and play-off.
    md           Markdown standings and crosstable.
    html         one self-contained page for the press.
    """
    fed = _detail(federation)
    details = EventDetails(
        site=_detail(site),
        city=_detail(city),
        federation=fed.upper() if fed else None,
        chief_arbiter=_detail(arbiter),
        deputy_arbiters=tuple(d for d in map(_detail, deputy) if d),
    )
    if output is not None:
        refuse_event_file(output, db, "overwritten by an export")
    with opened(db) as store:
        text, warnings = export_report(store, fmt, details, encoding)
    # What FIDE requires and the event lacks: the report is still written (a rating
    # officer may fill it in), but never silently.
    for warning in warnings if not as_json else ():
        echo(f"warning: {warning}", err=True)
    if output is None:
        if as_json:
            echo_json({"format": fmt, "text": text, "warnings": warnings})
        elif encoding == "utf-8":
            echo(text, nl=False, lines=True)
        else:
            sys.stdout.buffer.write(text.encode(encoding))
            sys.stdout.buffer.flush()
        return
    # Bytes: the text's own line ends are kept (a TRF ends its lines in CR LF).
    write_output(output, text.encode(encoding))
    if as_json:
        echo_json(
            {
                "format": fmt,
                "output": str(output),
                "bytes": len(text.encode(encoding)),
                "warnings": warnings,
            }
        )
    elif str(output) != "-":
        echo(f"wrote {output} ({fmt}, {encoding})", err=True)
