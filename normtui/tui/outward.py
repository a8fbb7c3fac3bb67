"""What the console sends out while it runs: the public site and the Lichess broadcast.

Each runs :func:`normtui.export.follow.follow` in a thread of its own with its own store, as
``normtui publish --watch`` and ``normtui broadcast --watch`` do; the console starts and stops
them (palette) and pane 8 shows when each last succeeded (:attr:`Outward.line`); the app holds
the one runner (``NormtuiApp.outward_runner``). Nothing here opens a screen: a failure is said
on pane 8's line and the loop tries again as the command line's does.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App

from normtui.tui.formatting import clock_time

if TYPE_CHECKING:
    from normtui.store.outward import OutwardRun

__all__ = ["Outward"]


@dataclass
class _Run:
    """One loop: what it does, its stop switch, what it last said."""

    what: str
    stop: threading.Event
    last_ok: str = ""
    problem: str = ""
    ended: bool = False

    @property
    def text(self) -> str:
        state = f"{self.what}: " + (self.last_ok or "starting…")
        if self.problem:
            state += f" — {self.problem}"
        return state + (" (stopped)" if self.ended else "")


class Outward:
    """The console's publisher and broadcaster; ``changed`` is called on the app's thread
    whenever :attr:`line` changes."""

    def __init__(self, app: App[Any], path: Path, changed: Callable[[], None]) -> None:
        self.app = app
        self.path = path
        self.changed = changed
        self.runs: dict[str, _Run] = {}

    @property
    def line(self) -> str:
        """One line for pane 8: each loop with its last success, or "" when none runs."""
        return " · ".join(run.text for run in self.runs.values())

    def running(self, kind: str) -> bool:
        run = self.runs.get(kind)
        return run is not None and not run.ended

    def start_publishing(self, folder: Path) -> None:
        from normtui.export.publish import GameTexts, publish  # only when publishing

        texts = GameTexts()

        def said(report: Any) -> str:
            return f"{len(report.written)} files written"

        self._start(
            "publish",
            f"Public page {folder}",
            lambda store: publish(store, folder, texts=texts),
            said,
        )

    def start_broadcast(
        self,
        token: str,
        round_no: int,
        to: str,
        armageddon_to: str | None,
        base_url: str = "https://lichess.org",
        scoring: bool = True,
    ) -> None:
        """Refuses at once (an :class:`~normtui.store.InputError`) a round id or a token that
        cannot be used; a network failure is the loop's to retry."""
        # Only when broadcasting.
        from normtui.export.lichess import Broadcast, Lichess
        from normtui.export.snapshot import take_snapshot

        caster = Broadcast(Lichess(token, base_url), round_no, to, armageddon_to, scoring=scoring)

        def said(reports: Any) -> str:
            games = sum(r.sent for r in reports)
            refused = sum(len(r.refused) for r in reports)
            return f"{games} games pushed" + (f", {refused} refused" if refused else "")

        target = to + (f" + {armageddon_to}" if armageddon_to else "")
        self._start(
            "broadcast",
            f"Lichess round {round_no} → {target}",
            lambda store: caster.push(take_snapshot(store)),
            said,
        )

    def stop(self, kind: str) -> bool:
        """Stop a loop; False when it was not running."""
        run = self.runs.pop(kind, None)
        if run is None:
            return False
        run.stop.set()
        self.changed()
        return True

    def stop_all(self) -> None:
        for kind in list(self.runs):
            self.stop(kind)

    def _start(
        self, kind: str, what: str, work: Callable[[Any], Any], said: Callable[[Any], str]
    ) -> None:
        from normtui.export.follow import Turn, follow  # only when publishing or broadcasting

        self.stop(kind)
        run = self.runs[kind] = _Run(what, threading.Event())

        def tell(turn: Turn[Any]) -> None:
            at = datetime.now().strftime("%H:%M:%S")
            if turn.value is not None:
                run.last_ok, run.problem = f"last {at}, {said(turn.value)}", ""
            else:
                again = "" if turn.retry_in is None else f"; again in {turn.retry_in:g} s"
                run.problem = f"{at} {turn.problem}{again}"
            self.app.call_from_thread(self.changed)

        def loop() -> None:
            try:
                follow(self.path, work, tell, interval=0.5, stop=run.stop)
            except Exception as exc:  # the loop's thread must not die unsaid
                run.problem = f"stopped: {exc}"
            run.ended = True
            if not run.stop.is_set():
                self.app.call_from_thread(self.changed)

        self.app.run_worker(loop, thread=True, group=f"outward-{kind}", exit_on_error=False)
        self.changed()


def ask_publish(screen: Any) -> None:
    """Palette: ask for the folder, then publish there after every change."""
    from normtui.tui.screens.publish_site import PublishSiteScreen  # only when publishing

    path: Path = screen.path
    screen.app.push_screen(
        PublishSiteScreen(path.with_name(f"{path.stem}-site")),
        lambda folder: _publish(screen, folder) if folder is not None else None,
    )


