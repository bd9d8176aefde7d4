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
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

import sympy as sp

from numeric.budget import Budget
from numeric.prover.abstract import abstracted
from numeric.prover.abstract import combined as abstract_combined
from numeric.prover.bounds import prove_through
from numeric.prover.engine import Outcome, defined, prove
from numeric.prover.factorwise import powers, prove_factorwise, relevant
from numeric.prover.facts import LEAN, LEAN_EXP
from numeric.prover.split import prove_regrouped, prove_split
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
    coeff, items = powers(e)
    return coeff, dict(items)


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
    norms termwise, and for the whole claim (with ``termwise``) its unit vectors replaced by
    any unit vectors (:func:`numeric.prover.abstract.abstracted`): what the
    blackboard stage decides, for the callers that must agree with it (the errata's
    corrections). ``relies``, ``polynomial``, ``extra`` (premises: cited statements): as
    ``prove``'s.

    >>> from symbolic import Claim, scalar
    >>> a = scalar("a")
    >>> prove_or_focus(Claim("t:extra-1", sp.exp(a), ">", 0), Budget.get("quick")).proved
    True
    """
    if _PLAIN.get():
        termwise = factorwise = False
    routes = _Routes(budget, relies, polynomial)
    return routes.run(claim, tuple(extra), termwise,
                      termwise if factorwise is None else factorwise)


_PLAIN: ContextVar[bool] = ContextVar("plain_routes", default=False)


@contextmanager
def plain_routes() -> Iterator[None]:
    """Within it, :func:`prove_or_focus` takes the engine's attempts and the focused route
    only: the runner checks a proof step this way when the statements it cites will be its
    premises (:mod:`proofs.premised`), whose proof then takes every route.

    >>> from symbolic import Claim, scalar
    >>> a = scalar("a")
    >>> with plain_routes():
    ...     prove_or_focus(Claim("t:extra-1", sp.exp(a), ">", 0), Budget.get("quick")).proved
    True
    """
    token = _PLAIN.set(True)
    try:
        yield
    finally:
        _PLAIN.reset(token)


#: the most engine proofs one :func:`prove_or_focus` call makes (the claim's own, its parts'
#: and their signs; a part proved twice counts once; the search of an abstracted claim has
#: its own): a count, so that a verdict is the same
#: on any machine. On the three papers at quick a proof needs at most 13 (tensor-trick's
#: regrouped ``extra-lipschitz-q-*-sharp``, the termwise ``lemma-lipschitz-f-*:step-3`` from
#: its premises), while the searches that find none made up to 26, 5 s of a cold run.
MAX_PROOFS = 16


class _Routes:
    """The routes of one :func:`prove_or_focus` call, with the proofs its parts share: the
    same part (a factor's sign, a term's bound) comes up under several pairings and
    groupings, and is proved once."""

    def __init__(self, budget: Budget, relies: bool, polynomial: bool) -> None:
        self.budget, self.relies, self.polynomial = budget, relies, polynomial
        self.memo: dict[tuple, Outcome] = {}
        self.left = MAX_PROOFS

    def _key(self, claim: Claim, extra: tuple[Prop, ...], *mode: object) -> tuple:
        return (claim.lhs, claim.rel, claim.rhs, tuple(str(h) for h in claim.hypotheses),
                tuple(str(p) for p in extra), mode)

    def engine(self, claim: Claim, extra: Sequence[Prop] = ()) -> Outcome:
        """The engine's proof of ``claim`` (memoised)."""
        key = self._key(claim, tuple(extra))
        if key not in self.memo:
            if self.left <= 0:
                return Outcome(False, f"the routes' {MAX_PROOFS} engine proofs are spent",
                               final=True)
            self.left -= 1
            self.memo[key] = prove(claim, self.budget, extra, polynomial=self.polynomial,
                                   relies=self.relies)
        return self.memo[key]

    def focused(self, claim: Claim, extra: tuple[Prop, ...]) -> Outcome:
        """The focused route (memoised), again with the exp library for a power of exp."""
        key = self._key(claim, extra, "focused")
        if key not in self.memo:
            out = prove_focused(claim, self.budget, self.relies, extra=extra)
            if not out.proved and _powers_of_exp(claim):
                out = prove_focused(claim, self.budget, self.relies, library=LEAN_EXP,
                                    extra=extra)
            self.memo[key] = out
        return self.memo[key]

    def run(self, claim: Claim, extra: tuple[Prop, ...], termwise: bool,
            factorwise: bool, focus: bool = True) -> Outcome:
        """:func:`prove_or_focus` (memoised); ``focus``: also the focused route when z3 gives
        up (the parts of the factorwise routes are small claims: they go without it)."""
        key = self._key(claim, extra, termwise, factorwise, focus)
        if key not in self.memo:
            self.memo[key] = self._run(claim, extra, termwise, factorwise, focus)
        return self.memo[key]

    def _factors(self, claim: Claim, extra: tuple[Prop, ...]) -> Outcome:
        """The factorwise route (memoised)."""
        key = self._key(claim, extra, "factors")
        if key not in self.memo:
            self.memo[key] = prove_factorwise(
                claim, lambda c, given: self.run(c, tuple(given), False, False, False),
                lambda c, given: self.engine(c, given), extra)
        return self.memo[key]

    def _part(self, claim: Claim, extra: tuple[Prop, ...]) -> Outcome:
        """A term's part: the engine, then factor by factor (its parts are small claims the
        engine proves in a few hundredths of a second), then the other routes."""
        out = self.engine(claim, extra)
        if out.proved:
            return out
        found = self._factors(claim, extra) if not out.final else out
        return found if found.proved else self.run(claim, extra, False, True)

    def _terms(self, claim: Claim, extra: tuple[Prop, ...]) -> Outcome:
        """Termwise, each part first by the engine and the focused route, then by the
        factorwise ones; a part with the premises that speak of it."""
        return prove_termwise(claim, lambda c: self._part(c, relevant(c, extra)))

    def _run(self, claim: Claim, extra: tuple[Prop, ...], termwise: bool,
             factorwise: bool, focus: bool) -> Outcome:
        out = self.engine(claim, extra)
        if out.gave_up and focus:
            focused = self.focused(claim, extra)
            if focused.proved:
                return focused
        if out.proved:
            return out
        # each route in turn (each says itself when the claim is not its kind); the split,
        # the bounds and the abstraction argue otherwise: a z3 model of the whole is no
        # obstacle to them
        open_ = not out.final
        routes = [
            (termwise, lambda: prove_split(claim, lambda c: self.engine(c, extra))),
            (termwise and open_, lambda: self._terms(claim, extra)),
            (factorwise and open_, lambda: self._factors(claim, extra)),
            (factorwise, lambda: prove_through(claim, lambda c: self._factors(c, extra))),
            (termwise and open_,
             lambda: prove_regrouped(claim, lambda c: self._terms(c, extra))),
            (termwise, lambda: self._abstract(claim, extra)),
        ]
        for applies, route in routes:
            if applies:
                found = route()
                if found.proved:
                    return found
        return out

    def _abstract(self, claim: Claim, extra: tuple[Prop, ...]) -> Outcome:
        """The whole claim with its unit vectors as any unit vectors, searched afresh (its
        own count of engine proofs)."""
        general = abstracted(claim)
        if general is None:
            return Outcome(False, "no named unit vector", final=True)
        found = _Routes(self.budget, self.relies, self.polynomial).run(
            general, extra, True, True)
        return abstract_combined(found) if found.proved and found.route != "abstract" \
            else Outcome(False, f"abstract: {found.reason}")


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
