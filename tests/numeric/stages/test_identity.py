"""The identity stage: one normal form proves an identity for every size, where it is
defined; a cancelled denominator is still a denominator."""

from __future__ import annotations

from numeric.budget import Budget
from numeric.stages.identity import IdentityStage
from symbolic import Claim, Prop, d, exp_, inner, matrix, n, norm2, ones, sum_entries, vector

QUICK = Budget.get("quick")
A = matrix("A", n, d)
x = vector("x", d)
u, v = vector("u", n), vector("v", n)


def run(lhs, rhs, *hyps, rel="="):
    return IdentityStage().run(Claim("t:extra-1", lhs, rel, rhs, tuple(hyps)), QUICK, 0)


def test_identities_for_every_size():
    for lhs, rhs in [(norm2(A * x - u) ** 2, inner(A * x - u, A * x - u)),
                     (inner(exp_(A * x), ones(n)), sum_entries(exp_(A * x))),
                     (sum_entries(exp_(u) / inner(exp_(u), ones(n))), 1)]:
        verdict = run(lhs, rhs)
        assert verdict.status.value == "proved" and verdict.rigorous, (lhs, rhs)


def test_a_cancelled_denominator_must_still_be_nonzero():
    q = inner(u, v) / inner(v, u)  # 0/0 where u ⟂ v
    verdict = run(q, 1)
    assert verdict.status.value == "unknown" and "not shown safe" in verdict.message
    ok = run(q, 1, Prop(inner(u, v), ">", 0))
    assert ok.status.value == "proved"


def test_different_sides_are_no_decision():
    assert run(norm2(u + v), norm2(u) + norm2(v)) is None
    assert run(norm2(u), norm2(v), rel="<=") is None
    assert IdentityStage().applies(Claim("t:extra-1", norm2(u), "<", 1)) is not None


def test_certainly_nonzero_only_where_arb_is_sure():
    import sympy as sp

    from numeric.stages.identity import certainly_nonzero
    from symbolic import index, scalar
    from symbolic.objects import entry

    k, i = scalar("k", positive=True), index("i")
    s, t = sum_entries(exp_(u)), sum_entries(exp_(v))
    assert certainly_nonzero(norm2(u - v) / k - norm2(u) / k)
    assert certainly_nonzero(entry(u, i) / s - 1)  # an index is 1: in every range
    # zero as a function though not as a rational function of its atoms (s, t > 0): unsure
    assert not certainly_nonzero(sp.Abs(1 / t - 1 / s) - sp.Abs(s - t) / (s * t))
    assert not certainly_nonzero(norm2(u) / k - norm2(u) / k)
    assert not certainly_nonzero(1 / (norm2(u) - norm2(u) + sp.Integer(0) * k))  # undefined


def test_the_nonzero_test_changes_no_answer_of_same():
    from numeric.stages.identity import certainly_nonzero
    from symbolic.normal_form import same

    s, t = sum_entries(exp_(u)), sum_entries(exp_(v))
    pairs = [(norm2(exp_(u) / s - exp_(v) / t), norm2(exp_(v) / t - exp_(u) / s)),
             (inner(u, v) / s + 1 / t, (inner(v, u) * t + s) / (s * t)),
             (norm2(exp_(u) / s), norm2(exp_(u)) / s),
             (norm2(exp_(u) / s - exp_(v) / t), norm2(exp_(u) - exp_(v)) / s),
             (inner(u, v) / s, inner(u, u) / s)]
    assert [same(a, b, certainly_nonzero) for a, b in pairs] == [same(a, b) for a, b in pairs] \
        == [True, True, False, False, False]


def test_logarithm_identities_are_proved_where_the_hypotheses_make_symbols_positive():
    from numeric.stages.cascade import decide
    from symbolic import Claim

    hyps = ["a > 0", "b > 0", "p > 0"]
    for text, expected in ((r"\log(ab) = \log(a) + \log(b)", "proved"),
                           (r"\frac{1}{p}\log(a^p) = \log(a)", "proved"),
                           (r"\log(ab) = \log(a) + 2\log(b)", "refuted")):
        v = decide(Claim.from_latex("t:extra-1", text, hypotheses=hyps), Budget.get("quick"),
                   seed=0)
        assert v.status.value == expected and v.rigorous, (text, v.status, v.message)
    # without the signs, log(ab) = log a + log b is false (a = b = -1): never proved
    v = decide(Claim.from_latex("t:extra-2", r"\log(ab) = \log(a) + \log(b)"),
               Budget.get("quick"), seed=0)
    assert v.status.value != "proved"


