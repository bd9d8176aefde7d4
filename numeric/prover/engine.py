"""The engine: hypotheses ∧ facts ∧ ¬claim handed to z3 over atoms; ``unsat`` proves the claim
for every size, and the library entries the proof needs are named, deterministically.

Example:
    >>> from symbolic import Claim, Prop, matrix, vector, norm2, opnorm, scalar, n, d
    >>> from numeric.budget import Budget
    >>> A, x, b, R = matrix("A", n, d), vector("x", d), vector("b", n), scalar("R")
    >>> c = Claim("t:extra-1", norm2(A * x - b), "<=", R**2 + norm2(b),
    ...           (Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R)))
    >>> out = prove(c, Budget.get("quick"))
    >>> out.proved, out.relies_on
    (True, ['norm-nonnegative', 'operator-norm', 'triangle'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import sympy as sp
import z3

from numeric.budget import Budget
from numeric.prover.atoms import Atoms
from numeric.prover.facts import (
    DEFINITIONAL,
    HEAVY,
    ROUTINE,
    SIGNS,
    Fact,
    Growth,
    finish,
    grow,
    hypothesis_facts,
)
from numeric.prover.translate import NotAlgebraic, assumption_facts, z3_relation
from numeric.prover.z3solver import check, check_used
from symbolic import objects as ob
from symbolic.claim import Claim, Prop
from symbolic.normal_form import nodes
from symbolic.objects import DIMS, unwrap
from symbolic.relation import Relation


def attempts(budget: Budget) -> list[tuple[int, bool, int]]:
    """``(rounds, last pass, rlimit)`` per attempt: the blackboard deepened a round at a time
    (with or without the last pass of single-atom facts: more facts can also drown z3), each
    within z3's resource limit (deterministic, unlike a time limit: the same verdict on a
    loaded machine; but see :func:`staged` for thorough). nlsat's cost per resource unit
    varies a hundredfold, so the limits stay small. At quick and default, over the three
    papers, the second and the fourth attempt proved claims within 10,000 units (the third
    within 331,000: closeness's extra-lemma-5.6-sharp; the first within 175,000), while a
    check z3 gave up on took up to 5 CPU seconds: those two attempts get half the third's
    limit.

    >>> [limit for _, _, limit in attempts(Budget.get("quick"))]
    [250000, 250000, 500000, 250000]
    """
    if budget.name != "thorough":  # z3 at 1-2 million units spends seconds on a claim
        return [(1, True, 250_000), (2, True, 250_000), (4, False, 500_000),
                (4, True, 250_000)]
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
    #: how the proof went: "direct" (the engine's attempts), "focused"
    #: (:func:`numeric.prover.focus.prove_focused`), "termwise"
    #: (:func:`numeric.prover.termwise.prove_termwise`) or "factorwise"
    #: (:func:`numeric.prover.factorwise.prove_factorwise`)
    route: str = "direct"
    #: the attempt that proved it: the blackboard's rounds and whether it had the last pass
    #: (0: none, or not proved)
    rounds: int = 0
    last_pass: bool = True
    #: a termwise proof's pairing: (left term, right term, that part's outcome); a
    #: factorwise proof's parts: (left factor, 0 for its bound or 1 for its sign, outcome)
    parts: list[tuple[int, int, Outcome]] = field(default_factory=list)
    #: a factorwise proof's grouping: for each left factor, the (base of the right side,
    #: exponent) pairs that bound it
    groups: tuple[tuple[tuple[int, Any], ...], ...] = ()


def _symbols(claim: Claim, extra: Sequence[Prop] = ()) -> list[sp.Symbol]:
    # a named definition's name is a Str, so the free symbols are its body's: no unwrap
    # (rebuilding a body can fail, as Max of a vector expression does)
    props = [*claim.hypotheses, *extra]
    return sorted({s for e in (claim.lhs, claim.rhs, *[x for h in props for x in (h.lhs, h.rhs)])
                   for s in sp.sympify(e).free_symbols
                   if isinstance(s, sp.Symbol)}, key=str)


#: where an index symbol only picks a part of a matrix: the argument positions that are
#: indices (a block of rows, an entry, a column)
_INDEX_ARGS = {ob.RowBlock: (1,), ob.Entry: (1, 2), ob.Column: (1,)}


def _loose_indices(claim: Claim, extra: Sequence[Prop] = ()) -> list[sp.Symbol]:
    """The index symbols (integer, not a dimension) of ``claim`` that occur anywhere but as
    the index of a block, an entry or a column. Where an index only picks a part of a
    matrix, the part is an atom like any other, and a proof over atoms holds for every
    value of the index; elsewhere its range (integers from 1 to a dimension) would be a
    constraint z3 does not have.

    >>> from symbolic import Claim, matrix, opnorm, row_block, scalar
    >>> from symbolic.objects import n
    >>> j, M = sp.Symbol("j", integer=True), matrix("M", n, n)
    >>> _loose_indices(Claim("t:extra-1", opnorm(row_block(M, j, 1)), "<=", opnorm(M)))
    []
    >>> _loose_indices(Claim("t:extra-1", j * opnorm(row_block(M, j, 1)), "<=", opnorm(M)))
    [j]
    """
    out: set[sp.Symbol] = set()

    def walk(e: sp.Basic) -> None:
        if isinstance(e, sp.Symbol):
            if e.is_integer and e not in DIMS.values():
                out.add(e)
            return
        skip = _INDEX_ARGS.get(type(e), ())
        for k, a in enumerate(e.args):
            if k not in skip:
                walk(a)

    for e in (claim.lhs, claim.rhs, *[x for h in (*claim.hypotheses, *extra)
                                       for x in (h.lhs, h.rhs)]):
        walk(sp.sympify(unwrap(e)))
    return sorted(out, key=str)


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
        claim.sides()))
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


def defined(claim: Claim, budget: Budget, library: set[str] | frozenset[str] | None = None,
            sparse: bool = False) -> str:
    """'' when every denominator, root and log argument of ``claim`` is shown safe under its
    hypotheses and the library (``library``, ``sparse``: as :func:`prove`'s); otherwise why
    not. With the whole library, the signs (:data:`SIGNS`) are tried alone first, on a far
    smaller blackboard: of the 211 claims of the three papers with a denominator, a root or a
    log, they show safe every one that the whole library does, in a third of the time.

    >>> from symbolic import Claim, scalar
    >>> from numeric.budget import Budget
    >>> x = scalar("x")
    >>> defined(Claim("t:extra-1", sp.log(x), "<=", x), Budget.get("quick"))
    'a denominator, a root or a log argument not shown safe (nonzero, non-negative, positive)'
    """
    if library is None:  # the signs alone usually show it, on a far smaller blackboard
        out = prove(claim, budget, library=frozenset(), domain_only=True, sparse=True)
        if out.proved:
            return ""
    out = prove(claim, budget, library=library, domain_only=True, sparse=sparse)
    return "" if out.proved else out.reason


def prove(claim: Claim, budget: Budget, extra: Sequence[Prop] = (),
          library: set[str] | None = None, domain_only: bool = False,
          prefer: frozenset[str] = frozenset(), polynomial: bool = True,
          relies: bool = True, sparse: bool = False,
          at: tuple[int, bool] | None = None) -> Outcome:
    """Try to prove ``claim`` from its hypotheses, ``extra`` premises (cited statements) and
    the library (restricted to the entry names in ``library`` when given; signs are always
    there), in the :func:`attempts` of ``budget``. ``domain_only``: only show that the claim
    is defined. ``prefer``: entries ``relies_on`` keeps when others can go instead.
    ``polynomial``: also try a claim without atoms (the blackboard stage leaves those to the
    real-algebra stage). ``relies``: find which entries the proof needs (``relies_on``; a
    check per entry): a caller that asks only whether a claim is proved skips it.
    ``sparse``: build the blackboard from the generators of ``library``'s entries alone (a
    certificate's replay) instead of filtering the whole one; the atoms that only other
    entries name are left out (fewer facts: another, smaller z3 problem). ``at``: only the
    attempt of these rounds and last pass (a certificate's), within the budget's largest
    limit."""
    big = too_large(claim)
    if big:
        return Outcome(False, big, final=True)
    out = Outcome(False, "no attempt")
    gave_up = 0
    session = Session(staged=staged(budget))
    plan = attempts(budget)
    if at is not None:
        plan = [(at[0], at[1], max(lim for _, _, lim in plan))]
    for rounds, last, limit in plan:
        try:
            out = attempt(claim, extra, library, domain_only, rounds, limit, prefer,
                          polynomial, last, relies, session, sparse)
        except TypeError as exc:  # sympy cannot rebuild a term (Max of a vector expression)
            return Outcome(False, f"the prover cannot read this claim: {exc}", final=True)
        gave_up += out.gave_up
        if out.proved or out.final or gave_up >= give_ups(budget):  # out of resources: stop
            break
    return out


@dataclass
class Session:
    """What the attempts of one :func:`prove` share: a z3 context of their own (z3's answers
    and the units it spends depend on the terms its context already holds: in a shared
    context they would depend on the claims a worker proved before), and the domain
    conditions already shown safe (a later attempt, with more facts, need not show them
    again: its facts too are theorems).

    >>> s = Session()
    >>> x = z3.Real("x", s.ctx)
    >>> s.safe.append(x > 0)
    >>> s.shown([x > 0]), s.shown([x > 0, x != 1])
    (True, False)
    """

    ctx: z3.Context = field(default_factory=z3.Context)
    #: the conditions shown (kept alive, so that no other term takes over their ids)
    safe: list[Any] = field(default_factory=list)
    #: z3's staged strategy (see :func:`solver`)
    staged: bool = False
    #: the last attempt's board before its last pass (:func:`_translated`'s tuple, its
    #: blackboard grown): a deeper attempt continues it
    board: tuple[Any, ...] | None = None

    def shown(self, conditions: Sequence[Any]) -> bool:
        """Has every one of ``conditions`` been shown safe already?"""
        ids = {c.get_id() for c in self.safe}
        return all(c.get_id() in ids for c in conditions)


def staged(budget: Budget) -> bool:
    """Does ``budget`` run z3's staged strategy (:func:`solver`)? Only ``thorough``: its
    limits let a check run past the first run's 10 seconds, and some of its proofs come
    from a later run (closeness's extra-lemma-7.6-sharp, from the third, after 14 seconds;
    unstaged, 4 of the 862 checks of the three papers at thorough get another answer). At
    quick and default, unstaged, every check of the closeness paper gets z3's answer, and
    the resource limit alone decides it: the same answer on a loaded machine.

    >>> staged(Budget.get("default")), staged(Budget.get("thorough"))
    (False, True)
    """
    return budget.name == "thorough"


def give_ups(budget: Budget) -> int:
    """How many attempts z3 may give up on before :func:`prove` stops: once, except at
    ``thorough`` (twice). At quick, on the 801 claims of the three papers and the gate
    catalogue, no attempt after a give-up ever proved one; those attempts cost 28 of the
    prover's 72 CPU seconds.

    >>> give_ups(Budget.get("default")), give_ups(Budget.get("thorough"))
    (1, 2)
    """
    return 2 if budget.name == "thorough" else 1


def _translated(claim: Claim, extra: Sequence[Prop], syms: list[sp.Symbol], ctx: z3.Context,
                only: frozenset[str] | None, domain_only: bool, polynomial: bool
                ) -> tuple[Any, ...] | Outcome:
    """The claim in z3, before any library fact: ``(atoms, hypothesis facts, hypotheses,
    lhs, rhs, an empty blackboard)``, or the :class:`Outcome` that ends the attempt there (a
    polynomial claim left to the real-algebra stage; nothing to show defined)."""
    zv = {s: z3.Real(str(s), ctx) for s in syms}
    t = Atoms(zv, ctx, claim.dims)
    props = [*claim.hypotheses, *extra]
    hyps = [(f"hypothesis {k}: {h}", z3_relation(h.rel, t(unwrap(h.lhs)), t(unwrap(h.rhs))))
            for k, h in enumerate(props, 1) if h.rel is not Relation.PSD_LE]
    # the entries read off the hypotheses: the Loewner order's, and the definitional
    # log-domain (a log of a conjunctive hypothesis has a positive argument); the
    # claim's own logs must be shown defined (the domain check of :func:`attempt`)
    given = hypothesis_facts(props, t, only)
    seen = set(t.atoms)
    lhs, rhs = t(unwrap(claim.lhs)), t(unwrap(claim.rhs))
    t.domain += [t(e.args[0]) > 0 for e in list(t.atoms)
                 if isinstance(e, sp.log) and e not in seen]
    t.domain += _conditions(unwrap(claim.lhs), t) + _conditions(unwrap(claim.rhs), t)
    if not t.atoms and not domain_only and not polynomial:
        return Outcome(False, "no atoms: a polynomial claim (the real-algebra stage's)",
                       final=True)
    if domain_only and not t.domain:  # no denominator, root or log: defined everywhere
        return Outcome(True, atoms=len(t.atoms))
    return t, given, hyps, lhs, rhs, Growth([], [])


def attempt(claim: Claim, extra: Sequence[Prop], library: set[str] | None, domain_only: bool,
            rounds: int, limit: int, prefer: frozenset[str] = frozenset(),
            polynomial: bool = True, last_pass: bool = True, relies: bool = True,
            session: Session | None = None, sparse: bool = False) -> Outcome:
    """One attempt of :func:`prove`: the blackboard after ``rounds`` rounds, z3 within
    ``limit``, in the ``session`` of the claim's attempts (default: a new one)."""
    syms = _symbols(claim, extra)
    if _loose_indices(claim, extra):
        return Outcome(False, "an index symbol outside a block, an entry or a column: its "
                       "range is not a real constraint", final=True)
    session = session or Session()
    always = SIGNS | DEFINITIONAL
    only = frozenset(library) | always if sparse and library is not None else None
    try:
        board = session.board if session.board is not None and \
            session.board[-1].rounds <= rounds else None
        if board is None:
            board = _translated(claim, extra, syms, session.ctx, only, domain_only, polynomial)
            if isinstance(board, Outcome):
                return board
        # the rounds run by an earlier attempt of this session go on (a copy of its board)
        t, given, hyps, lhs, rhs, state = board[0].copy(), *board[1:5], board[5].copy()
        state = grow(t, rounds, only, state)
        session.board = (t.copy(), given, hyps, lhs, rhs, state.copy())
        facts = given + finish(t, state, last_pass, only)
    except (NotAlgebraic, TypeError, ValueError, AttributeError) as exc:
        return Outcome(False, f"cannot translate: {exc}", final=True)
    # the roots' definitions (√b ≥ 0 and (√b)² = b where b ≥ 0): a definitional entry
    facts += [("root-definition", f) for f in t.defined]
    if library is not None:
        facts = [f for f in facts if f[0] in library or f[0] in always]
    base = [("assumptions", f) for f in assumption_facts(syms, t.vars, claim)] + hyps
    size = {"atoms": len(t.atoms), "facts": len(facts)}
    if t.domain and not session.shown(t.domain):
        if check([*base, *facts, ("domain", z3.Not(z3.And(*t.domain)))], limit,
                 session.staged) != z3.unsat:
            return Outcome(False, "a denominator, a root or a log argument not shown safe "
                           "(nonzero, non-negative, positive)", **size)
        session.safe += t.domain
    if domain_only:
        return Outcome(True, **size)
    goal = ("negated claim", z3.Not(z3_relation(claim.rel, lhs, rhs)))
    rest = [*base, *[("domain", d) for d in t.domain], goal]
    res, used = check_used([*rest, *facts], limit, session.staged)
    if res != z3.unsat:
        kinds = sorted({name for name, _ in facts})
        # z3's sat is a model: a deeper blackboard, when it is this one, has it too
        saturated = res == z3.sat and bool(t.memo.get("saturated"))
        return Outcome(False, f"z3 {'found no proof' if res == z3.sat else 'gave up'} on "
                       f"{size['atoms']} atoms with {size['facts']} facts "
                       f"({', '.join(kinds) or 'none'})", gave_up=res != z3.sat,
                       final=saturated, **size)
    # each check of which facts the proof needs gets a few times what the proof itself
    # spent: a fact whose removal needs far more is kept (z3 would give up on it only after
    # the attempt's whole limit, seconds at the default budget), and a larger relies_on still
    # lists premises of a proof
    if not relies:
        return Outcome(True, rounds=rounds, last_pass=last_pass, **size)
    return Outcome(True, rounds=rounds, last_pass=last_pass,
                   relies_on=needed(facts, rest, needed_limit(used, limit), prefer,
                                          session.staged), **size)


def needed_limit(used: int, limit: int) -> int:
    """The resource limit of :func:`needed`'s checks for a proof that spent ``used`` units
    within ``limit``.

    >>> needed_limit(30_000, 2_000_000), needed_limit(900, 500_000), needed_limit(10**6, 10**6)
    (120000, 50000, 1000000)
    """
    return min(limit, max(NEEDED_MIN, 4 * used))


def needed(facts: list[Fact], rest: list[Fact], limit: int,
           prefer: frozenset[str] = frozenset(), staged: bool = False) -> list[str]:
    """The library entries the proof needs, deterministically: each entry in turn (substantive
    ones before :data:`~numeric.prover.facts.ROUTINE` ones, the heavy ones of
    :data:`~numeric.prover.facts.HEAVY` first, then by name) is dropped when the rest still
    gives ``unsat``. (z3's unsat cores, deterministic in the claim's own context, would let
    the entries outside a core go without checks of their own, but a literal per entry
    makes each check dearer, and z3 does not always find the proof again with them: on the
    closeness paper at quick, 310 checks instead of 510 saved 7% of their CPU time.
    Dropping several entries at once saves next to nothing: the entries that stay lie
    between those that go.) Entries in ``prefer`` are tried last. Each check runs within ``limit``
    (``staged``: see :func:`solver`), and all of them within :data:`NEEDED_ROUNDS` times it:
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
        res, used = check_used([*base, *trial], min(limit, left), staged)
        left -= used
        if res == z3.unsat:
            keep.remove(name)
    return keep
