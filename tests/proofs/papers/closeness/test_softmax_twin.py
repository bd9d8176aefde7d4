"""Tests for proofs.papers.closeness.softmax_twin against mpmath, finite differences and itself (batched).

The mpmath references are written here independently of the module: small points use
``mpmath.diff`` on the definitions (no closed forms at all); large points (||A|| = ||x|| = R of
30 and 40, logits far beyond float64's exp range) use the textbook per-entry chain rule evaluated
with at least 50 digits (more when the logit spread needs it, so 1 - f_max is not rounded away).
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
import pytest

from proofs.papers.closeness import softmax_twin as sr

# ----------------------------------------------------------------------------- helpers


def _point(
    rng: np.random.Generator, n: int, d: int, R: float, spike: bool = False
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A with spectral norm R, x with ||x||_2 = R near A's top singular direction, b in [0, 1]^n.

    With ``spike`` one row of A dominates, so the largest logit is close to R^2.
    """
    A = rng.standard_normal((n, d))
    if spike:
        A[rng.integers(n)] *= 4.0
    A *= R / np.linalg.norm(A, 2)
    vt = np.linalg.svd(A)[2]
    x = vt[0] + 0.3 * rng.standard_normal(d)
    x *= R / np.linalg.norm(x)
    z = A @ x
    if z[np.argmax(np.abs(z))] < 0:  # make the logit of largest size positive
        x = -x
    return A, x, rng.uniform(0.0, 1.0, n)


def _mp_defs(Am: list[list], xm: list, bm: list) -> dict:
    """Values straight from the definitions (mpmath numbers)."""
    n, d = len(Am), len(xm)
    z = [mpmath.fsum(Am[k][j] * xm[j] for j in range(d)) for k in range(n)]
    u = [mpmath.exp(zk) for zk in z]
    al = mpmath.fsum(u)
    f = [uk / al for uk in u]
    cv = [f[k] - bm[k] for k in range(n)]
    L = mpmath.fsum(ck * ck for ck in cv) / 2
    return {"z": z, "alpha": al, "f": f, "c": cv, "L": L, "log_alpha": mpmath.log(al)}


def _mp_reference(A: np.ndarray, x: np.ndarray, b: np.ndarray) -> dict:
    """Chain-rule reference at >= 50 digits: returns float64 arrays (tiny values may underflow)."""
    n, d = A.shape
    z64 = A @ x
    dps = 50 + int((z64.max() - z64.min()) / math.log(10)) + 20
    with mpmath.workdps(dps):
        Am = [[mpmath.mpf(float(v)) for v in row] for row in A]
        xm = [mpmath.mpf(float(v)) for v in x]
        bm = [mpmath.mpf(float(v)) for v in b]
        D = _mp_defs(Am, xm, bm)
        f, cv = D["f"], D["c"]

        def delta(i: int, j: int) -> int:
            return 1 if i == j else 0

        # d f_k / d z_j and d^2 f_k / d z_j d z_l, entry by entry
        Jz = [[f[k] * (delta(k, j) - f[j]) for j in range(n)] for k in range(n)]

        def H_fk(k: int, j: int, m: int):
            return f[k] * (
                (delta(k, j) - f[j]) * (delta(k, m) - f[m]) - f[j] * (delta(j, m) - f[m])
            )

        # L as function of z: grad = Jz^T c, hess = Jz^T Jz + sum_k c_k H_fk
        gz = [mpmath.fsum(Jz[k][j] * cv[k] for k in range(n)) for j in range(n)]
        Hz = [
            [
                mpmath.fsum(Jz[k][j] * Jz[k][m] + cv[k] * H_fk(k, j, m) for k in range(n))
                for m in range(n)
            ]
            for j in range(n)
        ]
        g = [mpmath.fsum(Am[k][i] * gz[k] for k in range(n)) for i in range(d)]
        H = [
            [
                mpmath.fsum(Am[k][i] * Hz[k][m] * Am[m][j] for k in range(n) for m in range(n))
                for j in range(d)
            ]
            for i in range(d)
        ]
        jac = [
            [mpmath.fsum(Jz[k][m] * Am[m][i] for m in range(n)) for i in range(d)] for k in range(n)
        ]
        out = {
            "log_alpha": float(D["log_alpha"]),
            "f": np.array([float(v) for v in f]),
            "c": np.array([float(v) for v in cv]),
            "L": float(D["L"]),
            "grad_loss": np.array([float(v) for v in g]),
            "hess_loss": np.array([[float(v) for v in row] for row in H]),
            "jac_f": np.array([[float(v) for v in row] for row in jac]),
            "grad_loss_A": np.array([[float(gz[i] * xm[j]) for j in range(d)] for i in range(n)]),
        }
    return out


