"""Every output of an event file as the text a reader sees: each read command (text and
``--json``, ``--csv`` where it has one), each export, each print sheet for every round, and
every file of the public site. HTML is read as its visible text (tags, styles and scripts
taken out); a test then looks for what must not be there, in any of them."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from click.testing import CliRunner

from normtui.cli import cli

SHEETS = ("pairings", "results", "wallchart", "scoresheets", "report")
EXPORTS = ("trf", "trf16", "trf-playoff", "pgn", "csv", "json", "md", "html")
_HIDDEN = re.compile(r"<(style|script)\b.*?</\1>", re.S | re.I)
_TAG = re.compile(r"<[^>]+>")


def visible_text(page: str) -> str:
    """What a browser shows of an HTML page, one space between words."""
    text = html.unescape(_TAG.sub(" ", _HIDDEN.sub(" ", page)))
    return re.sub(r"\s+", " ", text)


def _run(*args: object) -> str:
    """What the command writes; a refusal (exit 2, such as a play-off report before the
    play-off) is its one line, which is an output too."""
    done = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    return done.stdout if done.exit_code in (0, 1) else done.output


def every_output(db: Path, site: Path) -> dict[str, str]:
    """``{what: text}`` for every output of ``db``; the site is published into ``site``."""
    out: dict[str, str] = {}
    rounds = len(json.loads(_run("pairings", db, "--json")))
    for command in ("standings", "pairings", "contenders", "playoff", "check", "clocks"):
        out[command] = _run(command, db)
        out[f"{command} --json"] = _run(command, db, "--json")
    out["standings --csv"] = _run("standings", db, "--csv")
    for fmt in EXPORTS:
        text = _run("export", db, "-f", fmt)
        out[f"export {fmt}"] = visible_text(text) if fmt == "html" else text
    for sheet in SHEETS:
        if sheet in ("wallchart", "report"):  # the whole event
            out[f"print {sheet}"] = visible_text(_run("print", db, sheet))
            continue
        for round_no in range(1, rounds + 1):
            page = _run("print", db, sheet, "--round", round_no)
            out[f"print {sheet} round {round_no}"] = visible_text(page)
    _run("publish", db, site, "--force")
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        text = path.read_text(encoding="utf-8")
        name = f"site {path.relative_to(site)}"
        out[name] = visible_text(text) if path.suffix == ".html" else text
    return out
