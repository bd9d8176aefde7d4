import json
import subprocess
import sys

import pytest

from proofs.cli import main

CONTRACT_KEYS = {"id", "kind", "status", "method", "rigorous", "source", "message", "slack",
                 "witness"}


def test_list_shows_section_3(capsys):
    assert main(["list", "closeness"]) == 0
    out = capsys.readouterr().out
    assert "closeness:fact-3.1:item-4" in out and "closeness:lemma-3.3:step-7" in out


def test_check_writes_contract_json_and_junit(tmp_path, capsys):
    js, xml = tmp_path / "r.json", tmp_path / "r.xml"
    rc = main(["check", "closeness:fact-3.2:item-5", "closeness:fact-3.1:item-2", "-q",
               "--budget", "quick", "--seed", "3", "--json", str(js), "--junit", str(xml)])
    assert rc == 0  # the refutation of Fact 3.2.5 is pinned, so it is expected
    doc = json.loads(js.read_text())
    assert doc["schema_version"] == 1 and doc["seed"] == 3
    assert {"sympy", "mpmath", "numpy", "python-flint"} <= set(doc["versions"])
    ids = [r["id"] for r in doc["results"]]
    assert ids == ["closeness:fact-3.2:item-5", "closeness:fact-3.1:item-2",
                   "closeness:fact-3.1:item-2:step-1", "closeness:fact-3.1:item-2:step-2"]
    for r in doc["results"]:
        assert CONTRACT_KEYS <= set(r)
    refuted = doc["results"][0]
    assert refuted["status"] == "refuted" and refuted["rigorous"] is True
    w = refuted["witness"]
    assert {"X", "Y", "alpha", "n"} <= set(w)
    assert "<testsuite" in xml.read_text()
    assert "refuted" in capsys.readouterr().out


def test_unknown_id_exits_2_with_suggestion(capsys):
    assert main(["check", "closeness:fact-3.1:itme-4"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0
    assert "did you mean" in err and "closeness:fact-3.1:item-4" in err


@pytest.mark.parametrize("argv", [["check", "closeness", "--budget", "huge"], ["frobnicate"],
                                  ["check"], ["list", "nosuchpaper"],
                                  ["check", "closeness", "--jobs", "0"],
                                  ["check", "closeness", "-j", "many"]])
def test_usage_errors_exit_2_in_one_line(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("proofcheck: error:") and "\n" not in err


def test_user_claim_file(capsys):
    rc = main(["check", "examples/my_claims.py", "--budget", "quick", "-q"])
    out = capsys.readouterr().out
    assert rc == 0, out
    assert "mine:lemma-1" in out and "proved" in out
    assert "mine:lemma-3" in out and "refuted" in out


def test_unexpected_refutation_exits_1(tmp_path, capsys):
    f = tmp_path / "wrong.py"
    f.write_text("from symbolic import Claim, scalar\nx = scalar('x')\n"
                 "c = Claim('mine:lemma-1', x**2, '<=', x, source='oops')\n")
    assert main(["check", str(f), "-q", "--budget", "quick"]) == 1
    assert "refuted!" in capsys.readouterr().out


@pytest.mark.slow
def test_python_m_proofs_runs_without_traceback():
    p = subprocess.run([sys.executable, "-m", "proofs", "check", "closeness:nope"],
                       capture_output=True, text=True, check=False)
    assert p.returncode == 2 and "Traceback" not in p.stderr


def test_pinned_finding_not_reproduced_is_reported_but_not_an_error(tmp_path, capsys):
    f = tmp_path / "pins.py"
    f.write_text(
        "import sympy as sp\n"
        "from proofs.model import Lemma\n"
        "from symbolic import Claim, Prop, scalar, vector, norm2, inner, hadamard, n\n"
        "R, x = scalar('R'), vector('x', n)\n"
        "missed = Lemma.of(Claim('mine:lemma-1', norm2(x)**4, '<=',\n"
        "                        n * inner(hadamard(x, x), hadamard(x, x))), expect='refuted')\n"
        "proved = Lemma.of(Claim('mine:lemma-2', 4 * R, '<=', sp.exp(6 * R**2),\n"
        "                        hypotheses=[Prop(R, '>=', 4)]), expect='refuted')\n"
        "CLAIMS = [missed]\n")
    assert main(["check", str(f), "-q", "--budget", "quick"]) == 0
    out = capsys.readouterr().out
    assert "supported?" in out and "1 pinned finding(s) not reproduced" in out
    f.write_text(f.read_text().replace("CLAIMS = [missed]", "CLAIMS = [proved]"))
    assert main(["check", str(f), "-q", "--budget", "quick"]) == 1
    assert "proved!" in capsys.readouterr().out
