"""Fast paths of the float64 back ends agree with the general routines they replace."""

import numpy as np
import pytest

from numeric.backends.numpy_batch import spectral_norm


@pytest.mark.parametrize("shape", [(1, 1), (1, 5), (5, 1), (2, 2), (2, 7), (7, 2), (3, 3), (4, 6), (1000, 4), (3, 8)])
def test_spectral_norm_matches_svd(shape):
    rng = np.random.default_rng(0)
    m = rng.standard_normal((200, *shape))
    m *= 10.0 ** rng.uniform(-120, 120, 200)[:, None, None]
    m[:5] = 0.0
    m[5:10, 0, :] = 0.0  # rank-deficient
    ref = np.linalg.norm(m, 2, axis=(-2, -1))
    got = spectral_norm(m)
    assert np.allclose(got, ref, rtol=1e-13, atol=0.0)


def test_spectral_norm_nonfinite():
    m = np.array([[[np.inf, 1.0], [0.0, 1.0]], [[np.nan, 1.0], [0.0, 1.0]],
                  [[1e308, 1e308], [1e308, 1e308]]])
    got = spectral_norm(m)
    assert got[0] == np.inf and np.isnan(got[1]) and got[2] == np.inf
    m3 = np.zeros((3, 3, 3))
    m3[0, 0, 0], m3[1, 1, 1], m3[2] = np.inf, np.nan, 1e308
    got = spectral_norm(m3)
    assert got[0] == np.inf and np.isnan(got[1]) and got[2] == np.inf
    v = np.array([[[np.inf], [1.0]], [[np.nan], [1.0]]])
    got = spectral_norm(v)  # as norm2: never a finite number
    assert not np.isfinite(got).any()


def test_matmul_with_inner_dimension_one_is_matmul():
    from numeric.backends.numpy_batch import NumpyOps

    rng = np.random.default_rng(1)
    a, b = rng.standard_normal((30, 6, 1)), rng.standard_normal((30, 1, 4))
    a[a > 1] = -0.0
    b[0, 0, 0] = np.nan
    with np.errstate(invalid="ignore"):
        got, want = NumpyOps().matmul([a, b]), np.matmul(a, b)
    assert np.array_equal(got, want, equal_nan=True)
    assert np.array_equal(np.signbit(got), np.signbit(want))


def test_search_starts_shrink_only_for_wide_instances():
    from numeric.budget import Budget
    from numeric.stages.sampling.settings import MIN_STARTS, WIDE, search_starts

    b = Budget.get("quick")
    assert search_starts(b, WIDE) == b.search_starts
    assert MIN_STARTS <= search_starts(b, 10 * WIDE) < b.search_starts
    assert search_starts(b, 10**6) == MIN_STARTS


def test_equality_candidates_within_demonstrated_noise_are_not_confirmed(monkeypatch):
    import sympy as sp

    from numeric.layout import Layout
    from numeric.stages.sampling import candidates
    from numeric.stages.sampling.candidates import Candidate, Confirmer
    from symbolic import Claim, scalar

    x = scalar("x")
    c = Claim("t:extra-1", (x + 1) ** 2 - x**2 - 2 * x, "=", sp.Integer(1))  # an identity
    lay = Layout.of(c, {})
    calls = []
    real = candidates.confirm
    monkeypatch.setattr(candidates, "confirm", lambda *a, **k: calls.append(1) or real(*a, **k))
    conf = Confirmer(c, 0, 4, 0.0)
    noise = Candidate(-1e-3, lay, {x: np.array(1e8)}, {})
    assert conf.attempt([noise], None, {"evaluations": 0, "backends": {}, "phases": {}}) is None
    assert conf.noise[id(lay)] == 1e-3 and len(calls) == 1
    near = Candidate(-5e-3, lay, {x: np.array(3e8)}, {})
    far = Candidate(-0.5, lay, {x: np.array(2.0)}, {})
    other = Candidate(-5e-3, Layout.of(c, {}), {x: np.array(3e8)}, {})  # other dimensions
    conf.attempt([near, far, other], None, {"evaluations": 0, "backends": {}, "phases": {}})
    assert len(calls) == 3 and near.tried and "within" in conf.notes[1]


def test_search_passes_the_budgets_stall_and_polish_steps(monkeypatch):
    import scipy.optimize
    import sympy as sp

    from numeric.layout import Layout
    from numeric.search import adversarial
    from numeric.search.sampler import sample
    from symbolic import Claim, norm2, norminf, vector
    from symbolic.objects import n

    seen = []
    real = scipy.optimize.minimize  # the polish imports it when it first runs
    monkeypatch.setattr(scipy.optimize, "minimize",
                        lambda *a, **k: seen.append(k["options"]["maxiter"]) or real(*a, **k))
    x = vector("x", n)
    c = Claim("t:extra-1", norm2(x), "<=", (1 - sp.Rational(1, 10**3)) * sp.sqrt(n) * norminf(x))
    lay = Layout.of(c, {"n": 3})
    start = sample(c, lay, 32, np.random.default_rng(0))
    res = adversarial.search(c, start, np.random.default_rng(1), 400, polish=1, stall=10,
                             polish_steps=7)
    assert res.evaluations < 400 * start.size  # stopped early, or at a violation
    assert seen in ([], [7])
