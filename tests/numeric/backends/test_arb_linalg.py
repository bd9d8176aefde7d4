"""Tests for numeric.backends.arb_linalg (rigorous arb helpers)."""

from __future__ import annotations

from fractions import Fraction

import flint
import mpmath
import numpy as np
import pytest
from flint import arb, arb_mat

from numeric.backends.arb_linalg import (
    arb_from_bounds,
    arb_interval_str,
    arb_lower,
    arb_precision,
    arb_to_decimal,
    arb_upper,
    dyadic_to_decimal,
    elementwise_abs,
    elementwise_exp,
    frobenius_norm,
    hadamard,
    inner,
    is_psd,
    loewner_le,
    max_entry,
    min_entry,
    spectral_norm,
    to_arb,
    to_arb_mat,
    vec_norm2,
    vec_norminf,
)

RNG = np.random.default_rng(20240607)


def mp_spectral_norm(A: np.ndarray) -> mpmath.mpf:
    """Reference largest singular value at 50 digits (entries are converted exactly)."""
    with mpmath.mp.workdps(50):
        s = mpmath.svd_r(mpmath.matrix(A.tolist()), compute_uv=False)
        return +max(s[i] for i in range(len(s)))


def encloses(ball: arb, ref: mpmath.mpf, rel_tol: float = 1e-44) -> bool:
    """``ball`` contains ``ref`` up to the reference's own error (``rel_tol * |ref|``)."""
    r = to_arb(ref)
    slack = to_arb(abs(ref) * mpmath.mpf(rel_tol)) if ref != 0 else arb(0)
    return (ball + arb(0, 0)).overlaps(arb(r.mid(), slack.upper()))


def rel_width(x: arb) -> float:
    return float(x.rad() / abs(x.mid()))


# ------------------------------------------------------------------ conversions


def test_to_arb_float_exact() -> None:
    x = to_arb(0.1)
    assert x.rad() == 0 and x.is_exact()
    assert arb_lower(x) == Fraction(0.1) == arb_upper(x)
    assert x.contains(arb((3602879701896397, -55)))
    assert not x.contains(arb("1/10"))  # 0.1 (decimal) is not the binary value
    # numpy scalars (flint.arb(np.float64(0.1)) would NOT be exact)
    assert to_arb(np.float64(0.1)).rad() == 0 and arb_lower(to_arb(np.float64(0.1))) == Fraction(0.1)
    assert arb_lower(to_arb(np.float32(0.1))) == Fraction(float(np.float32(0.1)))
    assert arb_lower(to_arb(np.longdouble(1) / 3)) == Fraction(*(np.longdouble(1) / 3).as_integer_ratio())
    # exact even at a low working precision
    with arb_precision(10):
        assert to_arb(0.1).rad() == 0
        assert to_arb(2**200 + 1).rad() == 0


def test_to_arb_other_types() -> None:
    assert arb_lower(to_arb(mpmath.mpf("0.1"))) == Fraction(mpmath.mpf("0.1").man) * Fraction(
        2
    ) ** int(mpmath.mpf("0.1").exp)
    assert to_arb(mpmath.mpf(-3)).contains(-3) and to_arb(mpmath.mpf(-3)).rad() == 0
    assert to_arb(np.int64(-7)).contains(-7)
    assert to_arb("0.5").rad() == 0
    third = to_arb("1/3")
    assert third.contains(arb(1) / 3) or third.overlaps(arb(1) / 3)
    assert arb_lower(third) < Fraction(1, 3) < arb_upper(third)
    assert to_arb("0.1").rad() > 0 and arb_lower(to_arb("0.1")) < Fraction(1, 10)
    assert to_arb(Fraction(3, 8)).rad() == 0
    assert to_arb(float("inf")) > 10**100
    with pytest.raises(ValueError):
        to_arb(float("nan"))
    with pytest.raises(TypeError):
        to_arb(object())


