import numpy as np
import sympy as sp

from numeric.layout import Layout
from numeric.search.adversarial import search
from numeric.search.sampler import sample
from symbolic import (
    Claim,
    Prop,
    d,
    exp_,
    inner,
    lambda_min,
    matrix,
    n,
    norm2,
    norminf,
    ones,
    opnorm,
    scalar,
    vector,
)

R, beta = scalar("R"), scalar("beta")
A, x, y = matrix("A", n, d), vector("x", d), vector("y", d)


def test_hypotheses_hold_on_sampled_instances_and_bounds_are_reached():
    c = Claim("t:extra-1", norm2(A * x), "<=", R**2,
              (Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R), Prop(R, ">=", 4)))
    lay = Layout.of(c, {"n": 5, "d": 3})
    b = sample(c, lay, 512, np.random.default_rng(0))
    assert b.feasible.mean() > 0.99
    ratio = np.linalg.norm(b.values[A], 2, axis=(1, 2)) / b.values[R]
    assert ratio.max() <= 1 + 1e-12 and ratio.max() > 1 - 1e-6  # norms at their bound
    assert b.values[R].min() == 4.0  # the scalar's own bound is an edge case


def test_every_norm_bound_active_at_once_is_an_edge_case():
    # ||A|| = ||x|| = R together (probability zero for independent draws): where the
    # Lemma 7.6-type bound sqrt(R)/2 fails
    c = Claim("t:extra-1", norm2(A * x), "<=", R**2,
              (Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R)))
    b = sample(c, Layout.of(c, {"n": 3, "d": 2}), 1024, np.random.default_rng(2))
    f = b.take(b.feasible)
    a_ratio = np.linalg.norm(f.values[A], 2, axis=(1, 2)) / f.values[R]
    x_ratio = np.linalg.norm(f.values[x], axis=(1, 2)) / f.values[R]
    both = (a_ratio > 1 - 1e-9) & (x_ratio > 1 - 1e-9)
    assert 0.05 < both.mean() < 0.3 and a_ratio.max() <= 1 + 1e-12


def test_difference_constraint_and_late_scalar_bound():
    c = Claim("t:extra-1", beta, "<=", inner(exp_(A * x), ones(n)),
              (Prop(norminf(A * (y - x)), "<", sp.Rational(1, 100)),
               Prop(beta, "<=", inner(exp_(A * x), ones(n)))))
    lay = Layout.of(c, {"n": 4, "d": 2})
    b = sample(c, lay, 256, np.random.default_rng(1))
    assert b.feasible.mean() > 0.95
    ax = np.abs(b.values[A] @ (b.values[y] - b.values[x])).max(axis=(1, 2))
    assert ax.max() < 0.01 and ax.max() > 0.009


def test_loewner_hypothesis_sampled_by_construction():
    X, Y = matrix("X", n, n, symmetric=True), matrix("Y", n, n, symmetric=True)
    c = Claim("t:extra-1", opnorm(X), "<=", opnorm(Y), (Prop(X, "⪯", Y),))
    b = sample(c, Layout.of(c, {"n": 3}), 128, np.random.default_rng(2))
    assert b.feasible.all()
    assert np.linalg.eigvalsh(b.values[Y] - b.values[X]).min() >= -1e-9


def test_search_finds_a_planted_boundary_violation():
    eps = sp.Rational(1, 10**8)
    c = Claim("t:extra-1", norm2(A * x), "<=", (1 - eps) * R**2,
              (Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R), Prop(R, ">=", 1)))
    lay = Layout.of(c, {"n": 3, "d": 3})
    start = sample(c, lay, 64, np.random.default_rng(3))
    res = search(c, start, np.random.default_rng(4), iterations=100)
    assert res.margins.min() < 0


def test_lambda_min_node():
    X = matrix("X", 2, 2, symmetric=True)
    c = Claim("t:extra-1", lambda_min(X), ">=", -1)
    b = sample(c, Layout.of(c, {}), 8, np.random.default_rng(0))
    assert np.allclose(b.values[X], np.swapaxes(b.values[X], 1, 2))


