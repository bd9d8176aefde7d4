"""Each experiment at budget "tiny": measured numbers, claim records and the registry contract."""

import json

import numpy as np
import pytest

from proofs.papers.lipschitz_attention import load_experiments

EXPERIMENTS = load_experiments()

CLAIM_KEYS = {"id", "kind", "status", "method", "rigorous", "source", "message", "slack",
              "witness", "stats", "detectable", "statistical"}


@pytest.fixture(scope="module")
def results():
    return {name: exp.run({}, seed=0, budget="tiny") for name, exp in EXPERIMENTS.items()}


def claims(result):
    return {c["id"].split(":", 1)[1]: c for c in result["claims"]}


def test_registry_and_claim_contract(results):
    assert set(EXPERIMENTS) == {"window-scaling", "noise-scaling", "bias-bounds",
                                "covariance-inverse", "generalization", "low-rank", "norm-growth",
                                "low-rank-constrained", "icl-error-vs-n",
                                "generalization-sufficient"}
    for name, r in results.items():
        json.dumps(r)
        assert r["experiment"] == name and r["seed"] == 0 and r["params"]["budget"] == "tiny"
        assert set(r["params"]) >= set(EXPERIMENTS[name].default_params)
        assert len({c["id"] for c in r["claims"]}) == len(r["claims"])
        for c in r["claims"]:
            assert set(c) == CLAIM_KEYS
            assert c["id"].startswith("lipschitz-attention:")
            assert c["status"] in {"supported", "refuted", "unknown"}
            assert c["rigorous"] is False and c["witness"] is None and c["statistical"] is True
            assert c["method"] == "monte-carlo" and "\n" not in c["message"]
            # every claim states its sensitivity: the smallest effect its test detects
            det = c["detectable"]
            assert det is not None and det["effect"] >= 0 and det["unit"], c["id"]
            assert r["sensitivity"][c["id"]] == det
            if not det["decided"]:  # below the stated power: never a verdict
                assert c["status"] == "unknown" and "sample too small to decide" in c["message"]


def test_unknown_param_and_budget_raise():
    exp = EXPERIMENTS["window-scaling"]
    with pytest.raises(ValueError, match="unknown parameter"):
        exp.run({"nope": 1}, seed=0, budget="tiny")
    with pytest.raises(ValueError, match="unknown budget"):
        exp.run({}, seed=0, budget="huge")


def test_window_scaling(results):
    r = results["window-scaling"]
    per_d = r["results"]["per_d"]
    s1, s2, s3 = (per_d[d]["fit"]["slope"] for d in ("1", "2", "3"))
    assert 0.15 < s1 < 0.4  # d = 1: w* grows only logarithmically
    assert 0.45 < s2 < 0.65 and 0.4 < s3 < 0.6
    for d in ("2", "3"):
        f = per_d[d]["fit"]
        assert f["ci_low"] < f["slope"] < f["ci_high"] and f["ci_high"] - f["ci_low"] < 0.1
        w = np.asarray(per_d[d]["wstar_L"])
        assert np.all(np.diff(w, axis=1) > 0) and np.all(np.diff(w, axis=0) > 0)
        assert np.all(np.diff(per_d[d]["wstar_sigma"], axis=1) < 0)
    c = claims(r)
    # tiny: the finite-range drift of the d = 1 slope leaves too little power to decide
    for part in ("theorem-2:part-1", "theorem-2:part-2"):
        assert c[part]["status"] == "unknown" and not c[part]["detectable"]["decided"]
        assert "sample too small to decide" in c[part]["message"]
        assert c[part]["detectable"]["effect"] > 0.05
    for k in ("l", "sigma"):
        assert c[f"extra-wstar-monotone-{k}"]["status"] == "supported"
        assert c[f"extra-wstar-monotone-{k}"]["detectable"]["effect"] < 0.1  # measured 0.087
    # tiny: w* at n = 16 is too noisy to resolve a 10% step of w* in n (measured 0.25)
    mono_n = c["extra-wstar-monotone-n"]
    assert mono_n["status"] == "unknown" and mono_n["detectable"]["effect"] > 0.1
    ex = per_d["1"]["exact"]
    assert ex["max_abs_z"] <= ex["threshold"] and ex["max_rel_diff"] < 0.1
    # ... and the d = 1 comparison with the exact w*: no rejection, but a 10% error of w* is
    # detected with power 0.73 only (smallest detectable 0.109 in log w*)
    assert c["extra-exact-d1"]["status"] == "unknown"
    assert 0.1 < c["extra-exact-d1"]["detectable"]["effect"] < 0.15


