"""What every human-facing output prints: mathematics a reader can read, never SymPy's internals
(``srepr`` fragments, ``repr``, class names), and witnesses in at most 6 significant digits
(issue "house part 3", item 4: one formatter, :mod:`symbolic.formatting`).

The outputs are made in-process through the command line, in a temporary working directory whose
results store the commands share (``check`` stores, ``errata`` and ``report`` read): the terminal
table, the JUnit XML, the errata (Markdown and LaTeX), the report's LaTeX source, the Jupyter
HTML table, and ``proofcheck mutate`` (its terminal summary and the text fields of its JSON). One
run per module serves every assertion: the fast variant on one paper, the slow one on all three.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import sympy as sp

from proofs.cli.main import main
from proofs.reports.html import Report, to_html
from proofs.store import results_json
from symbolic import objects
from symbolic.formatting import DIGITS
from symbolic.vocabulary import OPERATORS

PAPERS = ("closeness", "tensor-trick", "lipschitz-attention")
FAST_PAPER = "lipschitz-attention"
#: mutate on one paper, small: a handful of mutants at the quick budget
MUTATE = ["mutate", "closeness", "--limit", "6", "--budget", "quick", "--seed", "0"]

#: SymPy's and the vocabulary's classes: printed as ``Name(`` they are internals
_SYMPY = ("Symbol", "Dummy", "Integer", "Float", "Rational", "Half", "One", "Zero",
          "NegativeOne", "Mul", "Add", "Pow", "MatrixSymbol", "MatMul", "MatAdd", "MatPow",
          "Transpose", "Inverse", "Identity", "OneMatrix", "ZeroMatrix", "HadamardProduct",
          "HadamardPower", "KroneckerProduct", "Tuple", "Str", "Max", "Min", "Abs",
          "ImmutableDenseMatrix", "MutableDenseMatrix", "Function", "Lambda")
_OURS = {name for name, obj in vars(objects).items()
         if isinstance(obj, type) and issubclass(obj, sp.Basic)} | {
    cls.__name__ for cls in OPERATORS.values()}
CLASS_NAMES = sorted(set(_SYMPY) | _OURS)
INTERNALS = re.compile(r"(?<![\w\\])(?:" + "|".join(map(re.escape, CLASS_NAMES)) + r")\("
                       r"|<(?:Mul|Add|Pow|Symbol|MatMul|MatAdd|Named\w*|class) "
                       r"|object at 0x|\w\*\*\w")
NUMBER = re.compile(r"(?<![\w.{])-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w.}])")


def _run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        rc = main(argv)
    return rc, out.getvalue()


@contextlib.contextmanager
def _workdir(path: Path) -> Iterator[None]:
    """``path`` as the working directory, with the results store on (its own store there)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(path)
        mp.setenv("PROOFCHECK_CACHE", "on")
        yield


def _outputs(papers: tuple[str, ...], where: Path) -> dict[str, str]:
    """Every human-facing output of a quick check of ``papers``, by name."""
    out: dict[str, str] = {}
    with _workdir(where):
        rc, out["check"] = _run(["check", *papers, "--budget", "quick", "--seed", "0", "-q",
                                 "--json", "r.json", "--junit", "r.xml"])
        assert rc == 0, out["check"][-3000:]
        out["junit"] = Path("r.xml").read_text(encoding="utf-8")
        doc = json.loads(Path("r.json").read_text(encoding="utf-8"))
        for p in papers:
            for fmt in ("md", "tex"):
                assert _run(["errata", p, "-q", "--format", fmt, "-o", f"e-{p}.{fmt}"])[0] == 0
                out[f"errata {p} {fmt}"] = Path(f"e-{p}.{fmt}").read_text(encoding="utf-8")
            assert _run(["report", p, "-q", "-o", f"report-{p}.tex"])[0] == 0
            out[f"report {p}"] = Path(f"report-{p}.tex").read_text(encoding="utf-8")
            results = results_json.results_from_json(doc, p)
            out[f"html {p}"] = to_html(Report(results, title=p))
        rc, out["mutate"] = _run([*MUTATE, "--json", "m.json", "-q"])
        assert rc in (0, 1), out["mutate"]
        mutants = json.loads(Path("m.json").read_text(encoding="utf-8"))["mutants"]
        out["mutate json"] = "\n".join(f"{m['description']}\n{m['mutant']}\n{m['reason']}"
                                       for m in mutants)
    return out


