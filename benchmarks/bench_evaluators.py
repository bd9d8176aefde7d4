"""Evaluator benchmark: ratios measured side by side in one run.

1. the batched numpy evaluator against a per-instance Python loop (same evaluator, batch of 1);
2. the batched evaluator against a hand-written fused numpy expression of the same claim;
3. arb against mpmath for the same single-instance evaluation at 50 digits.

The claim is Lemma 5.6 of ``closeness`` as a margin:
``2 sqrt(n) R exp(R^2) ||x - y||_2 - ||exp(Ax) - exp(Ay)||_2`` at n = 64, d = 16.

Run: ``python benchmarks/bench_evaluators.py [--batch 4000] [--repeat 5]``
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import sympy as sp

from numeric.backends.margins import batch_margin
from numeric.backends.numpy_batch import NumpyOps
from numeric.backends.precise import ArbOps, MpmathOps, arb_prec, mp_workdps
from symbolic import Prop, exp_, matrix, norm2, scalar, vector
from symbolic.walk import Evaluator

N, D = 64, 16
A, x, y, R = matrix("A", N, D), vector("x", D), vector("y", D), scalar("R")
PROP = Prop(norm2(exp_(A * x) - exp_(A * y)), "<=",
            2 * sp.sqrt(N) * R * sp.exp(R**2) * norm2(x - y))


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--batch", type=int, default=4000)
    ap.add_argument("--loop", type=int, default=400, help="instances timed in the Python loop")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    B = args.batch
    env = {A: rng.normal(size=(B, N, D)) / 8, x: rng.normal(size=(B, D, 1)) / 4,
           y: rng.normal(size=(B, D, 1)) / 4, R: rng.uniform(1, 2, size=B)}

    def batched():
        return batch_margin(PROP, Evaluator(NumpyOps(), env))[0]

    def loop():
        for k in range(args.loop):
            one = {s: v[k : k + 1] for s, v in env.items()}
            batch_margin(PROP, Evaluator(NumpyOps(), one))

    def fused():
        a, xx, yy, r = env[A], env[x][..., 0], env[y][..., 0], env[R]
        lhs = np.linalg.norm(np.exp(np.einsum("bij,bj->bi", a, xx))
                             - np.exp(np.einsum("bij,bj->bi", a, yy)), axis=1)
        rhs = 2 * np.sqrt(N) * r * np.exp(r**2) * np.linalg.norm(xx - yy, axis=1)
        return (rhs - lhs) / (np.abs(lhs) + np.abs(rhs))

    assert np.allclose(batched(), fused(), rtol=1e-12, atol=1e-15)
    t_batch = best(batched, args.repeat) / B
    t_loop = best(loop, max(1, args.repeat // 2)) / args.loop
    t_fused = best(fused, args.repeat) / B

    one = {s: v[0] for s, v in env.items()}

    def convert(ops):  # inputs converted once, exactly; only the evaluation is timed
        return {s: (ops.array(v) if np.ndim(v) else ops.number(float(v))) for s, v in one.items()}

    def precise(ops, conv):
        ev = Evaluator(ops, conv)
        return ev(PROP.rhs) - ev(PROP.lhs)

    with mp_workdps(50):
        mp_in = convert(MpmathOps())
        t_mp = best(lambda: precise(MpmathOps(), mp_in), args.repeat)
        ref = precise(MpmathOps(), mp_in)
    with arb_prec(170):  # 50 decimal digits
        arb_in = convert(ArbOps())
        t_arb = best(lambda: precise(ArbOps(), arb_in), args.repeat)
        enc = precise(ArbOps(), arb_in)
        assert enc.overlaps(ArbOps().number(ref)) or abs(float(enc.mid()) - float(ref)) < 1e-40

    rows = [
        ("batched numpy vs per-instance loop", t_loop, t_batch, t_loop / t_batch, ">= 100x"),
        ("batched evaluator vs hand-fused numpy", t_batch, t_fused, t_fused / t_batch,
         ">= 0.5 (speed relative to fused)"),
        ("arb vs mpmath at 50 digits (1 instance)", t_mp, t_arb, t_mp / t_arb, ">= 5x"),
    ]
    print(f"claim: Lemma 5.6 margin at n={N}, d={D}; batch={B}; best of {args.repeat}")
    print(f"{'comparison':42s} {'baseline':>12s} {'candidate':>12s} {'ratio':>8s}  target")
    for name, base, cand, ratio, target in rows:
        print(f"{name:42s} {base * 1e6:10.2f}us {cand * 1e6:10.2f}us {ratio:8.2f}  {target}")


if __name__ == "__main__":
    main()
