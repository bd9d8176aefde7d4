"""The vocabulary's declarations: each operator and scalar function stated once.

Importing this package registers every declaration; read them through it (the mechanism and
the registries are in :mod:`symbolic.declared`): back ends, printers, the reader and the
provers ask for traits (:func:`having`), a function's values (``FUNCTIONS``), a node's
domain, never for an operator by name.

Example:
    >>> from symbolic.vocabulary import OPERATORS, NORM, having, trace, frob
    >>> trace in [] or "Trace" in OPERATORS, frob in [] or len(having(NORM)) >= 5
    (True, True)
"""

from symbolic.declared import (
    BLOCK_MONOTONE,
    BY_CLASS,
    ENTRYWISE,
    EUCLIDEAN,
    FUNCTIONS,
    LINEAR,
    NONSMOOTH,
    NORM,
    OPERATORS,
    TRANSPOSE_INVARIANT,
    Declared,
    Function,
    Monotone,
    Valley,
    declared,
    dominating,
    having,
    value_of,
)
from symbolic.vocabulary.functions import NormalCDF, NormalPDF
from symbolic.vocabulary.matrices import trace
from symbolic.vocabulary.norms import frob

__all__ = [
    "BLOCK_MONOTONE", "BY_CLASS", "ENTRYWISE", "EUCLIDEAN", "FUNCTIONS", "LINEAR", "NONSMOOTH",
    "NORM", "OPERATORS", "TRANSPOSE_INVARIANT", "Declared", "Function", "Monotone",
    "NormalCDF", "NormalPDF", "Valley", "declared", "dominating", "frob", "having", "trace",
    "value_of",
]
