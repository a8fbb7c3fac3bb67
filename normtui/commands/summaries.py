"""What ``normtui --help`` says of each command: the first paragraph of its own help, read from
its docstring in its module's source, so that listing the commands imports none of their
modules (and none of what they import: python-chess, the exporters, the store's parts).

Each docstring is found by its ``def`` and read as the string it is (about a millisecond for
them all). A command whose docstring cannot be read so (no source beside the package) is
imported and asked: slower, never wrong. tests/cli/test_lazy.py checks that every summary is
the command's own help (a help given as ``help=`` instead of a docstring would differ).
"""

from __future__ import annotations

import ast
import importlib
import os

from normtui.commands import COMMANDS

__all__ = ["SUMMARIES", "first_paragraph"]

_HERE = os.path.dirname(__file__)


def first_paragraph(help_text: str) -> str:
    """A help's first paragraph on one line, as click's list of commands shortens it.

    >>> first_paragraph('''Show the standings.
    ...
    ...     The table, with prizes.''')
    'Show the standings.'
    """
    return " ".join(help_text.split("\n\n")[0].split())


def docstring(source: str, function: str) -> str | None:
    '''The docstring of the module-level function ``function`` in ``source``, or None when it
    has none that stands right after its signature as a plain ``"""`` string.

    >>> docstring('\\n@command("x")\\ndef x(db: str) -> None:\\n    """Do x."""\\n', "x")
    'Do x.'
    >>> docstring('\\ndef x() -> None:\\n    pass\\n\\n\\ndef y() -> None:\\n    """Y."""\\n', "x")
    '''
    at = source.find(f"\ndef {function}(")
    opened = source.find('"""', at) if at >= 0 else -1
    closed = source.find('"""', opened + 3) if opened >= 0 else -1
    if closed < 0:
        return None
    line = source.rfind("\n", 0, opened)
    # From the def to the docstring: the signature alone (its lines indented but the last).
    signature = source[at + 1 : line].split("\n")
    if (
        source[line + 1 : opened].strip()
        or any(rest[:1] not in ("", " ", ")") for rest in signature[1:])
        or not signature[-1].startswith(("def ", ")"))
        or not signature[-1].rstrip().endswith(":")
    ):
        return None
    text = source[opened + 3 : closed]
    return text if "\\" not in text else ast.literal_eval(source[opened : closed + 3])


def _help(module: str, function: str, sources: dict[str, str]) -> str:
    if module not in sources:
        try:
            with open(os.path.join(_HERE, f"{module}.py"), encoding="utf-8") as file:
                sources[module] = file.read()
        except OSError:
            sources[module] = ""
    text = docstring(sources[module], function)
    if text is None:
        text = getattr(importlib.import_module(f"normtui.commands.{module}"), function).help
    return first_paragraph(text or "")


def _summaries() -> dict[str, str]:
    sources: dict[str, str] = {}
    out = {}
    for name, where in sorted(COMMANDS.items()):
        module, function = where.rsplit(".", 1)
        out[name] = _help(module, function, sources)
    return out


SUMMARIES: dict[str, str] = _summaries()
