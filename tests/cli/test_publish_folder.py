"""`normtui publish` in a shared web root: it creates, replaces and removes only the files its
list (.normtui-site.json) says it wrote, by names it made itself, never through a link, and a
folder unwritable for a moment is said and tried again. Each test plants what a hostile or
careless neighbour of the web root could, and checks that nothing outside normtui's own files
changed."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from normtui.cli import cli
from normtui.export import site_folder
from normtui.export.follow import Turn, follow
from normtui.export.publish import MANIFEST, SiteReport, publish, site_files
from normtui.export.site_folder import SiteRefused, is_site_name
from normtui.store import EventStore
from tests.cli.conftest import ROOT, Run


def _tree(folder: Path) -> dict[str, bytes | str]:
    """Every entry under ``folder``: a file's bytes, a link's target."""
    out: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        rel = str(path.relative_to(folder))
        if path.is_symlink():
            out[rel] = f"-> {os.readlink(path)}"
        elif path.is_file():
            out[rel] = path.read_bytes()
    return out


@pytest.fixture(scope="module")
def _published(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo's site, published once (publishing reads the event and writes nothing to it)."""
    folder = tmp_path_factory.mktemp("published")
    shutil.copyfile(ROOT / "demo.db", folder / "demo.db")
    result = CliRunner().invoke(cli, ["publish", str(folder / "demo.db"), str(folder / "site")])
    assert result.exit_code == 0, result.output
    return folder / "site"


@pytest.fixture
def site(demo: Path, tmp_path: Path, _published: Path) -> Path:
    """A site published once from ``demo``, as the arbiter left it: a copy of it."""
    folder = tmp_path / "www" / "site"
    shutil.copytree(_published, folder, symlinks=True)
    return folder


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """Files beside the site that publish must never touch."""
    folder = tmp_path / "www" / "elsewhere"
    folder.mkdir(parents=True)
    (folder / "x").write_text("the organiser's file")
    (folder / "round-1.pgn").write_text("not normtui's")
    (folder / "index.html").write_text("another site's page")
    return folder


def _tamper(site: Path, *names: str) -> None:
    manifest = json.loads((site / MANIFEST).read_text())
    for name in names:
        manifest["files"][name] = "0" * 64
    (site / MANIFEST).write_text(json.dumps(manifest))


def _refused(run: Run, demo: Path, folder: Path, *, plain: str, forced: str) -> None:
    """Refused (exit 2, one line) without --force and with it, each saying what it says."""
    for args, said in (((), plain), (("--force",), forced)):
        result = run("publish", demo, folder, *args)
        assert result.exit_code == 2 and said in result.output, result.output
        assert result.output.count("\n") == 1


def test_every_name_a_build_makes_is_a_plain_name(demo: Path) -> None:
    with EventStore.open(demo) as store:
        names = list(site_files(store))
    assert names and all(is_site_name(n) for n in names), names
    for bad in ("../x", "/etc/passwd", "games/../../x", ".hidden.html", "a/b/c.html", "games"):
        assert not is_site_name(bad)


@pytest.mark.parametrize("planted", ["../elsewhere/x", "ABSOLUTE"])
def test_a_tampered_list_removes_nothing_outside(
    run: Run, demo: Path, site: Path, outside: Path, planted: str
) -> None:
    name = str(outside / "x") if planted == "ABSOLUTE" else planted
    _tamper(site, name)
    before_outside, before_site = _tree(outside), _tree(site)
    result = run("publish", demo, site)
    assert result.exit_code == 2
    assert "not a file normtui writes: the list is ignored" in result.output
    assert "--force" in result.output and "Traceback" not in result.output
    assert _tree(outside) == before_outside and _tree(site) == before_site
    # --force publishes beside the files there: the list is still ignored (and said), so the
    # site's own pages are no longer known as normtui's, and are left alone too.
    forced = run("publish", demo, site, "--force")
    assert forced.exit_code == 2
    assert "is not a file normtui wrote" in forced.output
    assert _tree(outside) == before_outside and _tree(site) == before_site


def test_a_list_that_does_not_parse_or_is_a_link_is_ignored_and_said(
    run: Run, demo: Path, tmp_path: Path, outside: Path
) -> None:
    folder = tmp_path / "fresh"
    folder.mkdir()
    (folder / MANIFEST).write_text("{not json")
    refused = run("publish", demo, folder)
    assert refused.exit_code == 2 and "is not the list normtui keeps" in refused.output
    # Forced into a folder with no page yet: the build goes on and says the list was ignored.
    forced = run("publish", demo, folder, "--force", "--json")
    assert forced.exit_code == 0, forced.output
    assert any("is not the list normtui keeps" in n for n in json.loads(forced.output)["notes"])
    linked = tmp_path / "linked"
    linked.mkdir()
    target = outside / "list.json"
    target.write_text(json.dumps({"normtui": 1, "files": {"x.html": ""}}))
    (linked / MANIFEST).symlink_to(target)
    refused = run("publish", demo, linked)
    assert refused.exit_code == 2 and "is a link" in refused.output
    assert target.read_text() == json.dumps({"normtui": 1, "files": {"x.html": ""}})


def test_a_link_to_a_folder_outside_is_never_written_through(
    run: Run, demo: Path, tmp_path: Path, outside: Path
) -> None:
    folder = tmp_path / "www" / "new-site"
    folder.mkdir()
    (folder / "games").symlink_to("../elsewhere")
    before = _tree(outside)
    _refused(run, demo, folder, plain="games (a link)", forced="games is a link")
    assert _tree(outside) == before
    assert not (folder / "index.html").exists()  # refused before anything was written


