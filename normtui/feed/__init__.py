"""The live board feed: DGT LiveChess folders, PGN files and URLs, LiveChess Cloud,
read as they are written and acted on, for ``normtui watch`` and the console alike (a reader
beside :mod:`normtui.importing`; no Textual).

- :mod:`normtui.feed.sources`: where the games come from, read again only where they changed;
- :mod:`normtui.feed.game`: a game's text, whole or cut (its words read by
  :mod:`normtui.pgn.movetext`), and its moves played one by one on a python-chess board;
- :mod:`normtui.feed.lcc`: LiveChess Cloud's JSON as PGN;
- :mod:`normtui.feed.watcher`: :class:`~normtui.feed.watcher.Feed`, matching each game to its
  pairing and keeping it, its first move, its result, and putting the rest to the arbiter.

What the feed is tested and measured on, the real 2022 games written out as LiveChess does,
is the demo's (:mod:`normtui.demo.replay`).

python-chess is loaded with the first game read, not by importing this package.
"""
