"""The trusted kernel (numeric/kernel.py), tested directly: what it admits and what it turns
into ``unknown``, whatever stage made the verdict."""

from __future__ import annotations

import sympy as sp

from numeric.budget import Budget
from numeric.kernel import admit, definedness, refutation
from symbolic import (
    Claim,
    Prop,
    Status,
    Verdict,
    entry,
    index,
    log_,
    matrix,
    min_entry,
    n,
    norm2,
    opnorm,
    scalar,
    vector,
)

QUICK = Budget.get("quick")
x, y = scalar("x"), scalar("y")


def refuted(witness: dict) -> Verdict:
    return Verdict(Status.REFUTED, "some stage", True, "violated", witness=witness)


def proved() -> Verdict:
    return Verdict(Status.PROVED, "some stage", True, "proved")


# ---------------------------------------------------------------- refutations


def test_a_plain_violation_is_certified_from_exact_values():
    assert refutation(Claim("t:extra-1", x, "<=", 1), {"x": 1.5}) is None
    # a decimal string beyond float64 is enclosed by arb, never rounded to 0
    assert refutation(Claim("t:extra-1", x, "<=", 0), {"x": "1e-400"}) is None
    assert refutation(Claim("t:extra-1", x, ">", 0), {"x": "1e-400"}) == \
        "the claim holds at the witness"


def test_a_point_where_the_claim_holds_is_not_a_witness():
    assert refutation(Claim("t:extra-1", x, "<=", 1), {"x": 0.5}) == \
        "the claim holds at the witness"


def test_an_equality_hypothesis_must_hold_exactly():
    c = Claim("t:extra-1", sp.cos(x), ">=", 1, hypotheses=[Prop(x, "=", 0)])
    assert refutation(c, {"x": 0.5}) == "x = 0 fails at the witness"
    # exp(x) <= 2 given x = log 2: no float is log 2, so no float point is a witness
    c2 = Claim("t:extra-2", sp.exp(x), "<", 2, hypotheses=[Prop(x, "=", sp.log(2))])
    assert refutation(c2, {"x": 0.6931471805599453}) is not None
    # an equality that holds exactly at a dyadic point does count
    c3 = Claim("t:extra-3", y, "<=", 0, hypotheses=[Prop(2 * x, "=", 1), Prop(y, "=", x)])
    assert refutation(c3, {"x": 0.5, "y": 0.5}) is None


def test_sizes_and_indices_stay_in_their_ranges():
    k = scalar("k")
    c = Claim("t:extra-1", sp.sin(sp.pi * n / 6) + 0 * k, ">=", 0, dims={"n": (1, 6)})
    assert refutation(c, {"n": 7, "k": 0}) == "size n = 7 is outside its range [1, 6]"
    assert refutation(c, {"n": 0, "k": 0}) == "size n = 0 is outside its range [1, 6]"
    u, i = vector("u", n), index("i")
    ci = Claim("t:extra-2", entry(u, i), "<=", 0)
    assert refutation(ci, {"n": 2, "u": [[1.0], [2.0]], "i": 3}) == \
        "index i = 3 is not an integer in [1, 2]"
    assert refutation(ci, {"n": 2, "u": [[1.0], [2.0]], "i": 2}) is None


def test_the_loewner_order_presupposes_symmetry():
    P, Q = matrix("P", n, n), matrix("Q", n, n)
    c = Claim("t:extra-1", opnorm(P), "<=", opnorm(Q),
              hypotheses=[Prop(sp.ZeroMatrix(n, n), "⪯", P), Prop(P, "⪯", Q)])
    # x'Px >= 0 and x'(Q - P)x >= 0 for all x, but Q - P is not symmetric
    w = {"n": 2, "P": [[1.0, 10.0], [-10.0, 1.0]], "Q": [[1.0, 0.0], [0.0, 1.0]]}
    assert refutation(c, w) is not None
    assert "fails" in refutation(c, w)


def test_a_disjunction_holds_by_one_branch_even_where_another_is_undefined():
    c = Claim("t:extra-1", x, ">", 0, hypotheses=[sp.Or(x < 0, sp.log(x) > 1)])
    assert refutation(c, {"x": -1}) is None
    assert refutation(c, {"x": sp.Rational(1, 2)}) is not None


def test_a_witness_where_the_claim_is_undefined_is_refused():
    c = Claim("t:extra-1", sp.sqrt(x), "<=", -1)
    assert refutation(c, {"x": -4}) == "x >= 0 fails at the witness"
    assert refutation(Claim("t:extra-2", 1 / x, ">", 1), {"x": 0}) is not None


def test_a_latex_reading_keeps_what_sympy_simplified_away():
    c = Claim.from_latex("t:extra-1", r"\frac{x}{x} = 2")
    assert [str(p) for p in c.defined_if] == ["x != 0"]
    w: dict = {}
    assert refutation(c, w) is None and w["x"] != 0  # the kernel filled in a value of x