def test_noise_scaling(results):
    r = results["noise-scaling"]
    slopes = {d: e["fit"]["slope"] for d, e in r["results"]["per_d"].items()}
    assert abs(slopes["1"]) < 0.05 and abs(slopes["2"] - 0.5) < 0.08 and abs(slopes["3"] - 1) < 0.08
    assert r["results"]["per_d"]["1"]["exact_max_abs_z"] < 4
    c = claims(r)
    assert c["theorem-2:step-1"]["status"] == "refuted"
    assert c["extra-noise-intrinsic-dimension"]["status"] == "supported"


def test_bias_bounds(results):
    r = results["bias-bounds"]
    per_d = r["results"]["per_d"]
    assert per_d["1"]["fit"]["slope"] < -5  # exponentially small bias on S^0
    for d in ("2", "3"):
        assert -2.0 < per_d[d]["fit"]["slope"] < -1.2
    c = claims(r)
    for step in ("theorem-2:step-2", "theorem-2:step-3"):  # d = 1's bootstrap SE is too large
        assert c[step]["status"] == "unknown" and c[step]["detectable"]["effect"] > 0.05


def test_covariance_inverse(results):
    r = results["covariance-inverse"]["results"]
    assert r["cosine_mean"] > 0.99 and r["residual_mean"] < 0.1
    assert r["alternatives"]["identity"]["cosine_mean"] < 0.95
    assert claims(results["covariance-inverse"])["lemma-1"]["status"] == "supported"


def test_generalization(results):
    r = results["generalization"]
    loss = np.asarray(r["results"]["test_loss"])
    assert np.all(np.diff(r["results"]["wstar"]) > 0)
    # for each test L', the loss is smallest when trained on the same L (diagonal)
    assert np.all(np.argmin(loss, axis=0) == np.arange(loss.shape[0]))
    mm = r["results"]["mismatch"]["ratio_to_oracle"]
    assert mm["affine L=1"] < 1.1 and mm["cosine L=0.1"] > 1.3 and mm["cosine L=10"] > 1.3
    c = claims(r)
    # tiny (1000 tasks, n = 64): the bootstrap SE of log(loss / bound) is up to 0.051, too large
    # to detect a 5% deviation from a bound; no verdict, whichever side the estimate falls on
    # (the loss/bound ratios themselves: part 2 worst 0.106, part 3 worst 0.762)
    measured = {"theorem-3:part-1": 0.078, "theorem-3:part-2": 0.142, "theorem-3:part-3": 0.080,
                "extra-mismatch": 0.31}
    for cid, effect in measured.items():
        det = c[cid]["detectable"]
        assert c[cid]["status"] == "unknown" and not det["decided"], cid
        assert "sample too small to decide" in c[cid]["message"]
        assert det["effect"] == pytest.approx(effect, abs=0.01) and det["power"] == 0.8
    assert c["theorem-3:part-2"]["detectable"]["unit"] == "log(loss / bound)"
    assert c["theorem-3:part-2"]["detectable"]["effect_of_interest"] == 0.05
    assert c["theorem-3:part-2"]["slack"] < -0.8  # the estimate itself: a tenth of the bound


