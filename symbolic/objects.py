"""Symbols and operators of the papers, as SymPy expression nodes.

Scalars are SymPy ``Symbol``s, vectors are ``n x 1`` ``MatrixSymbol``s and matrices are
``MatrixSymbol``s whose shapes may involve the dimension symbols ``n`` and ``d``. The operators
the papers use (elementwise ``exp``, ``<u, v>``, ``diag``, norms, ...) are small custom nodes
that every back end (exact, numpy, mpmath, arb, LaTeX) reads.

Example:
    >>> from symbolic.objects import matrix, vector, exp_, inner, ones, n, d, symbols_of
    >>> A, x = matrix("A", n, d), vector("x", d)
    >>> alpha = inner(exp_(A * x), ones(n))
    >>> symbols_of(alpha) == {A, x}
    True
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import sympy as sp
from sympy.matrices.expressions.matexpr import MatrixExpr

from symbolic.declared import (
    BLOCK_MONOTONE,
    ENTRYWISE,
    EUCLIDEAN,
    NONSMOOTH,
    NORM,
    TRANSPOSE_INVARIANT,
    Declared,
)

n = sp.Symbol("n", integer=True, positive=True)
d = sp.Symbol("d", integer=True, positive=True)

#: Dimension symbols known to the toolkit, by name.
DIMS: dict[str, sp.Symbol] = {"n": n, "d": d}


def dim(name: str) -> sp.Symbol:
    """A dimension parameter (positive integer), e.g. ``dim("k")``."""
    return DIMS.setdefault(name, sp.Symbol(name, integer=True, positive=True))


def scalar(name: str, **assumptions: bool) -> sp.Symbol:
    """A real scalar symbol; assumptions such as ``positive=True`` are passed to SymPy."""
    assumptions.setdefault("real", True)
    return sp.Symbol(name, **assumptions)


def index(name: str) -> sp.Symbol:
    """A 1-based index symbol, as in "for each i in [d]"."""
    return sp.Symbol(name, integer=True, positive=True)


class SymmetricMatrixSymbol(sp.MatrixSymbol):
    """A square matrix symbol that samplers fill with symmetric matrices."""


def fresh_name(base: str, taken: set[str]) -> str:
    """``base``, primed until no name in ``taken`` is it; the name joins ``taken``.

    >>> taken = {"G", "G'"}
    >>> fresh_name("G", taken), fresh_name("s_1", taken)
    ("G''", 's_1')
    """
    name = base
    while name in taken:
        name += "'"
    taken.add(name)
    return name


def vector(name: str, size: sp.Expr | int) -> sp.MatrixSymbol:
    """A column vector symbol of length ``size``."""
    return sp.MatrixSymbol(name, size, 1)


def matrix(name: str, rows: sp.Expr | int, cols: sp.Expr | int, *, symmetric: bool = False):
    """A matrix symbol; ``symmetric=True`` for a symmetric square matrix (PSD orderings)."""
    if symmetric:
        return SymmetricMatrixSymbol(name, rows, cols)
    return sp.MatrixSymbol(name, rows, cols)


def is_matrix(e: sp.Basic) -> bool:
    """Whether ``e`` is matrix-valued."""
    return bool(getattr(e, "is_Matrix", False))


@lru_cache(maxsize=4096)
def _doit(node: sp.Basic, hints: tuple[tuple[str, Any], ...], base: type) -> sp.Basic:
    """SymPy's ``doit`` of one of this module's nodes, computed once per node and hints.

    Each matrix product SymPy builds calls ``doit`` on its factors, which rebuilds every
    subterm: an expression built one product at a time is rebuilt again and again (building
    the three papers spent most of its time there). ``doit`` is a function of the node, so
    the cached answer is the one SymPy would compute.
    """
    return super(base, node).doit(**dict(hints))


class _MatrixNode(MatrixExpr):
    """Base class of the custom matrix-valued operators."""

    def __new__(cls, *args: sp.Basic):
        return MatrixExpr.__new__(cls, *[sp.sympify(a) for a in args])

    def doit(self, **hints: Any) -> sp.Basic:
        """SymPy's ``doit``, computed once per node (see :func:`_doit`)."""
        return _doit(self, tuple(sorted(hints.items())), _MatrixNode)

    @property
    def shape(self):
        return self.args[0].shape

    def _entry(self, i, j, **kwargs):  # pragma: no cover - SymPy hook, not used by back ends
        raise NotImplementedError(f"{type(self).__name__} has no symbolic entries")


