"""The documentation site builds with `mkdocs build --strict` (into a temporary folder): a page
left out of the nav, a link to a page or an anchor that is not there, or a hook that fails ends
the build. The hooks make the command reference, the profiles' pages and the console's
pictures from the code, so each command, profile and pane must be on the built site."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from normtui.assets import builtin_profiles, load_profile_file
from normtui.cli import cli
from normtui.commands import COMMANDS, command_args
from normtui.tui.panes import PANES

ROOT = Path(__file__).resolve().parents[1]


def _mkdocs(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    # Not --quiet: it silences the warnings that --strict counts, and the build passes.
    env = {
        **os.environ,
        # Material's notice of its own future on every build; and no __pycache__ in docs/hooks.
        "NO_MKDOCS_2_WARNING": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    build = ["build", "--strict", "--config-file", str(config), "--site-dir", str(site)]
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", *build],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_the_site_builds_strictly_with_every_command_profile_and_pane(tmp_path: Path) -> None:
    site = tmp_path / "site"
    done = _mkdocs(ROOT / "mkdocs.yml", site)
    assert done.returncode == 0, done.stderr
    commands = (site / "reference" / "commands" / "index.html").read_text(encoding="utf-8")
    for name in COMMANDS:
        assert f'id="{name}"' in commands, f"normtui {name} is not in the command reference"
    for name in builtin_profiles():
        assert (site / "reference" / "profiles" / name / "index.html").is_file(), name
    console = (site / "reference" / "console" / "index.html").read_text(encoding="utf-8")
    for _key, pane_id, _module, _cls in PANES:
        picture = site / "images" / "console" / f"{pane_id}.svg"
        assert picture.read_text(encoding="utf-8").startswith("<svg"), pane_id
        assert f"images/console/{pane_id}.svg" in console, pane_id
    assert not (ROOT / "site").exists(), "the build wrote into the repository"


def test_the_validation_fails_a_page_left_out_and_a_broken_anchor(tmp_path: Path) -> None:
    """mkdocs.yml's validation, on a small site of its own (no hooks, the plain theme): each
    mistake alone fails the strict build."""
    validation = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["validation"]
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Home\n\n## Here\n\n[there](other.md#here)\n")
    (docs / "other.md").write_text("# Other\n\n## Here\n")
    (docs / "left-out.md").write_text("# Left out\n")
    config = tmp_path / "mkdocs.yml"

    def build(nav: list[str], index: str) -> tuple[bool, str]:
        (docs / "index.md").write_text(index)
        settings = {"site_name": "t", "docs_dir": "docs", "nav": nav, "validation": validation}
        config.write_text(yaml.safe_dump(settings))
        return _mkdocs_here(config, tmp_path / "site")

    everything = ["index.md", "other.md", "left-out.md"]
    assert build(everything, "# Home\n\n[there](other.md#here)\n") == (True, "")
    built, said = build(everything[:2], "# Home\n\n[there](other.md#here)\n")
    assert not built and "left-out.md" in said
    built, said = build(everything, "# Home\n\n[there](other.md#nowhere)\n")
    assert not built and "nowhere" in said
    built, said = build(everything, "# Home\n\n[there](gone.md)\n")
    assert not built and "gone.md" in said


def _mkdocs_here(config: Path, site: Path) -> tuple[bool, str]:
    """`mkdocs build --strict` in this process, through mkdocs's own API as its command calls
    it (a process of its own cost five times the build of so small a site): whether it built,
    and the warnings it logged."""
    import logging

    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort

    said: list[str] = []
    heard = logging.Handler(logging.WARNING)
    heard.emit = lambda record: said.append(record.getMessage())  # type: ignore[method-assign]
    logger = logging.getLogger("mkdocs")
    logger.addHandler(heard)
    try:
        settings = load_config(config_file=str(config), strict=True, site_dir=str(site))
        settings.plugins.on_startup(command="build", dirty=False)
        try:
            build(settings)
        finally:
            settings.plugins.on_shutdown()
    except Abort:
        return False, "\n".join(said)
    finally:
        logger.removeHandler(heard)
    return True, "\n".join(said)


def _profile_pages():  # type: ignore[no-untyped-def]
    """docs/hooks/profile_pages.py, as mkdocs loads it (the hooks' folder on sys.path)."""
    import importlib

    sys.path.insert(0, str(ROOT / "docs" / "hooks"))
    try:
        return importlib.import_module("profile_pages")
    finally:
        sys.path.remove(str(ROOT / "docs" / "hooks"))


def test_a_profile_page_shows_every_line_of_its_profile_once() -> None:
    pages = _profile_pages()
    for name, path in builtin_profiles().items():
        text = path.read_text(encoding="utf-8")
        tables = pages.toml_tables(text)
        shown = [line for table in tables.values() for line in table.splitlines()]
        assert sorted(filter(str.strip, shown)) == sorted(filter(str.strip, text.splitlines()))
        page = pages.profile_page(name)
        article_by_article = page[: page.index("## The profile as shipped")]
        # An article the event has not (no Armageddon, no play-off) says so without its tables.
        profile = load_profile_file(path)
        hidden = {
            table
            for topic in pages.TOPICS
            if not pages._applies(profile, topic)
            for table in topic.tables
        }
        for table, lines in tables.items():
            if table and table not in hidden:
                assert lines in article_by_article, f"{name}: [{table}] not shown"
        assert text.strip() in page.replace("\n    ", "\n"), f"{name}: not shown whole"


def test_a_profile_page_leaves_out_the_stages_its_event_has_not() -> None:
    page = _profile_pages().profile_page("fide-round-robin")
    controls = page[page.index("## The time controls") : page.index("## Article by article")]
    assert "| classical |" in controls
    assert "armageddon" not in controls and "playoff" not in controls
    norway = _profile_pages().profile_page("norway-chess-2022")
    assert "| armageddon |" in norway and "| playoff_blitz |" in norway


def _walk(text: str) -> tuple[str, list[list[str]]]:
    """The players file and the commands on club.db of a page's shell blocks, as typed (the
    console and --watch, which run until they are stopped, left out)."""
    players = re.search(r"name,rating,federation,fide_id\n(?:\".*\n)+", text)
    assert players is not None
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.replace("\\\n", " ").splitlines():
            words = shlex.split(line.split("  #")[0])
            runs = words[:1] == ["normtui"] and "club.db" in words[1:3] and len(words) > 2
            if runs and "--watch" not in words:
                commands.append(words[1:])
    return players.group(0), commands


@pytest.mark.parametrize("page", ["README.md", "docs/first-event.md"])
def test_the_first_event_walks_run_as_written(
    page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the folder the page works in, each command as the entry point reads it (the page
    is not about a process: the command line in this one, with nothing to read on stdin)."""
    players, commands = _walk((ROOT / page).read_text(encoding="utf-8"))
    (tmp_path / "players.csv").write_text(players, encoding="utf-8")
    assert commands[0][0] == "new" and len(commands) >= 3
    monkeypatch.chdir(tmp_path)
    for words in commands:
        args = command_args(words)
        assert args[0] != "open", f"{page}: normtui {shlex.join(words)} opens the console"
        done = CliRunner().invoke(cli, args, input="", catch_exceptions=False)
        assert done.exit_code == 0, f"{page}: normtui {shlex.join(words)}: {done.stderr}"