def _close(num: np.ndarray, ref: np.ndarray, rtol: float) -> None:
    """Norm-wise relative closeness (max-norm), with a floor for values that underflow float64."""
    num, ref = np.asarray(num, dtype=float), np.asarray(ref, dtype=float)
    assert num.shape == ref.shape
    assert np.all(np.isfinite(num))
    err = np.max(np.abs(num - ref)) if num.size else 0.0
    assert err <= rtol * np.max(np.abs(ref)) + 1e-300, (err, np.max(np.abs(ref)))


def _entrywise(num: np.ndarray, ref: np.ndarray, rtol: float) -> None:
    np.testing.assert_allclose(num, ref, rtol=rtol, atol=1e-300)


# ----------------------------------------------------------------------------- (a) mpmath, large R


@pytest.mark.parametrize("R", [30.0, 40.0])
@pytest.mark.parametrize("n,d", [(5, 4), (3, 2), (7, 3)])
def test_large_logits_against_mpmath(R: float, n: int, d: int) -> None:
    rng = np.random.default_rng(int(R) * 100 + n * 10 + d)
    tiny_grad_seen = False
    overflowed = 0
    for t in range(6):
        A, x, b = _point(rng, n, d, R, spike=t % 2 == 1)
        with np.errstate(over="ignore"):
            overflowed += bool(np.isinf(np.exp(A @ x)).any())
        ref = _mp_reference(A, x, b)
        with np.errstate(over="raise", invalid="raise", divide="raise"):
            f = sr.softmax_f(A, x)
            cv = sr.c(A, x, b)
            L = sr.loss(A, x, b)
            g = sr.grad_loss(A, x, b)
            H = sr.hess_loss(A, x, b)
            J = sr.jac_f(A, x)
            gA = sr.grad_loss_A(A, x, b)
            la = sr.log_alpha(A, x)
        assert abs(la - ref["log_alpha"]) <= 1e-13 * abs(ref["log_alpha"])
        _entrywise(f, ref["f"], 1e-9)
        _entrywise(cv, ref["c"], 1e-9)
        assert L == pytest.approx(ref["L"], rel=1e-12)
        _close(g, ref["grad_loss"], 1e-8)
        _close(H, ref["hess_loss"], 1e-8)
        _close(J, ref["jac_f"], 1e-8)
        _close(gA, ref["grad_loss_A"], 1e-8)
        gmax = np.max(np.abs(ref["grad_loss"]))
        # the relative accuracy above is demanded even where the gradient is tiny
        tiny_grad_seen |= 0.0 < gmax < 1e-20
        # alpha is exp(log_alpha): inf exactly when that is beyond float64, finite and right below
        a = sr.alpha(A, x)
        if ref["log_alpha"] > 709.79:
            assert a == np.inf
        else:
            assert a == pytest.approx(math.exp(ref["log_alpha"]), rel=1e-12)
    assert overflowed >= 2  # exp(Ax) itself is beyond float64 at several of these points
    if R == 40.0:
        assert tiny_grad_seen