def test_generalization_decides_at_a_larger_sample():
    # tiny's grid and bootstrap, but quick's context length and more tasks: powered, decided
    r = EXPERIMENTS["generalization"].run({"n": 256, "tasks": 5000, "bootstrap": 100}, seed=0,
                                          budget="tiny")
    c = claims(r)
    for cid in ("theorem-3:part-1", "theorem-3:part-2", "theorem-3:part-3", "extra-mismatch"):
        assert c[cid]["detectable"]["decided"], cid
        assert "sample too small" not in c[cid]["message"]
    assert c["theorem-3:part-1"]["status"] == "supported"  # worst loss/bound 0.205
    part2 = c["theorem-3:part-2"]
    assert part2["status"] == "refuted"  # constant 1 as printed: loss/bound 0.095 at worst
    assert part2["slack"] == pytest.approx(0.095 - 1, abs=0.01)
    assert part2["detectable"]["effect"] == pytest.approx(0.038, abs=0.005)
    assert part2["stats"]["ci_high_max"] < 0.25
    # part 3 sits on its bound at n = 256 (worst 0.994): powered, but the CI straddles 1
    assert c["theorem-3:part-3"]["status"] == "unknown"
    assert c["theorem-3:part-3"]["stats"]["ci_low_min"] < 1 < c["theorem-3:part-3"]["stats"][
        "ci_high_max"]
    assert c["extra-mismatch"]["status"] == "supported"


def test_low_rank(results):
    r = results["low-rank"]["results"]
    lin = r["linear n=2"]
    assert lin["cosine_mean"] > 0.98 and lin["perp_ratio"] < 0.15
    assert r["affine n=20"]["cosine_mean"] > 0.99
    assert claims(results["low-rank"])["extra-theorem-4-unconstrained"]["status"] == "supported"


def test_low_rank_constrained(results):
    r = results["low-rank-constrained"]
    rows = r["results"]["settings"]
    assert [(s["d"], s["k"], s["C"]) for s in rows] == [(4, 1, 1.0), (6, 2, 2.0)]
    for s in rows:
        assert 0 < s["c_mean"] <= s["C"] + 1e-9 and s["constraint_max"] <= s["C"] + 1e-9
        assert s["cosine_mean"] > 0.97 and s["in_col_min_sTMs"] > 0
    c = claims(r)
    assert c["theorem-4"]["status"] == "supported"
    assert c["theorem-4:item-1"]["status"] == "supported"
    assert c["theorem-4:item-2"]["detectable"]["effect"] > 0


def test_icl_error_vs_n(results):
    r = results["icl-error-vs-n"]["results"]
    E = np.asarray(r["error"])
    assert np.all(np.diff(E, axis=0) < 0) and np.all(np.diff(E, axis=1) > 0)
    assert all(-0.8 < s < -0.5 for s in r["slope_in_n"])  # measured -0.71, -0.61, -0.62
    c = claims(results["icl-error-vs-n"])
    assert c["extra-icl-error-rate"]["status"] == "supported"
    assert c["extra-icl-error-increases-with-l"]["status"] == "supported"


def test_generalization_sufficient(results):
    r = results["generalization-sufficient"]["results"]
    ratio = np.asarray(r["ratio_to_oracle"])
    assert np.allclose(np.diag(ratio), 1.0)
    assert ratio.max() < 1.4 and ratio.min() >= 1.0 - 1e-9  # measured worst 1.32 at tiny
    assert claims(results["generalization-sufficient"])["extra-generalization-sufficient"][
        "status"] in {"supported", "unknown", "refuted"}


def test_norm_growth(results):
    final = results["norm-growth"]["results"]["final_norm"]
    assert np.all(np.diff(final) > 0)
    assert claims(results["norm-growth"])["extra-norm-growth"]["status"] == "supported"


@pytest.mark.slow
def test_plots(results, tmp_path):
    pytest.importorskip("matplotlib")
    for name, r in results.items():
        path = tmp_path / f"{name}.png"
        EXPERIMENTS[name].plot(r, str(path))
        assert path.stat().st_size > 1000
