"""A page for each built-in regulation profile, made from the profile itself: what it sets,
article by article, what normtui does with it, and the TOML as shipped (its comments cite the
sources). A profile added to assets/regulations is on the site with the next build."""

from __future__ import annotations

import re
from dataclasses import dataclass

from normtui.assets import builtin_profiles, load_profile_file, read_profile_text
from normtui.commands.profiles import summary
from normtui.rules.profile import Profile

FOLDER = "reference/profiles"

# Where the guide says how normtui reads each rule (the site's own pages).
RULES = "../../regulations.md"


@dataclass(frozen=True)
class Topic:
    key: str  # the name of the topic in a profile's [articles] table
    title: str
    default_article: str  # the 2022 rule book's number, which profiles without [articles] keep
    tables: tuple[str, ...]  # the profile's tables (and time controls) that set it
    does: str  # what normtui does with it


# In the rule book's order (§1 … §9).
TOPICS = (
    Topic(
        "format",
        "The field and the pairings",
        "§1",
        ("event", "time_controls.blitz_opener"),
        # Said by _format(), which knows whether the event has a blitz opener.
        "",
    ),
    Topic(
        "main_games",
        "The main games",
        "§2",
        ("classical", "time_controls.classical"),
        "The clocks of every record (the PGN pane, `import-pgn`, `validate`, the live boards) "
        "are checked against the control; a draw agreed before the rule allows is flagged "
        "with its move. A control is changed only with `normtui time-control` (audited), "
        f"refused below FIDE's standard game. [Time controls](../../time-controls.md), "
        f"[clocks]({RULES}#clocks).",
    ),
    Topic(
        "armageddon",
        "The Armageddon",
        "§3",
        ("time_controls.armageddon",),
        "A drawn main game opens its Armageddon with the same colours; the console counts "
        "those waiting and the minutes left to start each one, from when the game ended by "
        "the feed's clocks; a drawn Armageddon is scored as the profile's "
        f"`armageddon_draw_winner` wins. [Points]({RULES}#points).",
    ),
    Topic(
        "points",
        "Points",
        "§4",
        ("points", "blitz_points"),
        "A pairing counts in the standings once it is complete. A forfeit scores as the "
        f"profile's `forfeit_win` and `forfeit_loss`. [Points]({RULES}#points).",
    ),
    Topic(
        "prizes",
        "Prizes",
        "§5",
        ("prizes",),
        "Equal points share the prizes of the places they occupy, exact to the currency's "
        "smallest unit (the øre, the cent), the odd units one each in table order, so the "
        "total paid is the fund; first prize is shared only if the profile says so. "
        f"[Prize money]({RULES}#prize-money).",
    ),
    Topic(
        "playoff",
        "The play-off",
        "§5",
        (
            "playoff",
            "time_controls.playoff_blitz",
            "time_controls.playoff_armageddon",
        ),
        "When first place is shared after the last round, the play-off the profile describes "
        "(`normtui playoff`, pane 7): its lots from a recorded seed, its games, its winner and "
        f"the final table. [Play-off]({RULES}#play-off), "
        "[the final table](../../final-table.md).",
    ),
    Topic(
        "tiebreaks",
        "Tie-breaks",
        "§6",
        ("tiebreaks",),
        "Computed on every change, in the profile's order; players equal on points and every "
        "tie-break share the place (`7-8`). The TRF names them in FIDE's codes (records 202 "
        f"and 212). [Tie-breaks]({RULES}#sonneborn-berger).",
    ),
    Topic(
        "duties",
        "Player duties",
        "§7",
        ("duties",),
        "The desk (pane 5, `normtui arrive`) records each player's arrival; an absence "
        "proposes the profile's fine, and incidents are kept with the Chief Arbiter's "
        "decision. [The desk](../../desk.md).",
    ),
    Topic(
        "scoresheets",
        "Scoresheets",
        "§8",
        (),
        "A result is provisional until both players have signed and the arbiter has "
        "countersigned (`normtui sign`, `W` `B` `A` on pane 1); a correction clears the "
        f"signatures. [Scoresheets]({RULES}#duties-and-scoresheets).",
    ),
    Topic(
        "illness",
        "Illness and withdrawal",
        "§9",
        ("illness",),
        "A game missed through illness moves to a free day or a morning, or is forfeited in "
        "the rounds the profile names; a withdrawn player's games count only past the "
        f"profile's fraction of games completed. [Withdrawal]({RULES}#withdrawal).",
    ),
)