def test_overflowing_points_really_overflow() -> None:
    """The R = 30/40 points above do leave float64: naive exp(Ax) overflows there."""
    rng = np.random.default_rng(3040)
    overflowed = 0
    for R in (30.0, 40.0):
        for _ in range(6):
            A, x, _b = _point(rng, 5, 4, R, spike=True)
            with np.errstate(over="ignore"):
                overflowed += bool(np.isinf(np.exp(A @ x)).any())
            assert np.isfinite(sr.log_alpha(A, x))
    assert overflowed >= 10


def test_logits_of_size_2000_stay_finite() -> None:
    A = np.array([[2000.0, 0.0], [1999.0, 1.0], [-2000.0, 0.5], [0.0, -3.0]])
    x = np.array([1.0, 0.25])
    b = np.array([0.2, 0.3, 0.1, 0.4])
    with np.errstate(over="raise", invalid="raise", divide="raise"):
        for val in (
            sr.softmax_f(A, x),
            sr.c(A, x, b),
            sr.loss(A, x, b),
            sr.grad_loss(A, x, b),
            sr.hess_loss(A, x, b),
            sr.jac_f(A, x),
            sr.grad_loss_A(A, x, b),
            sr.jac_f_A(A, x),
            sr.log_alpha(A, x),
        ):
            assert np.all(np.isfinite(val))
    ref = _mp_reference(A, x, b)
    _entrywise(sr.softmax_f(A, x), ref["f"], 1e-12)
    _close(sr.grad_loss(A, x, b), ref["grad_loss"], 1e-10)
    _close(sr.hess_loss(A, x, b), ref["hess_loss"], 1e-10)
    assert sr.log_alpha(A, x) == pytest.approx(2000.0 + math.log1p(math.exp(-0.75)), rel=1e-15)
    # alpha, alpha^{-1} and their derivatives are out of range: inf / 0, never nan
    assert sr.alpha(A, x) == np.inf
    assert sr.alpha_inv(A, x) == 0.0
    ga = sr.grad_alpha(A, x)
    assert np.all(np.isinf(ga)) and np.all(ga > 0)
    assert np.all(sr.grad_alpha_inv(A, x) == 0.0)
    gaA = sr.grad_alpha_A(A, x)
    assert not np.any(np.isnan(gaA))
    assert gaA[0, 0] == np.inf and gaA[2, 0] == 0.0


def test_out_of_range_alpha_signs_and_zeros() -> None:
    # huge negative logits: alpha underflows to 0, alpha^{-1} overflows to inf
    A = np.array([[-1000.0, 0.0], [-1001.0, 0.0]])
    x = np.array([1.0, 0.0])
    assert sr.alpha(A, x) == 0.0
    assert sr.alpha_inv(A, x) == np.inf
    gi = sr.grad_alpha_inv(A, x)
    assert gi[0] == np.inf  # -alpha^{-1} <f, A_{*,0}> with <f, A_{*,0}> < 0
    assert gi[1] == 0.0  # zero column: exactly 0, not nan
    # large positive logits, zero column and zero x entry: 0, not inf * 0 = nan
    A2 = np.array([[1000.0, 0.0], [0.0, 0.0]])
    x2 = np.array([1.0, 0.0])
    assert sr.grad_alpha(A2, x2).tolist() == [np.inf, 0.0]
    gaA = sr.grad_alpha_A(A2, x2)
    assert gaA[0].tolist() == [np.inf, 0.0] and gaA[1].tolist() == [1.0, 0.0]
    # just inside the range, values are right (not inf)
    A3 = np.array([[700.0], [699.0]])
    la = 700.0 + math.log1p(math.exp(-1.0))
    assert sr.alpha(A3, [1.0]) == pytest.approx(math.exp(la), rel=1e-13)
    assert sr.grad_alpha(A3, [1.0])[0] == pytest.approx(
        700 * math.exp(700.0) + 699 * math.exp(699.0), rel=1e-13
    )