def test_a_page_replaced_by_a_link_is_refused_not_followed(
    run: Run, demo: Path, site: Path, outside: Path
) -> None:
    (site / "index.html").unlink()
    (site / "index.html").symlink_to(outside / "index.html")
    (site / "games" / "round-1.pgn").unlink()
    (site / "games" / "round-1.pgn").symlink_to(outside / "round-1.pgn")
    before = _tree(outside)
    _refused(run, demo, site, plain="index.html (a link)", forced="index.html is a link")
    assert _tree(outside) == before


def test_force_never_replaces_a_foreign_page(
    run: Run, demo: Path, tmp_path: Path, outside: Path
) -> None:
    folder = tmp_path / "www" / "shared"
    folder.mkdir()
    (folder / "index.html").write_text("the organiser's own page")
    (folder / "about.html").write_text("about us")
    result = run("publish", demo, folder, "--force")
    assert result.exit_code == 2
    assert "index.html is not a file normtui wrote" in result.output
    assert "left alone" in result.output
    assert _tree(folder) == {"about.html": b"about us", "index.html": b"the organiser's own page"}
    # The same through a link: neither the link nor its target is touched.
    (folder / "index.html").unlink()
    (folder / "index.html").symlink_to(outside / "index.html")
    before = _tree(outside)
    again = run("publish", demo, folder, "--force")
    assert again.exit_code == 2 and _tree(outside) == before
    assert os.readlink(folder / "index.html") == str(outside / "index.html")
    # Beside files of other names, --force publishes and leaves them alone.
    (folder / "index.html").unlink()
    done = run("publish", demo, folder, "--force")
    assert done.exit_code == 0, done.output
    assert (folder / "about.html").read_text() == "about us"


def test_only_normtuis_own_leftovers_are_removed(run: Run, demo: Path, site: Path) -> None:
    old = time.time() - 3600
    theirs = [site / ".cache.tmp", site / "games" / ".upload.tmp", site / ".index.html.tmp"]
    ours = [site / ".index.html.0badcafe.tmp", site / "games" / ".all.pgn.12345678.tmp"]
    young = site / ".event.json.abcdef01.tmp"  # another build's work in progress
    for path in [*theirs, *ours, young]:
        path.write_text("partial")
        if path != young:
            os.utime(path, (old, old))
    result = run("publish", demo, site, "--force")
    assert result.exit_code == 0, result.output
    assert all(p.exists() for p in theirs) and young.exists()
    assert not any(p.exists() for p in ours)
    # Without --force, a hidden file normtui did not make is a foreign file like any other.
    refused = run("publish", demo, site)
    assert refused.exit_code == 2 and ".cache.tmp" in refused.output
    assert all(p.exists() for p in theirs)


def test_a_link_put_in_place_of_games_mid_build_is_not_followed(
    demo: Path, site: Path, outside: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Between the check of the folder and the writes, `games` becomes a link out of it: the
    build goes on in the folder it opened (now moved aside) or is refused, and never writes
    where the link points."""
    from normtui.export import publish as module

    real = module.site_files

    def swapped(*args: object, **kwargs: object) -> dict[str, str]:
        files = real(*args, **kwargs)  # type: ignore[arg-type]
        (site / "games").rename(site.parent / "games-moved")
        (site / "games").symlink_to("../elsewhere")
        return {k: v + " changed" for k, v in files.items()}

    monkeypatch.setattr(module, "site_files", swapped)
    before = _tree(outside)
    with EventStore.open(demo) as store, contextlib.suppress(SiteRefused):
        publish(store, site)
    assert _tree(outside) == before
    assert (site.parent / "games-moved" / "all.pgn").read_text().endswith(" changed")


def test_watch_says_an_unwritable_folder_and_tries_again(
    demo: Path, site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sync job resets the folder's permissions for a moment (failed writes stand in for it:
    root may write anywhere): the loop says it, waits, and builds once the folder is back."""
    failures = {"left": 2}
    real_open = site_folder.os.open

    def flaky(path: object, flags: int, *args: object, **kwargs: object) -> int:
        if flags & os.O_CREAT and failures["left"] > 0:
            failures["left"] -= 1
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(path, flags, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(site_folder.os, "open", flaky)
    turns: list[Turn[SiteReport]] = []
    stop = threading.Event()

    def said(turn: Turn[SiteReport]) -> None:
        turns.append(turn)
        if turn.done:
            stop.set()

    def work(store: EventStore) -> SiteReport:
        (site / MANIFEST).write_text(json.dumps({"normtui": 1, "files": _listed(site)}))
        return publish(store, site)

    thread = threading.Thread(target=follow, args=(demo, work, said), kwargs={"stop": stop})
    thread.start()
    thread.join(60)
    assert not thread.is_alive()
    problems = [t for t in turns if not t.done]
    assert len(problems) == 2 and all(t.retry_in is not None for t in problems)
    assert problems[0].problem is not None and "Permission denied" in problems[0].problem
    assert str(site) in problems[0].problem
    assert turns[-1].done and turns[-1].value is not None and turns[-1].value.written


def _listed(site: Path) -> dict[str, str]:
    # Every file's hash forgotten: the build writes them all again.
    files = json.loads((site / MANIFEST).read_text())["files"]
    return dict.fromkeys(files, "")


def test_a_link_made_where_games_is_about_to_be_made_is_refused(
    demo: Path, tmp_path: Path, outside: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from normtui.export import publish as module

    folder = tmp_path / "www" / "fresh"
    real = module.site_files

    def planted(*args: object, **kwargs: object) -> dict[str, str]:
        (folder / "games").symlink_to("../elsewhere")
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(module, "site_files", planted)
    before = _tree(outside)
    with EventStore.open(demo) as store, pytest.raises(SiteRefused, match="games is a link"):
        publish(store, folder)
    assert _tree(outside) == before
