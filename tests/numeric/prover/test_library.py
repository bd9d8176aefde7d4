"""The library of facts, entry by entry: a true claim whose proof needs the entry (and names it
in ``relies_on``), and a false variant one symbol away that the prover never proves."""

from __future__ import annotations

import pytest
import sympy as sp

from numeric.budget import Budget
from numeric.prover.engine import prove
from numeric.prover.facts import DESCRIPTIONS, FACTS, HYPOTHESIS_FACTS, PAIR_FACTS
from symbolic import (
    Claim,
    Prop,
    d,
    exp_,
    frob,
    hadamard,
    index,
    inner,
    kron,
    matrix,
    max_entry,
    n,
    norm1,
    norm2,
    norminf,
    ones,
    opnorm,
    row_block,
    scalar,
    sum_entries,
    vector,
)

QUICK = Budget.get("quick")
A, B = matrix("A", n, d), matrix("B", d, n)
P, Q = matrix("P", n, n, symmetric=True), matrix("Q", n, n, symmetric=True)
x, z = vector("x", d), vector("z", d)
u, v, z = vector("u", n), vector("v", n), vector("z", n)
R, s, w, y = scalar("R"), scalar("s"), scalar("w"), scalar("y")
M, N, j = matrix("M", n * n, d), matrix("N", n * n, d), index("j")
BOUNDS = (Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R))


def soft(e):
    return exp_(e) / inner(exp_(e), ones(e.shape[0]))


def alpha(e):
    return inner(exp_(e), ones(e.shape[0]))


def claim(lhs, rel, rhs, *hyps):
    return Claim("t:extra-1", lhs, rel, rhs, tuple(hyps))


#: entry -> (true claim whose proof needs it, false variant)
ENTRIES = {
    "norm-nonnegative": (claim(norm2(A * x), "<=", R**2, *BOUNDS),
                         claim(norm2(A * x), "<=", R, *BOUNDS)),
    "exp-positive": (claim(sp.exp(-norm2(u)), ">", 0), claim(sp.exp(-norm2(u)), ">", 1)),
    "inner-self": (claim(inner(u, u) + 1, ">", 0), claim(inner(u, u), ">=", 1)),
    "kron-norm": (claim(opnorm(kron(M, N)), "<=", opnorm(M) * opnorm(N)),
                  claim(opnorm(kron(M, N)), "<=", opnorm(M))),
    "exp-tangent": (claim(sp.exp(norm2(u)), ">=", 1 + norm2(u)),
                    claim(sp.exp(norm2(u)), ">=", 1 + 2 * norm2(u))),
    "exp-upper": (claim(sp.exp(norminf(u)), "<=", 1 + 2 * norminf(u),
                        Prop(norminf(u), "<=", sp.Rational(1, 2))),
                  claim(sp.exp(norminf(u)), "<=", 1 + norminf(u),
                        Prop(norminf(u), "<=", sp.Rational(1, 2)))),
    "norm-equivalence": (claim(norminf(u), "<=", norm2(u)), claim(norm2(u), "<=", norminf(u))),
    "sum-cauchy-schwarz": (claim(sp.Abs(sum_entries(u)), "<=", sp.sqrt(n) * norm2(u)),
                           claim(sp.Abs(sum_entries(u)), "<=", norm2(u))),
    "operator-norm": (claim(norm2(A * x), "<=", opnorm(A) * norm2(x)),
                      claim(norm2(A * x), "<=", opnorm(A) * norm2(x) / 2)),
    "submultiplicative": (claim(opnorm(A * B), "<=", opnorm(A) * opnorm(B)),
                          claim(opnorm(A * B), "<=", opnorm(A) * opnorm(B) / 2)),
    "operator-le-frobenius": (claim(opnorm(A), "<=", frob(A)), claim(frob(A), "<=", opnorm(A))),
    "triangle": (claim(norm2(u + v), "<=", norm2(u) + norm2(v)),
                 claim(norm2(u + v), ">=", norm2(u) + norm2(v))),
    "triangle-through": (claim(norm2(u - v), "<=", norm2(u - z) + norm2(z - v)),
                         claim(norm2(u - v), "<=", (norm2(u - z) + norm2(z - v)) / 2)),
    "cauchy-schwarz": (claim(inner(u, v), "<=", norm2(u) * norm2(v)),
                       claim(inner(u, v), ">=", norm2(u) * norm2(v))),
    "hadamard": (claim(norm2(hadamard(u, v)), "<=", norminf(u) * norm2(v)),
                 claim(norm2(hadamard(u, v)), "<=", norminf(u) * norminf(v))),
    "entry-extremes": (claim(max_entry(u), "<=", norminf(u)),
                       claim(max_entry(u), ">=", norminf(u))),
    "exp-sup-norm": (claim(norminf(exp_(u)), "<=", sp.exp(norminf(u))),
                     claim(norminf(exp_(u)), "<=", sp.exp(-norminf(u)))),
    "exp-vector": (claim(norm2(soft(u)), "<=", 1), claim(norm2(soft(u)), "<=", sp.Rational(1, 2))),
    "exp-difference": (
        claim(norm2(exp_(u) - exp_(v)), "<=", norm2(exp_(u)) * (sp.exp(norminf(u - v)) - 1)),
        claim(norm2(exp_(u) - exp_(v)), "<=", norm2(exp_(u)) * (sp.exp(norminf(u - v)) - 1) / 2)),
    "softmax-lipschitz": (claim(norm2(soft(u) - soft(v)), "<=", norm2(u - v) / 2),
                          claim(norm2(soft(u) - soft(v)), "<=", norm2(u - v) / 4)),
    "exp-monotone": (claim(sp.exp(-norm2(A * x)), ">=", sp.exp(-R**2), *BOUNDS),
                     claim(sp.exp(-norm2(A * x)), ">=", sp.exp(-R), *BOUNDS)),
    "exp-ratio": (claim(4 * R * sp.exp(4 * R**2), "<=", sp.exp(10 * R**2), Prop(R, ">=", 4)),
                  claim(4 * R * sp.exp(4 * R**2), "<=", sp.exp(4 * R**2), Prop(R, ">=", 4))),
    "exp-sum-difference": (
        claim(sp.Abs(alpha(u) - alpha(v)), "<=", alpha(u) * (sp.exp(norminf(u - v)) - 1)),
        claim(sp.Abs(alpha(u) - alpha(v)), "<=", alpha(u) * norminf(u - v))),
    "log-monotone": (claim(sp.log(norm2(u) + 1), "<=", sp.log(norm1(u) + 1)),
                     claim(sp.log(norm1(u) + 1), "<=", sp.log(norm2(u) + 1))),
    "log-exp": (claim(max_entry(u), "<=", sp.log(alpha(u))),
                claim(sp.log(alpha(u)), "<=", max_entry(u))),
    "log-tangent": (claim(s, ">", 1, Prop(sp.log(s), ">", 2 * w + y), Prop(w, ">", 0),
                          Prop(y, ">", 0)),
                    claim(s, ">", 1, Prop(sp.log(s), ">", 2 * w + y), Prop(w, ">", -1),
                          Prop(y, ">", 0))),
    "exp-product": (claim(sp.exp(norm2(u)) * sp.exp(norm2(v)), "<=", sp.exp(norm2(u) + norm2(v))),
                    claim(sp.exp(norm2(u)) * sp.exp(norm2(v)), ">=",
                          sp.exp(norm2(u) + 2 * norm2(v)))),
    # exp(2a) = exp(a)² with the tangent exp(a) ≥ 1 + a; (1 + a)³ exceeds e² at a = 1
    "exp-power": (claim(sp.exp(2 * norm2(u)), ">=", (1 + norm2(u))**2),
                  claim(sp.exp(2 * norm2(u)), ">=", (1 + norm2(u))**3)),
    # a block of rows, whatever its index j (tensor-trick's 𝖠_{j0}), and blocks of a difference
    "row-block": (claim(opnorm(row_block(M, j, n) - row_block(N, j, n)), "<=", R,
                        Prop(opnorm(M - N), "<=", R)),
                  claim(opnorm(M - N), "<=", R,
                        Prop(opnorm(row_block(M, j, n) - row_block(N, j, n)), "<=", R))),
    "loewner-norm": (claim(opnorm(P), "<=", opnorm(Q), Prop(0 * P, "⪯", P), Prop(P, "⪯", Q)),
                     claim(opnorm(P), "<=", opnorm(Q) / 2, Prop(0 * P, "⪯", P),
                           Prop(P, "⪯", Q))),
    # a hypothesis holds where it is defined; not a branch of "s < 0 or log s > 1" (s = -1)
    "log-domain": (claim(s, ">", 0, Prop(sp.log(s), ">", 1)),
                   Claim("t:extra-1", s > 0, hypotheses=[sp.Or(s < 0, sp.log(s) > 1)])),
    "root-definition": (claim(sp.sqrt(s), ">=", 0, Prop(s, ">=", 0)),
                        claim(sp.sqrt(s), ">=", 1, Prop(s, ">=", 0))),
}


