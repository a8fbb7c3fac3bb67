"""The demo: the real Norway Chess 2022, as an event file and as live boards.

- :mod:`normtui.demo.fresh`: a fresh copy of the shipped ``demo.db`` for ``normtui demo``;
- :mod:`normtui.demo.build`: builds ``demo.db`` from the real games
  (``python -m normtui.demo demo.db --force``), plays a round as live boards (``--live``);
- :mod:`normtui.demo.filled`: a filled event of any size, for the benchmarks (``--filled N``);
- :mod:`normtui.demo.replay`: the real games of a round written out as DGT LiveChess does;
- :mod:`normtui.demo.data2022`: the 2022 pairing numbers, games and players they all read.

It sits above the feed and the importers in the layers (pyproject.toml): it writes through
the store and is read by the feed's tests and benchmarks; nothing below it imports it.
"""
