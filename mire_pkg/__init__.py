"""Mire: a rules language for tabletop games, and one generic engine that runs them."""

__version__ = "0.1.0"