def _publish(screen: Any, folder: Path) -> None:
    screen.normtui.outward_runner().start_publishing(folder)
    # Kept with the event: a console opened after this one quits offers it again.
    screen.store.outward.started("publish", {"folder": str(folder)})
    screen.normtui.outward_offered.pop("publish", None)
    screen.say(f"Publishing the public page into {folder} (pane 8 shows it)")


_AS_IT_RAN = ("base_url", "scoring")


def ask_broadcast(screen: Any, again: OutwardRun | None = None) -> None:
    """Palette: ask for the round and the Lichess round ids, then push after every change;
    ``again``: what a console pushed before it quit, filled in (the token is read again)."""
    # Only when broadcasting.
    from normtui.store import InputError
    from normtui.tui.screens.broadcast_round import BroadcastChoice, BroadcastRoundScreen

    runner: Outward = screen.normtui.outward_runner()

    # A broadcast a command line ran against another server, or without setting the rounds'
    # scoring, resumes as it ran.
    kept = {k: v for k, v in (again.settings if again else {}).items() if k in _AS_IT_RAN}

    def chosen(choice: BroadcastChoice | None) -> None:
        if choice is None:
            return
        round_no, to, armageddon_to, token, token_file = choice
        try:
            runner.start_broadcast(token, round_no, to, armageddon_to, **kept)
        except InputError as exc:
            screen.notify(str(exc), severity="error", markup=False)
            return
        settings = {
            "round": round_no,
            "to": to,
            "armageddon_to": armageddon_to,
            "token_file": token_file,
            **kept,
        }
        screen.store.outward.started("broadcast", settings)
        screen.normtui.outward_offered.pop("broadcast", None)
        screen.say(f"Pushing round {round_no} to Lichess (pane 8 shows it)")

    if again is None:
        dialog = BroadcastRoundScreen(screen.event.current_round)
    else:
        given = again.settings
        dialog = BroadcastRoundScreen(
            int(given["round"]), str(given["to"]), given["armageddon_to"], given["token_file"]
        )
    screen.app.push_screen(dialog, chosen)


def stop(screen: Any, kind: str, what: str) -> None:
    """Palette: stop publishing or broadcasting (or no longer offer to start it again)."""
    offered = screen.normtui.outward_offered.pop(kind, None)
    running = screen.normtui.outward_runner().stop(kind)
    screen.store.outward.forget(kind)
    if running:
        screen.say(f"Stopped {what}")
    elif offered is not None:
        screen.say(f"Not {what}: no longer offered to start it again")
    else:
        screen.say(f"Not {what}")


def resume(screen: Any, kind: str) -> None:
    """Palette: start again what a console stopped by quitting (the broadcast's dialog opens
    filled in, its token read again)."""
    run = screen.normtui.outward_offered.get(kind)
    if run is None:
        screen.say("Nothing to start again.")
    elif kind == "publish":
        _publish(screen, Path(run.settings["folder"]))
    else:
        ask_broadcast(screen, run)


def stopped_line(run: OutwardRun, now: datetime) -> str:
    """What stopped, by what, and when: "Publishing the public page into site stopped when
    the console quit at 19:32." (a command line's watch: "when normtui publish --watch
    ended at 19:32")."""
    when = (
        f"when {ended_words(run)} at {clock_time(run.stopped_at, now)}"
        if run.stopped_at is not None
        else f"when {run.by} ended"
    )
    return f"{run.what[0].upper()}{run.what[1:]} stopped {when}."


def ended_words(run: OutwardRun) -> str:
    """How what ran it ended: "the console quit", "normtui publish --watch ended"."""
    return "the console quit" if run.by == "the console" else f"{run.by} ended"


def offer(screen: Any) -> None:
    """The console open: what a console sent out until it quit (or ended) is said, with how
    to start it again. Said, never started by itself nor asked in a dialog: the arbiter's
    next key may be meant for the pairings."""
    offered = {run.kind: run for run in screen.store.outward.to_resume()}
    screen.normtui.outward_offered = offered
    if not offered:
        return
    now = screen.normtui.now()
    lines = [stopped_line(run, now) for run in offered.values()]
    text = " ".join(lines) + ' Ctrl+P "resume" starts it again; "stop" no longer offers it.'
    quit = all(run.by == "the console" for run in offered.values())
    title = "Stopped on quitting" if quit else "Stopped"
    screen.notify(text, title=title, severity="warning", timeout=30, markup=False)


def quit_lines(app: Any) -> list[str]:
    """What quitting now stops, one each (the "Quit?" question, then the terminal)."""
    runner: Outward | None = app.outward
    if runner is None:
        return []
    return [run.what for run in runner.runs.values() if not run.ended]
