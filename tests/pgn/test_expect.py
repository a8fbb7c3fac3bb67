"""A game against its pairing: players, colours, round; an Armageddon against its main game."""

from __future__ import annotations

from collections.abc import Mapping

from normtui.assets import DATA_2022
from normtui.pgn import Expectation, validate_file, validate_text
from normtui.rules.profile import Profile

from .conftest import PGN_DATA, codes, only

PAIRING = Expectation(white="Carlsen, Magnus", black="Wang, Hao", round=1)


def test_colours_reversed(profile: Profile) -> None:
    main, _ = validate_file(PGN_DATA / "pairing.pgn", "main", profile, PAIRING)
    f = only(main, "colours_reversed")
    assert (f.severity, f.rule) == ("error", "Regulations §1")
    assert "Wang, Hao with White" in f.message
    assert not main.ok


def test_armageddon_must_keep_the_main_game_colours(profile: Profile) -> None:
    reversed_ = Expectation(
        white="Wang, Hao", black="Carlsen, Magnus", round=1, main_result="1/2-1/2"
    )
    _, armageddon = validate_file(PGN_DATA / "pairing.pgn", "armageddon", profile, reversed_)
    f = only(armageddon, "colours_reversed")
    assert f.rule == "Regulations §2" and "keeps White in the Armageddon" in f.message
    # "Carlsen, M" and "Wang, H" are the main game's players, in its colours.
    _, same = validate_file(
        PGN_DATA / "pairing.pgn",
        "armageddon",
        profile,
        Expectation("Carlsen, Magnus", "Wang, Hao", 1, "1/2-1/2"),
    )
    assert same.findings == ()


def test_players_as_a_pair(profile: Profile) -> None:
    main, _ = validate_file(
        PGN_DATA / "pairing.pgn", "main", profile, ("Carlsen, Magnus", "Wang, Hao")
    )
    assert codes(main) == ["colours_reversed"]
    playoff, _ = validate_file(
        PGN_DATA / "pairing.pgn", "playoff", profile, ("Carlsen, Magnus", "Wang, Hao")
    )
    assert only(playoff, "colours_reversed").rule == "Regulations §5"


def test_players_mismatch(profile: Profile) -> None:
    [report] = validate_text(
        '[White "So, Wesley"]\n[Black "Wang, Hao"]\n[Result "*"]\n\n*', "main", profile, PAIRING
    )
    assert "players_mismatch" in codes(report)
    assert (
        "the pairing is Carlsen, Magnus (White) - Wang, Hao (Black)"
        in only(report, "players_mismatch").message
    )


def test_round_mismatch(profile: Profile) -> None:
    main, _ = validate_file(
        PGN_DATA / "pairing.pgn",
        "main",
        profile,
        Expectation(white="Wang, Hao", black="Carlsen", round="2"),
    )
    assert codes(main) == ["round_mismatch"]
    assert main.findings[0].severity == "warning"


def test_armageddon_without_drawn_main(profile: Profile) -> None:
    _, armageddon = validate_file(
        PGN_DATA / "pairing.pgn",
        "armageddon",
        profile,
        Expectation("Carlsen, Magnus", "Wang, Hao", 1, "1-0"),
    )
    f = only(armageddon, "armageddon_without_drawn_main")
    assert f.severity == "error" and "ended 1-0" in f.message


def test_a_function_finds_each_game_its_pairing(profile: Profile) -> None:
    """The importer's way: look the pairing up from the game's own tags."""
    main_games = {
        (r.round, r.white, r.black): r.result
        for r in validate_file(DATA_2022 / "classical.pgn", "main", profile)
    }

    def pairing_of(headers: Mapping[str, str]) -> Expectation:
        round_ = headers["Round"].split(".")[0]
        for (rnd, white, black), result in main_games.items():
            if rnd == round_ and white == headers["White"]:
                return Expectation(white, black, rnd, result)
        raise AssertionError(headers)

    reports = list(validate_file(DATA_2022 / "armageddon.pgn", "armageddon", profile, pairing_of))
    assert len(reports) == 31
    assert all(r.ok and r.count("warning") == 0 for r in reports)
