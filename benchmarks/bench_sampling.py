"""CPU seconds of the sampling stage (:func:`numeric.stages.sampling.core.check_numeric`) over
the claims of the three papers that reach it at the quick budget, this tree beside commit REV.

The claims are those whose ``sampling`` stage ran in a run's JSON (``--run RUN.json``, from
``proofcheck check all --budget quick --json RUN.json``; without it such a run is made first,
which takes a few minutes). Each measurement is one fresh process that checks every claim in
turn (seed 0, each claim's seed as the runner derives it) and reports the CPU time of the
``check_numeric`` calls alone (no imports), and a digest of every verdict (status, margins,
slack, witness, details without timings): equal digests mean the same results. With
``--against REV`` the two trees alternate ``--repeat`` times and the medians are printed side
by side.

Usage::

    python benchmarks/bench_sampling.py --run RUN.json [--against 41b0cff] [--repeat 3]

Example (not run by pytest: it takes minutes):
    >>> import benchmarks.bench_sampling as b  # doctest: +SKIP
    >>> b.main(["--run", "r.json", "--against", "main"])  # doctest: +SKIP
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

from worktrees import trees

#: what one measuring process runs (argv: the claim ids file, the budget)
_CHILD = r"""
import hashlib, json, sys, time
from numeric.budget import Budget
from numeric.stages.sampling.core import check_numeric
from proofs import registry
from proofs.runner import claim_seed

ids = open(sys.argv[1]).read().split()
claims = {}
for key in registry.paper_keys():
    for c in registry.paper(key).claims():
        claims.setdefault(c.id, c)
budget = Budget.get(sys.argv[2])


def clean(d):
    if isinstance(d, dict):
        return {k: clean(v) for k, v in d.items() if k not in ("seconds", "phases")}
    if isinstance(d, (list, tuple)):
        return [clean(x) for x in d]
    return repr(d)


cpu, digest = 0.0, hashlib.sha256()
for cid in ids:
    t = time.process_time()
    v = check_numeric(claims[cid], budget, seed=claim_seed(0, cid))
    cpu += time.process_time() - t
    digest.update(json.dumps(clean([cid, v.status.value, v.worst_margin, v.slack, v.evaluations,
                                    v.message, v.witness, v.details])).encode())
print(json.dumps({"cpu": cpu, "digest": digest.hexdigest()[:16], "claims": len(ids)}))
"""


def sampling_claims(run: dict) -> list[str]:
    """Ids of the claims whose ``sampling`` stage ran (not ``not run: ...``) in a run's JSON.

    >>> sampling_claims({"results": [
    ...     {"id": "a", "details": {"stages": [{"stage": "sampling", "outcome": "no decision"}]}},
    ...     {"id": "b", "details": {"stages": [{"stage": "sampling",
    ...                                         "outcome": "not run: decided by exact"}]}}]})
    ['a']
    """
    return [r["id"] for r in run["results"]
            if any(s["stage"] == "sampling" and not s["outcome"].startswith("not run")
                   for s in (r.get("details") or {}).get("stages", []))]


def measure(tree: str, ids_file: str, budget: str) -> dict:
    """One fresh process with ``tree`` first on the path: CPU seconds and digest."""
    env = {**os.environ, "PYTHONPATH": tree}
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run([sys.executable, "-c", _CHILD, ids_file, budget], cwd=tmp,
                              env=env, capture_output=True, text=True)
    if proc.returncode:
        raise RuntimeError(proc.stderr.strip().splitlines()[-1:])
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--run", help="a run's JSON (check all --budget quick --json)")
    p.add_argument("--budget", default="quick")
    p.add_argument("--against", metavar="REV", help="time commit REV too (a git worktree)")
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args(argv)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    work = tempfile.mkdtemp(prefix="bench-sampling-")
    try:
        run_file = args.run
        if run_file is None:
            run_file = os.path.join(work, "run.json")
            subprocess.run([sys.executable, "-m", "proofs", "check", "all", "--budget", "quick",
                            "--no-cache", "-q", "--json", run_file], cwd=work, check=False,
                           env={**os.environ, "PYTHONPATH": here})
        with open(run_file) as f:
            ids = sampling_claims(json.load(f))
        ids_file = os.path.join(work, "ids.txt")
        with open(ids_file, "w") as f:
            f.write("\n".join(ids))
        with trees(args.against, here) as paths:
            runs: dict[str, list[dict]] = {name: [] for name in paths}
            for _ in range(args.repeat):
                for name, tree in paths.items():
                    runs[name].append(measure(tree, ids_file, args.budget))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"check_numeric over {len(ids)} claims reaching the sampling stage "
          f"(budget {args.budget}), CPU seconds, median of {args.repeat}")
    print(f"{'tree':14s} {'median':>8s}  {'runs':24s} digest")
    for name, rows in runs.items():
        cpus = [r["cpu"] for r in rows]
        digests = sorted({r["digest"] for r in rows})
        print(f"{name[:14]:14s} {statistics.median(cpus):7.1f}s  "
              f"{' '.join(f'{c:.1f}' for c in cpus):24s} {','.join(digests)}")
    if args.against:
        before = statistics.median(r["cpu"] for r in runs[args.against])
        now = statistics.median(r["cpu"] for r in runs["now"])
        same = {r["digest"] for r in runs[args.against]} == {r["digest"] for r in runs["now"]}
        print(f"now / {args.against}: {now / before:.2f} of the CPU; "
              f"results {'identical' if same else 'DIFFER'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
