"""The command reference, from the command line's own click group: each command's `--help`
as `normtui CMD --help` prints it, so a new command is on the site with the build after it."""

from __future__ import annotations

import click

from normtui.cli import cli, load_all

# Wide enough for click's option columns, narrow enough for a page's code block.
WIDTH = 92

INTRO = """\
# Commands

Every command of `normtui`, with its `--help` as the command prints it: this page is made from
the command line's own code each time the site is built. The conventions every command shares
(naming players, results, exit codes, `--json`, `--as`) are in
[The command line](../command-line.md).

"""


def _context(command: click.Command, name: str, parent: click.Context | None) -> click.Context:
    return click.Context(
        command, info_name=name, parent=parent, terminal_width=WIDTH, max_content_width=WIDTH
    )


def _sections(
    command: click.Command, name: str, parent: click.Context | None, level: int
) -> list[str]:
    ctx = _context(command, name, parent)
    anchor = ctx.command_path.removeprefix("normtui").strip().replace(" ", "-") or "normtui"
    summary = command.get_short_help_str(limit=200) if parent is not None else ""
    lines = [f"{'#' * level} `{ctx.command_path}` {{#{anchor}}}", ""]
    if summary:
        lines += [summary, ""]
    lines += ["```text", command.get_help(ctx).rstrip(), "```", ""]
    if isinstance(command, click.Group):
        for sub in command.list_commands(ctx):
            child = command.get_command(ctx, sub)
            if child is not None and not child.hidden:
                lines += _sections(child, sub, ctx, level + 1)
    return lines


def commands_page() -> str:
    """The page's Markdown: `normtui --help`, then each command (a group's subcommands under
    it), in the order `normtui --help` lists them."""
    load_all(cli)
    root = _context(cli, "normtui", None)
    lines = [INTRO, "## `normtui` {#normtui}", "", "```text", cli.get_help(root).rstrip()]
    lines += ["```", ""]
    for name in cli.list_commands(root):
        command = cli.get_command(root, name)
        if command is not None and not command.hidden:
            lines += _sections(command, name, root, 2)
    return "\n".join(lines)
