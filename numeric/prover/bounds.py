"""Through a bound: a factor of the left side replaced by a library entry's upper bound.

``|α − α'| ≤ √n R e^{R²}‖x − y‖₂`` is the mean value bound ``|α − α'| ≤ e^{M}‖u − u'‖₁`` (M the
larger sup norm of the exponents) followed by ``e^{M} ≤ e^{R²}`` and ``‖u − u'‖₁ ≤ √n R‖x − y‖₂``:
a product of two bounds, on which z3 gives up. A referee writes the intermediate bound; this
route writes it too. Each factor ``l`` of the left side (in normal form) that a library entry
bounds (:func:`upper_bounds`: ``l ≤ B`` is an instance of the entry's theorem, its side
conditions checked over the claim's sizes) is replaced by ``B``, and the claim that is left is
proved by the factorwise route, whose parts show every factor of the new left side
non-negative, which makes the replacement monotone. The bounds are not facts of the
blackboard: their instances would drown z3 in the claims that do not need them.

Example:
    >>> from symbolic import vector, n
    >>> from symbolic.objects import exp_, sum_entries
    >>> u, v = vector("u", n), vector("v", n)
    >>> [name for name, _ in upper_bounds(sp.Abs(sum_entries(exp_(u)) - sum_entries(exp_(v))))]
    ['exp-sum-mean-value']
"""

from __future__ import annotations

from collections.abc import Callable

import sympy as sp

from numeric.prover.atoms import size_at_least
from numeric.prover.engine import Outcome
from symbolic import objects as ob
from symbolic.claim import Claim
from symbolic.normal_form import normal
from symbolic.relation import Relation


def _sum_of_exp(e: sp.Basic) -> sp.Basic | None:
    """``u`` when ``e`` is ``Σ exp(u)``."""
    if isinstance(e, ob.SumEntries) and isinstance(e.args[0], ob.ElemExp):
        return e.args[0].args[0]
    return None


def upper_bounds(e: sp.Basic, dims: dict | None = None) -> list[tuple[str, sp.Expr]]:
    """``(library entry, B)`` with ``e ≤ B`` a theorem of the entry (``e`` in normal form):
    the mean value bounds of ``exp-sum-mean-value``, for ``|Σexp(u) − Σexp(v)|`` and
    ``|1/Σexp(u) − 1/Σexp(v)|`` with ``u, v`` of one size, at least 1 over ``dims`` (the
    claim's dimension ranges)."""
    if not isinstance(e, sp.Abs):
        return []
    terms = sp.Add.make_args(e.args[0])
    if len(terms) != 2:
        return []
    split = [t_.as_coeff_Mul() for t_ in terms]
    if sorted(c for c, _ in split) != [-1, 1]:
        return []
    bodies = [body for _, body in split]
    recip = all(isinstance(b, sp.Pow) and b.exp == -1 for b in bodies)
    us = [_sum_of_exp(b.base if recip else b) for b in bodies]
    if us[0] is None or us[1] is None or us[0].shape != us[1].shape or us[0].shape[1] != 1:
        return []
    u, v = us
    if not size_at_least(u.shape[0], 1, dims or {}):
        return []
    top = sp.exp(sp.Max(ob.norminf(u), ob.norminf(v)))
    if recip:
        return [("exp-sum-mean-value", top * ob.norminf(u - v) / u.shape[0])]
    return [("exp-sum-mean-value", top * ob.norm1(u - v))]


def prove_through(claim: Claim, prove_rest: Callable[[Claim], Outcome]) -> Outcome:
    """A proof of ``claim`` (``≤``) with each factor of its left side that an entry bounds
    replaced by the bound (:func:`replaced`), the claim that is left proved by ``prove_rest``
    by the factorwise route (which shows every factor of its left side non-negative):
    ``parts`` its ``(0, 0, outcome)``, ``relies_on`` the entries of the bounds with its own."""
    found = replaced(claim)
    if found is None:
        return Outcome(False, "through a bound: no factor of the left side has a library "
                              "bound", final=True)
    rest, names = found
    out = prove_rest(rest)
    if not out.proved or out.route != "factorwise":
        return Outcome(False, "through a bound: the claim with the bounds is not proved "
                              "factor by factor")
    return combined(out, names)


def replaced(claim: Claim) -> tuple[Claim, list[str]] | None:
    """The claim with the bounded factors of its left side (in normal form) replaced by
    their bounds, and the entries that bound them; None when there is none (or the claim is
    not a ``≤`` between scalars)."""
    if claim.rel is not Relation.LE or ob.is_matrix(claim.lhs):
        return None
    try:
        left = normal(claim.lhs)
    except (TypeError, ValueError, AttributeError):
        return None
    factors = list(sp.Mul.make_args(left))
    names = []
    for i, f in enumerate(factors):
        found = upper_bounds(f, claim.dims)
        if found:
            names.append(found[0][0])
            factors[i] = found[0][1]
    if not names:
        return None
    return claim.with_(lhs=sp.Mul(*factors)), sorted(set(names))


def combined(rest: Outcome, names: list[str]) -> Outcome:
    """The proof through the bounds of the entries ``names`` whose rest is ``rest``."""
    return Outcome(True, relies_on=sorted({*names, *rest.relies_on}), atoms=rest.atoms,
                   facts=rest.facts, route="through", parts=[(0, 0, rest)])