def test_draw_matrix_kinds():
    from numeric.search.sampler import _draw_matrix

    rng = np.random.default_rng(3)
    m = _draw_matrix((6, 3), 2000, rng, False, None)
    flat = np.abs(m.reshape(2000, -1))
    sv = np.linalg.svd(m, compute_uv=False)
    zero = np.all(flat == 0, axis=1)
    const = ~zero & np.all(flat == flat[:, :1], axis=1)
    rank1 = ~zero & ~const & (sv[:, 1] < 1e-12 * sv[:, 0])
    top = np.sort(flat, axis=1)
    dominant = (top[:, -1] > 100 * top[:, -2]) & ~zero
    assert 0.02 < zero.mean() < 0.04  # 3 %
    assert 0.05 < const.mean() < 0.09  # 7 %
    assert 0.12 < rank1.mean() < 0.18  # 15 %
    assert 0.08 < dominant.mean() < 0.13  # 10 %
    mag = flat.max(axis=1)
    assert 0.03 < np.mean((mag > 1e4) | ((mag < 1e-4) & ~zero)) < 0.07  # extreme scales, 5 %


def test_draw_matrix_aligns_vectors_with_the_partner_and_is_reproducible():
    from numeric.search.sampler import _draw_matrix

    partner = np.random.default_rng(1).standard_normal((500, 7, 4))
    v = _draw_matrix((4, 1), 500, np.random.default_rng(5), False, partner)
    top = np.linalg.svd(partner)[2][:, 0, :]
    norm = np.linalg.norm(v[..., 0], axis=1)
    cos = np.abs(np.sum(top * v[..., 0], axis=1)) / np.where(norm > 0, norm, 1.0)
    assert 0.12 < np.mean(cos > 1 - 1e-12) < 0.2  # 15 % aligned
    again = _draw_matrix((4, 1), 500, np.random.default_rng(5), False, partner)
    assert np.array_equal(v, again)
    s = _draw_matrix((3, 3), 50, np.random.default_rng(2), True, None)
    assert np.array_equal(s, np.swapaxes(s, -1, -2))


def test_layouts_are_memoised_per_claim_but_independent():
    from numeric.layout import Layout
    from symbolic import Claim, matrix, norm2, opnorm, scalar, vector
    from symbolic import d as dim_d
    from symbolic import n as dim_n

    A, x, t = matrix("A", dim_n, dim_d), vector("x", dim_d), scalar("t")
    c = Claim("t:extra-1", norm2(A * x), "<=", opnorm(A) * norm2(x))
    a, b = Layout.of(c, {"n": 3, "d": 2}), Layout.of(c, {"n": 3, "d": 2})
    assert a == b and a.shapes is not b.shapes and a.symbols is not b.symbols
    a.shapes[A] = (9, 9)  # a caller's change does not reach the next layout
    assert Layout.of(c, {"n": 3, "d": 2}).shapes[A] == (3, 2)
    assert Layout.of(c, {"n": 1, "d": 4}).shapes[A] == (1, 4)
    wider = c.with_(rhs=t * opnorm(A) * norm2(x))
    assert [s.name for s in Layout.of(wider, {"n": 1, "d": 1}).symbols] == ["t", "A", "x"]


def test_an_equality_case_of_an_inequality_is_not_polished(monkeypatch):
    import numeric.search.adversarial as adv

    polished = []
    real = adv._polish_one

    def record(obj, theta, idx, steps):
        polished.append(obj.claim.rel.value)
        return real(obj, theta, idx, steps)

    monkeypatch.setattr(adv, "_polish_one", record)
    lay = Layout.of(Claim("t:extra-1", norm2(x - y), "<=", norm2(y - x)), {"n": 2, "d": 2})
    # both sides equal to the last bit everywhere: every margin is exactly 0
    same = Claim("t:extra-1", norm2(x - y), "<=", norm2(y - x))
    res = search(same, sample(same, lay, 16, np.random.default_rng(0)),
                 np.random.default_rng(1), iterations=5, polish=4)
    assert (res.margins == 0).all() and polished == []
    # an equality's margin of 0 is still polished (a nonzero difference nearby refutes it)
    eq = Claim("t:extra-1", norm2(x - y) ** 2, "=", norm2(y - x) ** 2)
    search(eq, sample(eq, lay, 16, np.random.default_rng(0)), np.random.default_rng(1),
           iterations=5, polish=4)
    assert polished and set(polished) == {"="}
