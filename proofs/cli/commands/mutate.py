"""``proofcheck mutate PAPER``: mutation testing of the checker on a paper's formulas.

PAPER is a paper key, an id or id prefix, ``all``, or a user's claim file. Every claim's
mutants (:mod:`proofs.tools.mutation`) are checked with the ordinary runner and classified as
killed, survived, equivalent, error or invalid. Exit code 1 when a survivor or a false
refutation of an unmutated claim remains, else 0.

Example:
    >>> import argparse
    >>> p = argparse.ArgumentParser()
    >>> add_arguments(p)
    >>> p.parse_args(["closeness", "--limit", "5"]).limit
    5
    >>> p.parse_args(["closeness:fact-3.1", "closeness:lemma-3.3"]).paper
    ['closeness:fact-3.1', 'closeness:lemma-3.3']
"""

from __future__ import annotations

import argparse
import json
import time

from numeric.budget import BUDGETS

NAME = "mutate"
HELP = "mutation testing of the checker"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paper", nargs="*",
                   help="paper key, id or id prefix, 'all', or a claim file (several allowed)")
    p.add_argument("--recheck", metavar="FILE",
                   help="re-check the survivors and errors of an earlier --json FILE with the "
                        "current checker (same budget and seed) and update FILE")
    p.add_argument("--json", metavar="FILE", help="write every mutant's outcome as JSON")
    p.add_argument("--budget", choices=list(BUDGETS), default="quick",
                   help="check budget per mutant (default quick)")
    p.add_argument("--limit", type=int, default=None, metavar="N",
                   help="check at most N mutants, chosen reproducibly from the seed")
    p.add_argument("--per-claim", type=int, default=None, metavar="K",
                   help="check at most K mutants of each claim, spread over the operators "
                        "and chosen reproducibly from the seed (applied before --limit)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--operators", default=None, metavar="LIST",
                   help="comma-separated subset of the mutation operators")
    p.add_argument("-j", "--jobs", default="1", metavar="N",
                   help="worker processes (or dask workers), 'auto' for one per CPU "
                        "(default 1); outcomes do not depend on it")
    p.add_argument("--executor", choices=["local", "dask"], default="local",
                   help="local: --jobs forked processes; dask: a LocalCluster of --jobs workers")
    p.add_argument("--scheduler", metavar="ADDR", default=None,
                   help="send the mutants to the dask.distributed scheduler at ADDR "
                        "(tcp://HOST:PORT); see docs/performance.md for a full campaign")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")


#: seconds between two rewrites of --json during a run (each rewrite costs O(mutants so far):
#: rewriting after every mutant made a full pool quadratic)
CHECKPOINT_SECONDS = 30.0


def run(args: argparse.Namespace) -> int:
    from proofs.cli.common import Progress, UsageError, resolve_targets
    from proofs.store.atomic import write_atomic
    from proofs.tools import mutation

    if args.limit is not None and args.limit < 0:
        raise UsageError("--limit must be >= 0")
    if args.per_claim is not None and args.per_claim < 0:
        raise UsageError("--per-claim must be >= 0")
    ops = mutation.OPERATORS
    if args.operators:
        ops = tuple(o.strip() for o in args.operators.split(",") if o.strip())
        bad = [o for o in ops if o not in mutation.OPERATORS]
        if bad:
            raise UsageError(f"unknown operator {bad[0]!r} (known: "
                             f"{', '.join(mutation.OPERATORS)})")
    if args.recheck:
        return _recheck(args)
    if not args.paper:
        raise UsageError("give a paper, an id or a claim file (or --recheck FILE)")
    from proofs.cli import run_options
    from proofs.cli.common import parse_jobs

    jobs = parse_jobs(args.jobs)
    run_options.validate(args)
    entries = resolve_targets(args.paper)
    progress = Progress(args.quiet)
    last = [time.monotonic()]

    def save(rep: mutation.Report) -> None:
        if time.monotonic() - last[0] >= CHECKPOINT_SECONDS:
            write_atomic(args.json, json.dumps(rep.to_json(), indent=1) + "\n")
            last[0] = time.monotonic()

    with run_options.executor_for(args, jobs) as executor:
        report = mutation.run(entries, " ".join(args.paper), args.budget, args.seed,
                              args.limit, ops, progress, per_claim=args.per_claim,
                              checkpoint=save if args.json else None, executor=executor)
    progress.done()
    print(report.summary())
    if args.json:
        write_atomic(args.json, json.dumps(report.to_json(), indent=1) + "\n")
    bad = report.counts()["survived"] + report.counts()["error"] + len(
        report.false_refutations())
    return 1 if bad else 0


def _recheck(args: argparse.Namespace) -> int:
    from proofs.cli.common import Progress, UsageError, resolve_targets
    from proofs.store.atomic import write_atomic
    from proofs.tools import mutation

    try:
        with open(args.recheck, encoding="utf-8") as fh:
            data = json.load(fh)
        target = data["target"].split()
    except (OSError, ValueError, KeyError, AttributeError) as exc:
        raise UsageError(f"{args.recheck}: not a mutation report ({exc})") from None
    progress = Progress(args.quiet)
    mutation.recheck(data, resolve_targets(target), progress)
    progress.done()
    write_atomic(args.recheck, json.dumps(data, indent=1) + "\n")
    s = data["summary"]
    print(f"rechecked {args.recheck}: " + ", ".join(
        f"{k} {s[k]}" for k in ("killed", "survived", "equivalent", "error")))
    return 1 if s["survived"] or s["error"] or s["false_refutations"] else 0

