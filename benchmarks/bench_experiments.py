"""Wall time of every experiment at a budget (default: ``default``), one line each.

Run: ``OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python benchmarks/bench_experiments.py [budget]``.
The target is <= 60 s per experiment at ``default`` on the project's 2-core machine; the machine is
shared, so wall times vary with its load (the load average is printed).
"""

from __future__ import annotations

import os
import sys
import time

from proofs.cli.commands.experiment import discover


def main(budget: str = "default") -> int:
    print(f"budget {budget}, load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} CPUs")
    worst = 0.0
    for name, (paper, exp) in discover().items():
        t0 = time.perf_counter()
        res = exp.run({}, seed=0, budget=budget)
        dt = time.perf_counter() - t0
        worst = max(worst, dt)
        counts = {s: sum(c["status"] == s for c in res["claims"])
                  for s in ("supported", "refuted", "unknown")}
        print(f"{name:26s} {paper:20s} {dt:6.1f} s  "
              + ", ".join(f"{v} {k}" for k, v in counts.items() if v), flush=True)
    print(f"slowest: {worst:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(*sys.argv[1:2]))