# Tables that say where the rules came from, shown last.
SOURCE_TABLES = ("sources", "articles")


def toml_tables(text: str) -> dict[str, str]:
    """The text of each table of a profile, its comment lines above it included: ``event``
    -> ``[event]\\nname = ...``; the text before the first table under ``""``."""
    tables: dict[str, list[str]] = {"": []}
    current = ""
    pending: list[str] = []
    for line in text.splitlines():
        header = re.match(r"\s*\[([A-Za-z0-9_.]+)\]\s*(#.*)?$", line)
        if header:
            current = header.group(1)
            tables[current] = [*pending, line]
            pending = []
        elif line.startswith("#") or not line.strip():
            pending.append(line)
        else:
            tables[current] += [*pending, line]
            pending = []
    tables[current] += pending
    return {name: "\n".join(lines).strip("\n") for name, lines in tables.items()}


def _article(profile: Profile, topic: Topic) -> str:
    articles = getattr(profile, "articles", None)
    if articles is None:
        return topic.default_article
    return str(getattr(articles, topic.key, topic.default_article))


def _applies(profile: Profile, topic: Topic) -> bool:
    if topic.key == "armageddon":
        return bool(profile.classical.armageddon_after_draw)
    if topic.key == "playoff":
        return bool(profile.playoff.for_shared_first)
    return True


def _format(profile: Profile) -> str:
    ways = [
        "as the players file lists or numbers them",
        "drawn by lot from a recorded seed (`normtui new --lots`)",
        "recorded from the drawing of lots (`normtui lots`)",
    ]
    if profile.event.has_blitz_opener:
        ways.append("chosen in the order of the blitz opener (`normtui blitz`)")
    return (
        "Berger tables (FIDE C.05, Annex 1) for any field of three or more, an odd field's bye "
        f"shown with the boards; pairing numbers {', '.join(ways[:-1])}, or {ways[-1]}. A "
        "double round robin's second cycle in the order `event.second_cycle` names. "
        f"[How normtui pairs]({RULES}#pairings), [the drawing of lots]"
        "(../../new-event.md#the-drawing-of-lots)."
    )


def _does(profile: Profile, topic: Topic) -> str:
    """What normtui does with the topic under this profile."""
    if topic.key == "points" and profile.classical.armageddon_after_draw:
        return topic.does.replace(
            "is complete.",
            "is complete: a drawn game waiting for its Armageddon counts for nobody yet.",
        )
    does = topic.does
    if topic.key == "format":
        does = _format(profile)
    if topic.key == "prizes" and not profile.prizes.share_equal_points:
        does = (
            "Each place's prize goes to the player the tie-breaks rank there (equal points do "
            f"not share, `share_equal_points = false`). [Prize money]({RULES}#prize-money)."
        )
    if topic.key == "prizes" and not any(profile.prizes.amounts):
        return (
            "No prize table: nothing shows a prize, a currency or a fund, unless the event "
            "is given one (`normtui new --prizes 5000,3000,2000 --currency EUR`). Then: "
            + does[0].lower()
            + does[1:]
        )
    if topic.key == "duties" and not profile.duties.late_fine:
        return topic.does.replace(
            "an absence proposes the profile's fine", "no fine is set for an absence"
        )
    return does


