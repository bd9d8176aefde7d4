"""Every code snippet of the README and the tutorial runs, and prints or gives what the text
around it says (issue 27): the example table, the claims file, the LaTeX claim, the pytest
examples, and the tutorial's doctest blocks."""

from __future__ import annotations

import doctest
import pathlib
import re
import subprocess
import sys

from proofs.cli.main import main
from proofs.runner import check_claim

ROOT = pathlib.Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def blocks(text: str, lang: str) -> list[str]:
    """The fenced code blocks of ``text`` in language ``lang`` (```lang ... ```)."""
    return re.findall(rf"^```{re.escape(lang)}\n(.*?)^```", text, flags=re.M | re.S)


def after(marker: str) -> str:
    """The first unlabelled block after ``marker`` in the README."""
    rest = README[README.index(marker):]
    return re.search(r"^```\n(.*?)^```", rest, flags=re.M | re.S).group(1)


def test_readme_example_output_is_what_check_prints(capsys):
    shown = after("`proofcheck check closeness:fact-3.2 closeness:lemma-3.3 --budget quick` "
                  "prints (abridged):")
    assert main(["check", "closeness:fact-3.2", "closeness:lemma-3.3", "--budget", "quick",
                 "--jobs", "1", "-q", "--no-cache"]) == 0
    out = [line.rstrip() for line in capsys.readouterr().out.splitlines()]
    want = [line.rstrip() for line in shown.splitlines() if line.strip() != "..."]
    at = 0
    for line in want:  # abridged: every shown line appears, in order
        assert line in out[at:], (line, out)
        at = out.index(line, at) + 1


def test_readme_claims_file_snippet_comes_out_proved():
    code = blocks(README, "python")[0]
    assert 'growth = Claim("mine:lemma-1"' in code
    scope: dict = {}
    exec(code, scope)
    assert "`mine:lemma-1` comes out `proved`" in README and "exp(a) ≥ 1 + a" in README
    v = check_claim(scope["growth"], "quick")
    assert v.status.value == "proved" and v.rigorous and v.details["relies_on"] == ["exp-tangent"]


def test_readme_latex_snippet_is_lemma_5_6_refuted_at_n_1():
    code = blocks(README, "python")[1]
    assert "Claim.from_latex" in code
    scope: dict = {}
    exec(code, scope)
    assert "refutes it (rigorously, with a witness at n = 1)" in README.replace("\n", " ")
    v = check_claim(scope["lemma"], "quick")
    assert v.status.value == "refuted" and v.rigorous and v.witness["n"] == 1
    assert len(scope["lemma"].hypotheses) >= 4  # the hypotheses as the lemma lists them


def test_readme_calculus_snippet_proves_hoeffding_and_pinsker():
    code = blocks(README, "python")[2]
    assert 'hoeffding = Claim("mine:cosh"' in code
    scope: dict = {}
    exec(code, scope)
    assert "Both come out `proved`" in README
    for name, first in (("hoeffding", "x**2/2 - log(cosh(x)) ≥ 0: least at x = 0"),
                        ("pinsker", "least at p = q")):
        v = check_claim(scope[name], "quick")
        assert v.status.value == "proved" and v.rigorous, (name, v.message)
        assert any(first in line for line in v.details["calculus_steps"]), name


def test_readme_pytest_snippet_passes_twice_and_fails_as_commented(tmp_path):
    code = blocks(README, "python")[3]
    assert "def test_with_fixture(proofcheck)" in code
    (tmp_path / "test_mine.py").write_text(code)
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "test_mine.py"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=600)
    said = re.search(r"# fails: (.*)$", code, flags=re.M).group(1)
    assert "1 failed, 2 passed" in run.stdout, run.stdout[-2000:]
    assert said in run.stdout, (said, run.stdout[-2000:])


def test_tutorial_doctest_blocks_run_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")
    source = "\n".join(blocks(text, "{doctest}"))
    parser = doctest.DocTestParser()
    test = parser.get_doctest(source, {}, "tutorial", "docs/tutorial.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 10


def test_howto_classes_doctest_blocks_run_as_written():
    text = (ROOT / "docs" / "howto-classes.md").read_text(encoding="utf-8")
    source = "\n".join(blocks(text, "{doctest}"))
    test = doctest.DocTestParser().get_doctest(source, {}, "howto-classes",
                                               "docs/howto-classes.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 15


def test_readme_tex_errata_example_is_what_errata_prints(capsys):
    shown = after("`proofcheck errata tests/proofs/tex/papers/flawed_proofs.tex` prints one")
    paper = ROOT / "tests" / "proofs" / "tex" / "papers" / "flawed_proofs.tex"
    assert main(["errata", str(paper), "-q", "--no-cache"]) == 0
    causes = [line for line in capsys.readouterr().out.splitlines() if line.startswith("## ")]
    assert causes == shown.strip().splitlines()
