"""Experiments ``icl-error-vs-n`` and ``generalization-sufficient`` (the slides' figures).

``icl-error-vs-n`` (slide 'ICL estimator intuition', bottom panel: ICL error with a varying number
of context tokens): with ``M = w I``, ``x ~ U(S^{d-1})`` and ``F_L^+`` tasks, the ICL error of the
optimally windowed attention ``min_w L(w)`` at each context length n and Lipschitzness L. It should
fall with n, rise with L, and (Theorem 3, part 1) decay like ``n^{-1/(d+2)}`` or faster.

``generalization-sufficient`` (slide 'Empirical Generalization', sufficient): three attention units
(``M = w I``) pretrained on affine, ReLU and cosine tasks, all with L = 1, each tested on all three
families; every unit's test loss stays within ``1 + tol`` of the unit pretrained on the test family.

Both use one Monte Carlo sample per setting (common random numbers) and a bootstrap over tasks.

Example:
    >>> r = ICL_ERROR_VS_N.run({"ns": [16, 64]}, seed=0, budget="tiny")
    >>> e = r["results"]["error"]
    >>> all(a > b for a, b in zip(e[0], e[1]))  # rows: n = 16, 64; columns: L
    True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from numeric.montecarlo.experiment import Experiment, Progress, say
from numeric.montecarlo.stats import ols_slope, percentile_ci, power_gate, refine_argmin, too_small
from proofs.papers.lipschitz_attention.experiments import common
from proofs.papers.lipschitz_attention.experiments.common import claim

ICL_SOURCE = ("slide 'ICL estimator intuition' (bottom: ICL error with varying number of context "
              "tokens)")
SUFFICIENT = "slide 'Empirical Generalization': shared Lipschitzness is sufficient for ICL"


def curve_min(logw: np.ndarray, curves: np.ndarray, sub: int = 16) -> np.ndarray:
    """Minimum over w of each curve (last axis), from a cubic spline in log w on a finer grid.

    Example:
        >>> lw = np.log(np.geomspace(0.1, 10, 15))
        >>> bool(abs(float(curve_min(lw, (lw - 0.3) ** 2 + 1.0)) - 1.0) < 1e-3)  # fine-grid minimum
        True
    """
    from scipy.interpolate import CubicSpline  # SciPy on first use

    fine = np.linspace(logw[0], logw[-1], sub * (len(logw) - 1) + 1)
    return CubicSpline(logw, np.asarray(curves, float), axis=-1)(fine).min(axis=-1)


def _eval(logw: np.ndarray, curve: np.ndarray, w: float) -> float:
    from scipy.interpolate import CubicSpline

    return float(CubicSpline(logw, curve)(np.log(w)))


def _run_icl(p: dict[str, Any], seed: int, progress: Progress
             ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    d, sig, level = p["d"], p["sigma"], p["level"]
    ws = common.w_grid(p)
    logw = np.log(ws)
    Ls = np.asarray(p["Ls"], float)
    rng = np.random.default_rng([seed, 80])
    err = []  # (R+1, |n|, |L|)
    wstar = []
    for n in p["ns"]:
        say(progress, f"icl-error-vs-n: n={n}")
        reps = common.bias_noise_reps(p, ws, d=d, n=n, seed=[seed, 81, n], rng=rng)
        curves = Ls[None, :, None] ** 2 * reps[:, None, :, 0] + sig**2 * reps[:, None, :, 1]
        err.append(curve_min(logw, curves))
        wstar.append(refine_argmin(logw, curves[0])[0])
    E = np.stack(err, axis=1)  # (R+1, |n|, |L|)
    q = (1 - level) / 2
    logE = np.log(E)
    dn = np.diff(logE, axis=1)  # consecutive n, per L
    dL = np.diff(logE, axis=2)  # consecutive L, per n
    lo_n, hi_n = np.quantile(dn[1:], q, axis=0), np.quantile(dn[1:], 1 - q, axis=0)
    lo_L, hi_L = np.quantile(dL[1:], q, axis=0), np.quantile(dL[1:], 1 - q, axis=0)
    se_n = float(dn[1:].std(axis=0, ddof=1).max())
    se_L = float(dL[1:].std(axis=0, ddof=1).max())
    st_n = "refuted" if (lo_n > 0).any() else "supported" if (hi_n < 0).all() else "unknown"
    st_L = "refuted" if (hi_L < 0).any() else "supported" if (lo_L > 0).all() else "unknown"
    st_n, det_n = power_gate(st_n, se_n, p["effect"], unit="log error ratio between n's")
    st_L, det_L = power_gate(st_L, se_L, p["effect"], unit="log error ratio between L's")
    logn = np.log(np.asarray(p["ns"], float))
    slopes = np.array([[ols_slope(logn, logE[r, :, j])[0] for j in range(len(Ls))]
                       for r in range(E.shape[0])])
    cis = [percentile_ci(slopes[1:, j], level) for j in range(len(Ls))]
    rate = -1.0 / (d + 2)
    st_r = ("supported" if all(hi <= rate for _, hi in cis) else
            "refuted" if any(lo > rate for lo, _ in cis) else "unknown")
    se_r = float(slopes[1:].std(axis=0, ddof=1).max())
    st_r, det_r = power_gate(st_r, se_r, p["effect"], unit="log-log slope in n")
    fits = ", ".join(f"L={L:g}: {slopes[0, j]:.3f} [{cis[j][0]:.3f}, {cis[j][1]:.3f}]"
                     for j, L in enumerate(Ls))
    claims = [
        claim("extra-icl-error-decreases-with-n", "extra", st_n, ICL_SOURCE,
              f"min_w ICL error falls with every increase of n = {p['ns']} for each L = "
              f"{Ls.tolist()} (largest upper CI bound of a log-ratio {hi_n.max():.3g})"
              + too_small(det_n), slack=float(-hi_n.max()),
              stats={"ci_low": lo_n.tolist(), "ci_high": hi_n.tolist()}, detectable=det_n),
        claim("extra-icl-error-increases-with-l", "extra", st_L, ICL_SOURCE,
              f"at every n the optimal ICL error grows with L (smallest lower CI bound of a "
              f"log-ratio {lo_L.min():.3g})" + too_small(det_L), slack=float(lo_L.min()),
              stats={"ci_low": lo_L.tolist(), "ci_high": hi_L.tolist()}, detectable=det_L),
        claim("extra-icl-error-rate", "extra", st_r, "Theorem 3, part 1 (rate in n)",
              f"log-log slope of the optimal ICL error in n <= -1/(d+2) = {rate:.3f} (d={d}): "
              f"{fits}" + too_small(det_r), slack=float(rate - max(hi for _, hi in cis)),
              stats={"slopes": slopes[0].tolist(), "ci": cis}, detectable=det_r),
    ]
    results = {"ns": list(p["ns"]), "Ls": Ls.tolist(), "error": E[0].tolist(),
               "wstar": np.array(wstar).tolist(), "slope_in_n": slopes[0].tolist(),
               "slope_ci": cis, "rate_theorem_3": rate}
    return results, claims


def _plot_icl(result: dict[str, Any], path: str) -> None:
    from numeric.montecarlo.plots import loglog_panels

    r = result["results"]
    E = np.asarray(r["error"])
    lines = [{"x": r["ns"], "y": E[:, j], "label": f"L={L:g} (slope {s:.2f})"}
             for j, (L, s) in enumerate(zip(r["Ls"], r["slope_in_n"], strict=True))]
    loglog_panels([{"title": "optimal ICL error vs context length", "lines": lines}], path,
                  xlabel="n (context tokens)", ylabel="min_w L(w)")


def _validate_icl(p: dict[str, Any]) -> None:
    common.check_bootstrapped(p, sizes="ns", positive=("Ls", "sigma", "effect"))
    if len(p["ns"]) < 2:
        from numeric.montecarlo.experiment import ParameterError

        raise ParameterError("parameter 'ns' needs at least two context lengths")


ICL_ERROR_VS_N = Experiment(
    name="icl-error-vs-n",
    description="ICL error of the optimally windowed attention vs the number of context tokens n, "
                "for several L (slides' figure; Theorem 3 rate)",
    default_params={"d": 3, "ns": [8, 16, 32, 64, 128, 256, 512], "Ls": [0.5, 1.0, 2.0],
                    "sigma": 1.0, "w_min": 0.005, "w_max": 2000.0, "grid": 48, "level": 0.95,
                    "effect": 0.05, "tasks": 6000, "bootstrap": 200, "chunk": 1024},
    runner=_run_icl, plotter=_plot_icl, validate=_validate_icl,
    budgets={"tiny": {"ns": [8, 32, 128], "tasks": 800, "bootstrap": 60, "grid": 36},
             "quick": {"tasks": 2500, "bootstrap": 100}, "default": {},
             "thorough": {"ns": [8, 16, 32, 64, 128, 256, 512, 1024, 2048], "tasks": 20000,
                          "bootstrap": 400}},
)

FAMILY_NAMES = ("affine", "relu", "cosine")


def _run_sufficient(p: dict[str, Any], seed: int, progress: Progress
                    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    L, level = p["L"], p["level"]
    ws = common.w_grid(p)
    logw = np.log(ws)
    rng = np.random.default_rng([seed, 90])
    # (R+1, 3, G), one seed: the same x for every family
    reps = common.family_loss_reps(p, ws, [(kind, L) for kind in FAMILY_NAMES], seed=[seed, 91],
                                   rng=rng, progress=progress, name="generalization-sufficient")
    wstar, cens = refine_argmin(logw, reps)  # (R+1, 3): unit pretrained on each family
    # test[r, i, j]: unit pretrained on family i, tested on family j
    test = np.array([[[_eval(logw, reps[r, j], wstar[r, i]) for j in range(3)]
                      for i in range(3)] for r in range(reps.shape[0])])
    oracle = np.array([[test[r, j, j] for j in range(3)] for r in range(reps.shape[0])])
    ratio = test / oracle[:, None, :]
    q = (1 - level) / 2
    hi = np.quantile(ratio[1:], 1 - q, axis=0)
    lo = np.quantile(ratio[1:], q, axis=0)
    tol = p["tol"]
    off = ~np.eye(3, dtype=bool)
    st = ("supported" if (hi[off] <= 1 + tol).all() else
          "refuted" if (lo[off] > 1 + tol).any() else "unknown")
    se = float(ratio[1:].std(axis=0, ddof=1)[off].max())
    st, det = power_gate(st, se, tol, unit="test loss / oracle")
    names = [f"{k} L={L:g}" for k in FAMILY_NAMES]
    table = {f"train {names[i]} -> test {names[j]}": float(ratio[0, i, j])
             for i in range(3) for j in range(3) if i != j}
    msg = (f"every unit pretrained at L = 1 is within 1+{tol:g} of the matching unit on every "
           f"test family: worst ratio {ratio[0][off].max():.3f} (upper CI {hi[off].max():.3f})")
    results = {"families": names, "wstar": wstar[0].tolist(), "censored": cens[0].tolist(),
               "test_loss": test[0].tolist(), "ratio_to_oracle": ratio[0].tolist(),
               "ratio_ci_high": hi.tolist(), "pairs": table}
    return results, [claim("extra-generalization-sufficient", "extra", st, SUFFICIENT,
                           msg + too_small(det), slack=float(1 + tol - hi[off].max()),
                           stats={**results, "tasks": p["tasks"], "tolerance": tol},
                           detectable=det)]


def _plot_sufficient(result: dict[str, Any], path: str) -> None:
    from numeric.montecarlo.plots import pyplot, save

    plt = pyplot()
    r = result["results"]
    names = r["families"]
    test = np.asarray(r["test_loss"])
    fig, axes = plt.subplots(1, 3, figsize=(10, 3.2))
    for j, ax in enumerate(axes):
        ax.bar(range(3), test[:, j])
        ax.set_xticks(range(3), [f"train {nm.split()[0]}" for nm in names], fontsize=7)
        ax.set_title(f"test {names[j]}", fontsize=8)
        ax.set_ylabel("test loss")
    save(fig, path)


def _validate_sufficient(p: dict[str, Any]) -> None:
    common.check_bootstrapped(p, positive=("sigma", "L", "tol"))


GENERALIZATION_SUFFICIENT = Experiment(
    name="generalization-sufficient",
    description="shared Lipschitzness is sufficient: units pretrained on affine, ReLU, cosine "
                "tasks (L = 1) cross-tested on all three",
    default_params={"d": 3, "n": 256, "sigma": 1.0, "L": 1.0, "w_min": 0.005, "w_max": 2000.0,
                    "grid": 48, "level": 0.95, "tol": 0.25, "tasks": 8000, "bootstrap": 200,
                    "chunk": 1024},
    runner=_run_sufficient, plotter=_plot_sufficient, validate=_validate_sufficient,
    budgets={"tiny": {"n": 64, "tasks": 1000, "bootstrap": 40, "grid": 36},
             "quick": {"tasks": 3000, "bootstrap": 100}, "default": {},
             "thorough": {"n": 1024, "tasks": 20000, "bootstrap": 400}},
)
