"""Benchmark: the exact stage on Lemma 4.5 of ``closeness`` (every claim of Parts 1-5).

Three timings per claim at a budget (default: ``default``, grid n <= 6, d <= 4):

* ``stage``: the exact stage as the runner uses it (dimension-generic proof, then a small grid
  cross-check, triangulation off);
* ``grid/symengine``: the full grid without the generic proof, derivatives by SymEngine;
* ``grid/sympy``: the same with SymPy's ``diff``.

Then raw derivative generation, SymEngine vs SymPy, from ``bench_symengine_vs_sympy.generate``.

Run:  python benchmarks/bench_lemma45_grid.py [--budget default] [--no-sympy-grid]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import symengine as se
import sympy as sp
from bench_symengine_vs_sympy import best_time, generate

from numeric.budget import Budget
from numeric.stages.exact import check_identity
from proofs import registry


def lemma_claims() -> list:
    return [c for e in registry.resolve("closeness:lemma-4.5") for c in e.claims()]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", default="default")
    ap.add_argument("--no-sympy-grid", action="store_true", help="skip the SymPy grid run")
    args = ap.parse_args(argv)
    modes = [("stage", dict(generic_first=True)),
             ("grid/symengine", dict(generic_first=False, engine="symengine"))]
    if not args.no_sympy_grid:
        modes.append(("grid/sympy", dict(generic_first=False, engine="sympy")))
    totals = {m: 0.0 for m, _ in modes}
    print(f"{'claim':40s} " + " ".join(f"{m:>16s}" for m, _ in modes) + "  status")
    for c in lemma_claims():
        row, status = [], ""
        for m, kw in modes:
            t0 = time.perf_counter()
            v = check_identity(c, Budget.get(args.budget), triangulation=False, **kw)
            dt = time.perf_counter() - t0
            totals[m] += dt
            row.append(f"{dt:16.2f}")
            status = status or f"{v.status.value} ({v.evaluations} grid cases)"
        print(f"{c.id:40s} " + " ".join(row) + "  " + status, flush=True)
    print(f"{'total [s]':40s} " + " ".join(f"{totals[m]:16.2f}" for m, _ in modes))
    print("\nraw generation of d alpha^-1, df, dL, Hessian (best of 3):")
    for n, d in ((2, 2), (4, 3), (6, 4)):
        t_se, _ = best_time(lambda tag, n=n, d=d: generate(se, n, d, tag), 3, prefix="e")
        t_sp, _ = best_time(lambda tag, n=n, d=d: generate(sp, n, d, tag), 3, prefix="p")
        print(f"  n={n} d={d}: symengine {t_se:.4f} s, sympy {t_sp:.4f} s, "
              f"ratio {t_sp / t_se:.0f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
