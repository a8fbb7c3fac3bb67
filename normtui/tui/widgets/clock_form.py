"""The edit form of one time control: minutes and seconds for each colour, the increment and the
move it starts from. Nothing is saved unless every field is right; the message names the field.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Input, Label, Static

from normtui.rules.errors import NormtuiError
from normtui.rules.profile import TimeControl
from normtui.text import is_number

# (input id, name in messages, label over the field): the order an arbiter reads a setting in.
FIELDS: tuple[tuple[str, str, str], ...] = (
    ("white-min", "White minutes", "White min"),
    ("white-sec", "White seconds", "White sec"),
    ("black-min", "Black minutes", "Black min"),
    ("black-sec", "Black seconds", "Black sec"),
    ("increment", "Increment (seconds)", "Incr. sec"),
    ("from-move", "Increment from move", "From move"),
)
NAMES = {key: name for key, name, _label in FIELDS}


class ClockFormError(NormtuiError, ValueError):
    """A field that cannot be saved; the message starts with the field's name."""


@dataclass(frozen=True)
class ClockValues:
    values: dict[str, str]

    def _int(self, key: str, low: int, high: int) -> int:
        label = NAMES[key]
        text = self.values.get(key, "").strip()
        if not is_number(text):
            shown = f"{text!r} is" if text else "it is empty,"
            raise ClockFormError(f"{label}: {shown} not a whole number")
        value = int(text)
        if not low <= value <= high:
            raise ClockFormError(f"{label}: {value} is not between {low} and {high}")
        return value

    def time_control(self) -> TimeControl:
        """The setting the fields describe, or :class:`ClockFormError` naming the first bad one.

        >>> tc = ClockValues({"white-min": "10", "white-sec": "0", "black-min": "7",
        ...                   "black-sec": "0", "increment": "1", "from-move": "41"}).time_control()
        >>> tc.white_seconds, tc.black_seconds, tc.increment_seconds, tc.increment_from_move
        (600, 420, 1, 41)
        >>> ClockValues({"white-min": "x"}).time_control()  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        ClockFormError: White minutes: 'x' is not a whole number
        """
        seconds = {}
        for colour in ("white", "black"):
            minutes = self._int(f"{colour}-min", 0, 600)
            secs = self._int(f"{colour}-sec", 0, 59)
            if minutes * 60 + secs == 0:
                raise ClockFormError(f"{colour.capitalize()} minutes: a clock cannot start at 0:00")
            seconds[colour] = minutes * 60 + secs
        increment = self._int("increment", 0, 300)
        from_move = self._int("from-move", 1, 200)
        return TimeControl(seconds["white"], seconds["black"], increment, from_move)


def values_of(tc: TimeControl) -> dict[str, str]:
    return {
        "white-min": str(tc.white_seconds // 60),
        "white-sec": str(tc.white_seconds % 60),
        "black-min": str(tc.black_seconds // 60),
        "black-sec": str(tc.black_seconds % 60),
        "increment": str(tc.increment_seconds),
        "from-move": str(tc.increment_from_move),
    }


class ClockForm(Vertical):
    """Shown under the table while one control is edited; Enter in the last field saves."""

    BINDINGS = [
        Binding("ctrl+s", "save", "Save", id="clocks.save"),
        Binding("escape", "cancel", "Cancel", id="clocks.cancel"),
    ]

    class Saved(Message):
        def __init__(self, name: str, time_control: TimeControl) -> None:
            super().__init__()
            self.name = name
            self.time_control = time_control

    class Cancelled(Message):
        pass

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.name_edited = ""

    def compose(self) -> ComposeResult:
        yield Static("", id="clock-form-title")
        with Horizontal(id="clock-form-fields"):
            for key, _name, label in FIELDS:
                with Vertical(classes="clock-field"):
                    yield Label(label)
                    # No max_length: a fourth digit typed is shown, and refused with the
                    # field's range when saved, never dropped silently.
                    yield Input(id=f"clock-{key}", restrict=r"\d*", compact=True)
        yield Static("", id="clock-form-error", markup=False)
        with Horizontal(id="clock-form-buttons"):
            yield Button("Save (ctrl+s)", variant="primary", id="clock-save", compact=True)
            yield Button("Cancel (Esc)", id="clock-cancel", compact=True)

    def edit(self, name: str, title: str, tc: TimeControl) -> None:
        self.name_edited = name
        self.query_one("#clock-form-title", Static).update(
            Text.assemble(
                (f"Edit {title}", "bold"), f": now {tc.describe()} (PGN tag {tc.pgn_tag()})"
            )
        )
        for key, value in values_of(tc).items():
            self.query_one(f"#clock-{key}", Input).value = value
        self.show_error("")
        self.display = True
        self.query_one(f"#clock-{FIELDS[0][0]}", Input).focus()

    def show_error(self, text: str) -> None:
        error = self.query_one("#clock-form-error", Static)
        error.update(text)
        error.display = bool(text)

    def values(self) -> ClockValues:
        return ClockValues({key: self.query_one(f"#clock-{key}", Input).value for key in NAMES})

    def action_save(self) -> None:
        try:
            tc = self.values().time_control()
        except ClockFormError as exc:
            self.show_error(f"Not saved. {exc}")
            self.notify(str(exc), title="Not saved", severity="error", markup=False)
            return
        self.post_message(self.Saved(self.name_edited, tc))

    def action_cancel(self) -> None:
        self.post_message(self.Cancelled())

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        last = f"clock-{FIELDS[-1][0]}"
        if event.input.id == last:
            self.action_save()
        else:
            self.screen.focus_next()

    @on(Button.Pressed, "#clock-save")
    def _save_pressed(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#clock-cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel()
