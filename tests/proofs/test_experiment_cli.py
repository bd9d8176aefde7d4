"""``proofcheck experiment``: every experiment at budget tiny through the CLI, with numbers."""

from __future__ import annotations

import itertools
import json
import types

import pytest

import proofs.cli.commands.experiment as cmd
from numeric.montecarlo import Experiment, ParameterError, make_claim
from proofs import registry
from proofs.cli import main
from proofs.cli.commands.experiment import coerce, discover, parse_value


def run_cli(tmp_path, capsys, *argv):
    out = tmp_path / "r.json"
    rc = main(["experiment", *argv, "--budget", "tiny", "-q", "--json", str(out)])
    text = capsys.readouterr().out
    assert rc == 0, text
    doc = json.loads(out.read_text())
    assert doc["versions"]["numpy"] and doc["params"]["budget"] == "tiny"
    return doc, text, {c["id"].split(":", 1)[1]: c for c in doc["claims"]}


def test_window_scaling_exponents(tmp_path, capsys):
    doc, text, claims = run_cli(tmp_path, capsys, "window-scaling", "--d", "2,3", "--n", "16,64,256")
    assert doc["params"]["dims"] == [2, 3] and doc["params"]["ns"] == [16, 64, 256]
    slopes = {d: doc["results"]["per_d"][d]["fit"]["slope"] for d in ("2", "3")}
    assert 0.45 < slopes["2"] < 0.6 and 0.42 < slopes["3"] < 0.58  # measured 0.524, 0.503
    for part in ("theorem-2:part-1", "theorem-2:part-2"):  # inside [1/d, 2/d] for d = 2, 3 ...
        rec = claims[part]["detectable"]  # ... but tiny's 3 n's leave the local slopes drifting
        assert claims[part]["status"] == ("supported" if rec["decided"] else "unknown")
    assert "theorem-2:part-1" in text and "supported" in text


def test_noise_scaling_is_d_minus_1_over_2(tmp_path, capsys):
    doc, _, claims = run_cli(tmp_path, capsys, "noise-scaling", "--d", "1,3")
    per_d = doc["results"]["per_d"]
    assert abs(per_d["1"]["fit"]["slope"]) < 0.05
    assert abs(per_d["3"]["fit"]["slope"] - 1.0) < 0.1  # (d-1)/2 = 1, not d/2 = 1.5
    assert claims["theorem-2:step-1"]["status"] == "refuted"
    assert claims["extra-noise-intrinsic-dimension"]["status"] == "supported"


def test_bias_bounds(tmp_path, capsys):
    doc, _, claims = run_cli(tmp_path, capsys, "bias-bounds", "--d", "2", "--n", "1024")
    slope = doc["results"]["per_d"]["2"]["fit"]["slope"]
    assert -2.0 < slope < -1.0
    for step in ("theorem-2:step-2", "theorem-2:step-3"):  # inside both bands for d = 2
        rec = claims[step]["detectable"]
        assert claims[step]["status"] == ("supported" if rec["decided"] else "unknown")


def test_covariance_inverse(tmp_path, capsys):
    doc, _, claims = run_cli(tmp_path, capsys, "covariance-inverse", "--set", "replicates=6")
    r = doc["results"]
    assert r["cosine_mean"] > 0.99 and r["alternatives"]["identity"]["cosine_mean"] < 0.95
    assert claims["lemma-1"]["status"] == "supported"


def test_generalization(tmp_path, capsys):
    doc, text, claims = run_cli(tmp_path, capsys, "generalization")
    wstar = doc["results"]["wstar"]
    assert all(a < b for a, b in itertools.pairwise(wstar))  # w* grows with L
    loss, oracle = doc["results"]["test_loss"], doc["results"]["oracle_loss"]
    assert all(loss[i][i] == pytest.approx(oracle[i]) for i in range(len(oracle)))
    # tiny: below the stated power, every claim is unknown and its JSON says what it could detect
    for tail in ("theorem-3:part-1", "theorem-3:part-2", "theorem-3:part-3", "extra-mismatch"):
        rec = doc["sensitivity"][f"lipschitz-attention:{tail}"]
        assert claims[tail]["status"] == "unknown" and rec == claims[tail]["detectable"]
        assert rec["decided"] is False and rec["effect"] > rec["effect_of_interest"]
    assert "sample too small to decide" in text


