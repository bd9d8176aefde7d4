"""The runner: each claim through the stage cascade (:mod:`numeric.stages.cascade`: exact
symbolic identity -> interval prover -> sampling, adversarial search and high-precision
confirmation, stopping at the first decision). A chain-statement entry (``a <= b <= c``)
gets a combined result from its links; a lemma with a proof gets notes on whether its chain
composes and concludes its statement.

Example:
    >>> from symbolic import Claim, vector, norm2, norminf, n
    >>> from proofs.runner import check_claim
    >>> x = vector("x", n)
    >>> check_claim(Claim("t:extra-1", norminf(x), "<=", norm2(x)), "quick").status.value
    'supported'
"""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import time
import traceback
import zlib
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor

from numeric.budget import Budget
from numeric.stages.cascade import decide
from proofs.model import Chain, Lemma
from proofs.model.conclusion import conclusion_claim, entry_notes
from proofs.model.results import Result, combine
from symbolic.claim import Claim
from symbolic.verdict import Status, Verdict

Progress = Callable[[str], None]


def claim_seed(seed: int, claim_id: str) -> int:
    """A per-claim seed, independent of the order claims run in."""
    return (seed * 1_000_003 + zlib.crc32(claim_id.encode())) % (2**32)


def check_claim(claim: Claim, budget: str | Budget = "default", seed: int = 0,
                progress: Progress | None = None) -> Verdict:
    """The verdict of the stage cascade for ``claim`` (:func:`numeric.stages.cascade.decide`)
    with the per-claim seed :func:`claim_seed`; an ``error`` verdict if a stage breaks. An
    unknown budget name raises ValueError."""
    b = Budget.resolve(budget)
    s = claim_seed(seed, claim.id)
    t0 = time.perf_counter()
    try:
        return decide(claim, b, s, progress)
    except Exception as exc:
        return Verdict(Status.ERROR, "runner", False, f"{type(exc).__name__}: {exc}",
                       seed=s, details={"traceback": traceback.format_exc(limit=6)},
                       seconds=time.perf_counter() - t0)


def _conclusion_note(c: Result) -> str:
    verb = {Status.REFUTED: "fails", Status.PROVED: "holds (proved)",
            Status.SUPPORTED: "holds (supported)"}.get(c.status, c.status.value)
    note = f"the proof chain ends at {c.claim.lhs}; the needed implication {c.claim.prop} {verb}"
    if c.status is Status.REFUTED:
        note += ": the statement is stronger than what its proof reaches"
    return note


_Work = list[tuple[Lemma | None, Claim]]
_JOB: dict = {}  # the work list, inherited by forked workers


def _check_item(k: int) -> tuple[Verdict, Verdict | None]:
    """Verdicts of claim ``k`` of the work list and, for a statement, of its conclusion."""
    claims, budget, seed, progress = (_JOB[key] for key in ("claims", "budget", "seed",
                                                            "progress"))
    entry, claim = claims[k]
    if progress:
        progress(f"[{k + 1}/{len(claims)}] {claim.id}")
    v = check_claim(claim, budget, seed, progress)
    cv = None
    if entry is not None and claim.id == entry.id:
        cc = conclusion_claim(entry)
        if cc is not None:
            cv = check_claim(cc, budget, seed, progress)
    return v, cv


def _verdicts(claims: _Work, budget: str | Budget, seed: int, progress: Progress | None,
              jobs: int) -> list[tuple[Verdict, Verdict | None]]:
    """:func:`_check_item` for every claim, in ``jobs`` forked processes when that helps."""
    _JOB.update(claims=claims, budget=budget, seed=seed, progress=progress)
    try:
        if jobs <= 1 or len(claims) < 2 or "fork" not in mp.get_all_start_methods():
            return [_check_item(k) for k in range(len(claims))]
        ctx = mp.get_context("fork")
        with ProcessPoolExecutor(min(jobs, len(claims)), mp_context=ctx,
                                 initializer=_die_with_parent, initargs=(os.getpid(),)) as pool:
            return list(pool.map(_check_item, range(len(claims)), chunksize=1))
    finally:
        _JOB.clear()


