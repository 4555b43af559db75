"""wargames-tui: classic board wargames in the terminal, every rule enforced."""

__version__ = "0.1.0"
