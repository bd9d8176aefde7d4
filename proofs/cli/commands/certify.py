"""``proofcheck certify PAPER``: write the proof certificates a paper ships.

Every claim of the paper is checked afresh (no results store, no certificates, no witness
database) at ``--budget``; each blackboard proof's entries, route and attempt, and each
arb-certified refutation's witness, go to ``certificates.json`` in the paper's package
(:mod:`proofs.store.certificates`). Later runs
replay them before any stage, as Sledgehammer's ``by (metis ...)`` lines are replayed: one
small z3 problem instead of a search through the library. ``--check`` writes nothing and
exits 1 when the file differs from what a fresh run gives (a stale file: commit the new one).

The claims that check leaves open (supported or unknown) get a second, deeper proof search by
the blackboard's routes at ``--search`` (default ``thorough``: z3's larger limits). A proof it
finds is kept when it replays at the quick budget, so every run proves the claim in one small
z3 problem; without the certificates (``--no-certificates``) a run at quick or default
searches within its own limits and may leave the claim supported. A claim it finds no proof
of (at ``--budget``, ``--search`` and default) is listed as open, with a digest of its content
and of the prover's sources: while both are the same, runs at those budgets do not search for
that proof again (the blackboard stage is not run). The forms that ``errata``'s corrections
try on the check's results and the prover does not prove are listed as ``unproved`` (by their
content digests), so that ``errata`` need not try them again.

Example:
    >>> import argparse
    >>> p = argparse.ArgumentParser()
    >>> add_arguments(p)
    >>> a = p.parse_args(["closeness", "--check"])
    >>> a.paper, a.budget, a.search, a.check
    (['closeness'], 'quick', 'thorough', True)
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from numeric.budget import BUDGETS

NAME = "certify"
HELP = "write the proof certificates a paper ships (replayed by check, errata, report)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paper", nargs="+", help="paper key(s) (see 'proofcheck list')")
    p.add_argument("--budget", choices=list(BUDGETS), default="quick",
                   help="budget of the fresh check whose proofs and witnesses are kept "
                        "(default: quick; the blackboard's proofs are the same at default)")
    p.add_argument("--search", choices=["none", *BUDGETS], default="thorough",
                   help="budget of a deeper proof search for the claims the check leaves open "
                        "(default: thorough; its proofs are kept when they replay at quick; "
                        "none: no second search)")
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 when a paper's certificates.json is not what a "
                        "fresh run gives")
    p.add_argument("-j", "--jobs", default="auto", metavar="N",
                   help="worker processes (default auto)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")


def run(args: argparse.Namespace) -> int:
    from proofs.cli.common import Progress, get_paper, parse_jobs
    from proofs.runner import run_entries
    from proofs.store import certificates

    jobs = parse_jobs(args.jobs)
    papers = [get_paper(key) for key in args.paper]  # every unknown key before any work
    stale = 0
    for paper in papers:
        progress = Progress(args.quiet)
        results = run_entries(paper.entries, args.budget, 0, progress, jobs=jobs)
        progress.done()
        pairs = [(r, r.verdict) for r in results]
        pairs += [(r.conclusion, r.conclusion.verdict) for r in results
                  if r.conclusion is not None]
        left, budgets = [], []
        if args.search != "none":
            budgets = list(dict.fromkeys([args.search, "default"]))
            pairs, left = deeper(pairs, budgets, jobs)
        doc = certificates.document(paper.key, args.budget, [(r.id, v) for r, v in pairs],
                                    args.search, left, [args.budget, *budgets],
                                    {"quick": unproved_corrections(results, jobs)})
        path = certificates.path_of(paper.key)
        n = f"{len(doc['certificates'])} certificates, {len(doc['witnesses'])} witnesses"
        if args.check:
            try:
                same = json.loads(path.read_text(encoding="utf-8")) == doc
            except (OSError, ValueError):
                same = False
            stale += not same
            print(f"{paper.key}: {n}; {path} is "
                  f"{'current' if same else 'stale: run proofcheck certify ' + paper.key}")
            continue
        certificates.write(paper.key, doc)
        print(f"{paper.key}: {n} written to {path}")
    return 1 if stale else 0


def deeper(pairs: list[tuple[Any, Any]], budgets: list[str], jobs: int
           ) -> tuple[list[tuple[Any, Any]], list[Any]]:
    """``pairs`` (result, verdict) with each open claim's verdict replaced by a blackboard
    proof found at one of ``budgets`` (in order) that replays at the quick budget (the others
    as they were), and the claims the searches left open (the prover is not monotone in the
    budget: a run skips only the searches made at its own budget)."""
    from numeric.stages.blackboard import BlackboardStage
    from proofs.executors import LocalExecutor
    from symbolic.verdict import Status

    stage = BlackboardStage()
    todo = [k for k, (r, v) in enumerate(pairs)
            if v.status in (Status.SUPPORTED, Status.UNKNOWN) and r.claim is not None
            and stage.applies(r.claim) is None]
    found = LocalExecutor(jobs).map(
        lambda k: next((v for b in budgets if (v := _search(pairs[k][0].claim, b)) is not None),
                       None), todo)
    out, left = list(pairs), []
    for k, v in zip(todo, found, strict=True):
        if v is not None:
            out[k] = (pairs[k][0], v)
        else:
            left.append(pairs[k][0].claim)
    return out, left


def unproved_corrections(results: list[Any], jobs: int) -> list[str]:
    """The digests of the forms ``errata``'s corrections (at the quick budget, as always)
    try on these ``results`` and the prover does not prove."""
    from proofs.model.results import refuted_forms
    from proofs.review import corrections
    from proofs.review.findings import flow_findings
    from proofs.tools.hypothesis_flow import flow_items

    missing = flow_findings(flow_items(results, jobs=jobs))
    work = [(e, n) for e, n, _ in corrections.work(missing)]
    return corrections.unproved(work, "quick", jobs, refuted_forms(results))


def _search(claim: Any, budget: str) -> Any:
    """A blackboard proof of ``claim`` found at ``budget`` (its verdict), when its
    certificate replays at quick (else None)."""
    from numeric.budget import Budget
    from numeric.prover.certificate import Certificate, replay
    from numeric.prover.focus import prove_or_focus
    from numeric.stages.blackboard import proved
    t0 = time.perf_counter()
    out = prove_or_focus(claim, Budget.get(budget), polynomial=False)
    if not out.proved:
        return None
    cert = Certificate.of(out)
    if not replay(claim, Budget.get("quick"), cert).proved:
        return None
    return proved(out, 0, time.perf_counter() - t0)
