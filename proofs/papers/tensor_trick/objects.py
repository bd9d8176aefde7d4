"""Attention regression of ``tensor-trick`` (Gao, Song, Xie, arXiv 2307.02419), as expressions.

Matrix form, for ``A1, A2 ∈ R^{n×d}``, ``B ∈ R^{n×n}``, ``X ∈ R^{d×d}``::

    D(X) = diag(exp(A1 X A2ᵀ) 1_n)
    Normalized:  ||D(X)^{-1} exp(A1 X A2ᵀ) - B||_F^2
    Rescaled:    ||exp(A1 X A2ᵀ) - D(X) B||_F^2

Vector form (the tensor trick, row-major ``vec``): ``𝖠 = A1 ⊗ A2 ∈ R^{n²×d²}``, ``x = vec(X)``;
block ``𝖠_{j0} = row_block(𝖠, j0, n)`` gives row ``j0`` of ``exp(A1 X A2ᵀ)`` as
``exp(𝖠_{j0} x)``. Per block: ``u = exp(𝖠_{j0} x)``, ``α = <u, 1_n>``, ``f = α^{-1} u``,
``c = f - b_{j0}``, and (an assumption: the abstract names them without defining them)
``h = α b_{j0}``, ``q = u - h``. ``b_{j0}`` is row ``j0`` of ``B`` as a column.

Only the abstract of the paper is available; everything beyond the two printed losses and
``D(X)`` is a reconstruction (see ``/work/shared/seeds/README.md``).

Example:
    >>> from proofs.papers.tensor_trick.objects import AttentionRegression
    >>> from symbolic.latex import latex
    >>> ar = AttentionRegression.standard()
    >>> ar.Z.shape == (ar.A1.shape[0], ar.A2.shape[0])
    True
    >>> latex(ar.block(1).alpha)
    '\\\\alpha(x)_{1}'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sympy as sp

from symbolic.objects import (
    d,
    diag,
    exp_,
    index,
    inner,
    kron,
    matrix,
    n,
    named,
    norm2,
    ones,
    recip_,
    row_block,
    unvec,
    vec,
    vector,
)
from symbolic.vocabulary import frob


@dataclass
class Block:
    """The building blocks of row ``j0`` for data ``AA`` (``n² × d²``) and parameter ``x``.

    ``arg`` names the variable in LaTeX (``x`` for the x-variants, ``\\mathsf{A}`` for the
    A-variants); ``b`` is the target row (a column of length ``n``) or None.
    """

    AA: Any
    x: Any
    j0: Any
    size: Any = n
    b: Any = None
    arg: str = "x"

    def __post_init__(self) -> None:
        j, a = sp.latex(self.j0), self.arg
        self.Aj = row_block(self.AA, self.j0, self.size)
        self.u = named(rf"u({a})_{{{j}}}", exp_(self.Aj * self.x))
        self.alpha = named(rf"\alpha({a})_{{{j}}}", inner(self.u, ones(self.size)))
        self.alpha_inv = 1 / self.alpha
        self.f = named(rf"f({a})_{{{j}}}", self.alpha_inv * self.u)
        if self.b is not None:
            self.c = named(rf"c({a})_{{{j}}}", self.f - self.b)
            self.h = named(rf"h({a})_{{{j}}}", self.alpha * self.b)  # assumption
            self.q = named(rf"q({a})_{{{j}}}", self.u - self.h)  # assumption
            self.L_norm = norm2(self.c) ** 2
            self.L_resc = norm2(self.q) ** 2


@dataclass
class AttentionRegression:
    """Matrix and vectorised objects for given symbols ``A1, A2`` (``n×d``), ``X`` (``d×d``),
    ``B`` (``n×n``)."""

    A1: Any
    A2: Any
    X: Any
    B: Any = None

    @classmethod
    def standard(cls) -> AttentionRegression:
        """The objects over the standard symbols ``A1, A2, X, B``."""
        return cls(matrix("A1", n, d), matrix("A2", n, d), matrix("X", d, d), matrix("B", n, n))

    def __post_init__(self) -> None:
        size = self.A1.shape[0]
        self.size = size
        self.Z = self.A1 * self.X * self.A2.T
        self.E = exp_(self.Z)
        self.D = named("D(X)", diag(self.E * ones(size)))
        self.D_inv = named("D(X)^{-1}", diag(recip_(self.E * ones(size))))
        self.normalized = self.D_inv * self.E
        self.rescaled_residual = self.E - self.D * self.B if self.B is not None else None
        if self.B is not None:
            self.L_norm = frob(self.normalized - self.B) ** 2
            self.L_resc = frob(self.E - self.D * self.B) ** 2
        self.AA = kron(self.A1, self.A2)
        self.x = vec(self.X)
        self.b_vec = vec(self.B) if self.B is not None else None

    def block(self, j0: Any, x: Any = None, AA: Any = None, arg: str = "x") -> Block:
        """Building blocks of row ``j0`` (defaults: ``𝖠 = A1 ⊗ A2``, ``x = vec(X)``)."""
        b = row_block(self.b_vec, j0, self.size) if self.b_vec is not None else None
        return Block(self.AA if AA is None else AA, self.x if x is None else x, j0,
                     self.size, b, arg)

    def vector_normalized(self) -> Any:
        """``exp(𝖠 x)`` normalised block by block, as a vector of length ``n²``:
        ``(D(X)^{-1} ⊗ I_n) exp(𝖠 x)``."""
        return self.vector_D_inv() * exp_(self.AA * self.x)

    def vector_D(self) -> Any:
        """``D(X) ⊗ I_n``: scales block ``j0`` of a length-``n²`` vector by ``α_{j0}``."""
        return kron(self.D, sp.Identity(self.size))

    def vector_D_inv(self) -> Any:
        """``D(X)^{-1} ⊗ I_n``."""
        return kron(self.D_inv, sp.Identity(self.size))

    def vector_losses(self) -> tuple[Any, Any]:
        """Both losses in vector form: ``||(D^{-1} ⊗ I) exp(𝖠x) - vec(B)||²`` and
        ``||exp(𝖠x) - (D ⊗ I) vec(B)||²``."""
        ex = exp_(self.AA * self.x)
        return (norm2(self.vector_D_inv() * ex - self.b_vec) ** 2,
                norm2(ex - self.vector_D() * self.b_vec) ** 2)


def block_sums(AA: Any, x: Any, size: Any = n) -> Any:
    """``(α_1, ..., α_n)ᵀ = (I_n ⊗ 1_nᵀ) exp(𝖠 x)``: the row sums of ``exp(A1 X A2ᵀ)``."""
    return kron(sp.Identity(size), ones(size).T) * exp_(AA * x)


def vec_normalized(AA: Any, x: Any, size: Any = n) -> Any:
    """``(D^{-1} ⊗ I_n) exp(𝖠 x)`` with ``D = diag(α)``: ``vec`` of the normalised matrix."""
    return kron(diag(recip_(block_sums(AA, x, size))), sp.Identity(size)) * exp_(AA * x)


def vec_residual(AA: Any, x: Any, b: Any, size: Any = n) -> Any:
    """``exp(𝖠 x) - (D ⊗ I_n) b``: ``vec`` of the Rescaled residual ``exp(A1XA2ᵀ) - D(X) B``."""
    return exp_(AA * x) - kron(diag(block_sums(AA, x, size)), sp.Identity(size)) * b


def mat_normalized(AA: Any, x: Any, size: Any = n) -> Any:
    """``D^{-1} U`` for ``U = mat(exp(𝖠 x))`` (``n × n``, row-major): the Normalized matrix
    written without ``⊗``; ``vec`` of it is :func:`vec_normalized` (identity checked for all
    sizes by the generic engine, ``tensor-trick:extra-unvec-normalized``)."""
    U = unvec(exp_(AA * x), size, size)
    return diag(recip_(U * ones(size))) * U


def mat_residual(AA: Any, x: Any, b: Any, size: Any = n) -> Any:
    """``U - diag(U 1_n) mat(b)`` for ``U = mat(exp(𝖠 x))``: :func:`vec_residual` as a matrix."""
    U = unvec(exp_(AA * x), size, size)
    return U - diag(U * ones(size)) * unvec(b, size, size)


def mat_D_inv(AA: Any, x: Any, size: Any = n) -> Any:
    """``D^{-1} = diag(1 / (U 1_n))`` for ``U = mat(exp(𝖠 x))``."""
    return diag(recip_(unvec(exp_(AA * x), size, size) * ones(size)))


def grad_vec_normalized(AA: Any, x: Any, b: Any, size: Any = n) -> Any:
    """``g`` with ``∇_x ||(D^{-1}⊗I)exp(𝖠x) - b||² = 2 𝖠ᵀ g``: block ``j0`` of ``g`` is
    ``f∘c - <f, c> f`` (``f`` the normalised block, ``c = f - b_{j0}``)."""
    s = vec_normalized(AA, x, size)
    sc = sp.HadamardProduct(s, s - b)
    w = kron(sp.Identity(size), ones(size).T) * sc
    return sc - kron(diag(w), sp.Identity(size)) * s


def grad_vec_rescaled(AA: Any, x: Any, b: Any, size: Any = n) -> Any:
    """``g`` with ``∇_x ||exp(𝖠x) - (D⊗I) b||² = 2 𝖠ᵀ g``: block ``j0`` of ``g`` is
    ``u∘q - <q, b_{j0}> u`` (``q = u - α b_{j0}``)."""
    u = exp_(AA * x)
    q = vec_residual(AA, x, b, size)
    w = kron(sp.Identity(size), ones(size).T) * sp.HadamardProduct(q, b)
    return sp.HadamardProduct(u, q) - kron(diag(w), sp.Identity(size)) * u


def grad_matrix_P(ar: AttentionRegression, version: str) -> Any:
    """``P`` with ``∇_X L = A1ᵀ P A2`` (derived here, not printed in the abstract).

    Normalized (``S = D^{-1} exp(A1XA2ᵀ)``, ``C = S - B``): ``P = 2 (S∘C - diag((S∘C) 1_n) S)``.
    Rescaled (``E = exp(A1XA2ᵀ)``, ``Q = E - D B``): ``P = 2 (Q∘E - diag((Q∘B) 1_n) E)``.
    """
    one = ones(ar.size)
    if version == "normalized":
        Smat = ar.normalized
        sc = sp.HadamardProduct(Smat, Smat - ar.B)
        return 2 * (sc - diag(sc * one) * Smat)
    Q = ar.E - ar.D * ar.B
    return 2 * (sp.HadamardProduct(Q, ar.E) - diag(sp.HadamardProduct(Q, ar.B) * one) * ar.E)


def standard_symbols() -> dict[str, Any]:
    """Symbols used across the encoding: data, parameters, the tensor ``𝖠`` and vectors.

    >>> sorted(standard_symbols())[:3]
    ['A1', 'A2', 'AA']
    """
    return {
        "A1": matrix("A1", n, d), "A2": matrix("A2", n, d), "B": matrix("B", n, n),
        "X": matrix("X", d, d), "Y": matrix("Y", d, d),
        "AA": matrix("AA", n**2, d**2), "BB": matrix("BB", n**2, d**2),
        "x": vector("x", d**2), "y": vector("y", d**2), "b": vector("b", n**2),
        "j0": index("j0"),
    }


# --- index arguments for all sizes -------------------------------------------------------------
#
# Entry formulas, 1-based, with symbolic sizes (they are the definitions the back ends implement,
# checked against them on the grid by the tests):
#   vec_row(M)_{(i-1)c+j} = M_{ij},   vec_col(M)_{(j-1)r+i} = M_{ij}     (M is r x c)
#   (P ⊗ Q)_{(i-1)r_Q+k, (j-1)c_Q+l} = P_{ij} Q_{kl}
# A sum over p in [r c] re-indexed as p = (i-1)c + j (a bijection [r] x [c] -> [rc]) becomes a
# double sum; both sides of each identity are then double sums over the same ranges, and the
# identity holds for all sizes when the summands agree as polynomials in the entries.

_I, _K, _J, _L = sp.symbols("i k j l", integer=True, positive=True)
_A1b, _A2b, _Xb, _Db, _Mb = (sp.IndexedBase(s) for s in ("A1", "A2", "X", "D", "M"))


def _delta(a: Any, b: Any) -> Any:
    return sp.KroneckerDelta(a, b)


def _summands(name: str) -> tuple[Any, Any]:
    """Both sides' summands of identity ``name`` at a generic output entry."""
    i, k, j, l = _I, _K, _J, _L
    if name == "row":  # vec_row(A1 X A2ᵀ)_{(i-1)n+k} vs ((A1⊗A2) vec_row X)_{(i-1)n+k}
        lhs = _A1b[i, j] * _Xb[j, l] * _A2b[k, l]  # (A1 X A2ᵀ)_{ik}
        rhs = (_A1b[i, j] * _A2b[k, l]) * _Xb[j, l]  # kron entry ((i,k),(j,l)) times x_{(j,l)}
        return lhs, rhs
    if name == "col":  # vec_col(A1XA2ᵀ)_{(k-1)n+i} vs ((A2⊗A1) vec_col X)_{(k-1)n+i}
        lhs = _A1b[i, j] * _Xb[j, l] * _A2b[k, l]
        rhs = (_A2b[k, l] * _A1b[i, j]) * _Xb[j, l]  # kron entry ((k,i),(l,j)) times X_{jl}
        return lhs, rhs
    if name == "col-wrong":  # ((A1⊗A2) vec_col X)_{(k-1)n+i}: kron entry ((k,i),(l,j))
        lhs = _A1b[i, j] * _Xb[j, l] * _A2b[k, l]
        rhs = (_A1b[k, l] * _A2b[i, j]) * _Xb[j, l]
        return lhs, rhs
    if name in ("row-reverse", "col-reverse"):  # same double sums read from the other side
        return _summands(name.split("-")[0])
    if name == "block":  # (𝖠_{j0})_{k,(j,l)} = 𝖠_{(j0-1)n+k,(j,l)} = A1_{j0 j} A2_{kl}
        j0 = sp.Symbol("j0", integer=True, positive=True)
        return _A1b[j0, j] * _A2b[k, l], (_delta(j0, j0) * _A1b[j0, j]) * _A2b[k, l]
    if name == "diag-row":  # vec_row(DM)_{(i-1)n+k} = D_ii M_ik; ((D⊗I) vec M) sums over (j, l)
        # (DM)_{ik} = sum_{j,l} D_ij δ_ij M_jl δ_kl  (D diagonal)
        return (_Db[i, j] * _delta(i, j) * _Mb[j, l] * _delta(k, l),
                _Db[i, j] * _delta(i, j) * _delta(k, l) * _Mb[j, l])
    if name == "diag-col":  # vec_col(DM)_{(k-1)n+i}; ((I⊗D) vec_col M) entry ((k,i),(l,j)) M_jl
        return (_Db[i, j] * _delta(i, j) * _Mb[j, l] * _delta(k, l),
                _delta(k, l) * _Db[i, j] * _delta(i, j) * _Mb[j, l])
    if name == "diag-col-wrong":  # ((D⊗I) vec_col M)_{(k-1)n+i}: entry ((k,i),(l,j)) M_jl
        return (_Db[i, j] * _delta(i, j) * _Mb[j, l] * _delta(k, l),
                _Db[k, l] * _delta(k, l) * _delta(i, j) * _Mb[j, l])
    raise ValueError(f"unknown identity {name!r}")


def index_argument(name: str) -> bool:
    """Whether the index argument proves identity ``name`` for all sizes: both sides are double
    sums over the same index ranges with summands that agree identically.

    >>> index_argument("row"), index_argument("col"), index_argument("col-wrong")
    (True, True, False)
    """
    lhs, rhs = _summands(name)
    return sp.expand(lhs - rhs) == 0
