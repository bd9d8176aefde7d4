"""CPU seconds of the symbolic stages before the provers (unfold, identity, probe, exact) over
every claim of the three papers at budget quick; with ``--against REV``, commit REV (a git
worktree of it) and this tree side by side.

Each run is a fresh process (cold caches, as a worker of ``check`` starts) that builds the
claims ``check all`` checks (every entry's claims and the conclusion its proof chain owes),
runs the start of the cascade on each (ground, unfold, identity, probe, exact: the stages that
run there before the provers, in their order, stopping where one decides) with the claim's seed,
and sums ``time.process_time()`` per stage. The verdicts' statuses and messages are digested, so
that a run ``--against`` a commit also says whether the two trees decide alike.

Usage::

    python benchmarks/bench_symbolic_stages.py [--repeat 3]
    python benchmarks/bench_symbolic_stages.py --against main [--repeat 3]

Measured on the shared 2-core machine (session 15, ``--against main`` at 1cde697, median of 3
cold runs, CPU seconds): unfold 1.98 -> 1.45, identity 7.60 -> 4.21, probe 7.78 -> 7.65, exact
26.77 -> 20.62, total 43.77 -> 33.93 (1.29x); verdicts identical (same digest).

Example (not run by pytest: it takes minutes):
    >>> import benchmarks.bench_symbolic_stages as b  # doctest: +SKIP
    >>> b.main(["--repeat", "1"])  # doctest: +SKIP
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from worktrees import trees

STAGES = ("ground", "unfold", "identity", "probe", "exact")


def _claims() -> list:
    """Every claim ``check all`` runs the cascade on, in paper order."""
    from proofs import registry
    from proofs.model.conclusion import conclusion_claim

    out = []
    for key in registry.paper_keys():
        for e in registry.paper(key).entries:
            for sub in e.all_entries():
                for c, _ in sub.own_annotated():
                    out.append(c)
                    if c.id == sub.id:
                        cc = conclusion_claim(sub)
                        if cc is not None:
                            out.append(cc)
    return out


def inner(budget: str) -> dict:
    """One cold run in this process: CPU seconds per stage, claims, and the verdicts' digest."""
    from numeric.budget import Budget
    from numeric.stages import cascade
    from proofs.runner import claim_seed

    claims = _claims()
    stages = [s for s in cascade.STAGES if s.name in STAGES]
    cpu = dict.fromkeys(STAGES, 0.0)

    def timed(stage: Any) -> Callable[..., Any]:
        run = stage.run

        def wrapper(claim: Any, b: Any, seed: int, **kw: Any) -> Any:
            t = time.process_time()
            try:
                return run(claim, b, seed, **kw)
            finally:
                cpu[stage.name] += time.process_time() - t

        return wrapper

    for s in stages:
        s.run = timed(s)
    b = Budget.get(budget)
    digest = hashlib.sha256()
    decided: dict[str, int] = {}
    for c in claims:
        v = cascade.decide(c, b, claim_seed(0, c.id), stages=stages, shrink=False)
        recs = v.details.get("stages", [])
        by = next((r["stage"] for r in recs if r["outcome"].startswith("decided")), None)
        if by:
            decided[by] = decided.get(by, 0) + 1
        digest.update(json.dumps([c.id, v.status.value, v.method, v.message, v.witness,
                                  [(r["stage"], r["outcome"]) for r in recs]],
                                 default=str).encode())
    return {"cpu": cpu, "claims": len(claims), "decided": decided,
            "digest": digest.hexdigest()[:16]}


def _one(tree: str, budget: str) -> dict:
    env = {**os.environ, "PYTHONPATH": tree, "OPENBLAS_NUM_THREADS": "1"}
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--inner", "--budget",
                               budget], cwd=tmp, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{tree}: {proc.stderr.strip().splitlines()[-3:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--against", metavar="REV", help="also time commit REV, alternating")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--budget", default="quick")
    p.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.inner:
        print(json.dumps(inner(args.budget)))
        return 0
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with trees(args.against, here) as paths:
        runs: dict[str, list[dict]] = {k: [] for k in paths}
        for _ in range(args.repeat):
            for name, path in paths.items():
                runs[name].append(_one(path, args.budget))
    first = next(iter(runs.values()))[0]
    print(f"symbolic stages over {first['claims']} claims of the three papers, budget "
          f"{args.budget}: CPU seconds, median of {args.repeat} cold runs")
    names = list(runs)
    print(f"{'stage':10s}" + "".join(f"{n[:12]:>14s}" for n in names)
          + ("   ratio" if len(names) == 2 else ""))
    for stage in (*STAGES, "total"):
        meds = [statistics.median(sum(r["cpu"].values()) if stage == "total" else
                                  r["cpu"][stage] for r in runs[n]) for n in names]
        print(f"{stage:10s}" + "".join(f"{m:13.2f}s" for m in meds)
              + (f"   {meds[0] / meds[1]:5.2f}x" if len(names) == 2 and meds[1] else ""))
    for n in names:
        digests = sorted({r["digest"] for r in runs[n]})
        print(f"{n[:12]:12s} decided {runs[n][0]['decided']}, verdicts digest "
              f"{', '.join(digests)}")
    if len(names) == 2:
        same = {r["digest"] for r in runs[names[0]]} == {r["digest"] for r in runs[names[1]]}
        print("verdicts:", "identical" if same else "DIFFERENT")
    return 0


if __name__ == "__main__":
    sys.exit(main())