@pytest.fixture(scope="module")
def fast(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return _outputs((FAST_PAPER,), tmp_path_factory.mktemp("outputs"))


@pytest.fixture(scope="module")
def every(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return _outputs(PAPERS, tmp_path_factory.mktemp("outputs-all"))


def witness_texts(name: str, text: str) -> list[str]:
    """The parts of an output that print a witness (and the claim's sides there). The report's
    "Exact values (JSON)" are the JSON's full-precision values, not a rounded witness."""
    if name in ("check", "junit") or (name.startswith("errata") and name.endswith("md")):
        return [line for line in text.splitlines()
                if re.match(r"\s*(- )?(witness|candidate|why:)", line)]
    if name.startswith("errata"):
        return re.findall(r"witness \\texttt\{(.*?)\}", text)
    if name.startswith("report"):
        return re.findall(r"\\begin\{center\}\\small (.*?)\n\\end\{center\}", text, flags=re.S)
    if name.startswith("html"):
        return re.findall(r"<code>(.*?)</code>", text)
    return []


def significant_digits(token: str) -> int:
    """Significant digits of a printed number: ``-0.00825513`` has 6, ``1e+16`` 1, ``120`` 2.

    >>> significant_digits("-0.00825513"), significant_digits("1.04543e+1553")
    (6, 6)
    """
    mant = token.lstrip("-").split("e")[0].split("E")[0]
    digits = mant.replace(".", "").lstrip("0")
    return len(digits.rstrip("0")) if "." not in mant else len(digits)


def _check_no_internals(outputs: dict[str, str]) -> None:
    bad = {name: sorted({m.group(0) for m in INTERNALS.finditer(text)})[:8]
           for name, text in outputs.items() if INTERNALS.search(text)}
    assert bad == {}


def _check_witness_digits(outputs: dict[str, str]) -> None:
    seen, long = 0, []
    for name, text in outputs.items():
        for part in witness_texts(name, text):
            seen += 1
            long += [(name, tok, part[:200]) for tok in NUMBER.findall(part)
                     if significant_digits(tok) > DIGITS]
    assert seen > 0 and long == []


def test_fast_outputs_print_no_sympy_internals(fast: dict[str, str]) -> None:
    assert {"check", "junit", f"errata {FAST_PAPER} md", f"errata {FAST_PAPER} tex",
            f"report {FAST_PAPER}", f"html {FAST_PAPER}", "mutate", "mutate json"} <= set(fast)
    _check_no_internals(fast)


def test_fast_witnesses_have_at_most_six_significant_digits(fast: dict[str, str]) -> None:
    _check_witness_digits(fast)
    assert "witnesses are rounded (to 6 significant digits)" in fast["check"]
    assert "witness: " in fast["junit"] and "witness: " in fast[f"errata {FAST_PAPER} md"]


@pytest.mark.slow
def test_every_paper_prints_no_sympy_internals(every: dict[str, str]) -> None:
    assert all(f"report {p}" in every and f"html {p}" in every for p in PAPERS)
    _check_no_internals(every)


@pytest.mark.slow
def test_every_paper_prints_witnesses_in_six_significant_digits(every: dict[str, str]) -> None:
    _check_witness_digits(every)


def test_a_long_witness_prints_in_six_digits_in_every_output() -> None:
    """A witness and sides as the search leaves them (17-digit floats, 50-digit decimal strings,
    a value beyond float64, an array side) through every renderer, without running a check."""
    from proofs.model import Annotation
    from proofs.model.results import Result
    from proofs.reports import errata, table
    from proofs.reports.latex import witness_latex
    from proofs.review.causes import causes
    from proofs.review.findings import collect
    from symbolic import Claim, Prop, Status, Verdict, matrix, n, norm2, scalar, vector

    A, x, beta = matrix("A", n, n), vector("x", n), scalar("beta")
    claim = Claim("t:lemma-1", norm2(A * x), "<=", beta * sp.Float(0.1234567891),
                  hypotheses=(Prop(beta, ">", 0),))
    w = {"n": 2, "A": [[-74.00614915857662, 0.9089368398173779], [1e-17, 3.0]],
         "x": [[-59.999999999999], ["1.5e-400"]], "beta": 0.30000000000000004}
    sides = {"lhs": "2.0654902784198444159728822417578199424917993827225e+1308753",
             "rhs": "[0.0082551303122011621112140094500753238595328238980566, 1.0]"}
    v = Verdict(Status.REFUTED, "sampling+adversarial, confirmed by arb", True,
                "violated at the witness: lhs=0.0082551303122011621112140094500753, rhs=0.0",
                witness=w, details={"witness_sides": sides})
    r = Result.of(claim, v, Annotation(expect="refuted", finding="false-statement"))
    items = collect([r])
    cs = causes(items)
    outputs = {"check": table.terminal_table([r], color=False), "junit": table.to_junit([r]),
               "html t": to_html(Report([r])), "errata t md": errata.to_markdown("t", items, cs),
               "errata t tex": errata.to_latex("t", items, cs),
               "report t": witness_latex(w)}
    _check_no_internals(outputs)
    _check_witness_digits(outputs)
    line = next(x for x in outputs["check"].splitlines() if "witness:" in x)
    assert line.strip() == ("witness: n=2, A=[[-74.0061, 0.908937], [1e-17, 3]], "
                            "x=[[-60], [1.5e-400]], beta=0.3")
    assert "why: lhs = 2.06549e+1308753, rhs = [0.00825513, 1]" in outputs["check"]


def test_the_checks_see_internals_and_long_numbers() -> None:
    """The patterns above catch what they are for (so that a clean run means something)."""
    for text in ("shape mismatch in -b + NamedMatrix(f(A), x)", "<Mul Mul(Integer(2), Symbol('R'",
                 "Norm2(x) <= 1", "2*R**2", "Max(0, x)"):
        assert INTERNALS.search(text), text
    for text in ("‖x‖₂ ≤ 1", "max(0, ⟨q, x⟩)", "2R²", "D(X) = diag(exp(A1 X A2ᵀ) 1_n)"):
        assert not INTERNALS.search(text), text
    assert [significant_digits(t) for t in NUMBER.findall(
        "witness: n=2, A=[[1.27948]], x_{t+1}=[[-59.999999999999]], y=5e+16")] == [1, 6, 14, 1]
    assert witness_texts("check", "x  refuted\n    witness: x=1\n    why: lhs = 1, rhs = 0") == [
        "    witness: x=1", "    why: lhs = 1, rhs = 0"]
