"""The engine: hypotheses ∧ facts ∧ ¬claim handed to z3 over atoms; ``unsat`` proves the claim
for every size, and the library entries the proof needs are named, deterministically.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, matrix, vector, norm2, opnorm, scalar, n, d
    >>> from numeric.budget import Budget
    >>> A, x, R = matrix("A", n, d), vector("x", d), scalar("R")
    >>> c = Claim("t:extra-1", norm2(A * x), "<=", R**2,
    ...           (Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R)))
    >>> out = prove(c, Budget.get("quick"))
    >>> out.proved, out.relies_on
    (True, ['norm-nonnegative', 'operator-norm'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import sympy as sp
import z3

from numeric.budget import Budget
from numeric.prover.atoms import Atoms
from numeric.prover.facts import HEAVY, ROUTINE, Fact, blackboard
from numeric.prover.translate import NotAlgebraic, assumption_facts, z3_relation
from symbolic import objects as ob
from symbolic.claim import Claim, Prop
from symbolic.normal_form import nodes
from symbolic.objects import DIMS, unwrap
from symbolic.relation import Relation

#: a backstop in wall-clock time, far above what the resource limit allows on this machine
BACKSTOP_MS = 20_000


def attempts(budget: Budget) -> list[tuple[int, bool, int]]:
    """``(rounds, last pass, rlimit)`` per attempt: the blackboard deepened a round at a time
    (with or without the last pass of single-atom facts: more facts can also drown z3), each
    within z3's resource limit (deterministic, unlike a time limit: the same verdict on a
    loaded machine). nlsat's cost per resource unit varies a hundredfold, so the limits stay
    small."""
    if budget.name != "thorough":  # z3 at 1-2 million units spends seconds on a claim
        return [(1, True, 250_000), (2, True, 500_000), (4, False, 500_000),
                (4, True, 500_000)]
    return [(1, True, 500_000), (2, True, 1_000_000), (4, False, 2_000_000),
            (4, True, 2_000_000)]


@dataclass
class Outcome:
    """What the engine found: ``proved`` with the entries used, or why not."""

    proved: bool
    reason: str = ""
    relies_on: list[str] = field(default_factory=list)
    atoms: int = 0
    facts: int = 0
    #: no deeper attempt can change the answer (the claim is out of the prover's reach)
    final: bool = False
    #: z3 ran out of its resource limit (more facts rarely help: they cost more)
    gave_up: bool = False


def _symbols(claim: Claim, extra: Sequence[Prop] = ()) -> list[sp.Symbol]:
    props = [*claim.hypotheses, *extra]
    return sorted({s for e in (claim.lhs, claim.rhs, *[x for h in props for x in (h.lhs, h.rhs)])
                   for s in sp.sympify(unwrap(e)).free_symbols
                   if isinstance(s, sp.Symbol)}, key=str)


def _loewner(hyps: Sequence[Prop], t: Atoms) -> list[Fact]:
    """From 0 ⪯ P and P ⪯ Q (hypotheses): ‖P‖ ≤ ‖Q‖ (the largest eigenvalue is monotone)."""
    psd = [h for h in hyps if h.rel is Relation.PSD_LE]
    zero = {h.rhs for h in psd if isinstance(h.lhs, sp.ZeroMatrix) or h.lhs == 0}
    return [("loewner-norm", t(ob.opnorm(h.rhs)) >= t(ob.opnorm(h.lhs)))
            for h in psd if h.lhs in zero]


def _conditions(e: sp.Basic, t: Atoms) -> list[Any]:
    """Where ``e`` is defined, read before the normal form (which may cancel ``a/a``): every
    denominator nonzero, every root argument non-negative (positive under a negative power),
    every log argument positive."""
    out = []
    for p in sp.preorder_traversal(e):
        if isinstance(p, sp.log):
            out.append(t(p.args[0]) > 0)
        elif isinstance(p, sp.Pow) and not (p.exp.is_Integer and p.exp > 0) \
                and not ob.is_matrix(p.base):
            base = t(p.base)
            if p.exp.is_negative:
                out.append(base > 0 if not p.exp.is_Integer else base != 0)
            else:
                out.append(base >= 0)
    return out


#: a claim larger than this (nodes, named definitions unfolded) is beyond the prover: its
#: normal form and its facts would cost more than sampling it
MAX_CLAIM_NODES = 400
#: the least resource limit of the checks that find which facts a proof needs
NEEDED_MIN = 50_000
#: those checks together spend at most this many times the limit of one
NEEDED_ROUNDS = 4


def too_large(claim: Claim) -> str | None:
    """Why ``claim`` is too large for the prover (None when it is not). Named definitions
    count with their bodies.

    >>> from symbolic import Claim, scalar
    >>> x = scalar("x")
    >>> too_large(Claim("t:extra-1", x, "<=", x + 1)) is None
    True
    """
    k = sum(nodes(e, MAX_CLAIM_NODES + 1) for e in (
        claim.lhs, claim.rhs, *[s for h in claim.hypotheses for s in (h.lhs, h.rhs)]))
    return None if k <= MAX_CLAIM_NODES else \
        f"more than {MAX_CLAIM_NODES} nodes once definitions are unfolded"


def undefined_reason(claim: Claim, budget: Budget) -> str:
    """'' when ``claim`` has no denominator, root or log, or each is shown safe; otherwise why
    not (see :func:`defined`)."""
    if partial(claim.lhs) or partial(claim.rhs):
        return defined(claim, budget)
    return ""


def partial(e: sp.Basic) -> bool:
    """Does ``e`` have a denominator, a fractional power or a log (a place it may be
    undefined)?

    >>> x = sp.Symbol("x")
    >>> partial(x**2 + 1), partial(1 / x), partial(sp.sqrt(x))
    (False, True, True)
    """
    return any(isinstance(p, sp.log) or (isinstance(p, sp.Pow) and not (
        p.exp.is_Integer and p.exp > 0)) for p in sp.preorder_traversal(e))


def defined(claim: Claim, budget: Budget) -> str:
    """'' when every denominator, root and log argument of ``claim`` is shown safe under its
    hypotheses and the library; otherwise why not.

    >>> from symbolic import Claim, scalar
    >>> from numeric.budget import Budget
    >>> x = scalar("x")
    >>> defined(Claim("t:extra-1", sp.log(x), "<=", x), Budget.get("quick"))
    'a denominator, a root or a log argument not shown safe (nonzero, non-negative, positive)'
    """
    out = prove(claim, budget, domain_only=True)
    return "" if out.proved else out.reason


def prove(claim: Claim, budget: Budget, extra: Sequence[Prop] = (),
          library: set[str] | None = None, domain_only: bool = False,
          prefer: frozenset[str] = frozenset(), polynomial: bool = True,
          relies: bool = True) -> Outcome:
    """Try to prove ``claim`` from its hypotheses, ``extra`` premises (cited statements) and
    the library (restricted to the entry names in ``library`` when given; signs are always
    there), in the :func:`attempts` of ``budget``. ``domain_only``: only show that the claim
    is defined. ``prefer``: entries ``relies_on`` keeps when others can go instead.
    ``polynomial``: also try a claim without atoms (the blackboard stage leaves those to the
    real-algebra stage). ``relies``: find which entries the proof needs (``relies_on``; a
    check per entry): a caller that asks only whether a claim is proved skips it."""
    big = too_large(claim)
    if big:
        return Outcome(False, big, final=True)
    out = Outcome(False, "no attempt")
    gave_up = 0
    for rounds, last, limit in attempts(budget):
        out = attempt(claim, extra, library, domain_only, rounds, limit, prefer, polynomial,
                      last, relies)
        gave_up += out.gave_up
        if out.proved or out.final or gave_up >= give_ups(budget):  # out of resources: stop
            break
    return out


def give_ups(budget: Budget) -> int:
    """How many attempts z3 may give up on before :func:`prove` stops: once, except at
    ``thorough`` (twice). At quick, on the 801 claims of the three papers and the gate
    catalogue, no attempt after a give-up ever proved one; those attempts cost 28 of the
    prover's 72 CPU seconds.

    >>> give_ups(Budget.get("default")), give_ups(Budget.get("thorough"))
    (1, 2)
    """
    return 2 if budget.name == "thorough" else 1


def attempt(claim: Claim, extra: Sequence[Prop], library: set[str] | None, domain_only: bool,
            rounds: int, limit: int, prefer: frozenset[str] = frozenset(),
            polynomial: bool = True, last_pass: bool = True, relies: bool = True) -> Outcome:
    """One attempt of :func:`prove`: the blackboard after ``rounds`` rounds, z3 within
    ``limit``."""
    syms = _symbols(claim, extra)
    if any(s.is_integer and s not in DIMS.values() for s in syms):
        return Outcome(False, "an index symbol: its range is not a real constraint", final=True)
    zv = {s: z3.Real(str(s)) for s in syms}
    t = Atoms(zv)
    props = [*claim.hypotheses, *extra]
    try:
        hyps = [(f"hypothesis {k}: {h}", z3_relation(h.rel, t(unwrap(h.lhs)), t(unwrap(h.rhs))))
                for k, h in enumerate(props, 1) if h.rel is not Relation.PSD_LE]
        loewner = _loewner(props, t)
        # a hypothesis holds only where it is defined: its logs have positive arguments;
        # the claim's own logs must be shown defined (the domain check below)
        hyps += [("hypothesis domain", t(e.args[0]) > 0) for e in list(t.atoms)
                 if isinstance(e, sp.log)]
        seen = set(t.atoms)
        lhs, rhs = t(unwrap(claim.lhs)), t(unwrap(claim.rhs))
        t.domain += [t(e.args[0]) > 0 for e in list(t.atoms)
                     if isinstance(e, sp.log) and e not in seen]
        t.domain += _conditions(unwrap(claim.lhs), t) + _conditions(unwrap(claim.rhs), t)
        if not t.atoms and not domain_only and not polynomial:
            return Outcome(False, "no atoms: a polynomial claim (the real-algebra stage's)",
                           final=True)
        facts = loewner + blackboard(t, rounds, last_pass)
    except (NotAlgebraic, TypeError, ValueError, AttributeError) as exc:
        return Outcome(False, f"cannot translate: {exc}", final=True)
    if library is not None:
        facts = [f for f in facts if f[0] in library or f[0] in SIGNS]
    base = [("assumptions", f) for f in assumption_facts(syms, zv, claim)] + hyps + \
        [("definitions", f) for f in t.defined]
    size = {"atoms": len(t.atoms), "facts": len(facts)}
    if t.domain and check([*base, *facts, ("domain", z3.Not(z3.And(*t.domain)))],
                          limit) != z3.unsat:
        return Outcome(False, "a denominator, a root or a log argument not shown safe "
                       "(nonzero, non-negative, positive)", **size)
    if domain_only:
        return Outcome(True, **size)
    goal = ("negated claim", z3.Not(z3_relation(claim.rel, lhs, rhs)))
    rest = [*base, *[("domain", d) for d in t.domain], goal]
    res, used = check_used([*rest, *facts], limit)
    if res != z3.unsat:
        kinds = sorted({name for name, _ in facts})
        return Outcome(False, f"z3 {'found no proof' if res == z3.sat else 'gave up'} on "
                       f"{size['atoms']} atoms with {size['facts']} facts "
                       f"({', '.join(kinds) or 'none'})", gave_up=res != z3.sat, **size)
    # each check of which facts the proof needs gets a few times what the proof itself
    # spent: a fact whose removal needs far more is kept (z3 would give up on it only after
    # the attempt's whole limit, seconds at the default budget), and a larger relies_on still
    # lists premises of a proof
    if not relies:
        return Outcome(True, **size)
    return Outcome(True, relies_on=needed(facts, rest, needed_limit(used, limit), prefer),
                   **size)


def needed_limit(used: int, limit: int) -> int:
    """The resource limit of :func:`needed`'s checks for a proof that spent ``used`` units
    within ``limit``.

    >>> needed_limit(30_000, 2_000_000), needed_limit(900, 500_000), needed_limit(10**6, 10**6)
    (120000, 50000, 1000000)
    """
    return min(limit, max(NEEDED_MIN, 4 * used))


#: entries that hold for every atom of their kind (a sign, not a citation)
SIGNS = frozenset({"norm-nonnegative", "exp-positive", "exp-vector"})


def needed(facts: list[Fact], rest: list[Fact], limit: int,
           prefer: frozenset[str] = frozenset()) -> list[str]:
    """The library entries the proof needs, deterministically: each entry in turn (substantive
    ones before :data:`~numeric.prover.facts.ROUTINE` ones, the heavy ones of
    :data:`~numeric.prover.facts.HEAVY` first, then by name) is dropped when the rest still
    gives ``unsat`` (z3's own unsat core depends on the solver's history, so the JSON
    would depend on which claims a worker ran before). Entries in ``prefer`` are tried last.
    Each check runs within ``limit``, and all of them within :data:`NEEDED_ROUNDS` times it:
    the entries not tried when that is spent stay (still premises of the proof)."""
    groups: dict[str, list[Any]] = {}
    for name, f in facts:
        groups.setdefault(name, []).append(f)
    whole = {name: z3.And(*fs) for name, fs in groups.items()}  # one formula per entry
    base = [("rest", z3.And(*[f for _, f in rest]))]
    keep = sorted(groups)
    left = NEEDED_ROUNDS * limit  # the resource units all the checks may spend together
    for name in sorted(keep, key=lambda k: (k in prefer, k in ROUTINE, -HEAVY.get(k, 0), k)):
        if left < NEEDED_MIN:
            break  # the entries not tried yet stay
        trial = [(k, whole[k]) for k in keep if k != name]
        res, used = check_used([*base, *trial], min(limit, left))
        left -= used
        if res == z3.unsat:
            keep.remove(name)
    return keep


def check(tracked: list[Fact], limit: int) -> Any:
    """z3's answer on the named formulas, within the resource ``limit``."""
    return check_used(tracked, limit)[0]


def check_used(tracked: list[Fact], limit: int) -> tuple[Any, int]:
    """z3's answer on the named formulas within the resource ``limit``, and the resource
    units it spent (deterministic, like the limit).

    >>> x = z3.Real("x")
    >>> res, used = check_used([("t", x * x < 0)], 10_000)
    >>> res, 0 < used <= 10_000
    (unsat, True)
    """
    s = z3.Solver()
    s.set("rlimit", limit)
    s.set("timeout", BACKSTOP_MS)
    before = _spent(s)
    for _, f in tracked:
        s.add(f)
    res = s.check()
    return res, _spent(s) - before


def _spent(s: z3.Solver) -> int:
    """The context's resource counter so far (every solver's statistics report it)."""
    st = s.statistics()
    return int(st.get_key_value("rlimit count")) if "rlimit count" in st.keys() else 0