def test_to_arb_mat() -> None:
    A = np.array([[0.1, -2.5], [1e200, 1e-200]])
    M = to_arb_mat(A)
    assert (M.nrows(), M.ncols()) == (2, 2)
    for i in range(2):
        for j in range(2):
            assert M[i, j].rad() == 0 and arb_lower(M[i, j]) == Fraction(A[i, j])
    L = to_arb_mat([[1, "1/4"], [0.5, 3]])
    assert L[0, 1].contains(arb(1) / 4)
    v = to_arb_mat(np.arange(3.0))
    assert (v.nrows(), v.ncols()) == (3, 1)
    with pytest.raises(ValueError):
        to_arb_mat([[1, 2], [3]])


def test_precision_restored_after_exception() -> None:
    old = flint.ctx.prec
    with pytest.raises(RuntimeError), arb_precision(300):
        assert flint.ctx.prec == 300
        raise RuntimeError("boom")
    assert flint.ctx.prec == old
    # functions with prec= also restore, including on error paths
    spectral_norm([[1.0, 2.0]], prec=256)
    assert flint.ctx.prec == old
    with pytest.raises(ValueError):
        is_psd([[1.0, 2.0], [3.0, 1.0]], prec=256)  # not symmetric
    assert flint.ctx.prec == old
    with pytest.raises(ValueError), arb_precision(1):
        pass
    assert flint.ctx.prec == old


# ------------------------------------------------------------------ vectors / entrywise


def test_vector_norms_and_inner() -> None:
    assert vec_norm2([3.0, 4.0]).contains(5)
    assert vec_norm2(arb_mat([[3, 4]])).contains(5)
    v = RNG.standard_normal(20)
    with mpmath.mp.workdps(50):
        ref = mpmath.sqrt(mpmath.fsum(mpmath.mpf(x) ** 2 for x in v))
    assert encloses(vec_norm2(v, prec=128), ref)
    # balls straddling zero: the norm stays a valid, nonnegative enclosure
    n0 = vec_norm2([arb(0, 1e-3), arb(0, 1e-3)])
    assert n0.contains(0) and n0.lower() >= 0 and n0.upper() >= 2**0.5 * 1e-3
    assert vec_norminf([1.0, -7.5, arb(2, 1)]).contains(7.5)
    assert inner([1, 2, 3], [4, 5, 6]).contains(32)
    assert inner(to_arb_mat([[1], [2]]), arb_mat([[3, 4]])).contains(11)
    with pytest.raises(ValueError):
        inner([1, 2], [1])


def test_frobenius_hadamard_elementwise() -> None:
    A = RNG.standard_normal((4, 3))
    with mpmath.mp.workdps(50):
        ref = mpmath.sqrt(mpmath.fsum(mpmath.mpf(x) ** 2 for x in A.ravel()))
    assert encloses(frobenius_norm(A, prec=128), ref)
    assert frobenius_norm([[1, 2], [2, 4]]).contains(5)
    H = hadamard(A, A)
    for i in range(4):
        for j in range(3):
            assert H[i, j].contains(to_arb(A[i, j]) * to_arb(A[i, j]))
    E = elementwise_exp([[0.0, 1.0]])
    assert E[0, 0].contains(1) and E[0, 1].overlaps(arb(1).exp())
    Ab = elementwise_abs([[-2.5, arb(0, 1)]])
    assert Ab[0, 0].contains(2.5) and Ab[0, 1].lower() >= 0 and Ab[0, 1].contains(1)
    with pytest.raises(ValueError):
        hadamard([[1, 2]], [[1], [2]])


def test_max_min_entry() -> None:
    M = [[1.0, 5.0], [-3.0, arb(4.5, 1)]]
    mx, mn = max_entry(M), min_entry(M)
    # arb's max/min are not interval-tight (30-bit radius rounding): lower bound ~5 - 5e-10
    assert mx.contains(5) and mx.contains(5.5) and mx.lower() >= 4.999
    assert mn.contains(-3) and mn.upper() <= -2.999 and max_entry([[2.0]]).contains(2)


# ------------------------------------------------------------------ spectral norm


@pytest.mark.parametrize(
    "shape", [(1, 1), (1, 7), (6, 1), (3, 3), (10, 10), (15, 6), (6, 15), (20, 20)]
)
def test_spectral_norm_random(shape: tuple[int, int]) -> None:
    A = RNG.standard_normal(shape)
    s = spectral_norm(A, prec=128)
    assert encloses(s, mp_spectral_norm(A))
    assert rel_width(s) <= 1e-30