# ------------------------------------------------------------------------ (a) mpmath.diff, small R


def _mp_funcs(n: int, d: int, b: np.ndarray):
    bm = [mpmath.mpf(float(v)) for v in b]

    def unpack_x(A, xs):
        return [[mpmath.mpf(float(v)) for v in row] for row in A], list(xs)

    def unpack_A(x, As):
        return [list(As[k * d : (k + 1) * d]) for k in range(n)], [mpmath.mpf(float(v)) for v in x]

    return bm, unpack_x, unpack_A


@pytest.mark.parametrize("n,d", [(3, 2), (4, 3), (1, 2), (3, 1)])
def test_derivatives_against_mpmath_diff(n: int, d: int) -> None:
    rng = np.random.default_rng(7 + 10 * n + d)
    A, x, b = _point(rng, n, d, 1.7)
    bm, ux, uA = _mp_funcs(n, d, b)
    dims = d
    with mpmath.workdps(50):

        def by_x(key: str, k: int | None = None):
            def F(*xs):
                D = _mp_defs(*ux(A, xs), bm)
                v = D[key]
                return v if k is None else v[k]

            return F

        def by_A(key: str, k: int | None = None):
            def F(*As):
                D = _mp_defs(*uA(x, As), bm)
                v = D[key]
                return v if k is None else v[k]

            return F

        def grad(F, pt):
            m = len(pt)
            return np.array(
                [
                    float(mpmath.diff(F, tuple(pt), tuple(int(i == j) for j in range(m))))
                    for i in range(m)
                ]
            )

        xp = [mpmath.mpf(float(v)) for v in x]
        Ap = [mpmath.mpf(float(v)) for v in A.ravel()]
        inv = by_x("alpha")

        def alpha_inv_F(*xs):
            return 1 / inv(*xs)

        _close(sr.grad_alpha(A, x), grad(by_x("alpha"), xp), 1e-12)
        _close(sr.grad_alpha_inv(A, x), grad(alpha_inv_F, xp), 1e-12)
        _close(sr.grad_loss(A, x, b), grad(by_x("L"), xp), 1e-12)
        _close(sr.jac_f(A, x), np.array([grad(by_x("f", k), xp) for k in range(n)]), 1e-12)
        Hm = np.array(
            [
                [
                    float(
                        mpmath.diff(
                            by_x("L"),
                            tuple(xp),
                            tuple(int(t == i) + int(t == j) for t in range(dims)),
                        )
                    )
                    for j in range(d)
                ]
                for i in range(d)
            ]
        )
        _close(sr.hess_loss(A, x, b), Hm, 1e-11)
        _close(sr.grad_alpha_A(A, x), grad(by_A("alpha"), Ap).reshape(n, d), 1e-12)
        _close(sr.grad_loss_A(A, x, b), grad(by_A("L"), Ap).reshape(n, d), 1e-12)
        jfa = np.array([grad(by_A("f", k), Ap).reshape(n, d) for k in range(n)])
        _close(sr.jac_f_A(A, x), jfa, 1e-12)
        D = _mp_defs(*ux(A, xp), bm)
        assert sr.alpha(A, x) == pytest.approx(float(D["alpha"]), rel=1e-14)
        assert sr.alpha_inv(A, x) == pytest.approx(float(1 / D["alpha"]), rel=1e-14)
        assert sr.loss(A, x, b) == pytest.approx(float(D["L"]), rel=1e-13)


# ------------------------------------------------------------------------ (b) finite differences


