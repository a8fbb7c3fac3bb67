"""The rule book as pure functions: no I/O, no UI, no database (tests/test_architecture.py).

Where each article of the Norway Chess regulations lives:

* §1 format, Berger tables, drawing of lots, the blitz opener: ``berger``, ``lots``, ``blitz``
* §2-§4 main games, Armageddon, points: ``scoring``, ``results``
* §5 prize money and play-offs: ``prizes``, ``playoff``; the final table after it: ``final``;
  who can still finish first: ``contenders`` (its searches: ``race_places``, ``race_search``,
  ``race_flow``)
* §2-§3 for games followed live (the Armageddon window from the game's end, the clocks a game
  starts with, the table if the games under way ended now): ``live``
* §6 tie-breaks and the standings: ``standings``
* §7 player duties: ``duties``; §8 scoresheets: ``scoresheets``
* §9 illness and withdrawal: ``withdrawal``
* FIDE's paperwork: the rating change and performance (B.02): ``rating``; title norms (B.01
  §1.4): ``norms``; their tables and thresholds: ``fide_tables``
* every number of the rule book: ``profile`` (loaded from ``assets/regulations``)
* the values they all work on: ``model``
"""
