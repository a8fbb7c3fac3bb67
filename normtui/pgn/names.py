"""Player names as PGN files spell them: "Carlsen, Magnus", "Magnus Carlsen", "Carlsen,M".

A PGN header is typed by a broadcaster, a pairing list by the arbiter: the same player arrives
with or without the comma, with initials, with or without accents. These helpers decide whether
two spellings name the same player, so a game can be matched to its pairing.

>>> normalise_name("Carlsen, Magnus") == normalise_name("Magnus Carlsen")
True
>>> [names_match(a, "Vachier-Lagrave, Maxime") for a in ("MVL", "Maxime Vachier Lagrave")]
[False, True]
"""

from __future__ import annotations

import re

from normtui.rules.folding import fold

__all__ = ["names_match", "normalise_name", "spelled_alike", "split_name"]

_TITLES = frozenset({"GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"})
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


def _words(text: str) -> list[str]:
    words = text.split()
    # A title typed in front of the name ("GM Carlsen, Magnus") is not part of it.
    while words and words[0].rstrip(".") in _TITLES:
        words.pop(0)
    # The same folding as the store's player lookup (normtui.rules.folding).
    return _WORD.findall(fold(" ".join(words)))


def normalise_name(name: str) -> str:
    """A spelling-independent key: folded, accent-free words in alphabetical order.

    Word order is dropped because "Wang Hao" is surname-first and "Magnus Carlsen" is not; the
    key cannot know which word is the surname, so it does not depend on the order at all.

    >>> normalise_name("Carlsen, Magnus")
    'carlsen magnus'
    >>> normalise_name("  GM Tari,  Aryan ")
    'aryan tari'
    >>> normalise_name("Østenstad, Berge")
    'berge ostenstad'
    """
    return " ".join(sorted(_words(name)))


def spelled_alike(a: str, b: str) -> bool:
    """Whether two spellings hold the same words, whatever their order, case, accents, commas
    and spacing: a name matched (:func:`names_match`) but not spelled alike is one an import
    says it took for the registered one.

    >>> spelled_alike("Carlsen, Magnus", "Magnus Carlsen"), spelled_alike("Tari,Aryan", "Tari, A")
    (True, False)
    >>> spelled_alike("Fedoseev, Vladimir3", "Fedoseev, Vladimir")
    False
    >>> spelled_alike("Carlsen,M", "Carlsen, Magnus"), spelled_alike("Ostenstad, B", "Østenstad, B")
    (False, True)
    """
    return sorted(fold(a).replace(",", " ").split()) == sorted(fold(b).replace(",", " ").split())


def split_name(name: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """(surname words, given-name words) for a "Surname, Given" spelling; None without a comma.

    >>> split_name("Vachier-Lagrave, Maxime")
    (('vachier', 'lagrave'), ('maxime',))
    >>> split_name("Magnus Carlsen") is None
    True
    """
    if "," not in name:
        return None
    surname, _, given = name.partition(",")
    return tuple(_words(surname)), tuple(_words(given))


def _given_match(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    # "M" or "Sh" stands for "Magnus" or "Shakhriyar"; a missing given name matches any.
    for x, y in zip(a, b, strict=False):
        short, long = (x, y) if len(x) <= len(y) else (y, x)
        if short != long and not (len(short) <= 2 and long.startswith(short)):
            return False
    return True


def _readings(name: str) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    split = split_name(name)
    if split is not None:
        return [split]
    words = tuple(_words(name))
    if len(words) < 2:
        return [(words, ())]
    # Without a comma the surname may stand at either end ("Magnus Carlsen", "Wang Hao") and
    # may have several words ("Maxime Vachier Lagrave").
    cuts = range(1, len(words))
    return (
        [(words[i:], words[:i]) for i in cuts]
        + [(words[:i], words[i:]) for i in cuts]
        + [(words, ())]
    )


def names_match(a: str, b: str) -> bool:
    """True when two spellings plausibly name the same player.

    Equal keys match; otherwise the surnames must agree and each given name must equal, or be
    an initial of, the other's.

    >>> names_match("Carlsen,M", "Carlsen, Magnus"), names_match("Carlsen", "Magnus Carlsen")
    (True, True)
    >>> names_match("Carlsen, Magnus", "Carlsen, Henrik"), names_match("", "Carlsen, Magnus")
    (False, False)
    >>> names_match("Wang, Hao", "Wang, Yue")
    False
    """
    key_a, key_b = normalise_name(a), normalise_name(b)
    if not key_a or not key_b:
        return False
    if key_a == key_b:
        return True
    return any(
        sur_a == sur_b and _given_match(given_a, given_b)
        for sur_a, given_a in _readings(a)
        for sur_b, given_b in _readings(b)
        if sur_a
    )
