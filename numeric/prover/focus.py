"""A second route for the claims the whole library drowns z3 in: cancel the non-negative
factors both sides share, then prove what is left from the lean part of the library.

With every entry instantiated, a claim over 40-50 atoms gets 300-500 facts, and z3 gives up
on some whose proof needs five of them (closeness's ``lemma-5.5:part-1:step-5``: the mean
value bound of ``exp-difference``, ``operator-norm``, ``norm-equivalence``). Two steps a
referee would take first make them small again:

* **Common factors.** ``F·L ≤ F·Q`` follows from ``F ≥ 0`` and ``L ≤ Q`` (``F > 0`` for a
  strict relation), wherever both sides are defined: :func:`common_factor` splits the sides,
  and :func:`prove_focused` proves ``F``'s sign and the original claim's domain (every
  denominator, root and log safe, which is what makes ``F·L`` equal the left side) before it
  proves the reduced claim.
* **The lean library** (:data:`~numeric.prover.facts.LEAN`): the entries without the calculus
  of exp (tangents, ratios, products, sums of exponentials), which multiply the facts.

Every step is a proof (z3 ``unsat`` over theorems), so the route is as rigorous as the
engine's; it only decides claims the engine's own attempts left open.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, scalar
    >>> a, b, c = scalar("a"), scalar("b"), scalar("c")
    >>> red = common_factor(Claim("t:extra-1", sp.Abs(c) * a**2, "<=", sp.Abs(c) * b * a,
    ...                           (Prop(a, "<=", b),)))
    >>> red.factor, red.claim.lhs, red.claim.rhs
    (a*Abs(c), a, b)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

import sympy as sp

from numeric.budget import Budget
from numeric.prover.bounds import prove_through, replaced
from numeric.prover.engine import Outcome, defined, prove
from numeric.prover.factorwise import prove_factorwise
from numeric.prover.facts import LEAN, LEAN_EXP
from numeric.prover.split import pieces, prove_regrouped, prove_split, regrouped
from numeric.prover.termwise import prove_termwise
from symbolic import objects as ob
from symbolic.claim import Claim, Prop
from symbolic.relation import Relation

#: the relations a common non-negative factor can be cancelled from, and the sign it needs
_SIGN = {Relation.LE: ">=", Relation.GE: ">=", Relation.LT: ">", Relation.GT: ">"}


@dataclass(frozen=True)
class Reduction:
    """``claim`` with the common ``factor`` of its sides cancelled: the original is
    ``factor·claim.lhs REL factor·claim.rhs``."""

    factor: sp.Expr
    claim: Claim


def _powers(e: sp.Expr) -> tuple[sp.Expr, dict[sp.Expr, sp.Rational]]:
    """``e`` as a number times a product of powers with rational exponents: ``exp(k·a)``
    counts as ``exp(a)`` to the power ``k`` (so ``exp(2R²)`` shares ``exp(R²)``)."""
    coeff, out = sp.S.One, {}
    for f in sp.Mul.make_args(e):
        if f.is_number:
            coeff *= f
            continue
        base, k = f.as_base_exp()
        if isinstance(f, sp.exp):
            k, arg = f.args[0].as_coeff_Mul()
            base = sp.exp(arg)
        if not k.is_Rational:
            base, k = f, sp.S.One
        out[base] = out.get(base, sp.S.Zero) + k
    return coeff, out


def common_factor(claim: Claim) -> Reduction | None:
    """The claim with the factors both sides share cancelled (the least power of each), or
    None when they share none (or the relation is not an order between scalars). Numbers
    stay: ``2a ≤ 3a`` keeps its coefficients."""
    if claim.rel not in _SIGN or ob.is_matrix(claim.lhs) or ob.is_matrix(claim.rhs):
        return None
    cl, left = _powers(sp.sympify(claim.lhs))
    cr, right = _powers(sp.sympify(claim.rhs))
    common = {b: min(k, right[b]) for b, k in left.items() if b in right}
    common = {b: k for b, k in common.items() if k != 0}
    if not common:
        return None

    def rest(coeff: sp.Expr, powers: dict[sp.Expr, sp.Rational]) -> sp.Expr:
        return coeff * sp.Mul(*[b ** (k - common.get(b, 0)) for b, k in powers.items()])

    factor = sp.Mul(*[b ** k for b, k in common.items()])
    return Reduction(factor, dataclasses.replace(claim, lhs=rest(cl, left),
                                                 rhs=rest(cr, right)))


def prove_or_focus(claim: Claim, budget: Budget, relies: bool = True,
                   polynomial: bool = True, termwise: bool = True,
                   extra: Sequence[Prop] = (), factorwise: bool | None = None) -> Outcome:
    """The engine's :func:`~numeric.prover.engine.prove`, then, when z3 gave up on it, the
    focused route (:func:`prove_focused`; again with :data:`~numeric.prover.facts.LEAN_EXP`
    for a claim with a power of an exponential, :func:`_powers_of_exp`), then, for a sum
    bounded by a sum, the termwise route (:func:`numeric.prover.termwise.prove_termwise`,
    unless ``termwise`` is false), each term by this function with the factorwise route
    alone, and the triangle inequality along the terms of the bound
    (:func:`numeric.prover.split.prove_split`, the same), and for a product bounded by a
    product, the factorwise route
    (:func:`numeric.prover.factorwise.prove_factorwise`, unless ``factorwise`` is false;
    default: as ``termwise``), each factor by this function with neither, then through a
    library bound of a factor (:func:`numeric.prover.bounds.prove_through`), the rest
    factorwise, and last (with ``termwise``) the triangle inequality along the pieces of the
    left side's normal form (:func:`numeric.prover.split.prove_regrouped`), the sum of their
    norms termwise: what the
    blackboard stage decides, for the callers that must agree with it (the errata's
    corrections). ``relies``, ``polynomial``, ``extra`` (premises: cited statements): as
    ``prove``'s.

    >>> from symbolic import Claim, scalar
    >>> a = scalar("a")
    >>> prove_or_focus(Claim("t:extra-1", sp.exp(a), ">", 0), Budget.get("quick")).proved
    True
    """
    if factorwise is None:
        factorwise = termwise
    out = prove(claim, budget, extra, polynomial=polynomial, relies=relies)
    if out.gave_up:
        focused = prove_focused(claim, budget, relies, extra=extra)
        if not focused.proved and _powers_of_exp(claim):
            focused = prove_focused(claim, budget, relies, library=LEAN_EXP, extra=extra)
        if focused.proved:
            return focused
    if out.proved:
        return out
    if termwise and pieces(claim) is not None:  # a z3 model of the whole is no obstacle
        split = prove_split(claim, lambda c: prove(c, budget, extra, relies=relies))
        if split.proved:
            return split
    if factorwise and replaced(claim) is not None:  # a z3 model of the whole is no obstacle
        found = prove_through(claim, lambda c: prove_factorwise(
            c, lambda c, given: prove_or_focus(c, budget, relies, polynomial, False, given,
                                               factorwise=False),
            lambda c, given: prove(c, budget, given, relies=relies), extra))
        if found.proved:
            return found
    if out.final or not (termwise or factorwise):
        return out
    if termwise:
        split = prove_termwise(claim, lambda c: prove_or_focus(
            c, budget, relies, polynomial, False, extra, factorwise=True))
        if split.proved:
            return split
    if not factorwise:
        return out

    def by_factors(c: Claim) -> Outcome:
        return prove_factorwise(
            c, lambda c, given: prove_or_focus(c, budget, relies, polynomial, False, given,
                                               factorwise=False),
            lambda c, given: prove(c, budget, given, relies=relies), extra)

    found = by_factors(claim)
    if found.proved:
        return found
    if termwise and regrouped(claim) is not None:
        found = prove_regrouped(claim, lambda c: prove_termwise(c, lambda c: prove_or_focus(
            c, budget, relies, polynomial, False, extra, factorwise=True)))
    return found if found.proved else out


def _powers_of_exp(claim: Claim) -> bool:
    """Does ``claim`` hold an ``exp(k·a)`` with an integer k from 2 to 4 (where the library's
    ``exp-power`` entry has something to say)?

    >>> from symbolic import Claim, scalar
    >>> R = scalar("R")
    >>> _powers_of_exp(Claim("t:extra-1", R, "<=", sp.exp(2 * R**2))), _powers_of_exp(
    ...     Claim("t:extra-2", R, "<=", sp.exp(R**2)))
    (True, False)
    """
    for side in (claim.lhs, claim.rhs):
        for e in sp.preorder_traversal(sp.sympify(side)):
            if isinstance(e, sp.exp):
                k, _ = e.args[0].as_coeff_Mul()
                if k.is_Integer and 2 <= k <= 4:
                    return True
    return False


def prove_focused(claim: Claim, budget: Budget, relies: bool = True,
                  library: frozenset[str] = LEAN, sparse: bool = False,
                  at: tuple[int, bool] | None = None, extra: Sequence[Prop] = ()) -> Outcome:
    """Prove ``claim`` by the two steps of this module: its common factors cancelled when its
    sides share some whose sign is proved (and the claim is shown defined), then the reduced
    claim from the lean library, in the engine's attempts. ``relies_on`` joins the entries the
    sign and the reduced claim need (``relies``: as the engine's ``prove``). ``library``: the
    entries to use, ``sparse`` and ``at`` (the engine's, for the reduced claim: a
    certificate's replay, :mod:`numeric.prover.certificate`); ``extra``: premises."""
    target, sign = claim, None
    red = common_factor(claim)
    if red is not None:
        sign = prove(Claim(claim.id, red.factor, _SIGN[claim.rel], 0, claim.hypotheses,
                           dims=claim.dims, ranges=claim.ranges), budget, library=library,
                     relies=relies, sparse=sparse)
        if sign.proved and not defined(claim, budget, library if sparse else None, sparse):
            target = red.claim
    out = prove(target, budget, extra, library=library, polynomial=False, relies=relies,
                sparse=sparse, at=at)
    out.route = "focused"
    if out.proved and target is not claim and sign is not None:
        out.relies_on = sorted({*out.relies_on, *sign.relies_on})
    return out