def _fd(F, v: np.ndarray, h: float = 1e-6) -> np.ndarray:
    """Central differences of F (array-valued) w.r.t. each entry of v; new axes appended last."""
    cols = []
    for idx in np.ndindex(v.shape):
        e = np.zeros_like(v)
        e[idx] = h
        cols.append((np.asarray(F(v + e)) - np.asarray(F(v - e))) / (2 * h))
    out = np.stack(cols, axis=-1)
    return out.reshape(np.shape(F(v)) + v.shape)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_finite_differences(seed: int) -> None:
    rng = np.random.default_rng(100 + seed)
    n, d = 4, 3
    A, x, b = _point(rng, n, d, 2.5)
    tol = {"rtol": 1e-6, "atol": 1e-8}
    np.testing.assert_allclose(sr.grad_alpha(A, x), _fd(lambda v: sr.alpha(A, v), x), **tol)
    np.testing.assert_allclose(sr.grad_alpha_inv(A, x), _fd(lambda v: sr.alpha_inv(A, v), x), **tol)
    np.testing.assert_allclose(sr.jac_f(A, x), _fd(lambda v: sr.softmax_f(A, v), x), **tol)
    np.testing.assert_allclose(sr.jac_f(A, x), _fd(lambda v: sr.c(A, v, b), x), **tol)
    np.testing.assert_allclose(sr.grad_loss(A, x, b), _fd(lambda v: sr.loss(A, v, b), x), **tol)
    np.testing.assert_allclose(
        sr.hess_loss(A, x, b), _fd(lambda v: sr.grad_loss(A, v, b), x), **tol
    )
    np.testing.assert_allclose(sr.grad_alpha_A(A, x), _fd(lambda M: sr.alpha(M, x), A), **tol)
    np.testing.assert_allclose(sr.grad_loss_A(A, x, b), _fd(lambda M: sr.loss(M, x, b), A), **tol)
    np.testing.assert_allclose(sr.jac_f_A(A, x), _fd(lambda M: sr.softmax_f(M, x), A), **tol)
    np.testing.assert_allclose(sr.log_alpha(A, x), math.log(float(sr.alpha(A, x))), rtol=1e-14)


# ----------------------------------------------------------------------------- (c) batching

_ALL_AX = [
    "log_alpha",
    "alpha",
    "alpha_inv",
    "softmax_f",
    "grad_alpha",
    "grad_alpha_inv",
    "jac_f",
    "grad_alpha_A",
    "jac_f_A",
]
_ALL_AXB = ["c", "loss", "grad_loss", "hess_loss", "grad_loss_A"]


def test_batched_equals_loop() -> None:
    rng = np.random.default_rng(11)
    n, d = 4, 3
    pts = [_point(rng, n, d, R) for R in (0.5, 2.0, 30.0, 40.0, 5.0, 1.0)]
    A = np.stack([p[0] for p in pts]).reshape(2, 3, n, d)
    x = np.stack([p[1] for p in pts]).reshape(2, 3, d)
    b = np.stack([p[2] for p in pts]).reshape(2, 3, n)
    for name in _ALL_AX + _ALL_AXB:
        fn = getattr(sr, name)
        args = (A, x, b) if name in _ALL_AXB else (A, x)
        batched = np.asarray(fn(*args))
        loop = np.stack(
            [np.asarray(fn(*(a[i, j] for a in args))) for i in range(2) for j in range(3)]
        )
        assert batched.shape[:2] == (2, 3), name
        np.testing.assert_allclose(
            batched.reshape(loop.shape), loop, rtol=1e-13, atol=0, err_msg=name
        )


def test_batch_broadcasting_shared_matrix() -> None:
    rng = np.random.default_rng(12)
    A = rng.standard_normal((3, 2))
    xs = rng.standard_normal((5, 2))
    b = rng.uniform(size=3)
    H = sr.hess_loss(A, xs, b)
    assert H.shape == (5, 2, 2)
    for i in range(5):
        np.testing.assert_allclose(H[i], sr.hess_loss(A, xs[i], b), rtol=1e-14)
    assert sr.loss(A, xs, b).shape == (5,)
    assert sr.jac_f_A(A, xs).shape == (5, 3, 3, 2)


