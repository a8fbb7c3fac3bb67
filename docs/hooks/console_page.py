"""The console's reference page: every key, pane by pane, from the panes' own bindings (the
table the console's `?` shows), each pane with its picture."""

from __future__ import annotations

from normtui.tui.panes import PANES
from normtui.tui.screens.help import help_sections

INTRO = """\
# The console's keys

`normtui EVENT.db` opens the console. Each pane is one key away, and `?` in the console shows
this page's tables. The pictures are the console on the demo event (`demo.db`), taken
when the site was built: round 7 of Norway Chess 2022 under way at 19:32 on 7 June 2022, board
3 drawn and its Armageddon waiting. How the panes are used through a round is in
[The console](../console-guide.md).

"""


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _key(key: str) -> str:
    return f"`{key}`" if "`" not in key else key


def console_page(picture_uri: dict[str, str]) -> str:
    """The page's Markdown; ``picture_uri`` maps each pane id to its picture, relative to the
    page."""
    sections = help_sections()
    lines = [INTRO]
    titles = {f"{key} ": pane_id for key, pane_id, _m, _c in PANES}
    for title, articles, keys in sections:
        pane_id = next((p for prefix, p in titles.items() if title.startswith(prefix)), None)
        anchor = pane_id or title.lower().replace(" ", "-")
        lines += [f"## {title} {{#{anchor}}}", ""]
        if pane_id is not None:
            lines += [f"![The {title[2:]} pane]({picture_uri[pane_id]})", ""]
        if articles:
            lines += [f"Articles it applies: {articles}", ""]
        if keys:
            lines += ["| key | what it does |", "|---|---|"]
            lines += [f"| {_key(_cell(k))} | {_cell(d)} |" for k, d in keys]
            lines.append("")
    return "\n".join(lines)
