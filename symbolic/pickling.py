"""Pickling of expressions that SymPy cannot rebuild by evaluating them again.

Unpickling a SymPy expression calls its class on its arguments, which evaluates it anew. For
``Max`` and ``Min`` that runs ``factor_terms`` through the arguments, which fails on an inner
product of matrix expressions (``Max(0, <sigma(tau), x>)``, as in lipschitz-attention): a claim
pickled for a worker process or a Dask cluster could not be read back. Their arguments were
canonical when pickled, so they are rebuilt without evaluation. Registered on import of
:mod:`symbolic`.

Example:
    >>> import pickle, sympy as sp
    >>> x = sp.Symbol("x", real=True)
    >>> pickle.loads(pickle.dumps(sp.Max(x, 0))) == sp.Max(x, 0)
    True
"""

from __future__ import annotations

import copyreg
from typing import Any

import sympy as sp


def _rebuild(cls: type, args: tuple) -> Any:
    """``cls(*args)`` without evaluation."""
    return cls(*args, evaluate=False)


def _reduce(e: sp.Basic) -> tuple[Any, tuple[type, tuple]]:
    return _rebuild, (type(e), e.args)


def register() -> None:
    """Pickle ``Max``, ``Min`` and ``Abs`` (whose evaluation rebuilds its argument) through
    :func:`_rebuild`."""
    for cls in (sp.Max, sp.Min, sp.Abs):
        copyreg.pickle(cls, _reduce)


register()
