"""Abstract: a named vector shown to be a unit vector, replaced by any unit vector.

``σ(τ) = (2τ, 1 − ‖τ‖²)/(1 + ‖τ‖²)`` is a unit vector for every τ and every size: in normal
form ``⟨σ(τ), σ(τ)⟩ − 1`` is a rational function of ``⟨τ, τ⟩`` and ``Σ τ`` that cancels to 0.
A claim about ``σ(τ)`` that holds for every vector ``s`` with ``⟨s, s⟩ = 1`` holds for
``σ(τ)``: the route replaces every occurrence (in the claim and its hypotheses) by a fresh
vector ``s``, adds the hypotheses ``⟨s, s⟩ = 1`` and ``‖s‖₂ = 1`` and proves the more general
claim. Unfolded,
the claim is too large for the prover (over 400 nodes) or drowns z3 in the atoms of ``τ``;
abstracted, it is the referee's argument: "since ‖σ‖ = 1".

Example:
    >>> from symbolic import vector, inner, n
    >>> from symbolic.objects import named
    >>> t = vector("t", n)
    >>> unit(named("q", t / sp.sqrt(inner(t, t)))), unit(named("p", t / inner(t, t)))
    (True, False)
"""

from __future__ import annotations

from functools import lru_cache

import sympy as sp

from numeric.prover.atoms import size_at_least
from numeric.prover.engine import Outcome
from symbolic import objects as ob
from symbolic.claim import Claim
from symbolic.normal_form import nodes, normal
from symbolic.prop import Prop

#: the most nodes of a named vector (its body unfolded) that the unit test takes
MAX_BODY = 200
#: the most nodes of ⟨X, X⟩ in normal form that the unit test cancels
MAX_NODES = 3000


@lru_cache(maxsize=1024)
def unit(x: sp.Basic) -> bool:
    """Is the vector ``x`` a unit vector for every size and value: ``⟨x, x⟩ = 1`` exactly, in
    normal form and after cancelling (SymPy's ``cancel``, a rational function identity)? A
    body over :data:`MAX_BODY` nodes is not tried."""
    try:
        if nodes(x, MAX_BODY + 1) > MAX_BODY:
            return False
        e = normal(ob.inner(x, x))
        if nodes(e, MAX_NODES + 1) > MAX_NODES:
            return False
        return sp.cancel(sp.together(e - 1)) == 0
    except (TypeError, ValueError, AttributeError, RecursionError, sp.PolynomialError):
        return False


def _sides(claim: Claim) -> list[sp.Basic]:
    return [sp.sympify(e) for e in (claim.lhs, claim.rhs,
                                    *[x for h in claim.hypotheses for x in (h.lhs, h.rhs)])]


def units(claim: Claim) -> list[sp.Basic]:
    """The named column vectors of ``claim`` (its sides and hypotheses) that are unit vectors,
    in a fixed order: each of a size at least 1 over the claim's dimension ranges (an empty
    vector has ``⟨x, x⟩ = 0``, whatever a formula for its entries says)."""
    seen: list[sp.Basic] = []
    for side in _sides(claim):
        for e in sp.preorder_traversal(side):
            if isinstance(e, ob.NamedMatrix) and e.shape[1] == 1 and e.shape[0] != 1 \
                    and e not in seen:
                seen.append(e)
    return [e for e in seen if size_at_least(e.shape[0], 1, claim.dims) and unit(e)]


def abstracted(claim: Claim) -> Claim | None:
    """``claim`` with each of its unit vectors (:func:`units`) replaced by a fresh vector
    ``s`` and the hypotheses ``⟨s, s⟩ = 1`` and ``‖s‖₂ = 1`` added; None when it has
    none."""
    found = units(claim)
    if not found:
        return None
    taken = {str(s) for side in _sides(claim) for s in side.free_symbols}
    subs, hyps = {}, []
    for k, x in enumerate(found, 1):
        s = ob.vector(ob.fresh_name(f"s_{k}", taken), x.shape[0])
        subs[x] = s
        hyps += [Prop(ob.inner(s, s), "=", 1), Prop(ob.norm2(s), "=", 1)]

    def put(e: sp.Basic) -> sp.Basic:
        return sp.sympify(e).xreplace(subs)

    return claim.with_(lhs=put(claim.lhs), rhs=put(claim.rhs),
                       hypotheses=(*[Prop(put(h.lhs), h.rel, put(h.rhs))
                                     for h in claim.hypotheses], *hyps))


def combined(out: Outcome) -> Outcome:
    """The proof of a claim whose abstraction (:func:`abstracted`) ``out`` proves."""
    return Outcome(True, relies_on=out.relies_on, atoms=out.atoms, facts=out.facts,
                   route="abstract", parts=[(0, 0, out)])
