r"""Values the builder holds before they are objects: a norm waiting for its subscript, the
all-ones vector and the identity waiting for their size, intervals, sets of reals.

Example:
    >>> from symbolic.objects import matrix, n
    >>> A = matrix("A", n, n)
    >>> add(A, scale_eye(Eye(), 2))
    2*I + A
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import sympy as sp

from symbolic import objects as ob
from symbolic.vocabulary import frob

#: how ``\|.\|`` subscripts are written, as the name the builder knows them by
NORM_SUBS = {"2": "2", r"\infty": "inf", "inf": "inf", "max": "inf", "F": "F", "Fro": "F",
             "fro": "F", "op": "op", "1": "1", r"2\to2": "op", r"2\rightarrow2": "op"}


def clean_sub(sub: str) -> str:
    r"""A subscript without ``\mathrm{}``-type wrappers and spaces: ``\mathrm{op}`` -> ``op``.

    >>> clean_sub(r" \mathrm{ op } ")
    'op'
    """
    import re

    sub = re.sub(r"\\(?:mathrm|operatorname|text|mathsf|textrm)\s*\{\s*([^{}]*?)\s*\}", r"\1",
                 sub)
    return re.sub(r"\s+", "", sub)


@dataclass
class V:
    """A value with what the product rule needs: a name that may be called, a ``(...)`` that
    may be its argument list (with the sub-/superscripts that follow it, applied later)."""

    kind: str  # "name", "paren", "set", "fbare", "value"
    text: str = ""
    pos: int = 0
    value: Any = None
    args: tuple = ()
    posts: list = field(default_factory=list)
    given: tuple = ()  #: opaque: what ``(X | Y)`` is conditioned on (``Y``)


#: a dual norm written in a formula (``\|y\|_*``, ``||y||_\ast``): its plain norms are general
_DUAL = re.compile(r"(?:\\\||\|\||\\[rR]Vert|\\right\\\|)\s*(?:\^\s*(?:\{[^{}]*\}|\w)\s*)?_\s*"
                   r"\{?\s*(?:\*|\\ast|\\star)")


class Norm:
    r"""``\|v\|`` waiting for its subscript (``_2``, ``_\infty``, ``_F``, ``_1``, ``_p``,
    ``_{\mathrm{op}}``)."""

    def __init__(self, arg: Any):
        self.arg = arg

    def build(self, sub: str | None, b: Any, node: Any) -> Any:
        a = self.arg
        raw = None if sub is None else clean_sub(sub)
        kind = None if raw is None else NORM_SUBS.get(raw)
        opaque = getattr(b, "opaque", False)
        if opaque and (not ob.is_matrix(a) or (raw is None and _DUAL.search(b.text)) or (
                raw is not None and kind is None and not re.fullmatch(r"\d+(?:\.\d+)?", raw))):
            # ‖g‖_*, ‖x‖_A, ‖v‖ of a name not known to be a vector, and ‖x‖ beside a dual norm
            # ‖y‖_* (a general norm, not the Euclidean one): shown as written
            from symbolic.latex_parse.names import _start
            from symbolic.latex_parse.opaque import display

            return b.opaque_atom("norm", "‖‖", [a], _start(node),
                                 display(sub) if sub is not None else "")
        if not ob.is_matrix(a):
            if raw not in (None, "1", "2", r"\infty"):
                raise b.err(node, f"\\|.\\|_{sub} of a scalar")
            free = getattr(a, "free_symbols", set()) & getattr(b, "defaulted", set())
            if free and not opaque:  # ‖w^*‖ of a name nothing declares: |w*|, or a vector's
                names = ", ".join(sorted(str(x) for x in free))
                raise b.err(node, f"two readings: the norm of {names}, which nothing declares: "
                                  f"the absolute value of a number, or the norm of a vector "
                                  f"(declare {names} in \\mathbb{{R}}^n, or write |.| for a "
                                  "number)")
            return sp.Abs(a)
        vector = a.shape[1] == 1
        if raw is None or kind in ("2", "op"):
            if kind == "op" and vector:
                return ob.norm2(a)  # the operator norm of a column is its 2-norm
            return ob.norm2(a) if vector else ob.opnorm(a)  # ||A||_2 of a matrix: spectral
        if kind == "inf":
            if not vector:
                raise b.err(node, "\\|M\\|_\\infty of a matrix is not supported")
            return ob.norminf(a)
        if kind == "F":
            return frob(a)
        if not vector:
            raise b.err(node, f"\\|M\\|_{sub} of a matrix is not supported (the spectral "
                              "norm is \\|M\\|, \\|M\\|_2 or \\|M\\|_{\\mathrm{op}}; "
                              "Frobenius \\|M\\|_F)")
        if kind == "1":
            return ob.norm1(a)
        try:
            p = sp.Rational(raw)
        except (TypeError, ValueError):
            p = b.resolve(raw, node)
        return ob.normp(a, p)


class Ones:
    r"""``\mathbf{1}`` waiting for its size subscript."""


class Eye:
    r"""A bare ``I`` times ``coeff``: the identity, sized by the matrix it is added to, multiplied
    with or compared with (``A \succeq \lambda I``)."""

    def __init__(self, coeff: Any = 1):
        self.coeff = sp.sympify(coeff)

    def sized(self, size: Any) -> Any:
        return self.coeff * sp.Identity(size)

    def __neg__(self) -> Eye:  # A - \alpha I
        return Eye(-self.coeff)


def scale_eye(e: Eye, s: Any) -> Eye:
    """``s I``: the identity placeholder times a scalar."""
    return Eye(e.coeff * s)


def resolve_eye(a: Any, b: Any) -> tuple[Any, Any]:
    """``(a, b)`` with a bare ``I`` on either side sized by the square matrix on the other."""
    if isinstance(a, Eye) and ob.is_matrix(b) and b.shape[0] == b.shape[1]:
        a = a.sized(b.shape[0])
    if isinstance(b, Eye) and ob.is_matrix(a) and a.shape[0] == a.shape[1]:
        b = b.sized(a.shape[0])
    return a, b


@dataclass
class Interval:
    lo: Any
    hi: Any
    lo_closed: bool
    hi_closed: bool


@dataclass
class IndexRange:
    r"""``[n] = \{1, ..., n\}``."""

    hi: Any


@dataclass
class RealSet:
    r"""``\mathbb{R}``, ``\mathbb{R}^d``, ``\mathbb{R}^{n \times d}``, ``\mathbb{R}_+``,
    ``\mathbb{S}^n_+`` (PSD matrices): ``shape`` (None: scalars), ``sign`` (``>=``, ``>`` or
    None), ``psd``."""

    letter: str
    shape: tuple | None = None
    sign: str | None = None
    psd: bool = False


def add(a: Any, b: Any) -> Any:
    """``a + b`` with the identity placeholder sized, refusing a matrix plus a scalar."""
    a, b = resolve_eye(a, b)
    if isinstance(a, Eye) or isinstance(b, Eye):
        raise ValueError("I (the identity) needs its size: write I_n, or add it to a matrix")
    if ob.is_matrix(a) != ob.is_matrix(b):
        raise ValueError(f"cannot add a matrix and a scalar: {a} + {b}")
    return a + b
