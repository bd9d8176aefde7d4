"""The runner: cheap and exact back ends first, stopping at the first rigorous answer.

Order: exact symbolic identity (equalities) -> interval prover (scalar inequalities) -> sampling,
adversarial search and high-precision confirmation. A chain-statement entry (``a <= b <= c``)
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

import time
import traceback
import zlib
from collections.abc import Callable, Iterable

from numeric.budget import Budget
from numeric.check import check_numeric
from numeric.interval_prover import prove_interval
from proofs.model import Chain, Lemma
from proofs.results import Result, combine
from proofs.symbolic_stage import check_identity
from symbolic.claim import Claim, Prop
from symbolic.objects import unwrap
from symbolic.verdict import Status, Verdict

Progress = Callable[[str], None]


def claim_seed(seed: int, claim_id: str) -> int:
    """A per-claim seed, independent of the order claims run in."""
    return (seed * 1_000_003 + zlib.crc32(claim_id.encode())) % (2**32)


def check_claim(claim: Claim, budget: str | Budget = "default", seed: int = 0,
                progress: Progress | None = None) -> Verdict:
    """The strongest verdict the back ends reach for ``claim``."""
    b = Budget.get(budget) if isinstance(budget, str) else budget
    s = claim_seed(seed, claim.id)
    t0 = time.perf_counter()
    try:
        exact = check_identity(claim, b, s)
        if exact is not None and exact.status.decisive:
            return exact
        interval = prove_interval(claim, b)
        if interval is not None and interval.status.decisive:
            interval.seed = s
            return interval
        v = check_numeric(claim, b, s, progress)
        if v.status is Status.REFUTED:
            return v
        if exact is not None and exact.status is Status.SUPPORTED:
            v.method = f"{exact.method}; {v.method}"
            v.message = f"{exact.message}; {v.message}"
        if interval is not None:
            v.details["interval"] = interval.message
        v.seconds = time.perf_counter() - t0
        return v
    except Exception as exc:
        return Verdict(Status.ERROR, "runner", False, f"{type(exc).__name__}: {exc}",
                       seed=s, details={"traceback": traceback.format_exc(limit=6)},
                       seconds=time.perf_counter() - t0)


def _same(a: Prop, b: Prop) -> bool:
    """Structurally equal sides (definitions unfolded) and a relation that implies ``b``'s."""
    return (unwrap(a.lhs) == unwrap(b.lhs) and unwrap(a.rhs) == unwrap(b.rhs)
            and a.rel.implies(b.rel))


def entry_notes(entry: Lemma) -> list[str]:
    """Structural notes: does the proof chain compose, and does it conclude the statement?"""
    notes = []
    if entry.proof is None or not isinstance(entry.statement, Prop):
        return notes
    concl = entry.proof.conclusion()
    if concl is None:
        notes.append("the proof chain's relations do not compose into one conclusion")
        return notes
    st = entry.statement
    if _same(concl, st):
        notes.append("the proof chain concludes the statement")
    else:
        notes.append(f"the proof chain concludes {concl}, not the statement {st}")
    return notes


def run_entries(entries: Iterable[Lemma | Claim], budget: str = "default", seed: int = 0,
                progress: Progress | None = None) -> list[Result]:
    """Check every claim of ``entries``; add combined results for chain statements."""
    entries = list(entries)
    claims: list[tuple[Lemma | None, Claim]] = []
    for e in entries:
        if isinstance(e, Claim):
            claims.append((None, e))
        else:
            claims += [(e, c) for c in e.claims()]
    results: list[Result] = []
    by_entry: dict[str, list[Result]] = {}
    for k, (entry, claim) in enumerate(claims, start=1):
        if progress:
            progress(f"[{k}/{len(claims)}] {claim.id}")
        r = Result.of(claim, check_claim(claim, budget, seed, progress))
        if entry is not None and claim.id == entry.id:
            r.notes += entry_notes(entry)
        results.append(r)
        if entry is not None:
            by_entry.setdefault(entry.id, []).append(r)
    out: list[Result] = []
    for e in entries:
        if isinstance(e, Lemma) and isinstance(e.statement, Chain):
            parts = by_entry.get(e.id, [])
            st = combine([p.status for p in parts])
            rig = all(p.verdict.rigorous for p in parts) if st is Status.PROVED else any(
                p.verdict.rigorous for p in parts if p.status is Status.REFUTED)
            worst = next((p for p in parts if p.status is st), parts[0] if parts else None)
            msg = "; ".join(f"step {i}: {p.status.value}" for i, p in enumerate(parts, 1))
            v = Verdict(st, "combined links", rig, f"conjunction of its links ({msg})",
                        slack=worst.verdict.slack if worst else None,
                        witness=worst.verdict.witness if worst else None,
                        seed=worst.verdict.seed if worst else None)
            out.append(Result(e.id, e.kind, e.source, e.description, v, e.expect))
        if isinstance(e, Claim):
            out += [r for r in results if r.id == e.id]
        else:
            out += by_entry.get(e.id, [])
    return out
