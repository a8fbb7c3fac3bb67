"""The two refusals of the rules core, in a module of their own so that code which only needs
to catch them (the console before its first frame) need not load the rules."""

from __future__ import annotations

__all__ = ["ProfileError", "RuleError"]


class RuleError(ValueError):
    """An action the regulations do not allow. ``article`` names where the rule book says so."""

    def __init__(self, message: str, article: str | None = None) -> None:
        super().__init__(f"{message} ({article})" if article else message)
        self.message = message
        self.article = article


class ProfileError(ValueError):
    """A regulations profile that cannot be used; the message names the offending key."""
