"""Conformance of every class declaration: its conditions hold on explicit members of the
class (so they are necessary), and each fails on some non-member (so they say something)."""

import itertools
import random
from fractions import Fraction

import pytest
import sympy as sp

from symbolic.classes import CLASSES, Datum, Scalar, Vec


def _rat(rng, lo=-3, hi=3):
    return Fraction(rng.randint(lo * 8, hi * 8), 8)


def _quadratic(eigs, rng, d=3):
    """f(x) = ½ xᵀQx + bᵀx with Q = H diag(eigs) Hᵀ, H = I − 2vvᵀ/‖v‖² a Householder
    reflection with rational v: exactly orthogonal and rational, so Q has exactly ``eigs``."""
    v = [_rat(rng) or Fraction(1) for _ in range(d)]
    n2 = sum(c * c for c in v)
    H = [[(1 if i == j else 0) - 2 * v[i] * v[j] / n2 for j in range(d)] for i in range(d)]
    Q = [[sum(H[i][k] * eigs[k] * H[j][k] for k in range(d)) for j in range(d)]
         for i in range(d)]
    b = [_rat(rng) for _ in range(d)]

    def f(x):
        return sum(x[i] * Q[i][j] * x[j] for i in range(d) for j in range(d)) / 2 + \
            sum(bi * xi for bi, xi in zip(b, x))

    def g(x):
        return [sum(Q[i][j] * x[j] for j in range(d)) + b[i] for i in range(d)]
    return f, g


def _max_affine(slopes, offsets):
    def f(x):
        return max(sum(a * c for a, c in zip(s, x)) + o for s, o in zip(slopes, offsets))

    def g(x):
        vals = [sum(a * c for a, c in zip(s, x)) + o for s, o in zip(slopes, offsets)]
        return list(slopes[vals.index(max(vals))])
    return f, g


def _value(s: Scalar, data):
    total = Fraction(str(s.const))
    for k, c in s.lin.items():
        total += Fraction(str(c)) * data[k]
    for (a, b), c in s.quad.items():
        total += Fraction(str(c)) * sum(x * y for x, y in zip(data[a], data[b]))
    return total


def _conditions_hold(inst, f, g, rng, points=6, d=3):
    xs = [[_rat(rng) for _ in range(d)] for _ in range(points)]
    data = {}
    datums = []
    for k, x in enumerate(xs):
        data[f"x{k}"], data[f"g{k}"], data[f"f{k}"] = x, g(x), f(x)
        datums.append(Datum.leaves(str(k)))
    worst = None
    for i, di in enumerate(datums):
        at = inst.point(di)
        if at is not None:
            v = _value(at, data)
            worst = v if worst is None else min(worst, v)
        for j, dj in enumerate(datums):
            if i != j:
                v = _value(inst.pair(di, dj), data)
                worst = v if worst is None else min(worst, v)
    return worst


L, MU, M = Fraction(2), Fraction(1, 2), Fraction(3)


def members(key, rng):
    """Explicit members of the class with L = 2, mu = 1/2, M = 3."""
    if key == "convex":
        return _max_affine([[1, 0, 2], [-1, 1, 0], [0, 0, -3]], [0, 1, -1])
    if key == "smooth-convex":
        return _quadratic([0, Fraction(1), L], rng)
    if key == "strongly-convex":
        return _quadratic([MU, 1, 5], rng)
    if key == "smooth-strongly-convex":
        return _quadratic([MU, 1, L], rng)
    if key == "smooth":
        return _quadratic([-L, 0, L], rng)
    if key == "lipschitz-convex":
        return _max_affine([[3, 0, 0], [0, -3, 0], [0, Fraction(9, 5), Fraction(12, 5)]],
                           [0, 1, -1])
    if key == "smooth-pl":
        return _quadratic([0, MU, L], rng)
    if key == "indicator":  # of the whole space: every normal vector is 0
        return (lambda x: 0), (lambda x: [Fraction(0)] * len(x))
    raise KeyError(key)


def non_members(key, rng):
    """A function just outside the class."""
    if key == "convex":
        return _quadratic([-1, 1, 1], rng)
    if key == "smooth-convex":
        return _quadratic([0, 1, 3 * L], rng)
    if key == "strongly-convex":
        return _quadratic([MU / 4, 1, 5], rng)
    if key == "smooth-strongly-convex":
        return _quadratic([MU / 4, 1, L], rng)
    if key == "smooth":
        return _quadratic([-3 * L, 0, L], rng)
    if key == "lipschitz-convex":
        return _max_affine([[4, 0, 0], [0, -3, 0]], [0, 1])
    if key == "smooth-pl":
        return _quadratic([0, 1, 3 * L], rng)
    if key == "indicator":  # "normals" that are not: x itself
        return (lambda x: 0), (lambda x: list(x))
    raise KeyError(key)


def _instance(key):
    params = {"L": sp.Rational(2), "mu": sp.Rational(1, 2), "M": sp.Rational(3)}
    cls = CLASSES[key]
    return cls.instance(**{k: params[k] for k in cls.parameters})


