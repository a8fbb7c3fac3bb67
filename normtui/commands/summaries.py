"""What ``normtui --help`` says of each command, so that listing them loads none of their
modules. Each line is the first paragraph of the command's own help:
tests/cli/test_lazy.py checks that they agree, and prints the table anew when they do not.
"""

from __future__ import annotations

SUMMARIES: dict[str, str] = {
    "all-present": (
        "Record every player of ROUND not yet recorded there as present at the start (one"
        " change; a player recorded absent stays absent). The console's P on the desk."
    ),
    "arrive": (
        "Record whether PLAYER was present at the start of ROUND. Absent at the start is "
        "fined (§7: 500 EUR in 2022); the fine is recorded unless --no-fine."
    ),
    "backup": (
        "Copy the event DB to FILE, a new file, while consoles and commands keep working "
        "on DB: SQLite's online backup, one consistent moment of the event. FILE is one "
        "file (no -wal beside it): copy it anywhere. It changes nothing in DB."
    ),
    "blitz": (
        "The blitz opener (§1): its games, its ranking, and the pairing numbers chosen in"
        " the order of that ranking."
    ),
    "broadcast": (
        "Push round ROUND's games to a Lichess broadcast round (POST "
        "/api/broadcast/round/ID/push) as the event has them: the records kept, the "
        'results entered, FIDE ids, `Round "N.board"`; a board not begun as its pairing '
        "with `*`. The Armageddon games go to --armageddon-to. Each round's scoring is "
        "set once to the event's points (the Armageddon round unrated). The token is sent"
        " in the request's header only, never printed or stored."
    ),
    "check": (
        "Check the file: SQLite integrity, foreign keys, every row against the audit log "
        "(a change made outside normtui, or damage), every game against the rules, every "
        "attached record against its entered result; and what FIDE's rating report "
        "requires that the event does not say yet (FIDE ids, federations, city, dates, "
        "round dates, chief arbiter). Exit 1 if anything is missing or wrong."
    ),
    "clocks": ("The time controls of every stage, from the event's profile."),
    "contenders": (
        "Who can still finish first or share it, given every way the games left can end."
    ),
    "details": (
        "The event's details for the rating report; with options, record them (an empty "
        "value clears one). The exports use them unless given other values."
    ),
    "export": ("Export the event in DB."),
    "fines": ("The fines ledger."),
    "illness": (
        "PLAYER is too ill to play ROUND (§9): postpone the game, or forfeit it (in "
        "rounds 9 and 10, or when no solution is found)."
    ),
    "import-pgn": (
        "Attach every game of PGN FILES to its game of the event DB and enter its result."
    ),
    "incident": ("Record an incident (for example an electronic device, §7) with the decision."),
    "incidents": ("Every incident recorded."),
    "log": ("The audit log, newest first: time, who, what (with the rows before and after)."),
    "new": ("Create the event database DB: players, pairing numbers and every round's pairings."),
    "open": ("Open the arbiter's console on DB (default: ./demo.db)."),
    "pairings": (
        "The pairings of every round (or one), with results, points, state and signatures."
    ),
    "player": (
        "PLAYER's details for the rating report; with options, record them (audited, "
        "undone by `normtui undo`)."
    ),
    "playoff": (
        "The play-off when first place is shared (§5): two players play a 2-game blitz "
        "match and, if it is tied, an Armageddon (a draw is Black's win); three or more "
        "play a double round robin. Without an option: where it stands, the clock setting"
        " for the next game, the winner and the prize money."
    ),
    "print": ("Print-ready sheets of the event in DB, as HTML for a browser's Print (A4)."),
    "profiles": ("The built-in regulation profiles, one line each: `normtui new --profile NAME`."),
    "publish": (
        "Write the event's public site into FOLDER: standings (classical and Armageddon "
        "points, tie-breaks, prizes), who can still finish first, every round's pairings "
        "and results, the crosstable, a page per player, the play-off, every game as PGN,"
        " and the same data as JSON (standings.json, round-N.json, event.json)."
    ),
    "restore": (
        "Make DB the event that the backup FILE holds, with one more audit entry saying so."
    ),
    "result": ("Enter the result of WHITE against BLACK in ROUND."),
    "round": (
        "Set the date and start time of ROUND, or close or reopen it. A closed round "
        "takes changes only as corrections."
    ),
    "sign": (
        "Record a scoresheet signature (§8): White and Black sign, then the arbiter "
        "countersigns. Until all three have, the result is provisional."
    ),
    "standings": (
        "The standings: rank (shared places as 7-8), points, tie-breaks and prize money."
    ),
    "start": ("Mark the scheduled games of ROUND (or one board) as in progress."),
    "time-control": ("Change the time control NAME of the event's profile, validated and audited."),
    "undo": ("Revert the newest change exactly (the undo itself is logged)."),
    "validate": ("Check PGN FILES game by game against the laws and the regulations."),
    "watch": ("Follow the live boards of SOURCE and act on them in the event DB."),
    "withdraw": (
        "Withdraw PLAYER (§9): under 50 % of games completed, none of their games count; "
        "at 50 % or more they count and the remaining games are forfeits."
    ),
}
