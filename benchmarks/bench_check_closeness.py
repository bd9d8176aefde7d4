"""Time ``proofcheck check closeness`` (default budget) and say where the time goes.

Runs the command line in a subprocess with ``--json``, then breaks the time down by section,
by method (exact symbolic, interval, sampling+adversarial) and by claim, and totals which back
end (float64, log space, mpmath) decided the sampled instances.

Usage::

    python benchmarks/bench_check_closeness.py [--budget default] [--target closeness] [--top 12]

Example (not run by pytest: it takes minutes):
    >>> import benchmarks.bench_check_closeness as b  # doctest: +SKIP
    >>> b.main(["--budget", "quick"])  # doctest: +SKIP
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict

TARGET_SECONDS = 120.0


def _section(cid: str) -> str:
    body = cid.split(":")[1]
    num = body.split("-", 1)[1] if "-" in body else body
    return "extra" if body.startswith("extra") else f"section {num.split('.')[0]}"


def breakdown(results: list[dict]) -> dict:
    """Seconds by section, by method and the slowest claims; back-end totals."""
    by_section: dict[str, float] = defaultdict(float)
    by_method: dict[str, float] = defaultdict(float)
    backends: dict[str, int] = defaultdict(int)
    phases: dict[str, float] = defaultdict(float)
    for r in results:
        for k, v in ((r.get("details") or {}).get("seconds") or {}).items():
            phases[k] += float(v)
        sec = float(r.get("seconds") or 0.0)
        by_section[_section(r["id"])] += sec
        by_method[(r.get("method") or "-").split(",")[0].split(";")[0]] += sec
        for k, v in ((r.get("details") or {}).get("backends") or {}).items():
            backends[k] += int(v)
    slow = sorted(results, key=lambda r: -float(r.get("seconds") or 0.0))
    return {"by_section": dict(by_section), "by_method": dict(by_method),
            "slowest": [(r["id"], r.get("seconds")) for r in slow], "backends": dict(backends),
            "phases": dict(phases)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--budget", default="default")
    p.add_argument("--target", default="closeness")
    p.add_argument("--top", type=int, default=12)
    p.add_argument("--jobs", default="auto", help="passed to proofcheck check --jobs")
    p.add_argument("--json", metavar="FILE", help="keep the run's JSON results here")
    p.add_argument("--from-json", metavar="FILE", help="analyse an existing --json output "
                   "instead of running (wall time then unknown)")
    args = p.parse_args(argv)
    if args.from_json:
        res = json.load(open(args.from_json))["results"]
        report(res, None, 0, args)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "results.json")
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "proofs", "check", args.target, "--budget",
                               args.budget, "--json", out, "-q", "--jobs", args.jobs],
                              capture_output=True, text=True)
        wall = time.perf_counter() - t0
        data = json.load(open(out)) if os.path.exists(out) else {"results": []}
        if args.json and os.path.exists(out):
            shutil.copyfile(out, args.json)
    report(data["results"], wall, proc.returncode, args)
    return 0


def report(res: list[dict], wall: float | None, code: int, args: argparse.Namespace) -> None:
    """Print the breakdown."""
    b = breakdown(res)
    total = sum(float(r.get("seconds") or 0.0) for r in res)
    print(f"proofcheck check {args.target} --budget {args.budget}: "
          + (f"{wall:.1f} s wall, " if wall is not None else "")
          + f"{total:.1f} s in claims (summed over workers), {len(res)} results, exit {code} "
          f"(target <= {TARGET_SECONDS:.0f} s)")
    print("by section:", ", ".join(f"{k} {v:.1f} s" for k, v in sorted(b["by_section"].items())))
    print("by method: ", ", ".join(f"{k} {v:.1f} s" for k, v in
                                   sorted(b["by_method"].items(), key=lambda kv: -kv[1])))
    phases = sorted(b["phases"].items(), key=lambda kv: -kv[1])
    print("numeric checks by phase:", ", ".join(f"{k} {v:.1f} s" for k, v in phases))
    print("instances decided by:", ", ".join(f"{k} {v}" for k, v in b["backends"].items()))
    print("slowest claims:")
    for cid, sec in b["slowest"][: args.top]:
        print(f"  {sec:7.2f} s  {cid}")


if __name__ == "__main__":
    sys.exit(main())