class _Elementwise(Declared, _MatrixNode, abstract=True):
    """What the entrywise maps share: one vector or matrix argument, and a back-end primitive
    called on its value (``matop``)."""

    arguments = ("matrix",)
    call = "matop"


class ElemExp(_Elementwise):
    """Elementwise exponential ``exp(M)`` of a vector or matrix."""

    latex_form = r"\exp({0})"
    unicode_form = "exp({0})"
    primitive = "elem_exp"


class ElemAbs(_Elementwise):
    """Elementwise absolute value ``|M|``."""

    latex_form = "|{0}|"
    unicode_form = "|{0}|"
    traits = frozenset({NONSMOOTH})
    primitive = "elem_abs"


class ElemLog(_Elementwise):
    """Elementwise natural logarithm ``log(M)`` of a vector or matrix."""

    latex_form = r"\log({0})"
    unicode_form = "log({0})"
    primitive = "elem_log"

    def domain(self) -> list[Any]:
        return [sp.Gt(MinEntry(self.args[0]), 0, evaluate=False)]


class ElemRecip(Declared, _MatrixNode):
    """Elementwise reciprocal ``1 / M`` of a vector or matrix (``D^{-1} = diag(1 / v)``)."""

    latex_form = r"{0}^{{\circ -1}}"
    unicode_form = "{p0}^∘⁻¹"
    arguments = ("matrix",)

    def definition(self) -> sp.Basic:
        """Its entries' powers ``-1`` (a back end's ``elem_recip``, where it has one, first)."""
        return sp.HadamardPower(self.args[0], -1)

    def domain(self) -> list[Any]:
        return [sp.Gt(MinEntry(ElemAbs(self.args[0])), 0, evaluate=False)]


class Diag(Declared, _MatrixNode):
    """``diag(v)``: the square diagonal matrix with the vector ``v`` on its diagonal."""

    latex_form = r"\operatorname{{diag}}({0})"
    unicode_form = "diag({0})"
    arguments = ("vector",)
    primitive, call = "diag", "matop"

    @property
    def shape(self):
        return (self.args[0].shape[0], self.args[0].shape[0])


class Column(_MatrixNode):
    """``A_{*,i}``: column ``i`` (1-based) of a matrix, as a column vector."""

    @property
    def shape(self):
        return (self.args[0].shape[0], sp.Integer(1))


class Vec(_MatrixNode):
    """``vec(X)``: the entries of ``X`` as a column; ``order`` is ``row`` (``vec(X)_{(i-1)c+j} =
    X_{ij}``) or ``col`` (column-major)."""

    @property
    def shape(self):
        r, c = self.args[0].shape
        return (r * c, sp.Integer(1))

    @property
    def order(self) -> str:
        return str(self.args[1])


class Unvec(_MatrixNode):
    """Inverse of :class:`Vec`: a ``rows x cols`` matrix from a column, in the given order."""

    @property
    def shape(self):
        return (self.args[1], self.args[2])

    @property
    def order(self) -> str:
        return str(self.args[3])


class RowBlock(_MatrixNode):
    """Rows ``(j-1)*size+1 .. j*size`` of a matrix (block ``j``, 1-based)."""

    @property
    def shape(self):
        return (self.args[2], self.args[0].shape[1])


class Deriv(_MatrixNode):
    """``d expr / d var_{i[,j]}``: derivative of ``expr`` by one coordinate of ``var`` (1-based).

    Matrix-valued when ``expr`` is; see :class:`ScalarDeriv` for scalar ``expr``.
    """


class _ScalarNode(sp.Expr):
    """Base class of the custom real scalar operators on vectors and matrices."""

    is_real = True
    is_commutative = True

    def __new__(cls, *args: sp.Basic):
        return sp.Expr.__new__(cls, *[sp.sympify(a) for a in args])

    def doit(self, **hints: Any) -> sp.Basic:
        """SymPy's ``doit``, computed once per node (see :func:`_doit`)."""
        return _doit(self, tuple(sorted(hints.items())), _ScalarNode)


