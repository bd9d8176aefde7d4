"""How the vocabulary declares itself: one declaration per operator and per scalar function.

A node class of the vocabulary (a norm, the trace, ...) subclasses :class:`Declared` and states,
on the class, what every reader of it needs: its LaTeX and Unicode forms, the LaTeX names that
read as it, its traits (what the normal form and the prover may assume), the back ends'
primitive that computes it or its definition in the rest of the vocabulary, and where it is
defined. A scalar function (``cosh``, ``erf``, Lambert W) is one :class:`Function` record with its
value in each back end's arithmetic. Back ends, printers, the reader and the prover look the
declaration up; nothing else names the operator. The declarations themselves live in
:mod:`symbolic.vocabulary` (and, for the oldest nodes, in :mod:`symbolic.objects`).

This module imports nothing of the project: every other module may read it.

Example:
    >>> import sympy as sp
    >>> class Twice(Declared, sp.Expr):
    ...     latex_form, unicode_form, traits = r"2{0}", "2{0}", frozenset({LINEAR})
    >>> Twice in having(LINEAR), Twice.form("unicode", ["x"])
    (True, '2x')
    >>> del OPERATORS["Twice"]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

#: ‖c u‖ = |c|‖u‖, the triangle inequality, ‖u‖ ≥ 0
NORM = "norm"
#: a norm of the entries: ‖|u|‖ = ‖u‖ (absolute values of the entries do not change it)
ENTRYWISE = "entrywise"
#: ‖Mᵀ‖ = ‖M‖
TRANSPOSE_INVARIANT = "transpose-invariant"
#: ‖u‖² = ⟨u, u⟩ (the square is an inner product, hence smooth)
EUCLIDEAN = "euclidean"
#: f(a u + b v) = a f(u) + b f(v)
LINEAR = "linear"
#: not complex-differentiable (complex-step derivatives are invalid through it)
NONSMOOTH = "nonsmooth"
#: a block of rows of M has no larger norm than M (‖PM‖ ≤ ‖M‖ for a row selection P)
BLOCK_MONOTONE = "block-monotone"
#: every trait a declaration may state
TRAITS = frozenset({NORM, ENTRYWISE, TRANSPOSE_INVARIANT, EUCLIDEAN, LINEAR, NONSMOOTH,
                    BLOCK_MONOTONE})

#: every declared node class, by name
OPERATORS: dict[str, type] = {}


class Declared:
    """Mixin of a node class of the vocabulary that declares itself (see the module docstring).

    ``latex_form``/``unicode_form`` are format strings over the printed arguments (``{0}``);
    ``reads`` the LaTeX operator names read as the node (``tr`` reads ``\\tr(M)``,
    ``\\operatorname{tr}(M)`` and ``\\mathrm{tr}(M)``); ``primitive`` the name of the back ends'
    reduction that computes it from its first argument (``euclidean``: the square root of the
    sum of squared entries), or None when :meth:`definition` gives its value.
    """

    latex_form: ClassVar[str] = ""
    unicode_form: ClassVar[str] = ""
    reads: ClassVar[tuple[str, ...]] = ()
    traits: ClassVar[frozenset[str]] = frozenset()
    primitive: ClassVar[str | None] = None
    #: how the back ends' primitive is called: ``reduce`` (one matrix to a number) or ``matop``
    #: (its arguments' values, to a matrix or, for ``inner``, a number)
    call: ClassVar[str] = "reduce"
    #: the sign every value has: "pos", "nonneg" or None
    sign: ClassVar[str | None] = None
    #: a mutation swaps it for this operator and back (a name in :data:`OPERATORS`), or None;
    #: declared on one of the two
    swap: ClassVar[str | None] = None
    #: operators (names in :data:`OPERATORS`) it bounds from above at every argument, a
    #: theorem with its source in ``dominates_source`` (‖X‖ ≤ ‖X‖_F)
    dominates: ClassVar[tuple[str, ...]] = ()
    dominates_source: ClassVar[str] = ""
    #: the kind of each argument: "vector" (a column), "matrix", "square", "scalar" or "any"
    arguments: ClassVar[tuple[str, ...]] = ("any",)
    #: back ends that cannot compute it, with the reason (the conformance test reads it)
    unavailable: ClassVar[dict[str, str]] = {}

    def __init_subclass__(cls, abstract: bool = False, **kwargs: Any) -> None:
        """Check the traits and register the operator; ``abstract=True`` declares a base class
        that only holds what several operators share (no operator itself: not registered)."""
        super().__init_subclass__(**kwargs)
        unknown = cls.traits - TRAITS
        if unknown:
            raise TypeError(f"{cls.__name__}: unknown traits {sorted(unknown)}")
        if not abstract:
            OPERATORS[cls.__name__] = cls

    @classmethod
    def form(cls, kind: str, args: list[str], parenthesised: list[str] | None = None) -> str:
        """The ``latex`` or ``unicode`` form with the printed arguments filled in (``{0}``;
        ``{p0}``: the argument in parentheses where it needs them)."""
        paren = dict(enumerate(parenthesised or args))
        return (cls.latex_form if kind == "latex" else cls.unicode_form).format(
            *args, **{f"p{k}": v for k, v in paren.items()})

    @classmethod
    def make(cls, *args: Any) -> Any:
        """The node of ``args``, or ``ValueError`` naming what is wrong with them (the reader
        shows it): as many arguments as :attr:`arguments` declares, each of its kind."""
        name = cls.unicode_form.format(*args, **{f"p{k}": a for k, a in enumerate(args)}) \
            if cls.unicode_form and len(args) == len(cls.arguments) else cls.__name__
        if len(args) != len(cls.arguments):
            raise ValueError(f"{name} takes {len(cls.arguments)} argument(s), got {len(args)}")
        for a, kind in zip(args, cls.arguments):
            matrix = bool(getattr(a, "is_Matrix", False))
            shape = getattr(a, "shape", None) if matrix else None
            if kind == "scalar" and not matrix:
                continue
            if kind != "any" and (shape is None or (kind == "vector" and shape[1] != 1) or (
                    kind == "square" and shape[0] != shape[1])):
                what = {"vector": "a column vector", "matrix": "a matrix",
                        "square": "a square matrix", "scalar": "a scalar"}[kind]
                raise ValueError(f"{name} needs {what}, got {a}")
        return cls(*args)

    def definition(self) -> Any:
        """Its value in the rest of the vocabulary, or None (then :attr:`primitive` gives it)."""
        return None

    def domain(self) -> list[Any]:
        """The conditions (SymPy relations, unevaluated) under which the node itself is
        defined, its arguments being defined."""
        return []


def having(trait: str) -> tuple[type, ...]:
    """Every declared node class with ``trait``, in declaration order.

    >>> all(NORM in c.traits for c in having(NORM))
    True
    """
    if trait not in TRAITS:
        raise ValueError(f"unknown trait {trait!r}")
    return tuple(c for c in OPERATORS.values() if trait in c.traits)


def dominating(name: str) -> tuple[type, ...]:
    """Every declared class that bounds the operator ``name`` from above (see
    :attr:`Declared.dominates`)."""
    return tuple(c for c in OPERATORS.values() if name in c.dominates)


def declared(e: Any, trait: str) -> bool:
    """Whether the node ``e`` is of a declared class with ``trait``."""
    return trait in getattr(type(e), "traits", ())


# ----------------------------------------------------------------------- scalar functions


@dataclass(frozen=True)
class Monotone:
    """An interval rule: the function is non-decreasing (``increasing``) or non-increasing on
    its domain and tends to ``low`` at the left end of the line, ``high`` at the right (for a
    decreasing one: ``high`` at the left, ``low`` at the right). The limits are exact numbers
    (SymPy's ``-pi/2``, never a float's rounding of it) or ±inf."""

    increasing: bool = True
    low: Any = float("-inf")
    high: Any = float("inf")


@dataclass(frozen=True)
class Valley:
    """An interval rule: non-increasing up to its minimiser, non-decreasing after. ``at`` is a
    pair of exact numbers bracketing the minimiser, ``least`` an exact lower bound of the
    least value, ``high`` the limit at both ends (cosh: ``Valley((0, 0), 1)``)."""

    at: tuple[Any, Any]
    least: Any
    high: Any = float("inf")


@dataclass(frozen=True)
class Function:
    """One scalar function of the vocabulary, read by every back end, the reader and provers.

    ``name`` is the walker's name; ``sympy`` its SymPy class; ``reads`` the LaTeX names read
    as it (``\\cosh``, ``\\operatorname{erf}``); the values: ``numpy`` on float arrays (batched),
    ``mpmath`` on ``mpf``, ``arb`` on python-flint balls (a rigorous enclosure, NaN where not
    defined), ``interval`` the rule by which an interval back end encloses it (a
    :class:`Monotone`, a :class:`Valley`, or ``"ball"``: the arb value on the ball covering a
    bounded interval, and the bounds ``bounds`` on an unbounded one); ``domain`` maps the
    arguments to the conditions (SymPy relations, built with ``evaluate=False``) where it is
    defined; ``smooth``: SymPy's
    derivative is right wherever it is defined (Taylor models may use it); ``analytic``: the
    numpy value accepts complex arguments (complex-step derivatives). ``native``: every back
    end computes it with its own arithmetic (exp, log, ...), the values here serve the rest.
    """

    name: str
    sympy: Any
    reads: tuple[str, ...] = ()
    arity: int = 1
    numpy: Callable[..., Any] | None = None
    mpmath: Callable[..., Any] | None = None
    arb: Callable[..., Any] | None = None
    interval: Any = "ball"
    bounds: tuple[Any, Any] = (float("-inf"), float("inf"))
    domain: Callable[..., list[Any]] | None = None
    smooth: bool = True
    analytic: bool = True
    native: bool = False
    #: printed forms over the printed arguments, where SymPy's own are not the paper's
    latex_form: str = ""
    unicode_form: str = ""
    #: arguments (exact numbers, inside the domain) where the conformance test compares
    #: every back end's value with arb's
    points: tuple[tuple[Any, ...], ...] = ((-1.5,), (0.3,), (1.75,))
    notes: str = field(default="", compare=False)


#: every declared scalar function, by walker name
FUNCTIONS: dict[str, Function] = {}
#: the same, by SymPy class
BY_CLASS: dict[Any, Function] = {}


def function(decl: Function) -> Function:
    """Register a scalar function's declaration (once per name)."""
    if decl.name in FUNCTIONS:
        raise ValueError(f"function {decl.name!r} declared twice")
    FUNCTIONS[decl.name] = decl
    BY_CLASS[decl.sympy] = decl
    return decl


def value_of(name: str, kind: str) -> Callable[..., Any] | None:
    """The declared value of the function ``name`` in the arithmetic ``kind`` (``numpy``,
    ``mpmath``, ``arb``), or None when there is none."""
    decl = FUNCTIONS.get(name)
    return None if decl is None else getattr(decl, kind)