def test_an_identity_of_any_matrices_in_place_of_named_ones():
    import sympy as sp

    from numeric.kernel import admit
    from numeric.stages.identity import generalized
    from symbolic.objects import named

    # softmax shift invariance at a named point too large to unfold (a sphere point's
    # 1/(1 + ‖t‖²) in every entry): read as any vector, one normal form
    t, w = vector("t", n), sp.Symbol("w", real=True)
    q = named("q", (1 / (1 + inner(t, t))) * (2 * t + (1 - inner(t, t)) * ones(n)))
    lhs = exp_(w * A.T * q) / inner(exp_(w * A.T * q), ones(d))
    shifted = exp_(w * A.T * q - w * ones(d))
    claim = Claim("t:extra-1", lhs, "=", shifted / inner(shifted, ones(d)))
    assert str(generalized(claim)[0]).count("G_1") == 2
    verdict = IdentityStage().run(claim, QUICK, 0)
    assert verdict.status.value == "proved" and "innermost named" in verdict.message
    assert admit(claim, verdict).status.value == "proved"
    # a shift that is not one: the general sides differ, nothing is proved
    wrong = claim.with_(rhs=exp_(2 * w * A.T * q) / inner(exp_(2 * w * A.T * q), ones(d)))
    assert IdentityStage().run(wrong, QUICK, 0) is None


def test_an_identity_of_rows_is_proved_for_every_n_from_one_row():
    import sympy as sp

    from symbolic import hadamard, scalar

    T, q, w = matrix("T", n, d), vector("q", d), scalar("w")
    diff = T - ones(n) * q.T
    dist = hadamard(diff, diff) * ones(d)  # ‖t_i − q‖², row by row
    rhs = hadamard(T, T) * ones(d) - 2 * T * q + inner(q, q) * ones(n)
    verdict = run(dist, rhs)
    assert verdict.status.value == "proved" and "row by row" in verdict.message
    # one coefficient off: never proved (the row forms differ), nor a row-mixing variant
    assert run(dist, rhs + sp.Rational(1, 10) * T * q) is None
    assert run(dist + (ones(n) * ones(n).T) * T * q, rhs + (ones(n) * ones(n).T) * T * q) \
        is None
    assert run(w * dist, w * rhs).status.value == "proved"


def test_softmax_of_two_exponents_that_differ_by_the_same_number_in_every_row():
    from symbolic import hadamard, scalar
    from symbolic.objects import named

    T, q, c = matrix("T", n, d), vector("q", d), scalar("c")

    def softmax(z):
        return named("s", exp_(z) / inner(exp_(z), ones(n)))

    diff = T - ones(n) * q.T
    half = hadamard(diff, diff) * ones(d) / 2
    # −‖t_i − q‖²/2 = ⟨t_i, q⟩ − ‖t_i‖²/2 − ‖q‖²/2: the rows differ by −‖q‖²/2 throughout
    a = T * q - hadamard(T, T) * ones(d) / 2
    verdict = run(softmax(-half), softmax(a))
    assert verdict.status.value == "proved" and "through one vector G" in verdict.message
    assert run(softmax(-half), softmax(a + c * T * q)) is None  # differ row by row
    assert run(softmax(-half), softmax(2 * a)) is None


def test_a_column_outside_its_identity_is_not_a_unit_vector():
    """``‖e_{n−1}‖² = 1`` fails at ``n = 1`` (the column is empty): refuted, never proved."""
    import sympy as sp

    from numeric.stages.cascade import decide
    from symbolic import col

    for i in (n - 1, n + 1):
        e = col(sp.Identity(n), i)
        verdict = decide(Claim("t:extra-1", norm2(e) ** 2, "=", 1), QUICK, 0)
        assert verdict.status.value == "refuted", i
    e = col(sp.Identity(n), n)
    assert run(norm2(e) ** 2, 1).status.value == "proved"
