"""normtui: the arbiter's console for a Norway-Chess-style round robin with Armageddon."""

__version__ = "0.2.2"
