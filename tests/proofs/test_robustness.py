"""Robustness to bad input: one-line errors and exit code 2, timeouts, atomic reports, and
global precision state restored."""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import flint
import mpmath
import pytest
import sympy as sp

from numeric.backends.arb_linalg import arb_precision
from numeric.backends.precise import arb_prec, mp_workdps
from numeric.budget import Budget
from numeric.stages.exact import check_identity
from proofs.cli import main
from proofs.runner import check_claim
from proofs.store import atomic as pio
from symbolic import Claim, matrix, n, norm2, norminf, scalar, vector
from symbolic.identity import is_identically_zero
from symbolic.verdict import Status

ROOT = Path(__file__).resolve().parents[2]
HEAD = "from symbolic import Claim, Prop, scalar, vector, matrix, norm2, norminf, n, d\n"
BAD_FILES = {
    "syntax": ("x = (\n", "syntax error"),
    "import-exception": ("raise RuntimeError('boom')\n", "RuntimeError: boom"),
    "no-claims": ("a = 1\n", "defines no Claim"),
    "claims-wrong-types": ("CLAIMS = [1, 2]\n", "CLAIMS holds a int"),
    "claims-not-a-list": ("CLAIMS = 5\n", "CLAIMS must be a list"),
    "duplicate-ids": (HEAD + "R = scalar('R')\na = Claim('u:lemma-1', R, '<=', R + 1)\n"
                      "b = Claim('u:lemma-1', R, '<=', R + 2)\n", "duplicate claim id"),
    "unknown-symbol": (HEAD + "a = Claim('u:lemma-1', Q, '<=', 1)\n", "NameError"),
    "shape-mismatch": (HEAD + "A = matrix('A', n, d)\nx = vector('x', n)\n"
                       "a = Claim('u:lemma-1', norm2(A * x), '<=', norm2(x))\n",
                       "shape mismatch in A*x"),
    "scalar-vs-matrix": (HEAD + "x = vector('x', n)\na = Claim('u:lemma-1', x, '<=', 1)\n",
                         "ValueError"),
    "zero-size": (HEAD + "x = vector('x', n)\n"
                  "a = Claim('u:lemma-1', norminf(x), '<=', norm2(x), dims={'n': (0, 3)})\n",
                  "1 <= lo <= hi"),
    "negative-size": (HEAD + "x = vector('x', n)\n"
                      "a = Claim('u:lemma-1', norminf(x), '<=', norm2(x), dims={'n': (-2, 3)})\n",
                      "1 <= lo <= hi"),
    "nan-constant": (HEAD + "R = scalar('R')\n"
                     "a = Claim('u:lemma-1', R, '<=', R + float('nan'))\n", "non-finite"),
    "nan-range": (HEAD + "R = scalar('R')\n"
                  "a = Claim('u:lemma-1', R, '<=', 2, ranges={'R': (float('nan'), 1)})\n",
                  "no NaN"),
    "bad-id": (HEAD + "R = scalar('R')\na = Claim('My Lemma', R, '<=', R + 1)\n", "bad claim id"),
    "undeclared-dimension": ("import sympy as sp\n" + HEAD + "m = sp.Symbol('m')\n"
                             "x = vector('x', m)\na = Claim('u:lemma-1', norminf(x), '<=', "
                             "norm2(x))\n", "not a dimension"),
}


