"""`normtui backup` and `normtui restore`: a copy of the event kept after every round, and the
way back to it (see :mod:`normtui.store.files` for how each is made safe)."""

from __future__ import annotations

from pathlib import Path

import click

from normtui.commands.common import (
    actor,
    command,
    data,
    db_argument,
    echo,
    echo_json,
    friendly,
    json_option,
    report,
    reports,
    say,
)
from normtui.store.core import resolve_actor
from normtui.store.files import backup_event, restore_event


@command("backup")
@db_argument
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@json_option
@friendly
def backup(db: Path, file: Path, as_json: bool) -> None:
    """Copy the event DB to FILE, a new file, while consoles and commands keep working
    on DB: SQLite's online backup, one consistent moment of the event. FILE is one file
    (no -wal beside it): copy it anywhere. It changes nothing in DB.

    \b
    After every round:  normtui backup EVENT.db backups/EVENT-round7.db
    """
    point = backup_event(db, file)
    if as_json:
        echo_json({"backup": str(file), "newest": point.to_json()})
    else:
        echo(f"backed up {db} to {file}: the event as it was after {point.text}")


@command("restore")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@db_argument
@reports
@friendly
def restore(file: Path, db: Path) -> None:
    """Make DB the event that the backup FILE holds, with one more audit entry saying so.

    \b
    FILE must pass `normtui check`. DB may be missing (a new laptop). An existing DB must
    be the same event, and open nowhere (close every console and command first): it is
    kept whole as DB.replaced-TIME before FILE is written into it, so its later changes
    are not lost (restore that file to get them back). SQLite writes FILE into DB, so no
    old -wal can bring anything back. Undo does not take back a restore.
    """
    done = restore_event(file, db, actor=resolve_actor(actor()))
    report(done.entry)
    data(
        "restored",
        {
            "backup": str(file),
            "event": str(db),
            "backup_newest": done.backup.to_json(),
            "replaced_newest": done.replaced.to_json() if done.replaced else None,
            "kept_as": str(done.kept_as) if done.kept_as else None,
        },
    )
    if done.kept_as is not None and done.replaced is not None and done.replaced.id > done.backup.id:
        first, last = done.backup.id + 1, done.replaced.id
        which = f"change #{first} is" if first == last else f"changes #{first}-#{last} are"
        say(
            f"{which} not in the restored event (the replaced file's numbers); "
            f"{done.kept_as} has them"
        )