class Inner(Declared, _ScalarNode):
    """Inner product ``<u, v>`` of two vectors of equal length."""

    latex_form = r"\langle {0}, {1} \rangle"
    unicode_form = "⟨{0}, {1}⟩"
    arguments = ("vector", "vector")
    primitive, call = "inner", "matop"


class _Nonnegative(Declared, _ScalarNode, abstract=True):
    """What the norms (and ``||v||_p``) share: every value is ``>= 0``."""

    is_nonnegative = True
    sign = "nonneg"


class _Norm(_Nonnegative, abstract=True):
    """What every norm shares: the traits of a norm, not smooth (at 0). A norm adds its own
    traits to these (``traits = _Norm.traits | {...}``)."""

    traits = frozenset({NORM, NONSMOOTH})


class Norm2(_Norm):
    """Euclidean norm ``||v||_2`` of a vector."""

    latex_form = r"\|{0}\|_2"
    unicode_form = "‖{0}‖₂"
    traits = _Norm.traits | {ENTRYWISE, EUCLIDEAN}
    primitive = "euclidean"
    arguments = ("vector",)
    swap = "NormInf"


class NormInf(_Norm):
    """Max norm ``||v||_inf`` of a vector."""

    latex_form = r"\|{0}\|_\infty"
    unicode_form = "‖{0}‖∞"
    traits = _Norm.traits | {ENTRYWISE}
    primitive = "max_abs"
    arguments = ("vector",)


class Norm1(_Norm):
    """``||v||_1 = sum_i |v_i|`` of a vector."""

    latex_form = r"\|{0}\|_1"
    unicode_form = "‖{0}‖₁"
    traits = _Norm.traits | {ENTRYWISE}
    arguments = ("vector",)

    def definition(self) -> sp.Basic:
        return SumEntries(ElemAbs(self.args[0]))


class NormP(_Nonnegative):
    """``||v||_p = (sum_i |v_i|^p)^(1/p)`` of a vector, ``p >= 1`` (arguments ``v, p``)."""

    latex_form = r"\|{0}\|_{{{1}}}"
    traits = frozenset({NONSMOOTH})
    arguments = ("vector", "scalar")


class Entropy(Declared, _ScalarNode):
    """Shannon entropy ``-sum_i p_i log p_i`` of a vector, with ``0 log 0 = 0``."""

    latex_form = "H({0})"
    unicode_form = "H({0})"
    traits = frozenset({NONSMOOTH})
    arguments = ("vector",)
    primitive = "entropy"

    def domain(self) -> list[Any]:
        return [sp.Ge(MinEntry(self.args[0]), 0, evaluate=False)]


class OpNorm(_Norm):
    """Spectral norm ``||M||`` of a matrix (largest singular value)."""

    latex_form = r"\|{0}\|"
    unicode_form = "‖{0}‖"
    traits = _Norm.traits | {TRANSPOSE_INVARIANT, BLOCK_MONOTONE}
    primitive = "spectral"
    arguments = ("matrix",)
    unavailable = {"explicit": "the spectral norm has no closed form in coordinates"}


class _EntryReduction(Declared, _ScalarNode, abstract=True):
    """What the reductions over the entries of a vector or matrix share (its argument; the
    reader reads a vector's entries only)."""

    arguments = ("matrix",)
    unavailable = {"reader": "a matrix's entries (max over i, j of M_ij) are not read yet; a "
                             "vector's are"}


class MinEntry(_EntryReduction):
    """``min_i v_i`` over the entries of a vector or matrix."""

    latex_form = r"\min_{{i}} ({0})_i"
    unicode_form = "minᵢ {p0}ᵢ"
    traits = frozenset({NONSMOOTH})
    primitive = "min_entry"


class MaxEntry(_EntryReduction):
    """``max_i v_i`` over the entries of a vector or matrix."""

    latex_form = r"\max_{{i}} ({0})_i"
    unicode_form = "maxᵢ {p0}ᵢ"
    traits = frozenset({NONSMOOTH})
    primitive = "max_entry"


class SumEntries(_EntryReduction):
    """``sum_i v_i`` over the entries of a vector or matrix."""

    latex_form = r"\sum_{{i}} ({0})_i"
    unicode_form = "Σᵢ {p0}ᵢ"
    primitive = "sum_entries"


