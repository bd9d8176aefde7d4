"""Papers as plugins: a fourth paper installed as a distribution with a ``proofcheck.papers``
entry point is listed and checked (by the console command, in a subprocess); a broken one is an
error that names it (exit 2)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from proofs import registry
from proofs.cli import main
from symbolic import claim as claim_module

TOY = '''
"""A toy paper pack: one fact and one false lemma."""
import sympy as sp

from proofs.model import Lemma, Paper
from symbolic import Prop, scalar

x = scalar("x")
PAPER = Paper(key="toy", title="A toy paper", citation="Nobody, 2026", entries=[
    Lemma("toy:fact-1", "Fact 1", Prop(sp.exp(x), ">=", 1 + x), description="exp(x) >= 1 + x"),
    Lemma("toy:lemma-2", "Lemma 2", Prop(x**2, "<=", x), hypotheses=(Prop(x, ">=", 0),),
          expect="refuted", description="x^2 <= x for x >= 0 (false)"),
])
'''


def install(tmp: Path, key: str, module: str, body: str) -> dict[str, str]:
    """A distribution on ``PYTHONPATH`` whose entry point registers ``module`` as ``key``."""
    (tmp / module).mkdir()
    (tmp / module / "__init__.py").write_text(textwrap.dedent(body))
    info = tmp / f"{module}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[proofcheck.papers]\n{key} = {module}\n")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(tmp), env.get("PYTHONPATH", "")])
    return env


def proofcheck(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "proofs", *args], env=env, text=True,
                          capture_output=True, timeout=300)


@pytest.mark.slow
def test_a_fourth_paper_is_listed_and_checked(tmp_path):
    env = install(tmp_path, "toy", "toy_paper", TOY)
    listed = proofcheck(env, "list", "toy")
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.split() == ["toy:fact-1", "exp(x)", ">=", "1", "+", "x",
                                     "toy:lemma-2", "x^2", "<=", "x", "for", "x", ">=", "0",
                                     "(false)"]
    assert "toy:fact-1" in proofcheck(env, "list").stdout  # beside the built-in papers
    run = proofcheck(env, "check", "toy", "--budget", "quick", "-q", "--jobs", "1")
    assert run.returncode == 0, run.stdout + run.stderr
    rows = {line.split()[0]: line.split()[1] for line in run.stdout.splitlines()
            if line.startswith("toy:")}
    assert rows["toy:lemma-2"] == "refuted"
    assert rows["toy:fact-1"] in ("proved", "supported")


@pytest.fixture
def registry_from_sys_path():
    """Run the command in this process: the registry reads the entry points again (a
    distribution put on ``sys.path`` is found), and forgets them afterwards."""
    reserved = set(claim_module.RESERVED_PREFIXES)
    registry._registered.cache_clear()
    registry.paper.cache_clear()
    with pytest.MonkeyPatch.context() as mp:
        yield lambda path: mp.syspath_prepend(str(path))
    # sys.path is as before: the registry reads the entry points again on first use
    registry._registered.cache_clear()
    registry.paper.cache_clear()
    claim_module.RESERVED_PREFIXES.clear()
    claim_module.RESERVED_PREFIXES.update(reserved)


def test_a_broken_paper_is_an_error_naming_it(tmp_path, registry_from_sys_path, capsys):
    # in this process ('proofcheck list' in a subprocess would import the three built-in
    # papers first; the entry point itself is exercised by the test above)
    install(tmp_path, "broken", "broken_paper", "raise RuntimeError('typo in section 2')\n")
    registry_from_sys_path(tmp_path)
    assert "broken" in registry.paper_keys()
    assert main(["list"]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        "proofcheck: error: paper 'broken' (broken_paper) failed to load: "
        "RuntimeError: typo in section 2"]
    assert "broken_paper" not in sys.modules
