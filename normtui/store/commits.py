"""How many changes this process has committed to event files: counted by the store's
transaction when it commits (``Core.write``; a trial rolled back takes its count back), read by
the command line, which says when a change was made but its report was lost (exit 3). A module
of its own, the store's lightest: the command line reads it without loading the store.
"""

from __future__ import annotations

__all__ = ["COMMITS", "Commits"]


class Commits:
    """Changes this process has committed to event files."""

    def __init__(self) -> None:
        self.count = 0


COMMITS = Commits()
