"""``proofcheck certify PAPER``: write the proof certificates a paper ships.

Every claim of the paper is checked afresh (no results store, no certificates, no witness
database) at ``--budget``; each blackboard proof's entries, route and attempt, and each
arb-certified refutation's witness, go to ``certificates.json`` in the paper's package
(:mod:`proofs.store.certificates`). Later runs
replay them before any stage, as Sledgehammer's ``by (metis ...)`` lines are replayed: one
small z3 problem instead of a search through the library. ``--check`` writes nothing and
exits 1 when the file differs from what a fresh run gives (a stale file: commit the new one).

Example:
    >>> import argparse
    >>> p = argparse.ArgumentParser()
    >>> add_arguments(p)
    >>> a = p.parse_args(["closeness", "--check"])
    >>> a.paper, a.budget, a.check
    (['closeness'], 'quick', True)
"""

from __future__ import annotations

import argparse
import json

from numeric.budget import BUDGETS

NAME = "certify"
HELP = "write the proof certificates a paper ships (replayed by check, errata, report)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paper", nargs="+", help="paper key(s) (see 'proofcheck list')")
    p.add_argument("--budget", choices=list(BUDGETS), default="quick",
                   help="budget of the fresh check whose proofs and witnesses are kept "
                        "(default: quick; the blackboard's proofs are the same at default)")
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
        pairs = [(r.id, r.verdict) for r in results]
        pairs += [(r.conclusion.id, r.conclusion.verdict) for r in results
                  if r.conclusion is not None]
        doc = certificates.document(paper.key, args.budget, pairs)
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
