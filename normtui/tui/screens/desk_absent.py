"""Absent at the start of a round (§7): the fine is proposed; the arbiter records it, records
the absence without it (a decision of the arbiter's, said so in the audit log), or neither.
The keys read as their words: f the fine, n no fine, Escape nothing."""

from __future__ import annotations

from typing import Literal

from normtui.tui.screens.choice import ChoiceScreen

Answer = Literal["fine", "no_fine"]


class AbsenceScreen(ChoiceScreen[Answer]):
    def __init__(self, question: str, amount: str, *, cancels: str | None = None) -> None:
        """``cancels``: the fine already recorded for this absence, which "no fine" cancels."""
        no_fine = (
            "Absent, no fine (the arbiter's decision)"
            if cancels is None
            else f"Absent, no fine: the fine of {cancels} is cancelled"
        )
        super().__init__(
            question,
            [
                ("f", f"Absent, fined {amount}", "fine"),
                ("n", no_fine, "no_fine"),
            ],
            cancel="Record nothing",
        )