def _controls_shown(profile: Profile) -> list[str]:
    """The time controls of the stages the event has (an event without an Armageddon or a
    play-off leaves theirs out, as the console does)."""
    left_out = {
        table.removeprefix("time_controls.")
        for topic in TOPICS
        if not _applies(profile, topic)
        for table in topic.tables
    }
    return [stage for stage in profile.time_controls if stage not in left_out]


def _code(text: str) -> list[str]:
    return ["```toml", text, "```", ""]


def profile_page(name: str) -> str:
    path = builtin_profiles()[name]
    profile = load_profile_file(path)
    tables = toml_tables(read_profile_text(path))
    line = summary(name, path)["line"]
    lines = [
        f"# {profile.event.name}",
        "",
        f"The built-in profile `{name}`: {line}.",
        "",
        "```sh",
        f"normtui new EVENT.db --players players.csv --profile {name}",
        "```",
        "",
    ]
    if profile.sources.not_found:
        lines += [
            '!!! note "Rules no source gave for this edition"',
            "",
            "    The 2022 rule book's apply (`normtui clocks` and the console's help say so): "
            + ", ".join(f"`{key}`" for key in profile.sources.not_found)
            + ".",
            "",
        ]
    lines += [
        "## The time controls",
        "",
        "| stage | control |",
        "|---|---|",
        *(
            f"| {stage} | {profile.time_controls[stage].describe()} |"
            for stage in _controls_shown(profile)
        ),
        "",
        "## Article by article",
        "",
    ]
    shown: set[str] = {""}
    for topic in TOPICS:
        article = _article(profile, topic)
        heading = f"{article}: {topic.title}" if article else topic.title
        lines += [f"### {heading} {{#{topic.key.replace('_', '-')}}}", ""]
        if not _applies(profile, topic):
            lines += ["This event has none.", ""]
            shown.update(topic.tables)
            continue
        lines += [_does(profile, topic), ""]
        for table in topic.tables:
            if table in tables:
                lines += _code(tables[table])
                shown.add(table)
    rest = [t for t in tables if t not in shown and t not in SOURCE_TABLES]
    if rest:
        lines += ["### Other settings {#other}", ""]
        for table in rest:
            lines += _code(tables[table])
    for table in SOURCE_TABLES:
        if table in tables:
            lines += [f"### [{table}] {{#{table}}}", "", *_code(tables[table])]
    lines += [
        "## The profile as shipped",
        "",
        f'??? note "{name}.toml"',
        "",
        "    ```toml",
        *(f"    {row}" if row else "" for row in read_profile_text(path).splitlines()),
        "    ```",
        "",
    ]
    return "\n".join(lines)


def index_page() -> str:
    lines = [
        "# Regulation profiles",
        "",
        "An event's regulations are a profile: a TOML file of every number and choice normtui "
        "applies, copied into the event file by `normtui new --profile NAME|FILE`. These are "
        "the built-in ones (`normtui profiles` lists them); each page is made from the profile "
        "itself when the site is built. An event of its own starts from a copy of the nearest "
        "one, edited: see [How normtui reads the regulations](../../regulations.md).",
        "",
        "| profile | event | what it sets |",
        "|---|---|---|",
    ]
    for name, path in builtin_profiles().items():
        row = summary(name, path)
        lines.append(f"| [`{name}`]({name}.md) | {row['event']} | {row['line']} |")
    return "\n".join([*lines, ""])


def profile_pages() -> dict[str, str]:
    """src_uri -> Markdown: the index, then a page per profile."""
    pages = {f"{FOLDER}/index.md": index_page()}
    for name in builtin_profiles():
        pages[f"{FOLDER}/{name}.md"] = profile_page(name)
    return pages


def profile_titles() -> dict[str, str]:
    """src_uri -> the title the nav gives each profile's page."""
    return {
        f"{FOLDER}/{name}.md": load_profile_file(path).event.name
        for name, path in builtin_profiles().items()
    }
