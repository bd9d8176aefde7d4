"""The one set of evaluation failures: what "no value here" means, decided in one place.

A back end that cannot compute a node raises :class:`Unsupported`; any evaluation may also
meet the libraries' errors (a number outside a domain, a singular matrix, a shape or index
out of range). A stage catches :data:`CANNOT_EVALUATE` around an evaluation and decides
nothing from it: a failure is never a violation and never a proof.

Example:
    >>> import sympy as sp
    >>> from symbolic.walk import Evaluator, SympyScalarOps
    >>> try:
    ...     Evaluator(SympyScalarOps(), {})(sp.zeta(sp.Symbol("t")))
    ... except CANNOT_EVALUATE as exc:
    ...     print(type(exc).__name__)
    Unsupported
"""

from __future__ import annotations


class EvaluationFailure(Exception):
    """No value here: the expression cannot be computed at these values by this back end."""


class Unsupported(EvaluationFailure):
    """A back end cannot evaluate this node (the check is then ``skipped`` for that back end)."""


#: the libraries' errors an evaluation may meet (numbers, shapes, indices, missing values)
LIBRARY_ERRORS: tuple[type[BaseException], ...] = (
    ArithmeticError, ValueError, TypeError, KeyError, IndexError)
#: everything a stage catches around an evaluation, deciding nothing from it
CANNOT_EVALUATE: tuple[type[BaseException], ...] = (EvaluationFailure, *LIBRARY_ERRORS)