class Entry(_ScalarNode):
    """``v_i`` (1-based) of a vector, or ``M_{ij}`` of a matrix."""


class ScalarDeriv(_ScalarNode):
    """Derivative of a scalar expression by one coordinate of a symbol (see :class:`Deriv`)."""


class LambdaMin(Declared, _ScalarNode):
    """Smallest eigenvalue of a symmetric matrix (used for ``X ⪯ Y``)."""

    latex_form = r"\lambda_{{\min}}({0})"
    unicode_form = "λ_min({0})"
    traits = frozenset({NONSMOOTH})
    arguments = ("square",)
    primitive = "lambda_min"
    unavailable = {"explicit": "eigenvalues have no closed form in coordinates",
                   "arb": "no eigenvalue enclosure (the kernel checks ⪯ with arb_linalg.is_psd)",
                   "reader": "λ_min is not read (claims state X ⪯ Y instead)"}


class Softmax(Declared, _MatrixNode):
    """``softmax(v) = exp(v) / <exp(v), 1>`` of a column vector (see :func:`softmax`)."""

    latex_form = r"\mathrm{{softmax}}({0})"
    unicode_form = "softmax({0})"
    reads = ("softmax", "Softmax")
    arguments = ("vector",)

    def definition(self) -> sp.Basic:
        """Its value in the rest of the vocabulary, shifted by ``max_i v_i`` (no overflow)."""
        v = self.args[0]
        u = ElemExp(v - MaxEntry(v) * sp.OneMatrix(v.shape[0], 1))
        return u * (1 / Inner(u, sp.OneMatrix(v.shape[0], 1)))


class Gradient(_MatrixNode):
    """``∇_x f``: the gradient of a scalar ``f`` by a vector or matrix symbol ``x`` (the
    matrix of the partial derivatives :class:`ScalarDeriv`, shaped as ``x``)."""

    @property
    def shape(self):
        return self.args[1].shape


class LogSumExp(Declared, _ScalarNode):
    """``LSE(v) = log sum_i exp(v_i)`` of a column vector (see :func:`logsumexp`)."""

    latex_form = r"\mathrm{{LSE}}({0})"
    unicode_form = "LSE({0})"
    reads = ("LSE", "lse", "logsumexp")
    arguments = ("vector",)

    def definition(self) -> sp.Basic:
        """Its value in the rest of the vocabulary, shifted by ``max_i v_i`` (no overflow)."""
        v = self.args[0]
        m = MaxEntry(v)
        ones_ = sp.OneMatrix(v.shape[0], 1)
        return m + sp.log(Inner(ElemExp(v - m * ones_), ones_))


class KLDiv(Declared, _ScalarNode):
    """``KL(p || q) = sum_i p_i log(p_i / q_i)`` of two vectors (``0 log 0 = 0``)."""

    latex_form = r"\mathrm{{KL}}({0} \| {1})"
    unicode_form = "KL({0} ‖ {1})"
    reads = ("KL",)
    arguments = ("vector", "vector")
    traits = frozenset({NONSMOOTH})

    def domain(self) -> list[Any]:
        """p ≥ 0 and q > 0 (``0 log 0 = 0``; a zero of q under a positive p is +inf)."""
        p, q = self.args
        return [sp.Ge(MinEntry(p), 0, evaluate=False), sp.Gt(MinEntry(q), 0, evaluate=False)]

    def definition(self) -> sp.Basic:
        """``-H(p) - <p, log q>``: the entropy carries the ``0 log 0 = 0`` convention."""
        p, q = self.args
        return -Entropy(p) - Inner(p, ElemLog(q))


class NamedMatrix(_MatrixNode):
    """A matrix-valued definition shown by its name (``f(x)``) and evaluated as its body."""

    @property
    def shape(self):
        return self.args[1].shape


class NamedScalar(_ScalarNode):
    """A scalar definition shown by its name (``\\alpha(x)``) and evaluated as its body."""


def named(latex_name: str, body):
    """Wrap ``body`` so that it prints as ``latex_name``, e.g. ``named(r"\\alpha(x)", ...)``.

    >>> import sympy as sp
    >>> a = named("a", sp.Integer(2))
    >>> unwrap(a + 1)
    3
    """
    from sympy.core.symbol import Str

    cls = NamedMatrix if is_matrix(body) else NamedScalar
    return cls(Str(latex_name), body)


