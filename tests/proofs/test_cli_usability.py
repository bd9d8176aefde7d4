"""The terminal: witnesses and reasons in the table, marks on cut text, --version, --seed and
output paths checked before any work."""

import os

import pytest

import proofs
from proofs.cli import main
from proofs.model.results import Result
from proofs.reports.table import terminal_table
from symbolic import Status, Verdict
from symbolic.formatting import value, witness


def result(status, **kw):
    return Result("mine:c", "claim", "", "", Verdict(status, kw.pop("method", "m"), **kw))


def test_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"proofcheck {proofs.__version__}\n"


@pytest.mark.parametrize("argv", [["check", "mine.py", "--seed", "-1"],
                                  ["check", "mine.py", "--seed=-3"],
                                  ["errata", "closeness", "--seed", "-1"]])
def test_negative_seed_exits_2_before_any_work(argv, capsys):
    assert main(argv) == 2  # 'mine.py' does not exist: the seed is checked first
    err = capsys.readouterr().err
    assert err.startswith("proofcheck: error: --seed must be a non-negative integer, not -")
    assert err.count("\n") == 1


@pytest.mark.parametrize("flag", ["--json", "--junit"])
def test_missing_output_directory_exits_2_before_checks(flag, tmp_path, capsys, monkeypatch):
    import proofs.runner

    def boom(*a, **k):
        raise AssertionError("checks ran before the output path was validated")

    monkeypatch.setattr(proofs.runner, "run_entries", boom)
    target = tmp_path / "missing" / "x.out"
    assert main(["check", "closeness:fact-3.1:item-2", "-q", flag, str(target)]) == 2
    assert capsys.readouterr().err == (f"proofcheck: error: {flag} {target}: no such directory "
                                       f"{target.parent}\n")
    assert not target.parent.exists()


def test_output_path_that_is_a_directory_or_under_a_file(tmp_path, capsys):
    assert main(["errata", "closeness", "-o", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (f"proofcheck: error: -o {tmp_path}: is a directory, "
                                       "not a file\n")
    afile = tmp_path / "f.txt"
    afile.write_text("")
    assert main(["report", "closeness", "-o", str(afile / "r.tex")]) == 2
    assert capsys.readouterr().err == (f"proofcheck: error: -o {afile / 'r.tex'}: no such "
                                       f"directory {afile}\n")


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_unwritable_directory(tmp_path, capsys):
    ro = tmp_path / "ro"
    ro.mkdir(mode=0o500)
    assert main(["check", "x.py", "--json", str(ro / "x.json")]) == 2
    assert "is not writable" in capsys.readouterr().err


def test_witness_formatting():
    w = {"n": 2, "x": -74.00614915857662, "Y": [[0.9089368398173779]],
         "A": [[float(i + j) for j in range(5)] for i in range(4)], "t": "1.5e-400"}
    assert witness(w) == ("n=2, x=-74.0061, Y=[[0.908937]], "
                          "A=[[0, 1, 2, …], [1, 2, 3, …], [2, 3, 4, …], …] (4×5), "
                          "t=1.5e-400")
    assert value([1.0, 2.0]) == "[1, 2]"


def test_table_shows_witness_of_refutation_shrunk_first():
    plain = result(Status.REFUTED, witness={"x": 141.80471094727517})
    shrunk = result(Status.REFUTED, witness={"x": 141.8}, details={"shrunk_witness": {"x": 2}})
    lines = terminal_table([plain], color=False).splitlines()
    assert lines[1].split()[:2] == ["mine:c", "refuted!"]
    assert lines[2] == "    witness: x=141.805"
    assert "witnesses are rounded (to 6 significant digits); --json has them in full" in lines
    lines = terminal_table([shrunk], color=False).splitlines()
    assert lines[2] == "    witness (shrunk): x=2"


def test_witness_rows_are_six_digits_and_say_why():
    close = result(Status.REFUTED, witness={"A": [[-105.37352]], "x": [[-105.37352]],
                                            "y": [[-105.374]]},
                   details={"witness_sides": {"lhs": "2.0654902784198444e+13087", "rhs": "0.5"}})
    lines = terminal_table([close], color=False).splitlines()
    assert lines[2] == "    witness: A=[[-105.374]], x=[[-105.374]], y=[[-105.374]]"
    assert lines[3] == "    why: lhs = 2.06549e+13087, rhs = 0.5"
    sparse = result(Status.REFUTED, witness={"u": [[0.0]] * 5 + [[1.5]] + [[0.0]] * 4})
    assert terminal_table([sparse], color=False).splitlines()[2] == (
        "    witness: u=(10×1: 0 but [6,1]=1.5)")
    cand = result(Status.UNKNOWN, details={"candidate": {"x": 1e43},
                                           "uncertified": "margin -1e-1303 lies within the "
                                                          "rounding error at 4096 bits"})
    lines = terminal_table([cand], color=False).splitlines()
    assert lines[2:4] == ["    candidate (not certified): x=1e+43",
                          "    why not refuted: margin -1e-1303 lies within the rounding error "
                          "at 4096 bits"]


def test_table_shows_one_line_reason_of_error():
    bad = result(Status.ERROR, method="runner",
                 message="AttributeError: 'StrictGreaterThan' object has no attribute "
                         "'symbols'\nTraceback ...")
    lines = terminal_table([bad], color=False).splitlines()
    assert lines[1].split() == ["mine:c", "error!", "no", "-", "runner"]
    assert lines[2] == ("    reason: AttributeError: 'StrictGreaterThan' object has no "
                        "attribute 'symbols' …")


def test_long_method_is_cut_with_a_mark():
    method = "exact symbolic (explicit coordinates, SymEngine derivatives, exp -> positive " \
             "symbols, cancel); sampling+adversarial"
    line = terminal_table([result(Status.SUPPORTED, method=method)], color=False).splitlines()[1]
    shown = line.split("  ")[-1]
    assert shown.endswith("…") and len(shown) <= 60 and method.startswith(shown[:-1].rstrip())
    short = terminal_table([result(Status.SUPPORTED, method="sampling")], color=False)
    assert "…" not in short


def test_check_prints_witness_of_a_user_claim(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.py").write_text("from symbolic import Claim, scalar\nx = scalar('x')\n"
                                      "c = Claim('mine:x-le-1', x, '<=', 1)\n")
    assert main(["check", "mine.py", "-q", "--budget", "quick", "-j", "1"]) == 1
    out = capsys.readouterr().out.splitlines()
    row = next(k for k, ln in enumerate(out) if ln.startswith("mine:x-le-1"))
    assert out[row].split()[1] == "refuted!"
    assert out[row + 1] == "    read as: x ≤ 1"  # a user's claim: what was read
    assert out[row + 2].startswith("    witness") and "x=" in out[row + 2]
    assert out[row + 3].startswith("    why: lhs = ")
