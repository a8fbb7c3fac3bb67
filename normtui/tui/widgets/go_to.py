"""``:`` then a number: go to board N of the pairings, player N at the desk, change #N in the
audit log. Digits alone switch panes, as they always have; after ``:`` they are a number.

The prompt goes as soon as the number cannot grow into another one (``:3`` with five boards
goes to board 3 at once; ``:1`` with ten players waits for a second digit or Enter), so the
usual case is two keys, as fast as ``End`` was, and always the board the arbiter meant.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Input, Static

from normtui.text import is_number


def settled(typed: str, numbers: Sequence[int]) -> int | None:
    """The number ``typed`` names once no other number starts with it.

    >>> settled("3", range(1, 6)), settled("1", range(1, 11)), settled("10", range(1, 11))
    (3, None, 10)
    """
    if not is_number(typed) or int(typed) not in numbers:
        return None
    longer = any(str(n).startswith(typed) and str(n) != typed for n in numbers)
    return None if longer else int(typed)


class GoToInput(Input):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="go_to.cancel")]

    def action_cancel(self) -> None:
        if isinstance(self.parent, GoToPrompt):
            self.parent.close(None)

    def on_blur(self) -> None:
        # Elsewhere (a click, a pane key F1-F8): the prompt is abandoned.
        if isinstance(self.parent, GoToPrompt):
            self.parent.close(None)


class GoToPrompt(Horizontal):
    """Shown above the pane's status line while a number is typed."""

    DEFAULT_CSS = """
    GoToPrompt {
        height: 1;
        padding: 0 1;
    }
    GoToPrompt > Static {
        width: auto;
        text-style: bold;
        padding-right: 1;
    }
    GoToPrompt > Input {
        width: 1fr;
    }
    """

    def __init__(
        self, what: str, numbers: Sequence[int], done: Callable[[int | None], None]
    ) -> None:
        super().__init__()
        self.what = what
        self.numbers = list(numbers)
        self.done = done

    def compose(self) -> ComposeResult:
        yield Static(f"Go to {self.what}:", markup=False)
        yield GoToInput(
            restrict=r"\d*",
            compact=True,
            placeholder=f"number, Enter ({self._range()}; Esc cancels)",
        )

    def _range(self) -> str:
        if not self.numbers:
            return "none"
        return f"{min(self.numbers)}-{max(self.numbers)}"

    def on_mount(self) -> None:
        self.query_one(GoToInput).focus()

    @on(Input.Changed)
    def _typed(self, event: Input.Changed) -> None:
        event.stop()
        number = settled(event.value, self.numbers)
        if number is not None:
            self.close(number)

    @on(Input.Submitted)
    def _entered(self, event: Input.Submitted) -> None:
        event.stop()
        value = event.value.strip()
        if is_number(value) and int(value) in self.numbers:
            self.close(int(value))
        elif value:
            self.notify(
                f"No {self.what} {value} here ({self._range()}).", severity="warning", markup=False
            )
            self.query_one(GoToInput).value = ""
        else:
            self.close(None)

    def close(self, number: int | None) -> None:
        if not self.is_attached or self.has_class("-closed"):
            return
        self.add_class("-closed")
        done = self.done
        self.remove()
        done(number)
