r"""Slots that layers above an object fill: how it prints as LaTeX, and how a claim is read.

A claim, a proposition or a lemma sits *below* its printers and parsers, so it cannot import
them (that would be an import cycle). Instead the printer module registers a function for the
class when it is imported (:mod:`symbolic.latex` for claims, propositions and verdicts,
:mod:`proofs.reports.latex` for chains and lemmas), and the object's ``_repr_latex_`` asks here.
Likewise :mod:`symbolic.latex_parse` registers the LaTeX reader behind ``Claim.from_latex``.
Importing :mod:`symbolic` registers everything of this layer.

Example:
    >>> class Box:
    ...     def _repr_latex_(self):
    ...         return latex_of(self)
    >>> Box()._repr_latex_() is None  # nothing registered: IPython falls back to repr()
    True
    >>> register_latex(Box, lambda b: r"$\square$")
    >>> Box()._repr_latex_()
    '$\\square$'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_LATEX: dict[type, Callable[[Any], str]] = {}
_READERS: dict[str, Callable[..., Any]] = {}


def register_latex(cls: type, printer: Callable[[Any], str]) -> None:
    """Display instances of ``cls`` (and its subclasses) with ``printer`` in Jupyter."""
    _LATEX[cls] = printer


def latex_of(obj: Any) -> str | None:
    """The registered LaTeX display of ``obj`` (nearest class in its MRO), or None."""
    for klass in type(obj).__mro__:
        printer = _LATEX.get(klass)
        if printer is not None:
            return printer(obj)
    return None


def register_reader(fmt: str, reader: Callable[..., Any]) -> None:
    """Make ``reader`` the way claims are read from ``fmt`` (``"latex"``)."""
    _READERS[fmt] = reader


def reader(fmt: str) -> Callable[..., Any]:
    """The registered reader for ``fmt``; a clear error when its module was never imported."""
    try:
        return _READERS[fmt]
    except KeyError:
        raise RuntimeError(f"no {fmt} reader registered: import symbolic (its package "
                           "registers the readers)") from None