def _write(tmp_path: Path, name: str, text: str) -> str:
    p = tmp_path / f"{name.replace('-', '_')}.py"
    p.write_text(text)
    return str(p)


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_bad_user_file_gives_one_line_error(case: str, tmp_path: Path, capsys) -> None:
    text, expected = BAD_FILES[case]
    path = _write(tmp_path, case, text)
    assert main(["check", path, "--budget", "quick", "-q"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("proofcheck: error: ")
    assert expected in err and path in err


@pytest.mark.slow
def test_bad_user_file_in_a_subprocess(tmp_path: Path) -> None:
    path = _write(tmp_path, "shape", BAD_FILES["shape-mismatch"][0])
    r = subprocess.run([sys.executable, "-m", "proofs", "check", path, "-q"], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert r.stderr.strip().splitlines() == [
        f"proofcheck: error: {path}:4: ValueError: shape mismatch in A*x: (n, d) times (n, 1)"]


def test_missing_file_and_usage_mistakes(tmp_path: Path, capsys) -> None:
    assert main(["check", str(tmp_path / "nope.py")]) == 2
    assert main(["check", "closeness:fact-9.9"]) == 2
    assert main(["check", "closeness", "--budget", "huge"]) == 2
    assert main(["check", "closeness", "--seed", "nan"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("proofcheck: error:") == 4


def test_claim_validation_messages() -> None:
    x = vector("x", n)
    with pytest.raises(ValueError, match="dims"):
        Claim("t:extra-1", norminf(x), "<=", norm2(x), dims={"n": (3, 1)})
    with pytest.raises(ValueError, match="dims"):
        Claim("t:extra-1", norminf(x), "<=", norm2(x), dims={"n": (1.5, 3)})
    with pytest.raises(ValueError, match="non-finite"):
        Claim("t:extra-1", norminf(x), "<=", sp.oo)
    A = matrix("A", n, 3)
    with pytest.raises(ValueError, match="shape mismatch"):
        Claim("t:extra-1", norm2(A * x), "<=", 1)


def test_symbolic_timeout_gives_unknown_not_a_hang() -> None:
    xs = sp.symbols("a0:7", real=True)
    heavy = sum(xs) ** 18 / (sum(xs[:4]) ** 9 + 1)
    t0 = time.perf_counter()
    assert is_identically_zero(heavy - xs[0], seconds=0.2) is None
    assert time.perf_counter() - t0 < 10
    tiny = dataclasses.replace(Budget.get("quick"), symbolic_seconds=0.05)
    claim = Claim("t:extra-1", heavy, "=", sum(xs) ** 18 / (sum(xs[:4]) ** 9 + 2))
    t0 = time.perf_counter()
    v = check_identity(claim, tiny)
    assert v is not None and v.status is Status.UNKNOWN and "within" in v.message
    assert time.perf_counter() - t0 < 20


def test_atomic_write_keeps_old_file_on_failure(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "report.json"
    path.write_text('{"old": true}\n')

    def boom(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(pio.os, "fsync", boom)
    with pytest.raises(OSError):
        pio.write_atomic(str(path), '{"new": ' + "1" * 10_000)
    assert path.read_text() == '{"old": true}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json"]
    monkeypatch.undo()
    monkeypatch.setattr(pio.os, "replace", boom)
    with pytest.raises(OSError):
        pio.write_atomic(str(path), b"%PDF-1.5 truncated")
    assert path.read_text() == '{"old": true}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json"]


def test_killed_writer_leaves_no_truncated_file(tmp_path: Path) -> None:
    """SIGKILL in the middle of writing 400 MB: the target keeps its old content."""
    path = tmp_path / "big.json"
    path.write_text("[]\n")
    # the writer is a fork of this process (a new interpreter would spend a second importing)
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child, killed below
        try:
            os.close(r)
            os.write(w, b"start\n")
            pio.write_atomic(str(path), "[" + "1," * 200_000_000 + "1]")
        finally:
            os._exit(0)
    os.close(w)
    with os.fdopen(r) as said:
        assert said.readline().strip() == "start"
    time.sleep(0.5)
    os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL  # killed mid-write
    assert path.read_text() == "[]\n"
    for leftover in tmp_path.glob(".proofcheck-*"):
        leftover.unlink()  # a killed process cannot clean up its temporary file


@pytest.mark.slow
def test_killed_check_never_leaves_truncated_json(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    for delay in (1.0, 2.5):
        if out.exists():
            out.unlink()
        p = subprocess.Popen([sys.executable, "-m", "proofs", "check", "closeness:fact-3.1",
                              "--budget", "quick", "--json", str(out), "-q"], cwd=ROOT,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        p.send_signal(signal.SIGKILL)
        p.wait(timeout=30)
        if out.exists():  # finished before the kill: then it is complete
            assert json.loads(out.read_text())["schema_version"] == 1


def _precision() -> tuple[int, int]:
    return mpmath.mp.dps, flint.ctx.prec


def test_precision_contexts_restore_after_exceptions() -> None:
    before = _precision()
    for ctx in (mp_workdps(77), arb_prec(300), arb_precision(400)):
        with pytest.raises(RuntimeError), ctx:
            assert _precision() != before
            raise RuntimeError("inside")
        assert _precision() == before
    with pytest.raises(ValueError), arb_precision(1):
        pass
    assert _precision() == before


def test_check_claim_leaves_precision_unchanged() -> None:
    before = _precision()
    x, y = vector("x", n), vector("y", n)
    refuted = check_claim(Claim("t:extra-1", norm2(x), "<=", norminf(x), dims={"n": (1, 4)}),
                          "quick")
    assert refuted.status is Status.REFUTED and _precision() == before
    R = scalar("R", positive=True)
    check_claim(Claim("t:extra-2", R, "<=", sp.exp(R)), "quick")
    check_claim(Claim("t:extra-3", norm2(x - y), "=", norm2(y - x), dims={"n": (1, 3)}),
                "quick")
    assert _precision() == before


def test_precision_restored_when_a_check_breaks(monkeypatch) -> None:
    from numeric.search import confirm as nc

    before = _precision()

    def broken(*args, **kwargs):
        raise RuntimeError("evaluation broke")

    monkeypatch.setattr(nc, "precise_margin", broken)
    x = vector("x", n)
    v = check_claim(Claim("t:extra-1", norm2(x), "<=", norminf(x), dims={"n": (2, 3)}), "quick")
    assert v.status is Status.ERROR or v.status is not Status.REFUTED
    assert _precision() == before


@pytest.mark.slow
def test_killed_parallel_check_leaves_no_worker_behind(tmp_path: Path) -> None:
    """SIGKILL of `proofcheck check --jobs 2`: its forked workers end with it."""
    out = tmp_path / "parallel-marker.json"

    def alive() -> list[int]:
        pids = []
        for proc in Path("/proc").iterdir():
            try:
                if proc.name.isdigit() and str(out).encode() in (proc / "cmdline").read_bytes():
                    pids.append(int(proc.name))
            except OSError:
                continue
        return pids

    # A whole paper, fresh and away from the repository's store: a stored result (CI checks
    # every paper before the tests) would let the run end before its workers are up.
    p = subprocess.Popen([sys.executable, "-m", "proofs", "check", "closeness", "--no-cache",
                          "--budget", "quick", "--json", str(out), "-q", "--jobs", "2"],
                         cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)},
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 60
    while len(alive()) < 3 and time.time() < deadline and p.poll() is None:
        time.sleep(0.2)  # the parent and both workers are up
    assert p.poll() is None and len(alive()) == 3
    p.send_signal(signal.SIGKILL)
    p.wait(timeout=30)
    deadline = time.time() + 10
    while alive() and time.time() < deadline:
        time.sleep(0.2)
    assert alive() == []