def test_spectral_norm_large_matches_numpy() -> None:
    for shape in [(50, 50), (50, 30), (30, 50)]:
        A = RNG.standard_normal(shape)
        s = spectral_norm(A, prec=128)
        assert rel_width(s) <= 1e-30
        ref = np.linalg.norm(A, 2)
        assert abs(float(s.mid()) - ref) <= 1e-12 * ref


def test_spectral_norm_structured() -> None:
    # identity and exactly repeated singular values: exact or very tight
    s = spectral_norm(np.eye(7), prec=128)
    assert s.contains(1) and s.rad() < 1e-35
    s = spectral_norm(np.diag([3.0, -3.0, 3.0, 1.0]), prec=128)
    assert s.contains(3) and s.rad() < 1e-35
    # zero matrix
    assert spectral_norm(np.zeros((3, 4))).contains(0)
    assert spectral_norm(np.zeros((3, 4))).rad() == 0
    # rank one with exactly known norm ||u|| ||v|| = 3 * 5
    u, v = np.array([1.0, 2.0, 2.0]), np.array([3.0, 4.0, 0.0, 0.0])
    s = spectral_norm(np.outer(u, v), prec=128)
    assert s.contains(15) and rel_width(s) < 1e-30
    # random rank one
    A = np.outer(RNG.standard_normal(8), RNG.standard_normal(5))
    s = spectral_norm(A, prec=128)
    assert encloses(s, mp_spectral_norm(A)) and rel_width(s) < 1e-30
    # orthogonal matrix: 12 singular values clustered within ~1e-16 of 1
    Q = np.linalg.qr(RNG.standard_normal((12, 12)))[0]
    s = spectral_norm(Q, prec=128)
    assert encloses(s, mp_spectral_norm(Q)) and rel_width(s) < 1e-25
    # two-fold repeated top singular value hidden by a rotation
    R = np.linalg.qr(RNG.standard_normal((5, 5)))[0]
    A = R @ np.diag([2.0, 2.0, 1.0, 0.5, 0.0]) @ R.T
    s = spectral_norm(A, prec=128)
    assert encloses(s, mp_spectral_norm(A)) and rel_width(s) < 1e-25


def test_spectral_norm_extreme_magnitudes() -> None:
    for scale in (1e200, 1e-200):
        A = RNG.standard_normal((6, 4)) * scale
        s = spectral_norm(A, prec=128)
        assert encloses(s, mp_spectral_norm(A)) and rel_width(s) < 1e-30
    A = np.array([[1e200, 1e-200], [1.0, -1e100]])
    s = spectral_norm(A, prec=128)
    assert encloses(s, mp_spectral_norm(A))


def test_spectral_norm_ball_input_and_default_prec() -> None:
    M = to_arb_mat([[1.0, 2.0], [3.0, 4.0]]) / 3 * 3  # non-exact balls
    s = spectral_norm(M)
    assert encloses(s, mp_spectral_norm(np.array([[1.0, 2.0], [3.0, 4.0]])), 1e-14)
    wide = arb_mat([[arb(1, 0.5), 0], [0, 1]])
    s = spectral_norm(wide, prec=64)
    assert s.contains(1) and s.contains(1.5) and s.lower() >= 0.49
    assert spectral_norm(arb_mat([[arb.pos_inf()]])).is_nan()


# ------------------------------------------------------------------ PSD / Loewner