def test_output_shapes_unbatched() -> None:
    A, x, b = np.ones((3, 2)), np.zeros(2), np.zeros(3)
    shapes = {
        "log_alpha": (),
        "alpha": (),
        "alpha_inv": (),
        "softmax_f": (3,),
        "c": (3,),
        "loss": (),
        "grad_alpha": (2,),
        "grad_alpha_inv": (2,),
        "jac_f": (3, 2),
        "grad_loss": (2,),
        "hess_loss": (2, 2),
        "grad_alpha_A": (3, 2),
        "grad_loss_A": (3, 2),
        "jac_f_A": (3, 3, 2),
    }
    for name, shape in shapes.items():
        args = (A, x, b) if name in _ALL_AXB else (A, x)
        assert np.shape(getattr(sr, name)(*args)) == shape, name


# ----------------------------------------------------------------------------- (d) symmetry


def test_hessian_symmetric() -> None:
    rng = np.random.default_rng(13)
    for R in (0.3, 3.0, 30.0, 40.0):
        A, x, b = _point(rng, 6, 5, R)
        H = sr.hess_loss(A, x, b)
        assert np.array_equal(H, H.T)
    A = rng.standard_normal((4, 6, 5))
    H = sr.hess_loss(A, rng.standard_normal((4, 5)), rng.uniform(size=(4, 6)))
    assert np.array_equal(H, np.swapaxes(H, -1, -2))


# ----------------------------------------------------------------------------- (e) edge cases


def test_n_equals_one() -> None:
    A = np.array([[2.0, -1.0, 0.5]])
    x = np.array([0.3, 0.2, -0.4])
    b = np.array([0.25])
    z = float(A[0] @ x)
    assert sr.softmax_f(A, x).tolist() == [1.0]
    assert sr.c(A, x, b).tolist() == [0.75]
    assert sr.loss(A, x, b) == pytest.approx(0.5 * 0.75**2)
    assert sr.log_alpha(A, x) == pytest.approx(z)
    assert sr.alpha(A, x) == pytest.approx(math.exp(z))
    np.testing.assert_allclose(sr.grad_alpha(A, x), math.exp(z) * A[0], rtol=1e-15)
    np.testing.assert_allclose(sr.grad_alpha_inv(A, x), -math.exp(-z) * A[0], rtol=1e-15)
    np.testing.assert_allclose(sr.grad_alpha_A(A, x), math.exp(z) * x[None, :], rtol=1e-15)
    for val in (
        sr.jac_f(A, x),
        sr.grad_loss(A, x, b),
        sr.hess_loss(A, x, b),
        sr.grad_loss_A(A, x, b),
        sr.jac_f_A(A, x),
    ):
        assert np.all(val == 0.0)


def test_d_equals_one_against_mpmath() -> None:
    rng = np.random.default_rng(14)
    for R in (1.0, 30.0):
        A, x, b = _point(rng, 4, 1, R)
        ref = _mp_reference(A, x, b)
        assert sr.hess_loss(A, x, b).shape == (1, 1)
        _entrywise(sr.softmax_f(A, x), ref["f"], 1e-10)
        _close(sr.grad_loss(A, x, b), ref["grad_loss"], 1e-9)
        _close(sr.hess_loss(A, x, b), ref["hess_loss"], 1e-9)
        assert sr.log_alpha(A, x) == pytest.approx(ref["log_alpha"], rel=1e-13)


def test_n_and_d_equal_one() -> None:
    assert sr.softmax_f([[5.0]], [3.0]).tolist() == [1.0]
    assert float(sr.log_alpha([[5.0]], [3.0])) == 15.0
    assert sr.hess_loss([[5.0]], [3.0], [0.0]).tolist() == [[0.0]]


# ----------------------------------------------------------------------------- (f) bad input


