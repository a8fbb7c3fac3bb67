"""A fresh copy of the demo event, for ``normtui demo``: the ``demo.db`` shipped with normtui
(inside the installed package; in a clone, the repository's) copied into a folder, where the
arbiter may change it at will.

The copy is built beside its name and moved into place in one step (as ``normtui new``
builds a file), so that a failure leaves no half a demo. An existing ``demo.db`` is replaced
only when asked, never while another process has it open, and never a file that is not an
ordinary one.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

from normtui.assets import DEMO_DB, PLAYERS_EXAMPLE
from normtui.rules.errors import NormtuiError
from normtui.store import InputError
from normtui.store.connection import OpenElsewhere, exclusive, remove_database
from normtui.store.files import building, place

__all__ = ["DEMO_NAME", "EXAMPLE_NAME", "DemoExists", "fresh_demo", "players_example"]

DEMO_NAME = "demo.db"
# The demo's field as a players file: where an installed normtui's user finds one to start
# from (`normtui new --help` points here; a clone has it in assets/ too).
EXAMPLE_NAME = "players-example.csv"


class DemoExists(NormtuiError):
    """The folder has a ``demo.db`` already, and replacing it was not asked."""

    def __init__(self, path: Path) -> None:
        again = "normtui demo" if path.parent == Path() else f"normtui demo {path.parent}"
        super().__init__(
            f"{path} exists (with whatever was changed in it); `{again} --force` "
            f"replaces it with a fresh copy, `normtui {path}` opens it"
        )
        self.path = path


def fresh_demo(folder: Path, *, replace: bool = False) -> Path:
    """Copy the demo event to ``folder/demo.db`` (the folder made if it is not there) and
    return that path. An existing ``demo.db`` is :class:`DemoExists` unless ``replace``."""
    target = folder / DEMO_NAME
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot make the folder {folder}: {exc.strerror or exc}") from None
    if not folder.is_dir():
        raise InputError(f"{folder} is not a folder")
    if os.path.lexists(target):
        if not replace:
            raise DemoExists(target)
        _remove_old(target)
    with building(target) as tmp:
        shutil.copyfile(DEMO_DB, tmp)
        place(tmp, target)
    return target


def players_example(folder: Path) -> Path | None:
    """Write the 2022 field as ``folder/players-example.csv`` for ``normtui new --players``,
    unless a file of that name is there (the arbiter's, perhaps edited: never replaced).
    Returns the path written, or None."""
    target = folder / EXAMPLE_NAME
    if os.path.lexists(target):
        return None
    with building(target) as tmp:
        shutil.copyfile(PLAYERS_EXAMPLE, tmp)
        place(tmp, target)
    return target


def _remove_old(target: Path) -> None:
    """Remove the demo ``target`` replaces, once no process has it open."""
    if target.is_symlink() or not target.is_file():
        raise InputError(f"{target} is not an ordinary file; the demo replaces no other")
    try:
        with exclusive(target):
            pass
    except OpenElsewhere:
        raise InputError(
            f"{target} is open elsewhere (a console, a command): close it there, then "
            "replace it again"
        ) from None
    except sqlite3.DatabaseError:
        pass  # not a database SQLite can open (nobody has it open as one): replaced as asked
    remove_database(target)