@pytest.mark.parametrize("entry", sorted(ENTRIES))
def test_each_entry_proves_a_claim_that_needs_it(entry):
    out = prove(ENTRIES[entry][0], QUICK)
    assert out.proved, out.reason
    assert entry in out.relies_on, out.relies_on


@pytest.mark.parametrize("entry", sorted(ENTRIES))
def test_no_entry_proves_the_false_variant(entry):
    assert not prove(ENTRIES[entry][1], QUICK).proved


def test_every_library_entry_has_its_pair_here():
    from numeric.prover.atoms import Atoms
    from numeric.prover.facts import blackboard

    # every name an entry can give a fact (one generator may give several: exp-positive gives
    # exp-tangent and exp-upper)
    t = Atoms({})
    for c, _ in ENTRIES.values():
        t(c.lhs)
        t(c.rhs)
        for h in c.hypotheses:
            if h.rel.value != "⪯":
                t(h.lhs)
                t(h.rhs)
    names = {name for name, _ in blackboard(t)} | {"loewner-norm", "log-domain",
                                                    "root-definition"}
    assert names <= set(ENTRIES), names - set(ENTRIES)
    assert set(FACTS) | set(PAIR_FACTS) | set(HYPOTHESIS_FACTS) <= set(ENTRIES)
    # the whole-claim entries are the lemma schemas' (their pairs: the schema stage's tests),
    # and the bounds of the route through bounds (theirs: test_bounds.py)
    assert set(DESCRIPTIONS) - set(ENTRIES) == {"holder-1-inf", "softmax-norm",
                                                "logsumexp-lower", "logsumexp-upper",
                                                "frobenius-rank", "probability-variance",
                                                "exp-sum-mean-value"}


def test_relies_on_is_the_same_on_every_run():
    c = ENTRIES["exp-monotone"][0]
    first = prove(c, QUICK).relies_on
    for other in ENTRIES.values():  # z3's state after other proofs must not matter
        prove(other[0], QUICK)
    assert prove(c, QUICK).relies_on == first
