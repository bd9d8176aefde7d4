"""Prose with mathematics in it, written once and shown in each format's one notation.

A hand-written corrected form ("add β > 0: then α(x)α(y) ≥ β² …") mixes words with formulas.
:class:`Text` keeps the formulas as SymPy objects (``Prop`` or expressions), so the errata show
them in Unicode in markdown and the terminal and in LaTeX in ``.tex`` (never SymPy's ASCII).

Example:
    >>> from symbolic import Prop, scalar
    >>> beta = scalar("beta")
    >>> t = Text("add ", Prop(beta, ">", 0), " to the hypotheses")
    >>> str(t)
    'add β > 0 to the hypotheses'
    >>> t.latex(lambda s: s)
    'add $\\\\beta > 0$ to the hypotheses'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from symbolic.latex import latex
from symbolic.pretty import pretty


class Text:
    """Words (``str`` pieces) and formulas (any other piece), in order."""

    def __init__(self, *pieces: Any):
        self.pieces = tuple(pieces)

    def __str__(self) -> str:
        """Unicode (markdown, terminal): formulas by :func:`symbolic.pretty.pretty`."""
        return "".join(p if isinstance(p, str) else pretty(p) for p in self.pieces)

    def __repr__(self) -> str:
        return f"Text({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and self.pieces == other.pieces

    def __hash__(self) -> int:
        return hash(self.pieces)

    def latex(self, words: Callable[[str], str]) -> str:
        """LaTeX: formulas in ``$…$``, words through ``words`` (the caller's text escaper)."""
        return "".join(words(p) if isinstance(p, str) else f"${latex(p)}$"
                       for p in self.pieces)