def test_low_rank(tmp_path, capsys):
    doc, _, claims = run_cli(tmp_path, capsys, "low-rank", "--d", "4")
    assert doc["results"]["linear n=2"]["cosine_mean"] > 0.97
    assert doc["results"]["affine n=20"]["cosine_mean"] > 0.99
    assert claims["extra-theorem-4-unconstrained"]["status"] == "supported"


def test_new_experiments_write_json_and_png(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    for name in ("low-rank-constrained", "icl-error-vs-n", "generalization-sufficient"):
        png = tmp_path / f"{name}.png"
        doc, _, claims = run_cli(tmp_path, capsys, name, "--plot", str(png))
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert claims and all(c["detectable"] is not None for c in claims.values())
        assert set(doc["sensitivity"]) == {f"lipschitz-attention:{t}" for t in claims}


def test_norm_growth_non_isotropic(tmp_path, capsys):
    doc, _, claims = run_cli(tmp_path, capsys, "norm-growth", "--set", "cov_diag=0.25,1,4",
                             "--set", "task=cosine")
    assert doc["params"]["cov_diag"] == [0.25, 1.0, 4.0]
    assert "non-isotropic" in claims["extra-norm-growth"]["message"]
    assert all(a < b for a, b in itertools.pairwise(doc["results"]["final_norm"]))


def test_norm_growth_with_plot(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    png = tmp_path / "g.png"
    doc, _, claims = run_cli(tmp_path, capsys, "norm-growth", "--plot", str(png))
    final = doc["results"]["final_norm"]
    assert all(a < b for a, b in itertools.pairwise(final))  # larger L, larger ||M||
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert claims["extra-norm-growth"]["status"] == "supported"


@pytest.mark.parametrize("argv, message", [
    (["window-scaling", "--set", "taks=5"], "did you mean tasks"),
    (["windw-scaling"], "did you mean window-scaling"),
    (["covariance-inverse", "--d", "3"], "no parameter for --d"),
    (["low-rank", "--n", "3"], "n_theorem"),
    (["generalization", "--d", "1,2"], "takes one value"),
    (["generalization", "--set", "n=abc"], "expects an integer"),
    (["generalization", "--set", "n"], "KEY=VALUE"),
    ([], "name an experiment"),
])
def test_usage_errors(capsys, argv, message):
    assert main(["experiment", *argv, "--budget", "tiny"]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_list_names_every_experiment_and_its_ids(capsys):
    assert main(["experiment", "--list"]) == 0
    out = capsys.readouterr().out
    found = discover()
    assert {"window-scaling", "tensor-trick-gd"} <= set(found)
    for name, (key, _) in found.items():
        assert name in out and key in registry.paper_keys()
    assert found["tensor-trick-gd"][0] == "tensor-trick"
    assert found["low-rank"][0] == "lipschitz-attention"
    assert "lipschitz-attention:theorem-2:step-1" in out


def _toy_runner(p, seed, progress):
    status = "supported" if p["x"] * 2 == 6 else "refuted"
    return {"twice": p["x"] * 2}, [make_claim("toy:extra-toy", "extra", status, "toy", "x*2",
                                              slack=None, stats={})]


def _broken(p, seed, progress):
    raise RuntimeError("boom")


def _check_x(p):
    if p["x"] < 0:
        raise ParameterError(f"parameter 'x' must be >= 0, got {p['x']}")


@pytest.fixture
def toy_paper(monkeypatch):
    """A fourth paper whose package exposes experiments (and a switch to break them)."""
    mod = types.ModuleType("toy_paper")
    toy = Experiment("toy-double", "toy", {"x": 1}, _toy_runner, lambda r, path: None,
                     {"tiny": {"x": 3}}, validate=_check_x)
    bad = Experiment("toy-broken", "toy", {}, _broken, lambda r, path: None)
    mod.load_experiments = lambda: {"toy-double": toy, "toy-broken": bad}
    keys = registry.paper_keys()
    real = cmd._paper_module
    monkeypatch.setattr(registry, "paper_keys", lambda: [*keys, "toy"])
    monkeypatch.setattr(cmd, "_paper_module", lambda k: mod if k == "toy" else real(k))
    return mod


def test_experiments_of_another_paper_are_discovered(tmp_path, capsys, toy_paper):
    doc, _, claims = run_cli(tmp_path, capsys, "toy-double")
    assert doc["results"] == {"twice": 6} and doc["paper"] == "toy"
    assert claims["extra-toy"]["status"] == "supported"
    assert main(["experiment", "toy-double", "--set", "x=4", "-q"]) == 0
    assert "refuted" in capsys.readouterr().out
    assert main(["experiment", "toy-double", "--set", "x=-1", "-q"]) == 2
    err = capsys.readouterr().err
    assert "'x' must be >= 0" in err and len(err.strip().splitlines()) == 1
    assert main(["experiment", "toy-broken", "-q", "--budget", "tiny"]) == 1
    assert "boom" in capsys.readouterr().err


def test_a_paper_whose_experiments_fail_to_load_is_named(capsys, toy_paper):
    def fail():
        raise ImportError("No module named 'toy_paper.experiments'")

    toy_paper.load_experiments = fail
    assert main(["experiment", "--list"]) == 2
    err = capsys.readouterr().err
    assert "paper 'toy'" in err and "toy_paper.experiments" in err
    assert len(err.strip().splitlines()) == 1


def test_two_papers_with_one_experiment_name_is_an_error(capsys, toy_paper):
    toy_paper.load_experiments = lambda: {
        "low-rank": Experiment("low-rank", "clash", {}, _broken, lambda r, path: None)}
    assert main(["experiment", "--list"]) == 2
    assert "'low-rank' is defined by both paper 'lipschitz-attention' and paper 'toy'" in \
        capsys.readouterr().err


@pytest.mark.parametrize("argv, message", [
    (["window-scaling", "--d", "0"], "parameter 'dims' must be >= 1, got 0"),
    (["window-scaling", "--n", "1,64"], "parameter 'ns' must be >= 2"),
    (["noise-scaling", "--set", "tasks=1"], "parameter 'tasks' must be >= 2"),
    (["low-rank", "--set", "k=9"], "k"),
    (["generalization", "--seed", "-1"], "--seed must be a non-negative integer"),
    (["norm-growth", "--json", "/missing/dir/x.json"], "no such directory"),
])
def test_bad_values_exit_2_with_one_line(capsys, argv, message):
    assert main(["experiment", *argv, "--budget", "tiny", "-q"]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1, err


def test_the_verdict_table_ends_the_output(tmp_path, capsys):
    doc, text, _ = run_cli(tmp_path, capsys, "tensor-trick-gd")
    lines = text.strip().splitlines()
    assert lines[0].startswith("experiment tensor-trick-gd (tensor-trick)")
    assert lines[2].split()[:2] == ["id", "status"]
    assert lines[-1].startswith("2 claims: 2 supported")
    assert len(lines) == 7  # header, blank, table heading + 2 claims, blank, summary
    assert all(" = " not in ln for ln in lines)
    assert doc["sensitivity"]["tensor-trick:extra-gd-rescaled-decreases"]["decided"] is True


def test_value_parsing():
    assert parse_value("[1, 2]") == [1, 2] and parse_value("1e3") == 1000.0
    with pytest.raises(Exception, match="expects a number"):
        coerce("Ls", ["a"], [0.25])
    assert coerce("Ls", [1, 2], [0.25]) == [1.0, 2.0]
    assert coerce("rotate", True, False) is True