def test_admit_turns_an_uncertified_refutation_into_a_candidate():
    c = Claim("t:extra-1", sp.cos(x), ">=", 1, hypotheses=[Prop(x, "=", 0)])
    v = admit(c, refuted({"x": 0.5}), QUICK)
    assert v.status is Status.UNKNOWN and not v.rigorous and v.witness is None
    assert v.details["candidate"] == {"x": 0.5}
    assert v.details["kernel_rejected"] == "refuted"
    assert "x = 0 fails at the witness" in v.message


# ---------------------------------------------------------------- definedness of proofs


def test_a_claim_undefined_where_its_hypotheses_hold_is_not_proved():
    v = admit(Claim("t:extra-1", (x**2 - 1) / (x - 1), "=", x + 1), proved(), QUICK)
    assert v.status is Status.UNKNOWN and v.details["open_obligations"] == ["x - 1 != 0"]
    v2 = admit(Claim("t:extra-2", (x**2 - 1) / (x - 1), "=", x + 1,
                     hypotheses=[Prop(x, ">", 1)]), proved(), QUICK)
    assert v2.details["defined"] == ["x - 1 != 0: a hypothesis"]  # x > 1 gives x - 1 != 0
    v3 = admit(Claim("t:extra-3", (x**2 - 1) / (x - 1), "=", x + 1,
                     hypotheses=[Prop(x, ">", 2)]), proved(), QUICK)
    assert v3.status is Status.PROVED
    assert v3.details["defined"] == ["x - 1 != 0: z3 nlsat"]


def test_a_real_power_of_a_positive_symbol_is_positive():
    v = admit(Claim("t:extra-1", sp.log(x**y), "=", y * sp.log(x),
                    hypotheses=[Prop(x, ">", 0)]), proved(), QUICK)
    assert v.status is Status.PROVED and any(
        d.startswith("x**y > 0: SymPy's assumptions") for d in v.details["defined"])
    # without x > 0, x**y may be undefined: never shown
    v2 = admit(Claim("t:extra-2", sp.log(x**y), "=", y * sp.log(x),
                     hypotheses=[Prop(x, ">=", 0)]), proved(), QUICK)
    assert v2.status is Status.UNKNOWN


def test_obligations_are_listed_with_how_they_were_shown():
    shown, left = definedness(Claim("t:extra-1", sp.log(sp.log(x)), "<=", x,
                                    hypotheses=[Prop(x, ">", 3)]), QUICK)
    assert left == [] and shown[0].startswith("x > 0: ") and shown[1].startswith("log(x) > 0")


def test_entrywise_logs_need_positive_entries():
    u = vector("u", n)
    v = admit(Claim("t:extra-1", norm2(log_(u)), ">=", 0), proved(), QUICK)
    assert v.status is Status.UNKNOWN and v.details["open_obligations"] == ["MinEntry(u) > 0"]
    v2 = admit(Claim("t:extra-2", norm2(log_(u)), ">=", 0,
                     hypotheses=[Prop(min_entry(u), ">", 0)]), proved(), QUICK)
    assert v2.status is Status.PROVED


def test_domains_of_inverse_trigonometry_and_roots():
    shown, left = definedness(Claim("t:extra-1", sp.asin(x) + sp.sqrt(1 - x**2), "<=", 3,
                                    hypotheses=[Prop(x, ">=", -1), Prop(x, "<=", 1)]), QUICK)
    assert left == [] and len(shown) == 2
    _, left = definedness(Claim("t:extra-2", sp.asin(x), "<=", 2), QUICK)
    assert left == ["Abs(x) <= 1"]


def test_other_statuses_pass_unchanged():
    for status in (Status.SUPPORTED, Status.UNKNOWN, Status.SKIPPED, Status.ERROR):
        v = Verdict(status, "m", False, "msg")
        assert admit(Claim("t:extra-1", 1 / x, "<=", 1 / x), v, QUICK) is v


def test_a_claim_undefined_everywhere_is_refused_when_built():
    import pytest

    with pytest.raises(ValueError, match="undefined everywhere"):
        Claim("t:extra-1", sp.log(-1 - x**2), "<=", 0)


def test_the_kernel_certifies_a_candidate_a_stage_could_not():
    c = Claim("t:extra-1", x, ">", 0, hypotheses=[sp.Or(x < 0, sp.log(x) > 1)])
    held = Verdict(Status.UNKNOWN, "sampling, not certified", False, "candidate",
                   details={"candidate": {"x": -1.0}, "candidate_method": "sampling"})
    v = admit(c, held, QUICK)
    assert v.status is Status.REFUTED and v.rigorous and v.witness == {"x": -1.0}
    assert v.method == "sampling; certified by the kernel (arb)"
    # a candidate that is no witness stays a candidate
    held.details["candidate"] = {"x": 0.5}
    assert admit(c, held, QUICK) is held
