"""Tasks per second of the vectorised attention-loss estimator against a naive per-task loop.

Run: ``PYTHONPATH=. python benchmarks/bench_attention_loss.py [--tasks 2000] [--n 64] [--d 3]``
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from proofs.papers.lipschitz_attention.experiments.loss import (
    naive_per_task_terms,
    per_task_terms,
    sample_batch,
)
from proofs.papers.lipschitz_attention.experiments.tasks import relu_family


def rate(fn, tasks: int, repeat: int) -> float:
    best = np.inf
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return tasks / best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tasks", type=int, default=2000)
    ap.add_argument("--naive-tasks", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(f"{'d':>3} {'n':>6} {'vectorised tasks/s':>20} {'naive tasks/s':>15} {'ratio':>8}")
    for d, n in ((1, 16), (3, 64), (3, 256), (8, 256)):
        M = np.eye(d) * 2.0
        big = sample_batch(np.random.default_rng(0), args.tasks, n, d, relu_family(1.0))
        small = sample_batch(np.random.default_rng(0), args.naive_tasks, n, d, relu_family(1.0))
        fast = rate(lambda b=big, M=M: per_task_terms(b, M, 0.5), args.tasks, args.repeat)
        slow = rate(lambda b=small, M=M: naive_per_task_terms(b, M, 0.5), args.naive_tasks, 1)
        print(f"{d:>3} {n:>6} {fast:>20,.0f} {slow:>15,.0f} {fast / slow:>8.0f}x")


if __name__ == "__main__":
    main()