@pytest.mark.parametrize(
    "args, match",
    [
        ((np.ones(3), np.ones(3)), "A must have at least 2"),
        ((np.ones((3, 2)), np.ones(3)), "x must have last dimension d = 2"),
        ((np.ones((3, 2)), np.ones(())), "x must have at least 1"),
        ((np.ones((0, 2)), np.ones(2)), "n >= 1"),
        ((np.ones((3, 0)), np.ones(0)), "d >= 1"),
        ((np.ones((2, 3, 2)), np.ones((4, 2))), "batch shapes do not broadcast"),
        ((np.array([[1.0, np.nan]]), np.ones(2)), "A contains non-finite"),
        ((np.ones((1, 2)), np.array([np.inf, 0.0])), "x contains non-finite"),
        ((np.ones((1, 2)) * 1j, np.ones(2)), "A must be real"),
        ((np.ones((1, 2)), ["a", "b"]), "x must be a real numeric array"),
    ],
)
def test_bad_inputs_raise(args: tuple, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        sr.softmax_f(*args)
    with pytest.raises(ValueError, match=match):
        sr.grad_alpha_A(*args)


@pytest.mark.parametrize(
    "b, match",
    [
        (np.ones(2), "b must have last dimension n = 3"),
        (np.ones((4, 3)), "batch shapes do not broadcast"),
        (np.array([0.0, np.nan, 1.0]), "b contains non-finite"),
        (np.ones(()), "b must have at least 1"),
    ],
)
def test_bad_b_raises(b: np.ndarray, match: str) -> None:
    A, x = np.ones((2, 3, 2)), np.ones((2, 2))
    for fn in (sr.c, sr.loss, sr.grad_loss, sr.hess_loss, sr.grad_loss_A):
        with pytest.raises(ValueError, match=match):
            fn(A, x, b)


def test_error_messages_are_one_line() -> None:
    with pytest.raises(ValueError) as info:
        sr.hess_loss(np.ones((3, 2)), np.ones(4), np.ones(3))
    assert "\n" not in str(info.value)


# ----------------------------------------------------------------------------- paper, pinned facts


def test_paper_lemma_4_5_part_5_sign() -> None:
    """Printed: A_{*,i}^T (f <c,f> + diag(f) c). True: A_{*,i}^T (-f <c,f> + diag(f) c)."""
    rng = np.random.default_rng(45)
    A, x, b = _point(rng, 5, 3, 1.5)
    f, cv = sr.softmax_f(A, x), sr.c(A, x, b)
    true = sr.grad_loss(A, x, b)
    ref = _mp_reference(A, x, b)["grad_loss"]
    _close(true, ref, 1e-12)
    printed = A.T @ (f * np.dot(cv, f) + np.diag(f) @ cv)
    corrected = A.T @ (-f * np.dot(cv, f) + np.diag(f) @ cv)
    assert np.linalg.norm(printed - ref) > 0.5 * np.linalg.norm(ref)
    assert np.linalg.norm(printed - ref) > 1e-2
    np.testing.assert_allclose(corrected, ref, rtol=1e-12, atol=1e-15)
    # the printed and true forms differ by exactly 2 <c,f> A^T f
    np.testing.assert_allclose(printed - true, 2 * np.dot(cv, f) * (A.T @ f), rtol=1e-10)


def test_paper_lemma_4_5_parts_3_and_4_hold() -> None:
    """Parts 3 and 4 as printed agree with the true derivatives."""
    rng = np.random.default_rng(46)
    A, x, _b = _point(rng, 5, 3, 1.5)
    f = sr.softmax_f(A, x)
    part3 = -sr.alpha_inv(A, x) * (A.T @ f)
    np.testing.assert_allclose(sr.grad_alpha_inv(A, x), part3, rtol=1e-13)
    part4 = np.stack([-(f @ A[:, i]) * f + f * A[:, i] for i in range(3)], axis=-1)
    np.testing.assert_allclose(sr.jac_f(A, x), part4, rtol=1e-12, atol=1e-16)
