"""Experiments ``noise-scaling`` and ``bias-bounds``: the two terms in the sketch of Theorem 2.

With M = w I, x ~ U(S^{d-1}) and F_L^+ tasks (L = 1; L_bias scales exactly as L^2 and
L_noise as sigma^2), we estimate ``n L_noise / sigma^2 = n E sum_i a_i^2`` and ``L_bias / L^2`` on a
grid of w and fit log-log slopes with bootstrap confidence intervals over tasks.

Example:
    >>> r = NOISE_SCALING.run({"dims": [3]}, seed=0, budget="tiny")
    >>> 0.8 < r["results"]["per_d"]["3"]["fit"]["slope"] < 1.2
    True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from numeric.montecarlo.experiment import Experiment, Progress, say
from numeric.montecarlo.stats import (
    combine_status,
    interval_distance,
    interval_status,
    power_gate,
    too_small,
)
from proofs.papers.lipschitz_attention.experiments import common
from proofs.papers.lipschitz_attention.experiments.common import claim
from proofs.papers.lipschitz_attention.experiments.exact import exact_terms_d1

SOURCE = "Theorem 2, proof sketch"
COMMON = {"dims": [1, 2, 3], "n": 4096, "w_min": 4.0, "w_max": 128.0, "grid": 11,
          "level": 0.95, "effect": 0.05, "tasks": 3000, "bootstrap": 200, "chunk": 256}
BUDGETS = {"tiny": {"n": 1024, "w_max": 64.0, "grid": 7, "tasks": 300, "bootstrap": 60},
           "quick": {"tasks": 1000, "bootstrap": 100}, "default": {},
           "thorough": {"n": 16384, "w_max": 512.0, "grid": 15, "tasks": 4000, "bootstrap": 400}}


def _curves(p: dict[str, Any], seed: int, progress: Progress, name: str
            ) -> tuple[np.ndarray, dict[int, np.ndarray]]:
    """Per d: array (R+1, G, 2) of (L_bias, n sum a^2) means, row 0 the point estimate."""
    ws = common.w_grid(p)
    rng = np.random.default_rng([seed, 2])
    out = {}
    for d in p["dims"]:
        say(progress, f"{name}: d={d}")
        reps = common.bias_noise_reps(p, ws, d=d, n=p["n"], seed=[seed, d, p["n"]], rng=rng)
        out[d] = reps * np.array([1.0, p["n"]])  # n sum a^2: n L_noise / sigma^2
    return ws, out


def _fit(ws: np.ndarray, y: np.ndarray, level: float) -> dict[str, float]:
    with np.errstate(divide="ignore"):
        logs = np.log(y)
    ok = np.isfinite(logs).all(axis=0)
    return {**common.slope_ci(np.log(ws[ok]), logs[:, ok], level), "points": int(ok.sum())}


def _band_claim(tail: str, kind: str, source: str, what: str, fits: dict[int, dict[str, float]],
                bands: dict[int, tuple[float, float]], stats: dict[str, Any]) -> dict[str, Any]:
    sts = {d: interval_status(f["ci_low"], f["ci_high"], *bands[d]) for d, f in fits.items()}
    status, det = power_gate(combine_status(list(sts.values())),
                             max(f["se"] for f in fits.values()), stats["effect"],
                             unit="log-log slope")
    slack = min(interval_distance(f["ci_low"], f["ci_high"], *bands[d]) for d, f in fits.items())
    txt = "; ".join(f"d={d}: {f['slope']:.3f} [{f['ci_low']:.3f}, {f['ci_high']:.3f}] vs "
                    f"[{bands[d][0]:.2f}, {bands[d][1]:.2f}] {sts[d]}" for d, f in fits.items())
    return claim(tail, kind, status, source, f"{what}: {txt}" + too_small(det),
                 slack=slack, stats={**stats, "per_d": {str(d): {**f, "band": bands[d]}
                                                        for d, f in fits.items()}},
                 detectable=det)


def _term_fits(p: dict[str, Any], seed: int, progress: Progress, name: str, column: int
               ) -> tuple[np.ndarray, dict[int, np.ndarray], dict[int, dict[str, float]]]:
    """The grid, one term of :func:`_curves` per d (``column`` 0: L_bias, 1: n L_noise /
    sigma^2; rows as there) and the log-log fit of each."""
    ws, curves = _curves(p, seed, progress, name)
    terms = {d: c[..., column] for d, c in curves.items()}
    return ws, terms, {d: _fit(ws, t, p["level"]) for d, t in terms.items()}


def _run_noise(p: dict[str, Any], seed: int, progress: Progress
               ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    ws, terms, fits = _term_fits(p, seed, progress, "noise-scaling", 1)
    per_d: dict[str, Any] = {}
    for d, nN in terms.items():
        ratio = nN[0] / (ws ** (d / 2) + 1)
        per_d[str(d)] = {"fit": fits[d], "n_noise": nN[0].tolist(),
                         "ratio_to_w^(d/2)+1": [float(ratio.min()), float(ratio.max())]}
        if d == 1:
            exact = p["n"] * exact_terms_d1(ws, p["n"])[1]
            se = nN[1:].std(axis=0, ddof=1)
            per_d["1"]["exact_n_noise"] = exact.tolist()
            per_d["1"]["exact_max_abs_z"] = float(np.max(np.abs(nN[0] - exact) / se))
    tol = p["exponent_tol"]
    stats = {"tasks": p["tasks"], "n": p["n"], "w_range": [p["w_min"], p["w_max"]],
             "tolerance": tol, "bootstrap": p["bootstrap"], "effect": p["effect"]}
    claims = [
        _band_claim("theorem-2:step-1", "theorem", SOURCE,
                    "log-log slope of n L_noise/sigma^2 in w equals d/2 (+-tol), as "
                    "Theta(sigma^2 (w^(d/2)+1)/n) needs", fits,
                    {d: (d / 2 - tol, d / 2 + tol) for d in fits}, stats),
        _band_claim("extra-noise-intrinsic-dimension", "extra",
                    "beyond the paper: x on S^(d-1) has dimension d-1",
                    "slope equals (d-1)/2 (+-tol)", fits,
                    {d: ((d - 1) / 2 - tol, (d - 1) / 2 + tol) for d in fits}, stats),
    ]
    return {"w": ws.tolist(), "per_d": per_d}, claims


def _run_bias(p: dict[str, Any], seed: int, progress: Progress
              ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    ws, terms, fits = _term_fits(p, seed, progress, "bias-bounds", 0)
    per_d: dict[str, Any] = {}
    for d, b in terms.items():
        per_d[str(d)] = {
            "fit": fits[d], "bias": b[0].tolist(),
            "min_bias_times_w2": float((b[0] * ws**2).min()),
            "max_bias_over_upper": float((b[0] / (1 / ws + 1 / p["n"])).max()),
        }
        if d == 1:
            per_d["1"]["exact_bias"] = exact_terms_d1(ws, p["n"])[0].tolist()
    stats = {"tasks": p["tasks"], "n": p["n"], "w_range": [p["w_min"], p["w_max"]],
             "bootstrap": p["bootstrap"], "L": 1.0, "effect": p["effect"]}
    claims = [
        _band_claim("theorem-2:step-2", "theorem", SOURCE,
                    "Omega(L^2/w^2) < L_bias: log-log slope of L_bias in w >= -2", fits,
                    dict.fromkeys(fits, (-2.0, np.inf)), stats),
        _band_claim("theorem-2:step-3", "theorem", SOURCE,
                    f"L_bias < Theta(L^2/w + L^2/n): slope <= -1 for w << n = {p['n']}", fits,
                    dict.fromkeys(fits, (-np.inf, -1.0)), stats),
    ]
    return {"w": ws.tolist(), "per_d": per_d}, claims


def _plot(key: str, ylabel: str) -> Any:
    def plot(result: dict[str, Any], path: str) -> None:
        from numeric.montecarlo.plots import loglog_panels

        ws = result["results"]["w"]
        lines = [{"x": ws, "y": e[key], "label": f"d={d} (slope {e['fit']['slope']:.2f})"}
                 for d, e in result["results"]["per_d"].items()]
        loglog_panels([{"title": result["experiment"], "lines": lines}], path, xlabel="w",
                      ylabel=ylabel)

    return plot


def _validate(p: dict[str, Any]) -> None:
    common.check_bootstrapped(p, dims="dims", nonnegative=("exponent_tol",))


NOISE_SCALING = Experiment(
    name="noise-scaling",
    description="Proof sketch of Theorem 2: n L_noise / sigma^2 against w^(d/2) + 1",
    default_params={**COMMON, "exponent_tol": 0.1}, runner=_run_noise, validate=_validate,
    plotter=_plot("n_noise", "n L_noise / sigma^2"), budgets=BUDGETS)

BIAS_BOUNDS = Experiment(
    name="bias-bounds",
    description="Proof sketch of Theorem 2: L^2/w^2 < L_bias(w) < L^2/w + L^2/n (log-log slopes)",
    default_params=dict(COMMON), runner=_run_bias, validate=_validate,
    plotter=_plot("bias", "L_bias / L^2"),
    budgets=BUDGETS)