def unwrap(e):
    """Replace every named definition by its body."""
    return e.replace(lambda x: isinstance(x, (NamedMatrix, NamedScalar)), lambda x: x.args[1])


def exp_(e):
    """Elementwise exponential of a matrix, ordinary ``exp`` of a scalar."""
    return ElemExp(e) if is_matrix(e) else sp.exp(e)


def abs_(e):
    """Elementwise absolute value of a matrix, ``Abs`` of a scalar."""
    return ElemAbs(e) if is_matrix(e) else sp.Abs(e)


def log_(e):
    """Elementwise natural logarithm of a matrix or vector, ordinary ``log`` of a scalar.

    >>> log_(vector("p", 3)).shape
    (3, 1)
    """
    return ElemLog(e) if is_matrix(e) else sp.log(e)


def recip_(e):
    """Elementwise reciprocal of a matrix, ``1 / e`` of a scalar.

    >>> import sympy as sp
    >>> recip_(sp.Integer(4))
    1/4
    """
    return ElemRecip(e) if is_matrix(e) else 1 / sp.sympify(e)


def softmax(v) -> Softmax:
    """``softmax(v)``, a vector: ``exp(v_i) / sum_j exp(v_j)``.

    >>> softmax(vector("z", 3)).shape
    (3, 1)
    """
    _need_vector("softmax", v)
    return Softmax(v)


def logsumexp(v) -> LogSumExp:
    """``LSE(v) = log sum_i exp(v_i)``, a scalar.

    >>> logsumexp(vector("z", 3))
    LogSumExp(z)
    """
    _need_vector("logsumexp", v)
    return LogSumExp(v)


def kl(p, q) -> KLDiv:
    """``KL(p || q) = sum_i p_i log(p_i / q_i)`` of two vectors of one length.

    >>> kl(vector("p", 3), vector("q", 3))
    KLDiv(p, q)
    """
    _need_vector("kl", p)
    _need_vector("kl", q)
    return KLDiv(p, q)


def gradient(f, x) -> Gradient:
    """``∇_x f`` of a scalar expression ``f``: shaped as the vector or matrix symbol ``x``.

    >>> x = vector("x", 3)
    >>> gradient(inner(x, x), x).shape
    (3, 1)
    """
    if is_matrix(f):
        raise ValueError(f"the gradient of the vector or matrix {f} is a Jacobian, which is not "
                         "supported: take the gradient of a scalar, or of one entry")
    if not isinstance(x, sp.MatrixSymbol):
        raise ValueError(f"the gradient is taken by a vector or matrix symbol, not {x}")
    return Gradient(f, x)


def inner(u, v) -> Inner:
    """``<u, v>``."""
    return Inner(u, v)


def norm2(v) -> Norm2:
    """``||v||_2``."""
    return Norm2(v)


def norm1(v) -> Norm1:
    """``||v||_1`` of a vector."""
    _need_vector("norm1", v)
    return Norm1(v)


def normp(v, p) -> NormP:
    """``||v||_p`` of a vector for a constant ``p >= 1`` (``normp(v, 2)`` is :func:`norm2`).

    >>> normp(vector("v", 3), 3)
    NormP(v, 3)
    >>> normp(vector("v", 3), sp.Rational(1, 2))
    Traceback (most recent call last):
    ...
    ValueError: normp(v, 1/2): p must be a constant >= 1 (||.||_p is not a norm below 1)
    """
    _need_vector("normp", v)
    p = sp.sympify(p)
    if p is sp.oo:
        return NormInf(v)
    if not (p.is_number and p.is_real and bool(p >= 1)):
        raise ValueError(f"normp({v}, {p}): p must be a constant >= 1 (||.||_p is not a norm "
                         "below 1)")
    return NormP(v, p)


def entropy(p) -> Entropy:
    """Shannon entropy ``-sum_i p_i log p_i`` of a vector (``0 log 0 = 0``; natural log)."""
    _need_vector("entropy", p)
    return Entropy(p)


