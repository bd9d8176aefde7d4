"""Per stage: the claims it decides on the papers, and the median / max seconds it spent on them.

Runs ``proofcheck check`` on the given papers (default: all three) at budget quick, seed 0, or
reads a finished run (``--from results.json``), and prints one row per stage: claims decided,
median and max seconds of that stage on them, and the same for the claims it was tried on and
did not decide (what a prover costs when it fails).

    OPENBLAS_NUM_THREADS=1 python benchmarks/bench_prover.py [PAPER ...] [--from F]

Measured here (2 cores, quick, session 10): see the closing note and ``docs/runs.md``.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict

PROVERS = ("ground", "unfold", "identity", "exact", "schemas", "real-algebra", "blackboard",
           "interval",
           "taylor")


def _results(papers: list[str], source: str | None) -> list[dict]:
    if source:
        with open(source, encoding="utf-8") as fh:
            return json.load(fh)["results"]
    from proofs import registry
    from proofs.runner import run_entries

    entries = [e for p in papers for e in registry.paper(p).entries]
    return [r.to_json() for r in run_entries(entries, "quick", 0, jobs=2)]


def table(results: list[dict]) -> list[str]:
    """One line per stage: decided (count, median s, max s), tried without deciding (same)."""
    decided: dict[str, list[float]] = defaultdict(list)
    tried: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for rec in (r.get("details") or {}).get("stages", []):
            if "seconds" not in rec:
                continue
            bucket = decided if rec["outcome"].startswith("decided") else tried
            if rec["outcome"].startswith(("did not apply", "not run")):
                continue
            bucket[rec["stage"]].append(float(rec["seconds"]))

    def cols(xs: list[float]) -> str:
        if not xs:
            return f"{0:>6} {'-':>9} {'-':>9}"
        return f"{len(xs):>6} {statistics.median(xs):>9.4f} {max(xs):>9.4f}"

    lines = [f"{'stage':14s} {'decided':>6} {'median s':>9} {'max s':>9}   "
             f"{'tried':>6} {'median s':>9} {'max s':>9}"]
    for stage in [*PROVERS, "sampling"]:
        lines.append(f"{stage:14s} {cols(decided[stage])}   {cols(tried[stage])}")
    return lines


def main() -> None:
    """Print the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("papers", nargs="*", default=["closeness", "tensor-trick",
                                                   "lipschitz-attention"])
    ap.add_argument("--from", dest="source", metavar="F")
    args = ap.parse_args()
    for line in table(_results(args.papers, args.source)):
        print(line)


if __name__ == "__main__":
    main()
