"""Benchmark: generating softmax-regression derivatives with SymEngine vs SymPy.

For each (n, d) in a small grid, build explicit coordinate symbols a_k_j, x_j, b_k, the objects

    alpha = sum_k exp((A x)_k),   f_k = exp((A x)_k) / alpha,   L = 1/2 sum_k (f_k - b_k)^2

and generate d alpha^{-1}/dx_i, d f_k/dx_i, d L/dx_i (all i, k) and the Hessian d^2 L/dx_i dx_j,
once with SymEngine and once with SymPy (best of a few repeats each).  SymPy memoises expression
construction, so each repeat uses freshly named symbols ("fresh": warm generic caches, new
expressions); the "cold" column also clears SymPy's cache before each repeat.  Then check with SymPy
that every SymEngine result equals the SymPy one: after differentiating, each
exp(sum_k m_k (A x)_k) is replaced by prod_k u_k^{m_k} with positive symbols u_k, which turns the
difference into a rational function that ``cancel(together(.))`` decides exactly.

Run:  python benchmarks/bench_symengine_vs_sympy.py [--repeat R] [--grid 2x2,4x3,6x4]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import Any

import symengine as se
import sympy as sp
from sympy.core.cache import clear_cache

GRID = ((2, 2), (4, 3), (6, 4))


def _symbols(
    lib: Any, n: int, d: int, tag: str = ""
) -> tuple[list[list[Any]], list[Any], list[Any]]:
    a = [[lib.Symbol(f"a{tag}_{k}_{j}") for j in range(d)] for k in range(n)]
    x = [lib.Symbol(f"x{tag}_{j}") for j in range(d)]
    b = [lib.Symbol(f"b{tag}_{k}") for k in range(n)]
    return a, x, b


def generate(lib: Any, n: int, d: int, tag: str = "") -> dict[str, list]:
    """Build the objects with ``lib`` (sympy or symengine) and differentiate them in x."""
    a, x, b = _symbols(lib, n, d, tag)
    z = [lib.Add(*[a[k][j] * x[j] for j in range(d)]) for k in range(n)]
    u = [lib.exp(zk) for zk in z]
    alpha = lib.Add(*u)
    alpha_inv = 1 / alpha
    f = [uk / alpha for uk in u]
    L = lib.Rational(1, 2) * lib.Add(*[(f[k] - b[k]) ** 2 for k in range(n)])
    d_alpha_inv = [lib.diff(alpha_inv, xi) for xi in x]
    d_f = [lib.diff(fk, xi) for fk in f for xi in x]
    d_L = [lib.diff(L, xi) for xi in x]
    hess = [lib.diff(d_L[i], x[j]) for i in range(d) for j in range(d)]
    return {"d_alpha_inv": d_alpha_inv, "d_f": d_f, "d_L": d_L, "hess_L": hess}


def best_time(
    fn: Callable[[str], Any],
    repeat: int,
    setup: Callable[[], Any] | None = None,
    prefix: str = "r",
) -> tuple[float, Any]:
    """Best wall time of ``fn(tag)`` over ``repeat`` calls with fresh tags; last output."""
    best, out = float("inf"), None
    for r in range(repeat):
        if setup is not None:
            setup()
        t0 = time.perf_counter()
        out = fn(f"{prefix}{r}")
        best = min(best, time.perf_counter() - t0)
    return best, out


def exp_to_u(expr: sp.Expr, n: int, d: int, tag: str = "") -> sp.Expr:
    """Replace every exp(sum_k m_k (A x)_k) in ``expr`` by prod_k u_k^{m_k} (u_k > 0)."""
    a, x, _ = _symbols(sp, n, d, tag)
    u = [sp.Symbol(f"u_{k}", positive=True) for k in range(n)]
    z = [sum(a[k][j] * x[j] for j in range(d)) for k in range(n)]
    rep = {}
    for atom in expr.atoms(sp.exp):
        arg = sp.expand(atom.args[0])
        m = [sp.diff(arg, a[k][0], x[0]) for k in range(n)]
        if sp.expand(arg - sum(mk * zk for mk, zk in zip(m, z, strict=True))) != 0:
            raise ValueError(f"exp argument is not a combination of the logits: {arg}")
        rep[atom] = sp.Mul(*[uk**mk for uk, mk in zip(u, m, strict=True)])
    return expr.xreplace(rep)


def check_equal(se_out: dict[str, list], sp_out: dict[str, list], n: int, d: int, tag: str) -> int:
    """Number of entries where SymEngine and SymPy disagree (0 expected)."""
    bad = 0
    for key, sp_list in sp_out.items():
        for e_se, e_sp in zip(se_out[key], sp_list, strict=True):
            diff = exp_to_u(sp.sympify(e_se) - e_sp, n, d, tag)
            if sp.cancel(sp.together(diff)) != 0:
                bad += 1
    return bad


def paper_part5_control(n: int = 3, d: int = 2) -> tuple[bool, bool]:
    """Negative control for the check: Lemma 4.5 Part 5 as printed, A_{*,i}^T (f <c,f> + diag(f) c),
    and with the minus sign, A_{*,i}^T (-f <c,f> + diag(f) c), against SymPy's d L / dx_0.

    Returns (printed_equal, corrected_equal); (False, True) is expected.
    """
    a, x, b = _symbols(sp, n, d)
    u = [sp.exp(sum(a[k][j] * x[j] for j in range(d))) for k in range(n)]
    alpha = sum(u)
    f = [uk / alpha for uk in u]
    cv = [f[k] - b[k] for k in range(n)]
    true = sp.diff(sp.Rational(1, 2) * sum(ck**2 for ck in cv), x[0])
    s = sum(ck * fk for ck, fk in zip(cv, f, strict=True))
    printed = sum(a[k][0] * (f[k] * s + f[k] * cv[k]) for k in range(n))
    corrected = sum(a[k][0] * (-f[k] * s + f[k] * cv[k]) for k in range(n))
    eq = [sp.cancel(sp.together(exp_to_u(form - true, n, d))) == 0 for form in (printed, corrected)]
    return eq[0], eq[1]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="timing repeats (best is kept)")
    ap.add_argument(
        "--grid",
        default=",".join(f"{n}x{d}" for n, d in GRID),
        help="comma-separated n x d sizes, e.g. 2x2,4x3",
    )
    args = ap.parse_args(argv)
    grid = [tuple(int(v) for v in item.split("x")) for item in args.grid.split(",")]

    t_start = time.perf_counter()
    head = (
        f"{'n':>3} {'d':>3} {'exprs':>6} {'symengine [s]':>14} {'sympy fresh [s]':>16} "
        f"{'ratio':>7} {'sympy cold [s]':>15} {'ratio':>7} {'check [s]':>10} {'equal':>6}"
    )
    print(head)
    print("-" * len(head))
    failures = 0
    for n, d in grid:

        def gen_se(tag: str, n: int = n, d: int = d) -> dict[str, list]:
            return generate(se, n, d, tag)

        def gen_sp(tag: str, n: int = n, d: int = d) -> dict[str, list]:
            return generate(sp, n, d, tag)

        t_se, out_se = best_time(gen_se, args.repeat)
        t_sp, out_sp = best_time(gen_sp, args.repeat)
        t_cold, _ = best_time(gen_sp, args.repeat, setup=clear_cache, prefix="c")
        count = sum(len(v) for v in out_sp.values())
        t0 = time.perf_counter()
        bad = check_equal(out_se, out_sp, n, d, f"r{args.repeat - 1}")
        t_check = time.perf_counter() - t0
        failures += bad
        ok = "yes" if bad == 0 else f"NO({bad})"
        print(
            f"{n:>3} {d:>3} {count:>6} {t_se:>14.5f} {t_sp:>16.5f} {t_sp / t_se:>6.0f}x "
            f"{t_cold:>15.5f} {t_cold / t_se:>6.0f}x {t_check:>10.2f} {ok:>6}"
        )
    printed_eq, corrected_eq = paper_part5_control()
    print(
        "control, Lemma 4.5 Part 5 vs dL/dx_0: printed form equal="
        f"{printed_eq}, with minus sign equal={corrected_eq}"
    )
    failures += printed_eq or not corrected_eq
    print(
        f"total {time.perf_counter() - t_start:.1f} s; "
        f"versions: sympy {sp.__version__}, symengine {se.__version__}"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
