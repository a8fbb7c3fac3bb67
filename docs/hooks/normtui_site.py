"""mkdocs hooks: the pages the site makes from the code when it is built, so that they cannot
fall behind it: the command reference (the click commands' --help), a page per built-in
regulation profile, and the console's keys with a picture of each pane on the demo event.
Nothing they make is written into the repository."""

from __future__ import annotations

from typing import Any

from commands_page import commands_page
from console_page import console_page
from console_pictures import pane_pictures
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from profile_pages import FOLDER, profile_pages, profile_titles

# The nav entry that the profiles' pages replace (mkdocs.yml names only the index: a profile
# added to assets/regulations joins the nav by itself).
PROFILES_INDEX = f"{FOLDER}/index.md"
PICTURES = "images/console"


def _expand(nav: Any) -> Any:
    if isinstance(nav, list):
        return [_expand(item) for item in nav]
    if isinstance(nav, dict):
        return {
            title: (
                [value, *({t: uri} for uri, t in profile_titles().items())]
                if value == PROFILES_INDEX
                else _expand(value)
            )
            for title, value in nav.items()
        }
    return nav


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    config.nav = _expand(config.nav)
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    pages = {"reference/commands.md": commands_page(), **profile_pages()}
    pictures = pane_pictures()
    for pane_id, svg in pictures.items():
        files.append(File.generated(config, f"{PICTURES}/{pane_id}.svg", content=svg))
    pages["reference/console.md"] = console_page(
        {pane_id: f"../{PICTURES}/{pane_id}.svg" for pane_id in pictures}
    )
    for uri, text in pages.items():
        files.append(File.generated(config, uri, content=text))
    return files