@pytest.mark.parametrize("key", sorted(CLASSES))
def test_conditions_hold_on_members(key):
    rng = random.Random(key)
    inst = _instance(key)
    for _ in range(5):
        f, g = members(key, rng)
        assert _conditions_hold(inst, f, g, rng) >= 0


@pytest.mark.parametrize("key", sorted(CLASSES))
def test_conditions_fail_on_a_non_member(key):
    rng = random.Random(key + "-out")
    inst = _instance(key)
    f, g = non_members(key, rng)
    assert min(_conditions_hold(inst, f, g, rng, points=10) for _ in range(5)) < 0


def test_the_pl_inequality_holds_on_members_and_fails_below_mu():
    inst = _instance("smooth-pl")
    star = Datum.leaves("s")
    x = Datum.leaves("0")
    cond = inst.point(x, star)
    for eigs, ok in [([0, MU, L], True), ([MU / 2, 1, L], False)]:
        h = [Fraction(e) for e in eigs]
        worst = None
        for p in ([1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 1]):
            p = [Fraction(c) for c in p]
            data = {"x0": p, "g0": [a * b for a, b in zip(h, p)],
                    "f0": sum(a * b * b for a, b in zip(h, p)) / 2,
                    "xs": [Fraction(0)] * 3, "gs": [Fraction(0)] * 3, "fs": Fraction(0)}
            v = _value(cond, data)
            worst = v if worst is None else min(worst, v)
        assert (worst >= 0) is ok


def test_every_class_is_declared_with_a_reference_and_weights():
    for key, cls in CLASSES.items():
        assert cls.reference, key
        assert set(cls.weights) == set(cls.parameters), key
        assert cls.title.format(L="L", mu="mu", M="M"), key


def test_instance_needs_exactly_its_parameters():
    with pytest.raises(ValueError, match="takes the parameters"):
        CLASSES["smooth-convex"].instance()
    assert CLASSES["smooth-convex"].instance(L=2).name == "convex and 2-smooth"


def test_minimizer_of_a_nonconvex_class_is_refused():
    from symbolic.classes import Function
    f = Function("f", CLASSES["smooth"].instance(L=1))
    with pytest.raises(ValueError, match="need not attain"):
        f.minimizer()


def test_datum_leaves():
    d = Datum.leaves("3")
    assert d.x == Vec.leaf("x3") and d.g == Vec.leaf("g3") and d.f == Scalar.leaf("f3")


@pytest.mark.parametrize("key", sorted(k for k, c in CLASSES.items() if c.quadratic))
def test_every_quadratic_a_class_admits_is_a_member(key):
    """What refutations by an explicit function rely on: ½ Σ h_i x_i² with h admitted by the
    declaration meets every condition of the class (at the minimiser 0 too)."""
    inst = _instance(key)
    params = {k: sp.sympify(v) for k, v in inst.params.items()}
    grid = [-L, -1, 0, MU / 2, MU, 1, L, 3 * L]
    rng = random.Random(key)
    admitted = 0
    for h in itertools.product(grid, repeat=2):
        if not inst.cls.quadratic(params, [sp.Rational(str(v)) for v in h]):
            continue
        admitted += 1
        points = [[_rat(rng), _rat(rng)] for _ in range(5)]
        data, datums = {}, []
        for k, x in enumerate(points):
            data[f"x{k}"], data[f"g{k}"] = x, [a * b for a, b in zip(h, x)]
            data[f"f{k}"] = sum(a * b * b for a, b in zip(h, x)) / 2
            datums.append(Datum.leaves(str(k)))
        star = Datum.leaves("s") if all(v >= 0 for v in h) else None
        if star is not None:
            data["xs"], data["gs"], data["fs"] = [0, 0], [0, 0], Fraction(0)
        for i, di in enumerate(datums):
            at = inst.point(di, star)
            assert at is None or _value(at, data) >= 0, (h, i)
            for j, dj in enumerate(datums):
                if i != j:
                    assert _value(inst.pair(di, dj), data) >= 0, (h, i, j)
    assert admitted > 0


def test_the_indicator_of_a_half_space():
    """K = {x : x_1 ≤ 0}: points on its boundary with outward normals t·e_1 (t ≥ 0) and
    interior points with normal 0 meet every condition; an inward normal breaks one."""
    inst = _instance("indicator")
    pts = [([0, 1, 2], [2, 0, 0]), ([0, -1, 1], [Fraction(1, 2), 0, 0]), ([-1, 3, 0], [0, 0, 0]),
           ([-2, 0, -1], [0, 0, 0])]

    def worst(points):
        data, ds = {}, []
        for k, (x, g) in enumerate(points):
            data[f"x{k}"] = [Fraction(c) for c in x]
            data[f"g{k}"] = [Fraction(c) for c in g]
            data[f"f{k}"] = Fraction(0)
            ds.append(Datum.leaves(str(k)))
        return min(_value(inst.pair(a, b), data) for a, b in itertools.permutations(ds, 2))
    assert worst(pts) >= 0
    assert worst([*pts[:3], ([0, 0, 0], [-1, 0, 0])]) < 0  # -e_1 points into K
