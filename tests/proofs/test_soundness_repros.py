"""The reproductions of issue 27: true statements that came back ``refuted``, and what a user
saw of a verdict. Each now gives ``proved``, ``supported`` or an honest ``unknown`` (never
``refuted``), and the notation reads as printed."""

from __future__ import annotations

import json

import pytest
import sympy as sp

from proofs.cli.main import main
from proofs.runner import check_claim
from symbolic import Claim, deriv, diag, entry, exp_, index, inner, n, ones, vector
from symbolic.verdict import Status

x, v, z = vector("x", n), vector("v", n), vector("z", n)
i = index("i")
SOFT = exp_(z) / inner(exp_(z), ones(n))


def test_derivative_of_a_coordinate_off_the_diagonal_is_zero():
    c = Claim.from_latex("r:d-index", r"\frac{\mathrm{d} x_i}{\mathrm{d} x_j} = 0",
                         where={"x": x}, hypotheses=[r"i \neq j"])
    v_ = check_claim(c, "quick")
    assert v_.status in (Status.PROVED, Status.SUPPORTED), v_.message
    wrong = Claim.from_latex("r:d-index-false", r"\frac{\mathrm{d} x_i}{\mathrm{d} x_j} = 0",
                             where={"x": x}, hypotheses=[r"i = j"])
    w = check_claim(wrong, "quick")
    assert w.status is Status.REFUTED and w.rigorous and w.witness["i"] == w.witness["j"]


def test_hessian_of_log_sum_exp_is_psd_never_refuted():
    p = exp_(x) / inner(exp_(x), ones(n))
    c = Claim("r:lse-hessian", inner(v, (diag(p) - p * p.T) * v), ">=", 0, dims={"n": (1, 8)})
    got = check_claim(c, "quick")
    assert got.status is not Status.REFUTED, got.message
    if got.status is Status.UNKNOWN:  # a candidate that arb cannot certify, said as such
        assert got.details["candidate"] and "not a refutation" in got.message


def test_gradient_of_log_sum_exp_never_refuted():
    c = Claim("r:lse-grad", deriv(sp.log(inner(exp_(x), ones(n))), x, i), "=",
              entry(exp_(x), i) / inner(exp_(x), ones(n)), dims={"n": (1, 8)})
    got = check_claim(c, "quick")
    assert got.status in (Status.PROVED, Status.SUPPORTED), got.message


def test_euler_number_and_pi_read_as_printed():
    tangent = Claim.from_latex("r:tangent", r"1 + x \le e^x")
    assert check_claim(tangent, "quick").status is Status.PROVED
    # on a bounded range the interval prover decides it (on m >= 1 alone it is tight at
    # infinity: no branch and bound proves it, and sampling only supports it)
    bound = Claim.from_latex("r:e-bound", r"(1 - 1/m)^m \le 1/\mathrm{e}",
                             hypotheses=[r"m \ge 1", r"m \le 100"])
    assert check_claim(bound, "quick").status is Status.PROVED
    basel = Claim.from_latex("r:basel", r"\pi^2 / 6 \le 1.65")
    assert check_claim(basel, "quick").status is Status.PROVED
    wrong = Claim.from_latex("r:basel-false", r"\pi^2 / 6 \le 1.64")
    w = check_claim(wrong, "quick")
    assert w.status is Status.REFUTED and w.rigorous and w.witness == {}


def test_softmax_jacobian_with_the_kronecker_delta():
    jac = Claim.from_latex("r:softmax-jacobian", r"\frac{\mathrm{d} p_i}{\mathrm{d} z_j} = "
                           r"p_i (\delta_{ij} - p_j)", where={"p": SOFT, "z": z},
                           dims={"n": (1, 4)})
    got = check_claim(jac, "quick")
    assert got.status in (Status.PROVED, Status.SUPPORTED), got.message
    wrong = Claim.from_latex("r:softmax-jacobian-false", r"\frac{\mathrm{d} p_i}{\mathrm{d} "
                             r"z_j} = p_i (\delta_{ij} + p_j)", where={"p": SOFT, "z": z},
                             dims={"n": (1, 4)})
    w = check_claim(wrong, "quick")
    assert w.status is Status.REFUTED and w.rigorous


def test_a_claim_without_variables_is_decided_by_arb():
    ok = check_claim(Claim("mine:ground", sp.log(2), "<", sp.Rational(7, 10)), "quick")
    assert ok.status is Status.PROVED and ok.rigorous and ok.method.startswith("arb")


@pytest.mark.parametrize("budget", ["quick"])
def test_check_shows_what_a_users_claims_were_read_as(tmp_path, monkeypatch, capsys, budget):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.py").write_text(
        "from symbolic import Claim\n"
        "t = Claim.from_latex('mine:tangent', r'1 + x \\le e^x')\n")
    assert main(["check", "mine.py", "--budget", budget, "-q", "--jobs", "1",
                 "--json", "r.json"]) == 0
    out = capsys.readouterr().out
    assert "    read as: 1 + x ≤ exp(x)" in out.splitlines()
    (r,) = json.loads((tmp_path / "r.json").read_text())["results"]
    assert r["read_as"] == "1 + x ≤ exp(x)" and r["status"] == "proved"