def test_is_psd() -> None:
    A = RNG.standard_normal((12, 12))
    S = A @ A.T + np.eye(12)
    assert is_psd(S) is True
    assert is_psd(S - 2 * np.linalg.eigvalsh(S).max() * np.eye(12)) is False
    assert is_psd([[1.0, 2.0], [2.0, 1.0]]) is False
    assert is_psd([[-1e-300]]) is False
    assert is_psd(np.zeros((3, 3))) is True
    # singular PSD, exact entries: decided exactly (rational LDL^T fallback)
    u = np.array([[1.0], [2.0], [-3.0]])
    assert is_psd(u @ u.T) is True
    assert is_psd([[1, 1], [1, 1]]) is True
    eps = arb((1, -100))  # exact 2**-100, far below double precision
    with arb_precision(200):
        below, above = 1 - eps, 1 + eps  # exact at 200 bits
    assert below.is_exact() and above.is_exact()
    assert is_psd(arb_mat([[1, 1], [1, below]])) is False
    assert is_psd(arb_mat([[1, 1], [1, above]])) is True
    # the same singular matrix with rounding radii: the ball contains indefinite matrices
    assert is_psd(to_arb_mat([[1, 1], [1, 1]]) / 3 * 3) is None
    # float-rounded outer product is generally *not* PSD; decided exactly either way
    v = RNG.standard_normal((6, 1))
    assert is_psd(v @ v.T) in (True, False)
    with pytest.raises(ValueError):
        is_psd([[1.0, 0.0], [5.0, 1.0]])


def test_loewner_le_agrees_with_numpy() -> None:
    checked = 0
    for _ in range(12):
        n = int(RNG.integers(1, 9))
        X = RNG.standard_normal((n, n))
        X = X @ X.T
        Y = RNG.standard_normal((n, n))
        Y = Y @ Y.T + 0.1 * np.eye(n)
        alpha = float(RNG.uniform(0.1, 5.0))
        lam_min = np.linalg.eigvalsh(alpha * Y - X).min()
        if abs(lam_min) < 1e-6:
            continue
        assert loewner_le(X, Y, alpha) is bool(lam_min > 0)
        checked += 1
    assert checked >= 8
    assert loewner_le(np.eye(3), np.eye(3), 1) is True  # equality: exact fallback
    assert loewner_le(np.eye(3), np.eye(3), 0.5) is False
    assert loewner_le(np.eye(2), to_arb_mat(np.eye(2)) / 3 * 3, 1) is None


# ------------------------------------------------------------------ reporting


def test_bounds_and_strings() -> None:
    x = arb(1) / 3
    lo, hi = arb_lower(x), arb_upper(x)
    assert isinstance(lo, Fraction) and lo < Fraction(1, 3) < hi
    assert lo.denominator & (lo.denominator - 1) == 0  # dyadic
    assert dyadic_to_decimal(Fraction(-3, 8)) == "-0.375"
    assert dyadic_to_decimal(Fraction(0.1)) == "0.1000000000000000055511151231257827021181583404541015625"
    assert arb_interval_str(x, 5) == "[3.3333e-1, 3.3334e-1]"
    assert arb_interval_str(-x, 5) == "[-3.3334e-1, -3.3333e-1]"
    s = arb_to_decimal(x, 10)
    assert arb(s).contains(x)
    b = arb_from_bounds(0, 4)
    assert b.lower() >= 0 and b.contains(0) and b.contains(4)
    with pytest.raises(ValueError):
        arb_lower(arb.pos_inf())


def test_spectral_norm_soundness_fuzz() -> None:
    """Enclosure contains the 50-digit reference at low and high precision, all shapes."""
    rng = np.random.default_rng(7)
    for t in range(60):
        n, d = (int(x) for x in rng.integers(1, 8, size=2))
        if t % 3 == 0:  # clustered singular values: {1, 1 + 1e-12, 2, 2}
            U = np.linalg.qr(rng.standard_normal((n, n)))[0]
            V = np.linalg.qr(rng.standard_normal((d, d)))[0]
            D = np.zeros((n, d))
            k = min(n, d)
            D[range(k), range(k)] = rng.choice([1.0, 1.0 + 1e-12, 2.0, 2.0], k)
            A = U @ D @ V.T
        elif t % 3 == 1:
            A = rng.integers(-2, 3, (n, d)).astype(float)
        else:
            A = rng.standard_normal((n, d)) * 10.0 ** rng.integers(-5, 5, (n, d))
        prec = int(rng.choice([20, 53, 128, 300]))
        s = spectral_norm(A, prec=prec)
        assert encloses(s, mp_spectral_norm(A)), (t, prec)
        if prec >= 128 and np.any(A):
            # near-repeated top singular values converge more slowly (still tight)
            assert rel_width(s) < (1e-15 if t % 3 == 0 else 1e-30)
