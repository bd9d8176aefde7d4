"""The one z3 front end: every z3 check of the project goes through it, within z3's resource
limit (``rlimit``: deterministic, the same answer on a loaded machine), with a wall-clock
backstop far above what the limit allows.

Two strategies: the engine's (simplification, then nlsat: :func:`solver`), and z3's own default
one for the real-algebra stage (:func:`default_solver`), both limited alike.

Example:
    >>> x = z3.Real("x")
    >>> res, used = check_used([("t", x * x < 0)], 10_000)
    >>> res, 0 < used <= 10_000
    (unsat, True)
"""

from __future__ import annotations

from typing import Any

import z3

Fact = tuple[str, Any]

#: a backstop in wall-clock time for ``thorough``'s staged strategy (:func:`solver`), far above
#: what the resource limit allows on this machine
BACKSTOP_MS = 20_000
#: the backstop at quick and default. Measured in session 14 (issue 31): over ``check all
#: --budget quick`` and a fresh ``errata closeness`` (its default check, corrections and
#: citation checks), every check that ended ``sat`` or ``unsat`` took under 0.5 s; only checks
#: ending ``unknown`` took longer, the longest 14-20 s (nlsat spends 500,000 units on
#: closeness's ``lemma-5.5:part-1`` with one hypothesis fewer in 14 s, where most checks spend
#: them in about a second). Measured again in session 17 over ``check all --budget quick`` and
#: a fresh ``errata`` of each paper: no check ending ``sat`` or ``unsat`` took 0.3 s, and the two
#: checks that reached the backstop (tensor-trick's extra-lipschitz-alpha-inv-a-sharp, a
#: correction of closeness) ended ``unknown`` after 5 s, at 215,000 and 296,000 units. Four
#: times the longest answer seen leaves room for a loaded machine, and a give-up costs at most
#: this.
UNSTAGED_BACKSTOP_MS = 2_000


#: the nlsat runs of z3's own strategy for small nonlinear real problems (``qfnra``, z3 4.13
#: on), after the first (``simple_check``, 10 s): variable order (None: nlsat's own) and
#: wall-clock milliseconds
STAGES = ((None, 4_000), (4, 4_000), (3, 6_000), (1, 8_000), (5, 8_000), (2, 10_000))


def solver(ctx: z3.Context | None, limit: int, staged: bool = False) -> z3.Solver:
    """A solver in ``ctx`` within the resource ``limit``: simplification, then nlsat, first
    its quick variant (``simple_check``), as z3's own strategy for these formulas begins.
    ``staged``: then, as z3 does, the nlsat runs of :data:`STAGES`, each once the one before
    is out of time (wall-clock: the answer may depend on the machine's load); otherwise
    nlsat once more, within the resource limit alone. z3's strategy goes on with some 200
    more runs, which the backstops (:data:`BACKSTOP_MS`, :data:`UNSTAGED_BACKSTOP_MS`) never
    let it reach but when the resource limit is spent: then each fails at once, yet only
    after its own preprocessing (up to a second per check that ends ``unknown``). It also
    picks longer times for its runs once z3 holds 30 MB (after enough claims in one
    context). Unstaged, every check of the closeness
    paper at quick (681) gets the answer of z3's strategy, in half its CPU time.

    >>> x = z3.Real("x")
    >>> s = solver(x.ctx, 10_000)
    >>> s.add(x * x < 0)
    >>> s.check()
    unsat
    """
    s = _tactic(ctx, staged).solver()
    s.set("rlimit", limit)
    s.set("timeout", BACKSTOP_MS if staged else UNSTAGED_BACKSTOP_MS)
    return s


def _tactic(ctx: z3.Context | None, staged: bool) -> z3.Tactic:
    """The tactic of :func:`solver` in ``ctx``, built once per context (building it takes
    about as long as a quick check; a solver made from it starts from nothing, as from a new
    one). Kept on the context itself, so it goes with it.

    >>> ctx = z3.Context()
    >>> _tactic(ctx, False) is _tactic(ctx, False), _tactic(ctx, False) is _tactic(ctx, True)
    (True, False)
    """
    cache = getattr(ctx, "_proofcheck_tactics", None) if ctx is not None else None
    if cache is not None and staged in cache:
        return cache[staged]

    def nlsat(**params: Any) -> z3.Tactic:
        return z3.With(z3.Tactic("qfnra-nlsat", ctx), **params)

    first = z3.Then(nlsat(simple_check=True), z3.Tactic("fail-if-undecided", ctx), ctx=ctx)
    runs = [first, nlsat()] if not staged else [z3.TryFor(first, 10_000, ctx=ctx)] + [
        z3.TryFor(nlsat(**({} if order is None else {"variable_ordering_strategy": order})),
                  ms, ctx=ctx) for order, ms in STAGES]
    tactic = z3.Then(z3.Tactic("simplify", ctx), z3.Tactic("propagate-values", ctx),
                     z3.OrElse(*runs, ctx=ctx), ctx=ctx)
    if ctx is not None:
        if cache is None:
            cache = {}
            ctx._proofcheck_tactics = cache  # type: ignore[attr-defined]
        cache[staged] = tactic
    return tactic


def default_solver(limit: int, backstop_ms: int = UNSTAGED_BACKSTOP_MS) -> z3.Solver:
    """z3's default solver (its own strategy) within the resource ``limit`` and the
    wall-clock ``backstop_ms``.

    >>> x = z3.Real("x")
    >>> s = default_solver(10_000)
    >>> s.add(x * x + 1 <= 0)
    >>> s.check()
    unsat
    """
    s = z3.Solver()
    s.set("rlimit", limit)
    s.set("timeout", backstop_ms)
    return s


def check(tracked: list[Fact], limit: int, staged: bool = False) -> Any:
    """z3's answer on the named formulas, within the resource ``limit`` (``staged``: see
    :func:`solver`)."""
    return check_used(tracked, limit, staged)[0]


def check_used(tracked: list[Fact], limit: int, staged: bool = False) -> tuple[Any, int]:
    """z3's answer on the named formulas within the resource ``limit`` (``staged``: see
    :func:`solver`), and the resource units it spent (deterministic, like the limit).

    >>> x = z3.Real("x")
    >>> res, used = check_used([("t", x * x < 0)], 10_000)
    >>> res, 0 < used <= 10_000
    (unsat, True)
    """
    s = solver(_context(tracked), limit, staged)
    before = _spent(s)
    s.add(*[f for _, f in tracked])
    res = s.check()
    return res, _spent(s) - before


def _context(tracked: list[Fact]) -> z3.Context | None:
    """The z3 context of the named formulas (None, z3's main context, when there are none)."""
    return tracked[0][1].ctx if tracked else None


def _spent(s: z3.Solver) -> int:
    """The context's resource counter so far (every solver's statistics report it)."""
    st = s.statistics()
    ref, stats = st.ctx.ref(), st.stats
    for k in range(int(z3.Z3_stats_size(ref, stats))):  # one pass (Statistics makes three)
        if z3.Z3_stats_get_key(ref, stats, k) == "rlimit count":
            return int(z3.Z3_stats_get_uint_value(ref, stats, k)
                       if z3.Z3_stats_is_uint(ref, stats, k)
                       else z3.Z3_stats_get_double_value(ref, stats, k))
    return 0
