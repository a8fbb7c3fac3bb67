"""The edit form of one time control: minutes and seconds for each colour, the increment and the
move it starts from, and for a control of several periods the moves of the first and the
periods after it. Nothing is saved unless every field is right; the message names the field.
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
from normtui.rules.time_control import with_periods
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
# The second row: a control of several periods (FIDE's 90'/40 + 30': moves 40, then 30).
PERIOD_FIELDS: tuple[tuple[str, str, str], ...] = (
    ("moves", "Moves of the first period", "Moves"),
    ("then", "Later periods", "Then: minutes[/moves], …"),
)
NAMES = {key: name for key, name, _label in FIELDS + PERIOD_FIELDS}


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
        first = TimeControl(seconds["white"], seconds["black"], increment, from_move)
        moves = self._int("moves", 0, 200) if self.values.get("moves", "").strip() else 0
        then = self._later()
        if moves and not then:
            raise ClockFormError(
                f"{NAMES['then']}: give the periods after move {moves}, or leave Moves empty"
            )
        if then and not moves:
            raise ClockFormError(f"{NAMES['moves']}: how many moves the first period covers")
        return with_periods(first, moves, then)

    def _later(self) -> list[tuple[int, int, int]]:
        """ "30" or "60/20, 15": the later periods' minutes (or m:ss), each but the last with
        its moves.

        >>> ClockValues({"then": "60'/20, 15"})._later()
        [(20, 3600, 3600), (0, 900, 900)]
        """
        label = NAMES["then"]
        text = self.values.get("then", "").strip()
        items = [i.strip() for i in text.replace("+", ",").split(",") if i.strip()]
        out = []
        for n, item in enumerate(items, start=1):
            time, _, moves = item.replace("'", "").partition("/")
            minutes, _, secs = time.strip().partition(":")
            if not is_number(minutes) or (secs and not is_number(secs)) or int(secs or 0) > 59:
                raise ClockFormError(f"{label}: {item!r} is not minutes (30, or 2:30)")
            seconds = int(minutes) * 60 + int(secs or 0)
            if not 0 < seconds <= 600 * 60:
                raise ClockFormError(f"{label}: {item!r}: a period adds 1 to 600 minutes")
            last = n == len(items)
            if last and moves.strip():
                raise ClockFormError(
                    f"{label}: the last period ({item!r}) covers the rest of the game: no /moves"
                )
            if not last and not (is_number(moves.strip()) and 0 < int(moves) <= 200):
                raise ClockFormError(
                    f"{label}: {item!r} is followed by another period: say its moves (60/20)"
                )
            out.append((int(moves or 0), seconds, seconds))
        return out


def _minutes(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}" if seconds % 60 else str(seconds // 60)


def _pgn(tc: TimeControl) -> str:
    """The PGN standard's TimeControl (as the exports write it), each colour's where they
    differ."""
    if tc.same_for_both:
        return tc.pgn_standard()
    return f"White {tc.pgn_standard(True)}, Black {tc.pgn_standard(False)}"


def fits_the_form(tc: TimeControl) -> bool:
    """Whether the form can show ``tc`` whole: its later periods give both colours the same
    time and earn the first period's increment (every usual control does)."""
    first = TimeControl(
        tc.white_seconds, tc.black_seconds, tc.increment_seconds, tc.increment_from_move
    )
    later = [(p.moves, p.white_seconds, p.black_seconds) for p in tc.later]
    return (
        all(p.white_seconds == p.black_seconds for p in tc.later)
        and with_periods(first, tc.moves, later) == tc
    )


def values_of(tc: TimeControl) -> dict[str, str]:
    """The fields for ``tc``; a period that gives the colours different times, or its own
    increment, is beyond the form (the profile's file says it)."""
    return {
        "white-min": str(tc.white_seconds // 60),
        "white-sec": str(tc.white_seconds % 60),
        "black-min": str(tc.black_seconds // 60),
        "black-sec": str(tc.black_seconds % 60),
        "increment": str(tc.increment_seconds),
        "from-move": str(tc.increment_from_move),
        "moves": str(tc.moves) if tc.later else "",
        "then": ", ".join(
            _minutes(p.white_seconds) + (f"/{p.moves}" if p.moves else "") for p in tc.later
        ),
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
        self.fits = True

    def compose(self) -> ComposeResult:
        yield Static("", id="clock-form-title")
        with Horizontal(id="clock-form-fields"):
            for key, _name, label in FIELDS:
                with Vertical(classes="clock-field"):
                    yield Label(label)
                    # No max_length: a fourth digit typed is shown, and refused with the
                    # field's range when saved, never dropped silently.
                    yield Input(id=f"clock-{key}", restrict=r"\d*", compact=True)
        with Horizontal(id="clock-form-periods"):
            for key, _name, label in PERIOD_FIELDS:
                with Vertical(classes=f"clock-field clock-{key}-field"):
                    yield Label(label, markup=False)
                    yield Input(
                        id=f"clock-{key}",
                        restrict=r"\d*" if key == "moves" else r"[\d:/,' +]*",
                        compact=True,
                    )
        yield Static("", id="clock-form-error", markup=False)
        with Horizontal(id="clock-form-buttons"):
            yield Button("Save (ctrl+s)", variant="primary", id="clock-save", compact=True)
            yield Button("Cancel (Esc)", id="clock-cancel", compact=True)

    def edit(self, name: str, title: str, tc: TimeControl) -> None:
        self.name_edited = name
        self.fits = fits_the_form(tc)
        self.query_one("#clock-form-title", Static).update(
            Text.assemble((f"Edit {title}", "bold"), f": now {tc.describe()} (PGN {_pgn(tc)})")
        )
        for key, value in values_of(tc).items():
            self.query_one(f"#clock-{key}", Input).value = value
        self.show_error(
            ""
            if self.fits
            else "Its later periods give the colours their own times or increments, which this "
            "form cannot show: change it with normtui time-control or in the profile."
        )
        self.display = True
        self.query_one(f"#clock-{FIELDS[0][0]}", Input).focus()

    def show_error(self, text: str) -> None:
        error = self.query_one("#clock-form-error", Static)
        error.update(text)
        error.display = bool(text)

    def values(self) -> ClockValues:
        return ClockValues({key: self.query_one(f"#clock-{key}", Input).value for key in NAMES})

    def action_save(self) -> None:
        if not self.fits:
            message = (
                "this control's later periods give the colours their own times or their own "
                "increments, which the form cannot show: change it with normtui "
                "time-control or in the profile"
            )
            self.show_error(f"Not saved: {message}.")
            self.notify(message, title="Not saved", severity="error", markup=False)
            return
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
        last = f"clock-{PERIOD_FIELDS[-1][0]}"
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