def _die_with_parent(parent: int) -> None:
    """Worker initializer: end the worker when the run that forked it ends, even by SIGKILL
    (forked workers hold both ends of the pool's pipes, so they would wait forever)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").prctl(1, signal.SIGKILL)  # 1 = PR_SET_PDEATHSIG (Linux)
    except (OSError, AttributeError):  # not Linux: the parent's normal shutdown ends them
        pass
    if os.getppid() != parent:  # the parent died before the line above took effect
        os._exit(1)


def default_jobs() -> int:
    """Worker processes for ``--jobs auto``: the CPUs this process may use, at most 8."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    return max(1, min(cpus, 8))


def _own_claims(e: Lemma) -> list[Claim]:
    st = e.statement_claim()
    return ([st] if st else []) + e.link_claims()


def _combined(e: Lemma, parts: list[Result], what: str) -> Result:
    expect = e.expect or ("refuted" if any(q.expect == "refuted" for q in e.parts) else None)
    st = combine([p.status for p in parts])
    rig = all(p.verdict.rigorous for p in parts) if st is Status.PROVED else any(
        p.verdict.rigorous for p in parts if p.status is Status.REFUTED)
    worst = next((p for p in parts if p.status is st), parts[0] if parts else None)
    msg = "; ".join(f"{p.id.rsplit(':', 1)[-1]}: {p.status.value}" for p in parts)
    v = Verdict(st, f"combined {what}", rig, f"conjunction of its {what} ({msg})",
                slack=worst.verdict.slack if worst else None,
                witness=worst.verdict.witness if worst else None,
                seed=worst.verdict.seed if worst else None)
    return Result(e.id, e.kind, e.source, e.description, v, expect)


def run_entries(entries: Iterable[Lemma | Claim], budget: str = "default", seed: int = 0,
                progress: Progress | None = None, jobs: int = 1) -> list[Result]:
    """Check every claim of ``entries`` (parts included); add combined results for chain
    statements and for entries made of parts, and check what each proof chain still owes
    its statement.

    ``jobs > 1`` checks claims in that many worker processes. Each claim has its own seed
    (:func:`claim_seed`), so the results are the same for any ``jobs``.
    """
    entries = list(entries)
    claims: list[tuple[Lemma | None, Claim]] = []
    for e in entries:
        if isinstance(e, Claim):
            claims.append((None, e))
        else:
            claims += [(sub, c) for sub in e.all_entries() for c in _own_claims(sub)]
    results: list[Result] = []
    by_entry: dict[str, list[Result]] = {}
    verdicts = _verdicts(claims, budget, seed, progress, jobs)
    for (entry, claim), (v, cv) in zip(claims, verdicts):
        r = Result.of(claim, v)
        if entry is not None and claim.id == entry.id:
            r.notes += entry_notes(entry)
            cc = conclusion_claim(entry)
            if cc is not None and cv is not None:
                c = Result.of(cc, cv)
                r.conclusion = c
                r.notes.append(_conclusion_note(c))
        results.append(r)
        if entry is not None:
            by_entry.setdefault(entry.id, []).append(r)
    out: list[Result] = []
    for e in entries:
        if isinstance(e, Claim):
            out += [r for r in results if r.id == e.id]
            continue
        for sub in e.all_entries():
            if isinstance(sub.statement, Chain):
                out.append(_combined(sub, by_entry.get(sub.id, []), "links"))
            elif sub.parts and sub.statement is None:
                heads = [r for p in sub.parts for r in by_entry.get(p.id, []) if r.id == p.id]
                heads += [r for p in sub.parts if isinstance(p.statement, Chain)
                          for r in [_combined(p, by_entry.get(p.id, []), "links")]]
                out.append(_combined(sub, heads, "parts"))
            out += by_entry.get(sub.id, [])
    return out