def _need_vector(what: str, v) -> None:
    if not (is_matrix(v) and v.shape[1] == 1):
        raise ValueError(f"{what}({v}) needs a column vector, got "
                         f"{'a matrix' if is_matrix(v) else 'a scalar'}")


def norminf(v) -> NormInf:
    """``||v||_inf``."""
    return NormInf(v)


def opnorm(m) -> OpNorm:
    """Spectral norm ``||M||`` (the paper's unadorned ``||A||``)."""
    return OpNorm(m)


def diag(v) -> Diag:
    """``diag(v)``."""
    return Diag(v)


def hadamard(u, v):
    """Entrywise product ``u ∘ v``."""
    return sp.HadamardProduct(u, v)


def ones(size) -> sp.OneMatrix:
    """``1_size``, the all-ones column vector."""
    return sp.OneMatrix(size, 1)


def kron(a, b):
    """Kronecker product ``a ⊗ b``."""
    return sp.KroneckerProduct(a, b)


def vec(m, order: str = "row") -> Vec:
    """``vec(M)`` in row-major (default) or column-major (``order="col"``) order."""
    from sympy.core.symbol import Str

    if order not in ("row", "col"):
        raise ValueError("order must be 'row' or 'col'")
    return Vec(m, Str(order))


def unvec(v, rows, cols, order: str = "row") -> Unvec:
    """The ``rows x cols`` matrix whose ``vec`` (in ``order``) is ``v``."""
    from sympy.core.symbol import Str

    return Unvec(v, sp.sympify(rows), sp.sympify(cols), Str(order))


def row_block(m, j, size) -> RowBlock:
    """Block ``j`` (1-based) of ``size`` consecutive rows."""
    return RowBlock(m, sp.sympify(j), sp.sympify(size))


def col(m, i) -> Column:
    """``M_{*,i}``, column ``i`` (1-based)."""
    return Column(m, i)


def entry(v, i, j=1) -> Entry:
    """``v_i`` (or ``M_{ij}``), 1-based."""
    return Entry(v, i, j)


def min_entry(v) -> MinEntry:
    """``min_i v_i``."""
    return MinEntry(v)


def max_entry(v) -> MaxEntry:
    """``max_i v_i``."""
    return MaxEntry(v)


def sum_entries(v) -> SumEntries:
    """``sum_i v_i``."""
    return SumEntries(v)


def lambda_min(m) -> LambdaMin:
    """Smallest eigenvalue of a symmetric matrix."""
    return LambdaMin(m)


def deriv(expr, var, i, j=1):
    """``d expr / d var_{i,j}`` (1-based); ``j`` defaults to 1 for vectors."""
    if is_matrix(expr):
        return Deriv(expr, var, i, j)
    return ScalarDeriv(expr, var, i, j)


def bound_symbols(e: sp.Basic) -> set[sp.Symbol]:
    """Index variables bound by a ``Sum`` inside ``e`` (``i`` in ``Sum(x_i, (i, 1, n))``).

    >>> i = index("i")
    >>> bound_symbols(sp.Sum(entry(vector("x", n), i), (i, 1, n))) == {i}
    True
    """
    out: set[sp.Symbol] = set()
    for node in sp.preorder_traversal(e):
        if isinstance(node, (sp.Sum, sp.Product)):
            out |= set(node.variables)
    return out


def symbols_of(e: sp.Basic) -> set[sp.Basic]:
    """Scalar symbols and matrix symbols appearing in ``e`` (dimension symbols and the
    index variables of sums excluded). Memoised: the samplers ask for the same expressions'
    symbols millions of times per paper (a fresh set is returned each time)."""
    try:
        return set(_symbols_of_cached(e))
    except TypeError:  # an unhashable argument (a mutable matrix)
        return _symbols_of(e)


@lru_cache(maxsize=16384)
def _symbols_of_cached(e: sp.Basic) -> frozenset[sp.Basic]:
    return frozenset(_symbols_of(e))


def _symbols_of(e: sp.Basic) -> set[sp.Basic]:
    out: set[sp.Basic] = set()
    for node in sp.preorder_traversal(e):
        if isinstance(node, sp.MatrixSymbol):
            out.add(node)
        elif isinstance(node, sp.Symbol) and node not in DIMS.values():
            out.add(node)
    return out - bound_symbols(e) if out and e.has(sp.Sum, sp.Product) else out
