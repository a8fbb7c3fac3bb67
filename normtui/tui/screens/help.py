"""`?`: every key of the console and, per pane, the regulation articles it applies.

Laid out as compact grids (key, what it does; two pairs a line) rather than Markdown tables,
so that the whole of it fits a 120x40 terminal and most of it an 80x24 one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from normtui.assets import default_profile
from normtui.tui.pane_articles import pane_articles
from normtui.tui.panes import PANES, TITLES, pane_class

if TYPE_CHECKING:
    from normtui.rules.profile import Profile
    from normtui.tui.screens.console import ConsoleScreen

EVERYWHERE = [
    ("1 … 8", "Show pane 1 Pairings … 8 Live"),
    ("F1 … F8", "The same, also from a text field"),
    ("esc", "Leave a text field (the PGN record, a path): then 1-8 switch panes"),
    (": N", "Go to board N (pairings), player N (desk), change N (audit)"),
    ("home, g", "First row of a table"),
    ("end, G", "Last row of a table"),
    ("?", "This help"),
    ("ctrl+z", "Undo the last change to the event, from any control (asks first)"),
    ("ctrl+a", "Open the Armageddon waiting (the header counts them); again: the next one"),
    ("ctrl+p", "Command palette: every action by name"),
    ("tab", "Next control"),
    ("ctrl+q", "Quit"),
]


# What a key does in an event without Armageddons, where its own words speak of one: the
# words there, or None for a key that has no use there.
_MAIN_WITHOUT_ARMAGEDDON: dict[str, str | None] = {
    "pairings.draw": "Game drawn: ½ each",
    "pairings.armageddon": None,
    "pairings.started": "Mark the game in progress (again: back to scheduled)",
    "standings.crosstable": "The crosstable: players × players",
}
_PLAYOFF_WITHOUT_ARMAGEDDON: dict[str, str | None] = {
    "playoff.draw": "The highlighted game was drawn; on a game with a result: correct it",
    "playoff.choose_white": None,
    "playoff.choose_black": None,
}


def _without_armageddon(profile: Profile | None) -> dict[str, str | None]:
    if profile is None:
        return {}
    out = {} if profile.classical.armageddon_after_draw else dict(_MAIN_WITHOUT_ARMAGEDDON)
    if not profile.playoff.plays_armageddon:
        out |= _PLAYOFF_WITHOUT_ARMAGEDDON
    return out


def keys_of(
    bindings: Iterable[Binding | tuple[str, ...]], profile: Profile | None = None
) -> list[tuple[str, str]]:
    rows = []
    instead = _without_armageddon(profile)
    for binding in bindings:
        if not isinstance(binding, Binding) or not binding.description:
            continue
        if binding.id in instead:
            words = instead[binding.id]
            if words is not None:
                rows.append((binding.key_display or binding.key, words))
            continue
        if binding.action.startswith("show_pane") or binding.id in (
            "help",
            "undo",
            "quit",
            "armageddon.next",
        ):
            continue  # in "Everywhere"
        rows.append((binding.key_display or binding.key, binding.tooltip or binding.description))
    if profile is not None:
        # The event's own articles, and no prizes where it has none.
        prizes = profile.prizes.awarded
        rows = [
            (key, profile.articles.reword(words if prizes else words.replace(" and prizes", "")))
            for key, words in rows
        ]
    return rows


def key_grid(rows: list[tuple[str, str]]) -> Table:
    """Two (key, action) pairs a line."""
    grid = Table.grid(padding=(0, 1), expand=True)
    for pair in range(2):
        if pair:
            # A gap between the pairs: at 80 columns the right key ("t") otherwise follows
            # the left text with one space, and reads as a word of it ("recorded in t").
            grid.add_column(width=2)
        grid.add_column(style="bold cyan", no_wrap=True, justify="right")
        grid.add_column(ratio=1)
    half = (len(rows) + 1) // 2
    for left, right in zip(rows[:half], [*rows[half:], ("", "")], strict=False):
        grid.add_row(left[0], left[1], "", right[0], right[1])
    return grid


def help_sections(profile: Profile | None = None) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """(title, articles, keys) for "Everywhere" and each pane, the articles worded from the
    event's ``profile`` (the 2022 rule book's without one)."""
    profile = profile or default_profile()
    everywhere = EVERYWHERE
    if not profile.classical.armageddon_after_draw:  # no Armageddon waits in this event
        everywhere = [row for row in EVERYWHERE if row[0] != "ctrl+a"]
    sections = [("Everywhere", "", everywhere)]
    for key, pane_id, module, cls_name in PANES:
        cls = pane_class(module, cls_name)
        found = pane_articles(pane_id, profile)
        articles = " · ".join(found) if found else "—"
        sections.append((f"{key} {TITLES[pane_id]}", articles, keys_of(cls.BINDINGS, profile)))
    return sections


def not_found_note(profile: Profile | None) -> str:
    """What this event's profile says it could not source: those rules are the 2022 rule
    book's (a built-in profile of another edition lists them under [sources])."""
    if profile is None or not profile.sources.not_found:
        return ""
    return (
        f"{profile.event.name}: rules not found for this edition, so the 2022 rule "
        f"book's apply: {', '.join(profile.sources.not_found)}."
    )


def help_renderable(profile: Profile | None = None) -> Group:
    parts: list[object] = [Text("normtui: keys and rules", style="bold underline")]
    note = not_found_note(profile)
    if note:
        parts.append(Text(note, style="yellow"))
    for title, articles, keys in help_sections(profile):
        parts.append(
            Text.assemble(
                "\n",
                (title, "bold reverse"),
                " ",
                (f"Articles: {articles}" if articles else "", "italic"),
            )
        )
        if keys:
            parts.append(key_grid(keys))
    return Group(*parts)  # type: ignore[arg-type]


def _profile_of(console: ConsoleScreen | None) -> Profile | None:
    return console.event.profile if console is not None and console.ready else None


def help_text(console: ConsoleScreen | None = None) -> str:
    """The help as plain text (for tests and for the CLI's readers)."""
    profile = _profile_of(console)
    note = not_found_note(profile)
    lines = [note] if note else []
    for title, articles, keys in help_sections(profile):
        lines.append(f"{title}: {articles}" if articles else title)
        lines += [f"  {k}  {d}" for k, d in keys]
    return "\n".join(lines)


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,question_mark,q", "dismiss", "Close", id="help.close")]

    def __init__(self, console: ConsoleScreen | None = None) -> None:
        super().__init__()
        self.console = console

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(help_renderable(_profile_of(self.console)), id="help-text")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#help").focus()
