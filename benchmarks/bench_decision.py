"""Per stage: how many catalogue claims it decides, and median / max seconds per claim.

Runs the conformance catalogue (``tests/numeric/stages/decision_catalogue.py``) through the
cascade at budget quick (seed 0) and prints one row per stage (claims decided, proved, refuted,
median and max seconds of the stage's own time on the claims it decided) and the totals per
truth value.

    OPENBLAS_NUM_THREADS=1 python benchmarks/bench_decision.py
"""

from __future__ import annotations

import importlib.util
import pathlib
import statistics
import sys
import time
from collections import defaultdict

from numeric.budget import Budget
from numeric.stages.cascade import STAGES, decide

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _catalogue() -> list:
    path = ROOT / "tests" / "numeric" / "stages" / "decision_catalogue.py"
    spec = importlib.util.spec_from_file_location("decision_catalogue", path)
    mod = sys.modules.setdefault("decision_catalogue", importlib.util.module_from_spec(spec))
    spec.loader.exec_module(mod)
    return mod.CATALOGUE


def main() -> None:
    """Run the catalogue and print the tables."""
    entries = _catalogue()
    decided: dict[str, list[tuple[str, float]]] = defaultdict(list)
    outcome: dict[tuple[bool, str], int] = defaultdict(int)
    wall: list[float] = []
    t_all = time.perf_counter()
    for e in entries:
        v = decide(e.claim, Budget.get("quick"), seed=0)
        wall.append(v.seconds)
        outcome[e.true, v.status.value] += 1
        for r in v.details["stages"]:
            if r["outcome"].startswith("decided"):
                decided[r["stage"]].append((v.status.value, r["seconds"]))
    print(f"{len(entries)} catalogue claims, budget quick, seed 0, "
          f"{time.perf_counter() - t_all:.1f} s in all")
    print(f"{'stage':14s} {'decided':>7s} {'proved':>7s} {'refuted':>7s} {'median s':>9s} "
          f"{'max s':>7s}")
    for stage in STAGES:
        rows = decided.get(stage.name, [])
        secs = [s for _, s in rows]
        print(f"{stage.name:14s} {len(rows):7d} {sum(st == 'proved' for st, _ in rows):7d} "
              f"{sum(st == 'refuted' for st, _ in rows):7d} "
              f"{statistics.median(secs) if secs else 0:9.3f} {max(secs, default=0):7.3f}")
    print(f"per claim (whole cascade): median {statistics.median(wall):.3f} s, "
          f"max {max(wall):.3f} s")
    for truth in (True, False):
        counts = {k[1]: c for k, c in outcome.items() if k[0] is truth}
        total = sum(counts.values())
        print(f"{'true' if truth else 'false'} claims ({total}): " + ", ".join(
            f"{k} {c}" for k, c in sorted(counts.items())))


if __name__ == "__main__":
    main()
