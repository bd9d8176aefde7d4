"""``proofcheck extract paper.tex -o claims.py`` (issue 29, item 3) on a short paper written
for the test (``data/extract_paper.tex``): ids from labels and numbers, statements that build
and one that does not (a commented block with the exact parse error), conditions from "Let",
"if" and "for all", the exit-2 cases, byte-identical output, and the written file imported as
``proofcheck check`` imports it."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys

import pytest

from proofs.cli.main import main
from proofs.tools import extract as ex
from proofs.userfile import load_with_places
from symbolic import Relation
from symbolic.latex_parse import LatexError, parse_props

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAPER = pathlib.Path(__file__).parent / "data" / "extract_paper.tex"
BROKEN = r"\|x\|_2 \le \le \sqrt{n} \|x\|_\infty"


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> tuple[pathlib.Path, str]:
    out = tmp_path_factory.mktemp("extract") / "claims.py"
    assert main(["extract", str(PAPER), "-o", str(out), "--paper", "toy"]) == 0
    return out, out.read_text(encoding="utf-8")


def test_environments_numbered_as_the_paper_declares():
    envs = ex.environments(PAPER.read_text(encoding="utf-8"))
    got = [(e.kind, e.number, e.label, e.line) for e in envs]
    assert got == [
        ("definition", "1", "def:ratio", 14),   # its own counter
        ("fact", "1.1", "", 21),                # shares theorem's counter, per section
        ("lemma", "1.2", "lem:op-bound", 29),
        ("proposition", "2.1", "", 40),         # a proposition: read
        ("lemma", "2.2", "", 44),
        ("theorem", "2.3", "thm:broken", 48),
        ("theorem", "2.4", "", 55),
    ]
    assert envs[2].title == "Operator bound"


def test_written_file_builds_the_claims_with_their_conditions(written):
    path, _ = written
    claims = {c.id: c for c, _ in load_with_places(str(path))}
    assert sorted(claims) == [
        "toy:fact-1.1:part-1",         # no label: its number; one part per align line
        "toy:fact-1.1:part-2",
        "toy:lemma-2.2",
        "toy:lemma-op-bound",          # from \label{lem:op-bound}
        "toy:proposition-2.1",
        "toy:theorem-2.4",
    ]  # the definition binds its name and is never checked as a claim
    hyps = {k: sorted(str(h) for h in c.hypotheses) for k, c in claims.items()}
    # "Let A ∈ R^{n×d} and x ∈ R^d, and let R > 0. If ‖x‖₂ ≤ R, then ..."
    op = claims["toy:lemma-op-bound"]
    assert str(op.lhs) == "Norm2(A*x)" and op.rel is Relation.LE
    shapes = {str(s): s.shape for s in op.lhs.free_symbols if hasattr(s, "shape")}
    assert {k: tuple(map(str, v)) for k, v in shapes.items()} == {"A": ("n", "d"),
                                                                  "x": ("d", "1")}
    assert hyps["toy:lemma-op-bound"] == ["Norm2(x) <= R", "R > 0"]
    # "for all i ∈ [n]": the index ranges over [n]
    assert hyps["toy:theorem-2.4"] == ["1 <= i", "i <= n"]
    # "For all x ∈ R," declares a scalar: no hypothesis
    assert hyps["toy:fact-1.1:part-1"] == [] and str(claims["toy:fact-1.1:part-2"].rhs) == "x**2"
    # "Let ε ∈ (0, 1)": a macro (\eps) expanded, an interval read as two hypotheses
    assert hyps["toy:lemma-2.2"] == ["0 < epsilon", "epsilon < 1"]
    assert claims["toy:theorem-2.4"].source == "Theorem 2.4, extract_paper.tex:56"


def test_unread_statement_and_condition_are_commented_with_the_exact_error(written):
    _, text = written
    with pytest.raises(LatexError) as exc:
        parse_props(BROKEN)
    first = str(exc.value).splitlines()[0]
    block = text[text.index("# NOT READ: toy:theorem-broken"):].splitlines()[:3]
    assert block == ["# NOT READ: toy:theorem-broken (Theorem 2.3, extract_paper.tex:51)",
                     f"#   LaTeX: {BROKEN}", f"#   error: {first}"]
    assert "# CONDITION NOT READ (line 45): \\mathcal{X} \\subseteq \\mathbb{R}^d" in text
    assert "toy:theorem-broken" not in text.replace("# NOT READ: toy:theorem-broken", "")
    # the comment in the .tex is not a condition
    assert "\\le 0" not in text
    assert "read 6 of 7 statements, 6 completely (1 conditions unread)" in text


def test_header_names_source_and_command_and_is_ruff_clean(written):
    path, text = written
    assert text.startswith(f'"""Claims extracted from {PAPER} by proofcheck extract.')
    made = text[text.index("Made by: "):text.index("read 6 of 7")].split()
    assert made == ["Made", "by:", "proofcheck", "extract", str(PAPER), "-o", str(path),
                    "--paper", "toy"]
    compile(text, str(path), "exec")
    if shutil.which("ruff") is None:
        pytest.skip("ruff not installed")
    run = subprocess.run(["ruff", "check", "--no-cache", "--isolated", "--line-length", "100",
                          "--select", "E,F,W,I,B,UP,C4,RUF", "--ignore", "RUF001,RUF002,RUF003",
                          str(path)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout


def test_same_input_same_bytes_and_dash_is_stdout(tmp_path, capsys):
    out = tmp_path / "c.py"
    runs = []
    for _ in range(2):
        assert main(["extract", str(PAPER), "-o", str(out)]) == 0
        runs.append(out.read_bytes())
    assert runs[0] == runs[1]
    assert capsys.readouterr().err.splitlines() == [
        "read 6 of 7 statements, 6 completely (1 conditions unread)"] * 2
    assert main(["extract", str(PAPER), "-o", "-"]) == 0
    cap = capsys.readouterr()
    assert "extract-paper:lemma-op-bound" in cap.out  # the paper key: the file's name
    assert cap.out.split('"""')[2:] == runs[0].decode().split('"""')[2:]  # all but the header
    assert cap.err == "read 6 of 7 statements, 6 completely (1 conditions unread)\n"


def test_bad_input_exits_2_with_one_line(tmp_path, capsys):
    plain = tmp_path / "notes.tex"
    plain.write_text("\\section{A}\nNo theorems here: $x \\le 1$.\n% \\begin{lemma}\n")
    (tmp_path / "paper.md").write_text("# not LaTeX\n")
    cases = {
        str(tmp_path / "missing.tex"): "no such file",
        str(tmp_path / "paper.md"): "not a .tex file",
        str(plain): "no theorem-like environments found",
    }
    for arg, said in cases.items():
        assert main(["extract", arg, "-o", str(tmp_path / "o.py")]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and said in err and "Traceback" not in err, err
    assert not (tmp_path / "o.py").exists()
    assert main(["extract", str(PAPER), "-o", str(tmp_path / "no" / "o.py")]) == 2
    assert "no such directory" in capsys.readouterr().err


def test_console_script_reports_a_missing_file_without_traceback(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # this tree, whatever is installed
    run = subprocess.run([sys.executable, "-m", "proofs", "extract", "missing.tex"],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 2
    assert run.stderr == "proofcheck: error: missing.tex: no such file\n"


def test_prose_conditions_and_statements():
    env = ex.environments(r"\begin{claim}For all $i \in [n]$, $x_i \le 1$. Suppose that "
                          r"\[ \|x\|_2 \le R. \] Then $0 \le \|x\|_2 \le R$ where $R \ge 1$."
                          r"\end{claim}")[0]
    statements, conditions = ex.statements_and_conditions(env)
    assert [s.latex for s in statements] == [r"x_i \le 1", r"0 \le \|x\|_2 \le R"]
    assert [c.latex for c in conditions] == [r"i \in [n]", r"\|x\|_2 \le R", r"R \ge 1"]
    got = ex.extract(env.body.join([r"\begin{claim}", r"\end{claim}"]), "c.tex", "t")
    assert [c.claim_id for c in got.read] == []  # ‖x‖ of an x nothing declares: two readings
    assert [(u.claim_id, u.read_as) for u in got.unread[1:]] == [
        ("t:claim-1:part-2", "if ‖x‖₂ ≤ R: 0 ≤ ‖x‖₂"), ("t:claim-1:part-3",
                                                      "if ‖x‖₂ ≤ R: ‖x‖₂ ≤ R")]  # per link
    # x_i ≤ 1, under a condition that does not read (‖x‖ of an x nothing declares): not checked
    assert (got.unread[0].category, got.unread[0].error) == (
        "condition not read", r"condition not read: \|x\|_2 \le R")


def test_items_give_item_ids_and_unlabelled_unnumbered_environments_count():
    tex = (r"\begin{fact*}\begin{enumerate}\item $1 \le 2$ \item $x^2 \ge 0$\end{enumerate}"
           r"\end{fact*}")
    got = ex.extract(tex, "f.tex", "t")
    assert [c.claim_id for c in got.read] == ["t:fact-unnumbered-1:item-1",
                                             "t:fact-unnumbered-1:item-2"]


def test_howto_page_example_runs_as_written():
    import doctest
    import re

    text = (ROOT / "docs" / "howto-extract.md").read_text(encoding="utf-8")
    source = "\n".join(re.findall(r"^```\{doctest\}\n(.*?)^```", text, flags=re.M | re.S))
    test = doctest.DocTestParser().get_doctest(source, {}, "howto-extract", "docs", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_each_case_of_a_cases_block_is_read_with_its_own_condition_only():
    from proofs.model.results import read_as

    tex = (r"\begin{lemma}For real $x$ we have \[ \max\{x, 0\} = \begin{cases} x & \text{if } "
           r"x \ge 0, \\ 0 & \text{otherwise}. \end{cases} \] \end{lemma}")
    got = ex.extract(tex, "c.tex", "t")
    assert [read_as(c.claim) for c in got.read] == ["if x ≥ 0: max(0, x) = x",
                                                    "if x < 0: max(0, x) = 0"]
    assert [list(c.left) for c in got.read] == [[], []]


def test_conditions_written_after_a_chain_hold_for_each_link():
    from proofs.model.results import read_as

    got = ex.extract(r"\begin{lemma}We have $0 \le x \le 1 \quad \forall x \in [0, 1]$."
                     r"\end{lemma}", "c.tex", "t")
    assert [read_as(c.claim) for c in got.read] == ["if 0 ≤ x; x ≤ 1: 0 ≤ x",
                                                    "if 0 ≤ x; x ≤ 1: x ≤ 1"]


def test_a_statement_about_a_name_whose_definition_was_not_read_is_not_read():
    got = ex.extract(r"\begin{lemma}Let $r = \frac{1 \pm \sqrt{b}}{2}$ with $b > 0$. Then "
                     r"$r < 1$ and $b + 1 > 0$.\end{lemma}", "c.tex", "t")
    assert [u.error for u in got.unread] == [
        "uses r, whose definition was not read (a statement about it cannot be read without "
        "it)"]
    assert [c.statement for c in got.read] == [r"b + 1 > 0"]


def test_either_or_makes_a_disjunction_and_what_holds_under_it_is_not_checked():
    from proofs.tex.sentences import read_body

    r = read_body(r"The case is characterized by either $0 < a < 1$ or alternatively $b > 0$ "
                  r"and $c < d$, for which we have $|x| = \sqrt{b}$. Then $z \le 1$.", 1)
    assert [(p.role, p.latex) for p in r.pieces] == [
        ("disjunction", "0 < a < 1"), ("disjunction", "b > 0"), ("disjunction", "c < d"),
        ("disjunction", r"|x| = \sqrt{b}"), ("statement", r"z \le 1")]


def test_random_quantities_and_abstract_functions_are_read_as_written_and_not_checked():
    tex = (r"\begin{lemma}Let $X$ be a nonnegative random variable and $t > 0$. Then "
           r"$\Pr(X \geq t)\leq \frac{\mathbb{E}[X]}{t}$.\end{lemma}"
           r"\begin{theorem}Let $x, y \in \mathbb{R}^d$. Then \[ f(y) \le f(x) + "
           r"\langle \nabla f(x), y - x\rangle + \frac{L}{2}\|y-x\|_2^2. \]\end{theorem}")
    got = ex.extract(tex, "c.tex", "t")
    assert got.read == []
    assert [(u.category, u.read_as) for u in got.unread] == [
        ("random quantity", "if t > 0; X ≥ 0: Pr[X ≥ t] ≤ E[X]/t"),
        ("function not defined in the statement",
         "f(y) ≤ L ‖y - x‖₂²/2 + ⟨∇f(x), y - x⟩ + f(x)")]
    assert got.summary.endswith("; 2 more read and not checkable (random quantities, abstract "
                                "functions, limits…)")


def test_a_statement_is_read_where_it_is_defined_and_shows_it():
    from proofs.model.results import read_as

    got = ex.extract(r"\begin{lemma}The following are valid. \begin{enumerate}\item "
                     r"$\log (1+x) \leq x$. \item $1/x \le 2$ for $x \ge 1$.\end{enumerate}"
                     r"\end{lemma}", "c.tex", "t")
    assert [read_as(c.claim) for c in got.read] == ["if 1 + x > 0: log(1 + x) ≤ x",
                                                    "if x ≥ 1: x⁻¹ ≤ 2"]  # x ≠ 0 is implied
    assert got.read[0].hypotheses == ("x + 1 > 0",)


def test_a_reading_as_written_says_what_it_left():
    tex = (r"\begin{fact}If $X \sim N(0, \sigma)$ and $t > 0$, then "
           r"$\mathbb{E}[\exp(tX)] = \exp(t^2\sigma^2/2)$.\end{fact}"
           r"\begin{lemma}Let $X$ be a random variable in $[0,1]$, then "
           r"$\mathbb{E}[X^2] \le \mathbb{E}[X]$.\end{lemma}"
           r"\begin{lemma}Let $X \ge 0$ be independent of $Y$. Then "
           r"$\Pr(X \ge t) \le \delta$.\end{lemma}"
           r"\begin{lemma}Let $X$ be a nonnegative random variable and $t > 0$. Then "
           r"$\Pr(X \ge t) \le \mathbb{E}[X]/t$.\end{lemma}")
    got = ex.extract(tex, "c.tex", "t")
    left = {u.claim_id: u.left for u in got.unread}
    assert left["t:fact-1"] == [r"condition not read: X \sim N(0, \sigma)"]
    assert left["t:lemma-1"] == []  # "a random variable in $[0,1]$": X ∈ [0, 1] (audit 37)
    assert got.unread[1].read_as == "if 0 ≤ X; X ≤ 1: E[X²] ≤ E[X]"
    assert any("'independent'" in why for why in left["t:lemma-2"])
    assert left["t:lemma-3"] == [] and got.unread[-1].reading == "complete"


def test_a_recurrence_among_the_conditions_is_an_induction_not_read_as_one_step():
    got = ex.extract(r"\begin{lemma}If $q > 0$, $a_{n+1} = a_n - q$ and $a_0 = 1$, then "
                     r"$a_n \le 1$.\end{lemma}", "c.tex", "t")
    assert got.read == []  # read with one step, a_n ≤ 1 would be refuted at a_n = 2
    assert [u.error.split(":")[0] for u in got.unread] == [
        "a recurrence of the sequence holds for every index, and the statement for every n "
        "follows by induction, which is not read"]


def test_function_classes_stated_in_words_are_read_and_shown():
    tex = (r"\begin{theorem}Let $f$ be $\mu$-strongly convex and $L$-smooth. Then "
           r"$\|\nabla f(x) - \nabla f(y)\| \le L\|x - y\|$.\end{theorem}"
           r"\begin{lemma}For a convex function $g$, we have $g(0) \le g(1)$.\end{lemma}")
    got = ex.extract(tex, "c.tex", "t")
    # the first is read as a statement about every function of its class (numeric.pep)
    (read,) = got.read
    assert repr(read.claim.classes) == (
        "‖∇f(x)‖² - 2⟨∇f(x), ∇f(y)⟩ + ‖∇f(y)‖² ≤ L**2‖x‖² - 2*L**2⟨x, y⟩ + L**2‖y‖²  "
        "[f μ-strongly convex and L-smooth]")
    assert read.reading == "complete"
    # g applied to numbers is not a statement about points: read as written, not checked
    assert [(u.read_as, u.reading) for u in got.unread] == [
        ("if g is convex: g(0) ≤ g(1)", "complete")]


def test_a_function_class_stays_in_its_item():
    tex = (r"\begin{lemma}\begin{enumerate}\item $g(x) \le g(y)$. \item If $f$ is convex, "
           r"then $f(x) \ge f(y)$. \item Let $f: \mathbb{R} \to \mathbb{R}$ be a "
           r"differentiable function. Then $f(0) \le 1$.\end{enumerate}\end{lemma}")
    got = ex.extract(tex, "c.tex", "t")
    assert [(u.read_as, u.reading) for u in got.unread] == [
        ("g(x) ≤ g(y)", "incomplete"),  # g: a function nothing defines (audit 36)
        ("if f is differentiable; f: ℝ → ℝ: f(0) ≤ 1", "complete")]
    # item 2 is a statement about every convex f at every x, y (performance estimation)
    assert [repr(r.claim.classes) for r in got.read] == ["f(x) ≥ f(y)  [f convex]"]


def test_a_probability_qualifier_is_read_into_the_reading():
    tex = (r"\begin{lemma}With probability at least $1-\delta$, $\Pr(X \ge t) \le \delta$."
           r"\end{lemma}\begin{theorem}Let $X_1, \dots, X_n$ be i.i.d. Then with probability "
           r"at least $1 - \delta$, we have $\hat{\mu} - \mu \le 1/n$.\end{theorem}")
    got = ex.extract(tex, "c.tex", "t")
    assert [(u.read_as, u.left) for u in got.unread] == [
        ("with probability ≥ 1 - δ: Pr[X ≥ t] ≤ δ", []),
        ("if X_1, …, X_n i.i.d.: with probability ≥ 1 - δ: μ̂ - μ ≤ n⁻¹", [])]  # "i.i.d." read


def test_a_bound_on_the_next_term_among_the_conditions_is_an_induction_not_read():
    for cond in (r"a_{n+1} \le a_n - q a_n^2", r"0 \le a_{n+1} \le a_n(1 - q a_n)"):
        got = ex.extract(r"\begin{lemma}If $q > 0$, $0 \le a_0 \le 1/q$ and "
                         rf"${cond}$, then $a_n \le 1/q$.\end{{lemma}}", "c.tex", "t")
        assert got.read == [] and "follows by induction" in got.unread[0].error, cond
        assert "read: a hypothesis" not in ex.explain(got)  # no statement read takes them


def test_a_definition_environment_binds_its_names_for_the_statements_after_it():
    """\\alpha(x) := <exp(Ax), 1_n> in a definition environment, read with the running
    text's declarations: a later lemma about \\alpha(x) reads it, completely."""
    from proofs.tex.paper import read_paper

    paper = read_paper(str(pathlib.Path(__file__).parent / "tex" / "papers"
                           / "softmax_definitions.tex"))
    lemma = next(r for r in paper.extraction.read if r.claim_id.endswith("lemma-alpha-lower"))
    assert str(lemma.claim.prop) == "Inner(ElemExp(A*x), 1) >= n*exp(-R**2)"
    assert lemma.left == [] and lemma.definitions[0][0] == "\\alpha(x)"
    assert all(not s.left for s in lemma.proof.steps) and len(lemma.proof.steps) == 4


def test_a_definition_read_with_other_objects_than_a_statement_declares_is_not_taken():
    tex = (r"\newtheorem{lemma}{Lemma}\newtheorem{definition}{Definition}" "\n"
           r"Let $A \in \mathbb{R}^{n \times d}$." "\n"
           r"\begin{definition}We define $\alpha(x) := \langle \exp(Ax), \mathbf{1}_n \rangle$."
           r"\end{definition}" "\n"
           r"\begin{lemma}Let $A \in \mathbb{R}^{m \times d}$ and $x \in \mathbb{R}^d$. Then "
           r"$\alpha(x) > 0$.\end{lemma}")
    result = ex.extract(tex, "p.tex", paper="p")
    assert result.read == [] and result.unread[0].category == "function not defined in the " \
        "statement"


RUNNING = (r"\newtheorem{lemma}{Lemma}" "\n"
           r"Let $A \in \mathbb{R}^{n \times d}$ and $x \in \mathbb{R}^d$. We define "
           r"$\alpha(x) := \langle \exp(Ax), \mathbf{1}_n \rangle$ and "
           r"$f(x) := \alpha(x)^{-1} \exp(Ax)$." "\n"
           r"\begin{lemma}Let $A \in \mathbb{R}^{n \times d}$ and $x \in \mathbb{R}^d$. Then "
           r"$\langle f(x), \mathbf{1}_n \rangle = 1$.\end{lemma}" "\n")


def test_definitions_of_the_running_text_bind_in_order_for_the_statements_after_them():
    result = ex.extract(RUNNING, "p.tex", paper="p")
    (r,) = result.read
    assert r.left == [] and str(r.claim.prop) == "Inner(1/Inner(ElemExp(A*x), 1)*ElemExp(A*x), 1) = 1"
    assert [name for name, _ in r.definitions] == ["f(x)"]


def test_a_value_set_in_the_running_text_is_not_a_definition_of_the_paper():
    result = ex.extract(RUNNING.replace(r"$f(x) := \alpha(x)^{-1} \exp(Ax)$.",
                                        r"$f(x) := \alpha(x)^{-1} \exp(Ax)$. We set $n = 3$."),
                        "p.tex", paper="p")
    (r,) = result.read
    assert any("n is defined outside the statement" in w for w in r.left)


def test_a_unit_vector_stated_in_words_is_a_condition_of_a_declared_vector():
    tex = (r"\newtheorem{lemma}{Lemma}" "\n"
           r"\begin{lemma}Let $u \in \mathbb{R}^n$ be a unit vector. Then "
           r"$\|u\|_\infty \le 1$.\end{lemma}" "\n"
           r"\begin{lemma}For any unit vector $v$, we have $v^2 \le 1$.\end{lemma}")
    first, second = ex.extract(tex, "p.tex", paper="p").read
    assert first.hypotheses == (r"\|u\|_2 = 1",) and first.left == []
    # v is not declared a vector: the words are not read as a condition on a number
    assert second.hypotheses == () and any("unit vector" in w for w in second.left)


def test_an_existential_sentence_is_one_statement_read_as_written_quantifier_first():
    got = ex.extract(r"\begin{theorem}There exist $a \in \mathbb{R}^{n}$ and $c > 0$ such that "
                     r"$\|a\|_2 \le c$.\end{theorem}", "c.tex", "t")
    assert got.read == []
    (u,) = got.unread
    assert (u.claim_id, u.category, u.reading) == ("t:theorem-1", "existential statement",
                                                   "complete")
    assert u.read_as == "∃ a ∈ ℝ^{n}, c > 0: ‖a‖₂ ≤ c"


def test_an_existential_reads_its_conditions_quantifiers_and_implication():
    got = ex.extract(r"\begin{lemma}Let $n \ge 1$. There exists a constant $c > 0$ such that for "
                     r"all $x \in [0,1]$, \[ x^n \le c \, e^{x}. \] \end{lemma}"
                     r"\begin{lemma}For every $\epsilon > 0$ there exist $\delta_1, \delta_2 > 0$ "
                     r"such that $|x| < \delta_1$ implies $x^2 < \epsilon$.\end{lemma}",
                     "c.tex", "t")
    first, second = got.unread
    assert first.read_as == "if n ≥ 1: ∃ c > 0: ∀ x ∈ [0,1]: xⁿ ≤ c exp(x)"
    assert second.read_as == "if ϵ > 0: ∃ δ_1, δ_2 > 0: (x² < ϵ if |x| < δ_1)"
    assert first.reading == second.reading == "complete"


def test_an_existential_not_opened_by_there_exists_or_with_words_between_is_not_read():
    got = ex.extract(r"\begin{theorem}There exist $a > 0$ depending on the data and $c > 0$ "
                     r"such that $a \le c$.\end{theorem}"
                     r"\begin{theorem}Then $x \le c$ for some $c > 0$.\end{theorem}", "c.tex", "t")
    first = got.unread[0]
    assert (first.reading, first.error) == (
        "", "existential statement: words between what it quantifies: 'depending on the data "
            "and'")
    assert all(u.reading == "" for u in got.unread if u.category == "existential statement")


def test_for_some_in_what_the_text_assumes_is_a_condition_and_there_is_the_bound_asserts():
    got = ex.extract(r"\begin{lemma}Suppose $x \ge 0$ satisfies $x \le c$ for some $c > 0$. "
                     r"Then there is the bound \[ x^2 \le c^2. \] \end{lemma}"
                     r"\begin{lemma}If $x \ge 0$, there exists $c > 0$ such that $x \le c$."
                     r"\end{lemma}", "c.tex", "t")
    (read,) = got.read  # ∀ c: (c > 0 ∧ x ≤ c ⟹ x² ≤ c²), which is what "for some" assumes
    assert [str(h) for h in read.claim.hypotheses] == ["x >= 0", "x <= c", "c > 0"]
    assert (str(read.claim.lhs), str(read.claim.rhs), read.left) == ("x**2", "c**2", [])
    (second,) = got.unread  # after an "If …," without "then", "there exists" asserts
    assert (second.category, second.read_as) == ("existential statement",
                                                 "if x ≥ 0: ∃ c > 0: x ≤ c")


def test_an_equivalence_is_read_side_by_side_and_a_side_in_words_is_said():
    got = ex.extract(r"\begin{lemma}Let $x > 0$. Then $x \le 1$ if and only if $x^2 \le 1$."
                     r"\end{lemma}\begin{lemma}The map is monotone if and only if "
                     r"$y \in S \iff y \le 1 \iff \{z : z \le y\} = S$.\end{lemma}"
                     r"\begin{lemma}The point is optimal if and only if $z \ge 0$.\end{lemma}",
                     "c.tex", "t")
    assert [(u.category, u.read_as) for u in got.unread] == [
        ("equivalence", "if x > 0: x ≤ 1 ⟺ x² ≤ 1"),  # the condition before it, shown
        ("equivalence", ""),  # three sides and one in words: not read
        ("equivalence", "(a side said in words) ⟺ z ≥ 0")]
    assert got.unread[1].error == ("equivalence: which formulas it governs, and what it "
                                   "quantifies, are not read")


def test_a_function_signature_is_what_the_function_maps_not_a_statement():
    got = ex.extract(r"\begin{lemma}Let $f: \mathbb{R}^n \to \mathbb{R}$ and $t > 0$. Then "
                     r"$f(x) \le t$.\end{lemma}\begin{lemma}$g : \mathbb{R} \to \mathbb{R}$ is "
                     r"convex.\end{lemma}", "c.tex", "t")
    assert [(u.claim_id, u.read_as, u.category) for u in got.unread] == [
        ("t:lemma-1", "if f: ℝ^n → ℝ; t > 0: f(x) ≤ t", "function not defined in the statement"),
        ("t:lemma-2", "", "statement in words")]  # "$g : …$ is convex": found, not read
    assert [line for e in got.explained for line in e.lines if line[0] == "declaration"] == [
        ("declaration", r"f: \mathbb{R}^n \to \mathbb{R}", "read: f: ℝ^n → ℝ"),
        ("declaration", r"g : \mathbb{R} \to \mathbb{R}", "read: g: ℝ → ℝ")]


def test_a_usual_macro_without_its_definition_is_read_as_usual_and_says_so():
    from proofs.model.results import read_as

    got = ex.extract("\n".join([
        r"\begin{lemma}Let $x \in \rr^n$. Then $\norm{x}_2 \ge 0$.\end{lemma}",
        r"\begin{lemma}Then $\norm{y} \ge 0$ for $y > 0$.\end{lemma}",
        r"\newcommand{\norm}[1]{N(#1)}\begin{lemma}$\norm{z} \ge 0$.\end{lemma}"]),
        "c.tex", "t")
    assert [read_as(c.claim) for c in got.read] == ["‖x‖₂ ≥ 0"]
    assert got.read[0].left == [r"\rr read as \mathbb{R} (its usual meaning: its definition was "
                                "not found)", r"\norm read as \|x\| (its usual meaning: its "
                                "definition was not found)"]
    assert got.unread[0].left[0] == (r"\norm read as \|x\| (its usual meaning: its definition "
                                     "was not found)")  # ‖y‖ of a y nothing declares: shown
    # a definition the paper gives is the one read, and the reading owes nothing to usage
    assert got.unread[-1].error.startswith("LaTeX line 1, column 1: unknown function N(z)")


def test_a_chain_of_class_bounds_is_read_link_by_link_and_an_order_remark_is_set_aside():
    got = ex.extract("\n".join([
        r"\begin{theorem}Let $f$ be $L$-smooth and let $x^*$ be a global minimizer of $f$. Then",
        r"\[ \frac{1}{2L}\|\nabla f(x)\|^2 \le f(x) - f(x^*) \le \frac{L}{2}\|x - x^*\|^2 .\]",
        r"\end{theorem}",
        r"Gradient descent is the recurrence \begin{equation}\label{eq:gd}",
        r"x_{t+1} = x_t - \frac{1}{L} \nabla f(x_t). \end{equation}",
        r"\begin{theorem}Let $f$ be convex and $L$-smooth. Then the iterates of \eqref{eq:gd}",
        r"satisfy, for every $t \ge 1$,",
        r"\[ f(x_t) - f(x^*) \le \frac{2L\|x_0 - x^*\|^2}{4 + t} \in O(1/t) . \]",
        r"\end{theorem}"]), "c.tex", "t")
    assert [(r.claim_id, r.reading) for r in got.read] == [
        ("t:theorem-1:part-1", "complete"), ("t:theorem-1:part-2", "complete"),
        ("t:theorem-2", "incomplete")]  # "global minimizer of f" names x*: read
    assert got.read[2].left == [r"an asymptotic remark, not checked: \in O(1/t)"]
    assert got.read[2].statement == r"f(x_t) - f(x^*) \le \frac{2L\|x_0 - x^*\|^2}{4 + t}"


def test_a_membership_in_a_set_the_reader_does_not_know_is_shown_as_written():
    got = ex.extract(r"\begin{lemma}Let $h \in \mathcal{H}$ and $t > 0$. Then "
                     r"$\Pr[h(X) \ge t] \le \mathbb{E}[h(X)]/t$.\end{lemma}"
                     "\n" r"\begin{lemma}There exists $f \in \mathcal{F}^{1,1}_L$ with "
                     r"$f(0) \ge 1$.\end{lemma}", "c.tex", "t")
    assert [(u.category, u.read_as) for u in got.unread] == [
        ("random quantity", "if h ∈ ℋ; t > 0: Pr[h(X) ≥ t] ≤ E[h(X)]/t"),
        ("existential statement", "∃ f ∈ ℱ^{1,1}_L: f(0) ≥ 1")]


def test_the_words_naming_the_minimiser_are_read_only_as_exactly_that():
    """"Let $x^*$ be a minimizer of $f$." names the class's minimiser; of a nonconvex f it
    must say "global"; "over $C$", another function, or more such words leave it unread."""
    def reading(words: str, cls: str = "convex and $L$-smooth") -> str:
        got = ex.extract(rf"\begin{{lemma}}Let $f$ be {cls} and let {words} Then "
                         r"$f(x) - f(x^*) \ge \frac{1}{2L}\|\nabla f(x)\|^2$.\end{lemma}",
                         "c.tex", "t")
        return got.read[0].reading if got.read else "not read"
    assert reading("$x^*$ be a minimizer of $f$.") == "complete"
    assert reading("$x^*$ be a minimizer of $f$ over $C$.") == "not read"  # review 36d
    assert reading("$x^*$ be a minimizer of $g$.") == "not read"
    assert reading("$x^*$ be a minimizer of $f$.", "$L$-smooth") == "incomplete"
    assert reading("$x^*$ be a global minimizer of $f$.", "$L$-smooth") == "complete"
    assert reading("$x^*$ be a local minimizer of $f$.", "$L$-smooth") == "not read"
    # review 36a: a starred point the text describes otherwise is never read as a minimiser
    assert reading(r"$x^*$ satisfy $\nabla f(x^*) = 0$.", "$L$-smooth") == "not read"
    assert reading("$x^*$ be a stationary point of $f$.", "$L$-smooth") == "not read"
    assert reading("$x^*$ be a maximizer of $f$.", "$L$-smooth") == "not read"


def test_a_class_constant_is_positive_unless_the_environment_constrains_it():
    got = ex.extract(r"\begin{lemma}Let $f$ be convex and $L$-smooth. Then $L x^2 \ge 0$."
                     r"\end{lemma}" "\n"
                     r"\begin{lemma}Let $f$ be $\mu$-strongly convex and $L$-smooth, with "
                     r"$\mu = 0$. Then $\mu x^2 \le L x^2$.\end{lemma}", "c.tex", "t")
    assert [c.hypotheses for c in got.read] == [("L > 0",), ("L > 0",)]  # no \mu > 0 beside
    assert [str(c.claim.prop) for c in got.read][1] == "0 <= L*x**2"  # \mu = 0 binds \mu


def test_a_value_set_for_some_arguments_is_not_a_function_definition():
    r""""Set $M'(k,j) = 0$" in a proof sets an entry: binding ``M'`` to the constant 0 read a
    later "$M'(i,j) = 1$" as ``0 = 1``; a definition whose value does not depend on its
    arguments is not bound (a statement that uses the name is not read)."""
    got = ex.extract(r"\begin{lemma}Define $g(x) = 0$ and $h(x) = x^2$. Then $g(y) \le 1$ "
                     r"and $h(y) \ge 0$.\end{lemma}", "c.tex", "t")
    assert [c.statement for c in got.read] == [r"h(y) \ge 0"]
    assert got.unread[0].error.startswith("uses g(x), whose definition was not read")


def test_a_relation_between_two_names_the_statement_does_not_define_is_not_read():
    r""""The dual optimal value satisfies $d^* \le p^*$": as free numbers, refuted at once;
    what the words define them as is not read. A name the statement defines is read."""
    got = ex.extract(r"\begin{theorem}The optimal values satisfy $d^* \le p^*$, and "
                     r"$t = 1$.\end{theorem}" "\n"
                     r"\begin{theorem}Let $y = x^2$. Then $y \ge 0$.\end{theorem}", "c.tex", "t")
    assert [u.error.split(":")[0] for u in got.unread] == [
        r"a relation between named quantities (d^* \le p^*)",
        "a relation between named quantities (t = 1)"]
    assert [c.statement for c in got.read] == [r"y \ge 0"]


def test_a_reading_as_written_shows_the_definitions_its_names_stand_for():
    tex = (r"\begin{theorem}Let $a_i \le X_i \le b_i$, $\bar X = \frac{1}{n}\sum_{i=1}^n X_i$ "
           r"and $\mu = \mathbb{E}[\bar X]$. Then $\Pr(|\bar X - \mu| > t) \le 2e^{-t^2}$."
           r"\end{theorem}"
           r"\begin{theorem}Let $m_T$ be the number of mistakes made by the algorithm. Then "
           r"$m_T \le 2\log n$.\end{theorem}")
    got = ex.extract(tex, "c.tex", "t")
    shown = {u.claim_id: (u.category, u.read_as, u.left) for u in got.unread}
    category, read_as, _ = shown["t:theorem-1"]
    assert category == "random quantity" and read_as.startswith("if ∀ i: (a_i ≤ X_i; X_i ≤ b_i): ")
    assert read_as.endswith(", where X̄ = n⁻¹ (Σ_{i=1}^{n} X_i); μ = E[X̄]")
    # a name the words define as one quantity: never read as free, shown as written
    category, read_as, left = shown["t:theorem-2"]
    assert (category, read_as) == ("defined in words", "m_T ≤ 2log(n)")
    assert left[-1] == ("m_T is defined in words ('the number of mistakes made by the "
                        "algorithm'): a claim for every value of m_T is not what is stated")
    assert got.read == []


def test_a_name_defined_with_a_superscript_is_never_read_as_a_power_elsewhere():
    tex = (r"\begin{theorem}Let $\Gamma^n := \prod_{k=1}^n (1-\gamma_k)$. Then $\Gamma^n \le 1$."
           "\\end{theorem}\n\n"
           r"\begin{lemma}For $\kappa > 1$, we have $\Gamma^n \le \frac{4}{(n+1)^2}$.\end{lemma}"
           "\n\n"
           r"\begin{lemma}For $x > 1$, we have $\Gamma^2 \le x$.\end{lemma}")
    got = ex.extract(tex, "g.tex", "g")
    assert [u.claim_id for u in got.unread if u.category == "uses a definition not read"] == [
        "g:theorem-1", "g:lemma-1"]  # Γⁿ is the product, not a power of Γ
    assert [str(r.claim.prop) for r in got.read] == ["Gamma**2 <= x"]  # another name: a power


def test_a_quantity_a_word_names_is_not_read_as_free():
    tex = (r"\begin{corollary}Let $T > 1$. Then $\operatorname{regret} \le d\sqrt{T\log T}$."
           r"\end{corollary}\begin{lemma}Let $\mathrm{Reg} = 2x$ and $x > 0$. Then "
           r"$\mathrm{Reg} \ge 0$.\end{lemma}")
    got = ex.extract(tex, "g.tex", "g")
    (u,) = got.unread
    assert (u.category, u.read_as) == ("defined in words", "if T > 1: regret ≤ d √(T log(T))")
    assert u.left[-1] == ("regret is a quantity a word names, which no formula defines: a "
                          "claim for every value of regret is not what is stated")
    assert [str(r.claim.prop) for r in got.read] == ["2*x >= 0"]  # defined by a formula


def test_a_definition_whose_chain_goes_on_binds_its_first_link_and_leaves_the_rest():
    tex = (r"\begin{lemma}Let $\delta := \sqrt{\kappa}/2 \le 1/2$ and $\kappa > 0$. Then "
           r"$\delta \le 1$.\end{lemma}")
    got = ex.extract(tex, "g.tex", "g")
    (r,) = got.read
    assert str(r.claim.prop) == "sqrt(kappa)/2 <= 1"
    assert r.left == ["a definition's chain goes on, and what it asserts is not read: "
                      r"\delta := \sqrt{\kappa}/2 \le 1/2"]  # δ ≤ 1/2 may restrict κ


def test_a_name_defined_under_a_brace_in_a_proof_is_bound():
    from proofs.tools.extract_proofs import underbrace_definitions

    assert underbrace_definitions(r"\tfrac12\underbrace{\sqrt{a - b}}_{=:c} \sqrt{x}") == [
        r"c := \sqrt{a - b}"]
    assert underbrace_definitions(r"\underbrace{x + y}_{\le 1}") == []


def test_consecutive_terms_of_a_sequence_no_formula_makes_are_not_free():
    tex = (r"\begin{theorem}If $\lambda(x_k) \le \eta$, then $2 \lambda_{k+1} \leq "
           r"(2\lambda_k)^2$.\end{theorem}"
           r"\begin{lemma}Let $a_{k+1} = a_k/2$ and $a_0 = 1$. Then $a_{k+1} \le a_k$ for "
           r"$a_k \ge 0$.\end{lemma}")
    got = ex.extract(tex, "g.tex", "g")
    u = next(u for u in got.unread if u.claim_id == "g:theorem-1")
    assert u.category == "defined in words" and u.left[-1].startswith(
        r"\lambda: terms of a sequence whose method the statement does not give")
    assert "g:theorem-1" not in [r.claim_id for r in got.read]


def test_a_capital_that_names_a_set_and_a_value_has_two_readings():
    tex = (r"\begin{theorem}Assume that $\|\nabla f_t\| \le G$, and $\forall x, y \in D$, "
           r"$\|x - y\| \le D$. Then $R_T \le \frac{3}{2} GD\sqrt{T}$.\end{theorem}"
           r"\begin{lemma}Let $x \in C$ and $C \subseteq K$. Then $\|x\|_2 \le 1$ for "
           r"$|C| \le 1$.\end{lemma}")
    got = ex.extract(tex, "g.tex", "g")
    u = next(u for u in got.unread if u.claim_id == "g:theorem-1")
    assert u.error.startswith("two readings: D names a set") and not u.read_as
    assert "g:lemma-1" not in [v.claim_id for v in got.unread if v.error.startswith("two")]


def test_review_cases_of_session_31_are_not_misread():
    cases = {  # each was read and then wrongly decided
        r"Let $a>0$, $b>0$ and $a \le a + b \eqqcolon s$. Then $s \ge b$.": "uses s",
        r"Let $a>0$ and $0 < \delta := a/2$. Then $\delta < a$.": r"uses \delta",
        r"Let $M_T$ be the number of mistakes made by the algorithm and $T\ge1$. Then "
        r"$M_T^2 \le 4T$.": "M_T is defined in words"}
    for body, why in cases.items():
        got = ex.extract(rf"\begin{{lemma}}{body}\end{{lemma}}", "g.tex", "g")
        assert got.read == [] and got.unread[0].error.startswith(why), body
    # a gradient's constant not named: only L, the usual name, is taken; never μ
    got = ex.extract(r"\begin{theorem}Suppose $f$ has Lipschitz continuous gradient. Then "
                     r"for all $x$ and $\mu > 0$, $\frac{1}{2\mu}\|\nabla f(x)\|^2 \le "
                     r"f(x)-f(x^*)$.\end{theorem}", "g.tex", "g")
    assert all(r.claim.classes is None for r in got.read)


def test_a_relation_the_checker_does_not_have_is_shown_side_by_side_and_incomplete():
    got = ex.extract(r"\begin{theorem}Let $n \ge 1$. Then $L(\hat h) - L(h^*) \lesssim "
                     r"\sqrt{d/n}$.\end{theorem}"
                     r"\begin{theorem}Let $f$ be convex. Then $-v \in \partial g(Ax)$."
                     r"\end{theorem}", "c.tex", "t")
    soft, member = got.unread
    assert (soft.category, member.category) == ("relation not checkable", "subdifferential")
    assert soft.read_as.endswith("≲ 1/√n √d") and soft.reading == "incomplete"
    assert "≲ hides a constant, which is not stated" in soft.left
    assert member.read_as.endswith("-v ∈ ∂g(Ax)") and member.reading == "incomplete"
    assert got.read == []


def test_the_items_of_the_following_are_equivalent_are_one_equivalence_not_each_asserted():
    got = ex.extract(r"\begin{theorem}Let $x > 0$. The following are equivalent: "
                     r"\begin{enumerate}\item $A^* v \in \partial f(x)$ and $x \le 1$. "
                     r"\item $x^2 \le 1$.\end{enumerate}\end{theorem}", "c.tex", "t")
    assert got.read == []
    (u,) = got.unread
    assert (u.category, u.reading) == ("equivalence", "")
    assert u.error == ("equivalence: the items of a list the text says are equivalent are "
                       "not read")


def test_a_statement_that_reads_only_with_names_taken_as_vectors_is_shown_not_checked():
    got = ex.extract(r"\begin{theorem}Then $p^T M q \geq \tilde{p}^T M q$ for all "
                     r"$\tilde{p} \in \Delta_n$.\end{theorem}", "c.tex", "t")
    assert got.read == []
    (u,) = got.unread
    assert u.category == "vectors not declared"
    assert u.read_as.endswith("pᵀ M q ≥ p̃ᵀ M q")


def test_a_remark_that_concludes_in_words_lends_its_condition_to_no_other_sentence():
    got = ex.extract(r"\begin{theorem}Let $x > 0$. Then \[ x^2 \le 2 x^2. \] Only for "
                     r"$x = 1$ we are in this phase immediately. Moreover \[ x \le 2x. \]"
                     r"\end{theorem}", "c.tex", "t")
    first, second = got.read
    assert first.hypotheses == second.hypotheses == ("x > 0",)
    for r in (first, second):  # not taken, and said: the reading is incomplete
        assert "a condition of another sentence may apply: x = 1" in r.left
    got = ex.extract(r"\begin{theorem}If $x > 1$, then the following holds. "
                     r"\[ x^2 \ge 1. \]\end{theorem}", "c.tex", "t")
    assert got.read[0].hypotheses == ("x > 1",)  # a remark that points forward still reaches


def test_the_items_after_suppose_the_following_are_assumptions_and_a_list_ends():
    got = ex.extract(r"\begin{proposition}Suppose the following holds: \begin{enumerate}"
                     r"\item There exists $M > 0$ such that $|f(z)| \le M$. \item $x > 0$."
                     r"\end{enumerate} Then $x^2 > 0$.\end{proposition}", "c.tex", "t")
    (read,) = got.read  # the conclusion after the list is the environment's, not item 2's
    assert (read.statement, read.hypotheses) == ("x^2 > 0", ("x > 0",))
    (u,) = got.unread
    assert (u.category, u.reading) == ("existential statement", "")
    assert "among the assumptions" in u.error


def test_a_proof_written_inside_its_lemma_is_its_proof_not_more_statements():
    from proofs.tex.proof_envs import attach
    from proofs.tex.theorems import environments

    tex = (r"\begin{lemma}Let $x > 0$. Then $x^2 + 1 \ge 2x$. \begin{proof}We have "
           r"\[ x^2 + 1 - 2x = (x-1)^2 \ge 0. \]\end{proof}\end{lemma}")
    got = ex.extract(tex, "c.tex", "t")
    assert [r.statement for r in got.read] == [r"x^2 + 1 \ge 2x"]
    (proof,) = attach(tex, environments(tex))
    assert (proof.of, proof.how) == (0, "inside it")


def test_the_items_after_suppose_that_are_conditions_of_the_conclusion_after_the_list():
    got = ex.extract(r"\begin{theorem}Suppose that \begin{enumerate}\item $x > 0$, "
                     r"\item $y > 0$.\end{enumerate} Then $x y > 0$.\end{theorem}", "c.tex", "t")
    (read,) = got.read  # it was read with no hypothesis, and refuted at x = y = 0
    assert (read.statement, read.hypotheses, read.reading) == (
        "x y > 0", ("x > 0", "y > 0"), "complete")


def test_a_dimension_another_formula_read_does_not_make_a_name_known_here():
    got = ex.extract(r"\begin{lemma}Let $\epsilon > 0$. Then $\sum_{i=1}^{N} \epsilon \le "
                     r"N \epsilon$.\end{lemma}\begin{lemma}For every $\epsilon \in (0,1)$, "
                     r"$N(\epsilon) \le (3/\epsilon)^d$.\end{lemma}", "c.tex", "t")
    assert [r.statement for r in got.read] == [r"\sum_{i=1}^{N} \epsilon \le N \epsilon"]
    (u,) = got.unread  # N(ε) a function, not the product N·ε (which was refuted at N = 4)
    assert u.category == "function not defined in the statement"


@pytest.mark.parametrize("body,why", [
    (r"Suppose there exists $c > 0$ with $x \le c$. Then $x \le 2$.", "assumes"),
    (r"There is no $c > 0$ such that $x \le c$.", "negated"),
    (r"There is $c > 0$ such that $x \le c$ whenever $y \le c$.", "joining"),
    (r"There is $c > 0$ such that $x \le c$ for all $x > 0$ and $y \le c$.", "for all"),
])
def test_an_existential_the_reading_cannot_show_faithfully_is_not_read(body, why):
    got = ex.extract(r"\begin{theorem}" + body + r"\end{theorem}", "c.tex", "t")
    (u,) = [u for u in got.unread if u.category == "existential statement"]
    assert u.reading == "" and why in u.error


def test_an_existential_takes_no_condition_of_another_stating_sentence_and_lists_its_words():
    got = ex.extract(r"\begin{theorem}If $x > 1$, then $x^2 > 1$. There exists $c > 0$ with "
                     r"$c x \le 1$ eventually.\end{theorem}", "c.tex", "t")
    (u,) = got.unread
    assert u.read_as == "∃ c > 0: cx ≤ 1" and u.reading == "incomplete"
    assert "words not read: 'eventually'" in u.left


def test_a_premise_cited_by_a_label_that_is_not_read_is_listed():
    got = ex.extract(r"\begin{lemma}Suppose \ref{itm:a} holds. Then $x^2 \ge 0$.\end{lemma}",
                     "c.tex", "t")
    (read,) = got.read
    assert read.reading == "incomplete"
    assert any(w.startswith("cites itm:a, which is not read") for w in read.left)


def test_a_reading_as_written_lists_the_conditions_and_restatements_it_does_not_show():
    got = ex.extract(r"\begin{theorem}If the coefficient is large enough, i.e. $1 > \beta$, "
                     r"then $\mathbb{E}[\|R^n\|] \le \rho(R)^{n}$. Let $\gamma > 0$.\end{theorem}",
                     "c.tex", "t")
    (u,) = got.unread
    assert "a restatement ('i.e.', 'equivalently') not read: 1 > \\beta" in u.left
    assert "a condition of the statement not shown: \\gamma > 0" in u.left


def test_a_condition_on_each_index_is_shown_for_each_index():
    got = ex.extract(r"\begin{theorem}Let $|Z_i - Z_{i-1}| \le c_i$ almost surely. Then "
                     r"$\Pr(Z_n - Z_0 > t) \le \exp(-t^2 / \sum_{i=1}^n c_i^2)$.\end{theorem}",
                     "c.tex", "t")
    (u,) = got.unread
    assert u.read_as.startswith("if ∀ i: |Z_i - Z_{i-1}| ≤ c_i almost surely: Pr[")


def test_a_premise_given_by_the_label_of_a_display_is_listed_as_not_read():
    got = ex.extract(r"\newtheorem{lemma}{Lemma}" "\n" r"We ask \begin{equation}\label{eq:ahead}"
                     r" x \le 1 \end{equation} of the point." "\n"
                     r"\begin{lemma}If $x$ satisfies (\ref{eq:ahead}), then $x^2 \ge 0$."
                     r"\end{lemma}", "p.tex", paper="p")
    (u,) = got.unread + got.read
    assert "cites eq:ahead, which is not read (an assumption or a premise it names is not " \
        "taken)" in u.left


def test_the_range_of_an_index_goes_into_the_quantifier_of_its_condition():
    got = ex.extract(r"\begin{proposition}Let $X_1, \dots, X_n$ be independent random variables "
                     r"such that $a_i \le X_i \le b_i$ almost surely for each $i \in [n]$. Then for"
                     r" any $t>0$, we have $$\Pr[|X_1 - a_1| \ge t] \le 2\exp(-t^2 / "
                     r"\sum_{i=1}^n (b_i-a_i)^2).$$\end{proposition}", "c.tex", "t")
    (u,) = got.unread  # independence and "almost surely" are read and shown as written
    assert u.read_as.startswith("if X_1, …, X_n independent; ∀ i ∈ [n]: (a_i ≤ X_i; X_i ≤ b_i) "
                                "almost surely; t > 0: Pr[")
    assert u.reading == "complete"


def test_a_quantifier_after_with_probability_holds_inside_it():
    got = ex.extract(r"\begin{corollary}Given a matrix $A$, our algorithm preserves the "
                     r"following with probability at least $0.99$, $\forall x \in \mathbb{R}^{d}$,"
                     r"\begin{equation*} (1-\epsilon)\|A x\|^{2} \leq \|C x\|^{2} \end{equation*}"
                     r"\end{corollary}", "c.tex", "t")
    (u,) = got.unread  # one event for every x, never a guarantee for each x
    assert u.read_as == "with probability ≥ 99/100: ∀ x ∈ ℝ^{d}: ‖A x‖₂² (1 - ϵ) ≤ ‖C x‖₂²"


def test_for_any_after_with_probability_is_uniform_and_the_environments_conditions_stay_out():
    got = ex.extract(r"\begin{theorem}If $n \ge 1$, we have: with probability at least "
                     r"$1 - \delta$, for any $h \in \mathcal{H}$, \[|\hat L(h) - L(h)| \le "
                     r"\sqrt{\frac{1}{n}}.\]\end{theorem}", "c.tex", "t")
    (u,) = got.unread
    assert u.read_as == "if n ≥ 1: with probability ≥ 1 - δ: ∀ h ∈ ℋ: |L(h) - L̂(h)| ≤ 1/√n"


def test_an_equivalence_shows_its_conditions_and_the_quantifier_of_its_side():
    got = ex.extract(r"\begin{claim}Let $K \subset \mathbb{R}^n$ be a convex set and $f: K \to "
                     r"\mathbb{R}$ be differentiable. Then $f$ is convex if and only if "
                     r"$\forall x,y \in K$, we have that \begin{equation} f(x) \geq f(y) + "
                     r"\langle \nabla f(y), x - y \rangle \end{equation}\end{claim}", "c.tex", "t")
    (u,) = got.unread
    assert u.read_as == ("if f differentiable; K ⊂ ℝ^n; f: K → ℝ: (a side said in words) ⟺ "
                         "∀ x,y ∈ K: "
                         "f(x) ≥ ⟨∇f(y), x - y⟩ + f(y)")


def test_an_equivalence_under_a_class_said_in_words_shows_the_class():
    got = ex.extract(r"\begin{fact}\begin{enumerate}\item If $f$ is convex, then $D_f (x, y) = 0$"
                     r" if and only if $x=y$.\end{enumerate}\end{fact}", "c.tex", "t")
    (u,) = got.unread
    assert u.read_as == "if f convex: D_f(x, y) = 0 ⟺ x = y"


def test_a_trailing_annotation_in_words_is_no_factor_and_is_left():
    got = ex.extract(r"\begin{theorem}Then $$x \le y + 1 \text{ linesearch}$$\end{theorem}"
                     r"\begin{theorem}Then $$x \le 1 \text{ for all } x$$\end{theorem}", "c.tex",
                     "t")
    first = (got.read + got.unread)[0]
    assert first.statement == "x \\le y + 1"
    assert "an annotation in words, not read: 'linesearch'" in first.left


def test_the_class_an_equivalence_states_is_its_side_not_its_condition():
    got = ex.extract(r"\begin{claim}Let $f$ be differentiable, then $f$ is $\alpha$-strongly "
                     r"convex if and only if $\forall x \in \mathbb{R}^n$, \begin{equation*} "
                     r"\nabla^2 f(x) - \alpha I \succeq 0. \end{equation*}\end{claim}", "c.tex", "t")
    (u,) = got.unread
    assert u.read_as == "if f differentiable: (a side said in words) ⟺ ∀ x ∈ ℝ^n: 0 ⪯ ∇²f(x) - α I"
    assert not any("'only'" in w for w in u.left)  # "if and only if" is what it reads


def test_a_sentence_opened_by_moreover_keeps_the_condition_it_goes_on_from():
    got = ex.extract(r"\begin{lemma}If $x>1$, then $x^2>1$. Moreover, $x^3>1$.\end{lemma}",
                     "c.tex", "t")
    assert [[str(h) for h in r.claim.hypotheses] for r in got.read] == [["x > 1"], ["x > 1"]]


def test_a_sentence_opened_by_hence_keeps_the_condition_it_goes_on_from():
    got = ex.extract(r"\begin{lemma}If $x>1$, then $x^2>1$. Hence $x^3>1$.\end{lemma}",
                     "c.tex", "t")
    assert [[str(h) for h in r.claim.hypotheses] for r in got.read] == [["x > 1"], ["x > 1"]]


def test_a_membership_in_a_named_class_of_functions_is_shown_as_written():
    from proofs.tools.as_written import MEMBERSHIP, membership

    assert MEMBERSHIP.fullmatch(r"f \in \Gamma_0 (\mathbb{R}^{n})")
    assert membership(r"\theta_1 \in \mathbb{B}^p_q(\bar R_q + 1)") == "θ_1 ∈ 𝔹^p_q(R̄_q+1)"
    assert not MEMBERSHIP.fullmatch(r"x \in [0, 1]")  # an interval: read, not as written


def test_a_probability_qualifier_after_a_display_qualifies_it():
    """Audit 34: "… \\[ … . \\] with probability higher than $1-\\delta$ over the sample" was
    read as a sure bound."""
    got = ex.extract(r"\begin{theorem}Let $m \ge 1$. Then, for any $\delta > 0$, the following "
                     r"holds: \[ x \leq \frac{M}{m}. \] with probability higher than "
                     r"$1-\delta$ over the random sample.\end{theorem}", "c.tex", "t")
    (u,) = got.unread
    assert "with probability ≥ 1 - δ: x ≤ M m⁻¹" in u.read_as


def test_a_class_of_a_function_the_statement_names_only_through_a_definition_is_listed():
    """Audit 34: "Suppose $F$ is $\\alpha$-strongly convex, … let $w = \\arg\\min_z F(z)$"
    lost F's class without a trace."""
    got = ex.extract(r"\begin{lemma}Suppose $F$ is $\alpha$-strongly convex, $f$ is convex, and "
                     r"let $$w = \arg \min_z F(z).$$ Then, $$f(w) \leq \frac{1}{\alpha}"
                     r"|f(w)|^2.$$\end{lemma}", "c.tex", "t")
    (u,) = got.unread
    assert r"a condition of the statement not shown: F is \alpha-strongly convex" in u.left


def test_a_section_assumption_in_words_and_a_definition_with_dots_reach_a_later_claim():
    """Audit 34: "$\\Pi_{\\H}(n) \\le 2^n$" was read completely, though the section assumes H
    is a class of binary functions and a definition environment defines Π_H."""
    got = ex.extract("\n".join([
        r"\section{A}For now, assume that $\mathcal{H}$ is a class of binary functions.",
        r"\begin{definition}The growth function is \begin{equation*}\Pi_{\mathcal{H}}(n) = "
        r"\sup_{S = \{x_1, \cdots, x_n\}} |S|. \end{equation*}\end{definition}",
        r"\begin{claim}\begin{equation*}\Pi_{\mathcal{H}}(n) \leq 2^n.\end{equation*}"
        r"\end{claim}"]), "c.tex", "t")
    (u,) = got.unread
    assert u.reading == "incomplete"
    assert u.left[0] == (r"\mathcal{H} is assumed in words outside the statement (c.tex:1: "
                         r"'a class of binary functions')")
    assert u.left[1].startswith(r"\Pi is defined outside the statement (c.tex:2:")


def test_a_statement_whose_condition_does_not_read_is_shown_not_checked():
    """Session 34: "Let $M_T = \\sum_i \\mathbf{1}[y^t(w^t \\cdot x^t) < 0]$ … Then
    $M_T \\le 1/\\gamma^2$" was checked without M_T's definition and refuted (M_T = 2)."""
    got = ex.extract(r"\begin{theorem}Let $M_T = \sum_{i=1}^T \mathbf{1}[y^t (w^t \cdot x^t) < 0]"
                     r"$ and $\gamma > 0$. Then $$M_T \leq \frac{1}{\gamma^2}.$$\end{theorem}",
                     "c.tex", "t")
    assert got.read == []
    (u,) = got.unread
    assert u.category == "condition not read" and u.read_as.endswith("M_T ≤ γ⁻²")


def test_a_conclusion_in_words_after_conditions_or_a_probability_is_a_statement_in_words():
    got = ex.extract(r"\begin{theorem}If $0 < \mu \le L$, then BFGS converges.\end{theorem}"
                     r"\begin{theorem}If we throw $n$ balls into $n$ bins, then, with "
                     r"probability at least $1 - 1/n$, some bin has many balls.\end{theorem}"
                     r"\begin{theorem}Suppose $P$ is sub-Gaussian, then $$\forall Q, W(P,Q)^2 "
                     r"\leq 2\sigma^2 D(P, Q).$$\end{theorem}", "c.tex", "t")
    assert [u.category for u in got.unread[:2]] == ["statement in words", "statement in words"]
    assert got.unread[2].statement == r"\forall Q, W(P,Q)^2 \leq 2\sigma^2 D(P, Q)"  # stated


def test_review_34b_a_condition_not_read_that_reaches_the_statement_through_another():
    got = ex.extract(r"\begin{lemma} Let $\|u\| \le 1$ and $v \le u$. Then $v \le 1$. "
                     r"\end{lemma}", "c.tex", "t")
    assert got.read == [] and got.unread[0].category == "condition not read"


def test_audit_34b_a_condition_for_every_argument_of_a_function_is_quantified():
    got = ex.extract(r"\begin{lemma}Let $p_t(a) > 0$ for every $a \in [N]$. Then "
                     r"$\mathbb{E}[X_t] \le N$.\end{lemma}", "c.tex", "t")
    assert got.unread[0].read_as == "if ∀ a ∈ [N]: p_t(a) > 0: E[X_t] ≤ N"


def test_audit_34b_a_quantifier_said_alone_is_listed_never_dropped():
    got = ex.extract(r"\begin{lemma}Suppose that $\forall x_i'$, it has \begin{equation*} "
                     r"|f(S) - f(S')| \leq c \end{equation*} Then it holds that \begin{equation}"
                     r" \Pr(f(S) > t) \leq \exp(-t^2). \end{equation}\end{lemma}", "c.tex", "t")
    (u,) = got.unread
    assert u.read_as == "if |f(S) - f(S')| ≤ c: Pr[f(S) > t] ≤ exp(-t²)"
    assert r"a formula the prose does not make a condition or a statement: \forall x_i' (after " \
        "'suppose that', not read)" in u.left


def test_a_statement_about_sets_is_read_as_written_and_never_checked():
    got = ex.extract(r"\begin{lemma}Let $S \subseteq [m]$ and $x_0 \in C$. Then "
                     r"$x_0 \in \overline{C}\setminus C$ and $A \cap B = \emptyset$.\end{lemma}"
                     r"\begin{lemma}$f \in \Gamma_0(\mathbb{R}^n)$. Then $f \ge 0$.\end{lemma}",
                     "c.tex", "t")
    assert [(u.category, u.read_as) for u in got.unread[:2]] == [
        ("set", "if x_0 ∈ C: x_0 ∈ C̄ ∖ C"), ("set", "A ∩ B = ∅")]
    assert "a condition of the statement not shown: S \\subseteq [m]" in got.unread[1].left
    # "$f \in \Gamma_0$." alone asserts nothing: it is no statement of its own
    assert all(u.statement != r"f \in \Gamma_0(\mathbb{R}^n)" for u in got.unread)


def test_a_name_the_text_defines_shows_with_a_class_claim():
    from proofs.model.results import read_as

    got = ex.extract("\n".join([
        r"\begin{theorem}Let $f$ be $\mu$-strongly convex and $L$-smooth, and let $x^*$ be its",
        r"minimizer. Gradient descent $x_{k+1} = x_k - h \nabla f(x_k)$ with $h \in (0, 2/L)$",
        r"satisfies \[ f(x_n) - f(x^*) \le \frac{L}{2} (1 - \frac{1}{\kappa})^{n} \|x_0 - x^*\|^2",
        r"\] where $\kappa := L/\mu$ is the condition number.\end{theorem}"]), "c.tex", "t")
    shown = read_as(got.read[0].claim)
    assert shown.endswith(", where κ = L/μ")  # κ is read as L/μ: shown, never left free


def test_a_definition_elsewhere_binds_only_the_name_as_it_is_written():
    got = ex.extract("\n".join([
        r"\section{One}We define $F(x) = \sum_i x_i$ and $h^{**}(x) = \arg\min_y r(x, y)$.",
        r"\begin{lemma}Then $\hat{F}(x) \le h^*(x)$.\end{lemma}",
        r"\begin{lemma}Then $F(x) \le 1$.\end{lemma}"]), "c.tex", "t")
    lefts = {u.statement: u.left for u in got.unread}
    assert not any("outside" in w for w in lefts[r"\hat{F}(x) \le h^*(x)"])
    assert any(w.startswith("F is defined outside") for w in lefts[r"F(x) \le 1"])


def test_a_class_said_before_then_is_a_condition_of_the_equivalence_after_it():
    got = ex.extract(r"\begin{theorem}Let $\mathcal{K} \subset \mathbb{R}^n$ be a convex set "
                     r"and $f: \mathcal{K} \to \mathbb{R}$ be a twice differentiable function, "
                     r"then $f$ is convex iff $\forall x \in \mathcal{K}$, "
                     r"$\nabla^2 f(x) \succeq 0$.\end{theorem}", "c.tex", "t")
    (u,) = got.unread
    assert u.read_as.startswith("if f twice differentiable; 𝒦 ⊂ ℝ^n; f: 𝒦 → ℝ: (a side said "
                                "in words) ⟺")  # "f is convex" after "then" is the side
    assert r"what the words say of \mathcal{K} \subset \mathbb{R}^n is not read: " \
           "'be a convex set'" in u.left


def test_a_starred_name_read_as_the_minimiser_says_so():
    from proofs.model.results import read_as

    got = ex.extract(r"\begin{lemma}Let $f$ be convex and $L$-smooth. Then $f(x) - f(x^*) \ge "
                     r"\frac{1}{2L}\|\nabla f(x)\|^2$.\end{lemma}", "c.tex", "t")
    assert read_as(got.read[0].claim).startswith(
        "for every f convex and L-smooth with minimiser x* of f: f(x) - f(x*) ≥")


def test_an_existential_that_binds_the_items_after_it_is_read_with_each_item():
    got = ex.extract(r"\begin{theorem}Let $n \ge 1$. Then there exists a constant $c > 0$ such "
                     r"that the following holds:\begin{enumerate}\item If $q = 1$, then "
                     r"$x_n \le c n$.\item If $q = 0$, then $y \le c$.\end{enumerate}"
                     r"\end{theorem}", "c.tex", "t")
    shared = ["the existential binds the other items too (one value for all of them): read "
              "for this one alone"]  # one c for both items: each reading is weaker
    assert [(u.category, u.read_as, u.left) for u in got.unread] == [
        ("existential statement", "if n ≥ 1: ∃ c > 0: if q = 1: x_n ≤ cn", shared),
        ("existential statement", "∃ c > 0: if q = 0: y ≤ c", shared)]  # c > 0 alone: no record


def test_names_a_there_are_lists_bind_the_displays_after_it_in_their_order():
    got = ex.extract("\n".join([
        r"\begin{theorem}Denote $\sigma^2_F = \sup_{f \in F} g(f)$. Then there are universal",
        r"constants $c, c'$ and $C$ for which the following holds: \[ A_n \ge c\sigma_F. \]",
        r"Furthermore, for every integer $n \ge 1/\sigma^2_F$, with probability at least $c'$,",
        r"\[ B_n \ge C \sigma_F. \]\end{theorem}",
        r"\begin{theorem}There exist constants $c, C$ such that for every $n \ge 1$, and with",
        r"probability at least $c$ \[ B_n \ge C. \]\end{theorem}"]), "c.tex", "t")
    shown = [u.read_as for u in got.unread]
    assert shown[0] == "∃ c, c', C: A_n ≥ σ_F c, where σ_F² = sup_{f∈F} g(f)"
    assert shown[1].startswith("∃ c, c', C: if n ≥ σ_F⁻²: with probability ≥ c': B_n ≥ C σ_F")
    # for every n, an event of probability at least c: never one event for all n
    assert shown[2] == "∃ c, C: ∀ n ≥ 1: with probability ≥ c: B_n ≥ C"


def test_a_condition_on_a_size_is_the_claims():
    got = ex.extract(r"\begin{lemma}For every $n \ge 3$, we have $2^n > 2n$.\end{lemma}"
                     r"\begin{lemma}Let $d \ge 4$. Then $\sqrt{d} \le d/2$.\end{lemma}",
                     "c.tex", "t")
    assert [[str(h) for h in r.claim.hypotheses] for r in got.read] == [["n >= 3"], ["d >= 4"]]


def test_a_definition_environment_binds_its_names_for_the_whole_text():
    got = ex.extract("\n".join([
        r"\section{Preliminaries}\begin{definition}For a sample size $m \ge 2$, let",
        r"$k = \lceil \log_2 m \rceil$ be the number of rounds.\end{definition}",
        r"\section{Analysis}\begin{lemma}For every $m \ge 2$, we have $2^k \ge m$.\end{lemma}",
        r"\begin{definition}Given $\epsilon \in (0,1)$, we run the method for",
        r"$T = \lceil 1/\epsilon^2 \rceil$ epochs.\end{definition}",
        r"\begin{lemma}For every $\epsilon \in (0,1)$, we have $T \epsilon^2 \ge 1$.\end{lemma}"]),
        "c.tex", "t")
    assert str(got.read[0].claim.prop) == "2**ceiling(log(m)/log(2)) >= m"  # k bound to its
    # definition (\log_2 read); m a real number, which it may not be
    assert got.read[0].left == ["m read as a real number, which it may not be (m usually names "
                                "an integer)"]
    # "Given …, $T = …$" sets T there (a setting may be one case, "For $k = 1$"): listed,
    # never bound
    assert got.read[1].left == [r"T is constrained outside the statement (c.tex:5: T = "
                                r"\lceil 1/\epsilon^2 \rceil)"]


def test_a_note_beside_the_text_in_words_is_listed():
    got = ex.extract(r"\begin{lemma}For every real number $x$, we have $x^4 \ge x^3$."
                     r"\marginpar{only for inputs larger than one}\end{lemma}", "c.tex", "t")
    assert got.read[0].left == ["a note beside the text, not read: only for inputs larger "
                                "than one"]


def test_alternatives_and_equivalences_in_lists_at_any_depth_are_not_claims():
    got = ex.extract(open(pathlib.Path(__file__).parent / "data" / "lists.tex").read(),
                     "c.tex", "t")
    assert [(u.category, u.statement) for u in got.unread] == [
        ("disjunction", "x > 0 and y > 0"), ("disjunction", "x < 0 and y < 0"),
        ("disjunction", r"x \ge 0"), ("disjunction", r"x \le 0"),
        ("disjunction", r"x \ge 0"), ("disjunction", r"x \le 0"),
        ("equivalence", r"x^2 \le 1 ⟺ x \ge -1 and x \le 1")]
    assert [str(r.claim.prop) for r in got.read] == ["x*y > 0", "x**2 >= 0", "x**2 >= 0"]
    assert got.read[0].reading == "incomplete"  # under alternatives, not read


def test_what_an_existential_quantifies_binds_the_later_items_too():
    got = ex.extract(r"\begin{theorem}There exists $0 < \eta < 1/4$, $\gamma > 0$ s.t. "
                     r"\begin{enumerate}\item $\lambda_k > \eta$, then $f_{k+1} - f_k < -\gamma$"
                     r"\item $\lambda_k \le \eta$, then $t = 1$.\end{enumerate}\end{theorem}",
                     "c.tex", "t")
    assert [u.read_as for u in got.unread] == [
        "∃ (0 < η; η < 1/4), γ > 0: λ_k > η ⟹ f_{k+1} - f_k < -γ",
        "∃ (0 < η; η < 1/4), γ > 0: λ_k ≤ η ⟹ t = 1"]


def test_review_35b_settings_equality_cases_and_integer_powers(tmp_path):
    from proofs.model.results import read_as

    got = ex.extract("\n".join([
        r"\begin{definition}Let $T = 10$ be the number of rounds.\end{definition}",
        r"\begin{lemma}For every $T \ge 1$, we have $2^T \ge T^3$.\end{lemma}",
        r"\begin{lemma}We have $n^2 \ge 3n$, with equality when $n = 3$.\end{lemma}",
        r"\begin{lemma}We have $2^n \ge n^2$; note that for $n = 4$ equality holds.\end{lemma}",
        r"\begin{lemma}For $n \ge 1$ and $x \in \mathbb{R}$, $x^{2n+1} \ge 0$.\end{lemma}"]),
        "c.tex", "t")
    shown = [read_as(r.claim) for r in got.read]
    # the lemma's own T, never the definition's 10; the equality case, never a condition;
    # x^(2n+1) for every real x, never only x ≥ 0
    assert shown == ["if T ≥ 1: 2^(T) ≥ T³", "n² ≥ 3n", "2ⁿ ≥ n²", "if n ≥ 1: x^(1 + 2n) ≥ 0"]
    assert got.read[0].reading == "incomplete"
    assert got.read[1].left == ["where equality holds, not read: n = 3", "n read as a positive "
                                "integer (the usual meaning of n), which nothing in the "
                                "statement says"]


def test_review_35b_existentials_deferred_and_items_joined_by_or():
    got = ex.extract("\n".join([
        r"\begin{theorem}There is a constant $c$ such that the following holds. For all",
        r"$x \ge 1$, $c x \le x^2$.\end{theorem}",
        r"\begin{theorem}There exists $c>0$ such that for every $n \ge 1$ the following",
        r"holds:\begin{enumerate}\item $x_n \le c n$.\end{enumerate}\end{theorem}",
        r"\begin{lemma}For every $x \in \mathbb{R}$ we have\begin{enumerate}\item",
        r"$x^2 \ge x$, or \item $x^2 \le x$.\end{enumerate}\end{lemma}"]), "c.tex", "t")
    assert [(u.category, u.read_as) for u in got.unread] == [
        ("existential statement", "∃ c: if x ≥ 1: cx ≤ x²"),  # never for every c
        ("existential statement", "∃ c > 0: ∀ n ≥ 1: x_n ≤ cn"),
        ("disjunction", ""), ("disjunction", "")]  # neither item holds alone


def test_end_audit_35_sign_words_a_zero_step_and_an_exponent_are_said():
    from proofs.tex.classes import as_text

    got = ex.extract(r"\begin{lemma}Let $p(x_1, \ldots, x_n)$ be a non-zero polynomial. Then "
                     r"$\Pr[p(a_1, \ldots, a_n) = 0] \le 1/2$.\end{lemma}"
                     r"\begin{theorem}Let $f$ be $\mu$-strongly convex and $L$-smooth. Gradient "
                     r"descent $x_{k+1} = x_k - h\nabla f(x_k)$ with $0 \le h \le 1/L$ "
                     r"satisfies \[ \|x_n - x^*\| \le (1 - h\mu)^n \|x_0 - x^*\|. \]"
                     r"\end{theorem}", "c.tex", "t")
    assert "'non-zero'" in got.unread[0].left[0]  # of a polynomial: not read, said
    assert "a parameter read as positive (the class's are): 0 \\le h \\le 1/L allows the " \
           "value 0" in got.read[0].left
    assert as_text(r"(1 - \frac{2}{1+\kappa})^{2n}") == "(1 - 2/(1+κ))^(2n)"


def test_a_class_condition_with_a_parameter_in_a_denominator_reads():
    got = ex.extract(r"\begin{theorem}Let $\mathcal{L}\in\mathcal{S}^{1,1}_{{\mu},{L}}$ and "
                     r"$0 \le h \le \tfrac{2}{L+\mu}$. Gradient descent $w_{k+1} = w_k - "
                     r"h\nabla \mathcal{L}(w_k)$ satisfies \[ \|w_n - w_*\| \le \|w_0 - w_*\| "
                     r"\] for $h=\tfrac2{L+\mu}$.\end{theorem}", "c.tex", "t")  # 2/(L + μ) at
    assert len(got.read) + len(got.unread) >= 1  # L = μ = 0: no value, never a crash


def test_a_fault_of_the_reader_on_one_environment_is_reported_and_the_others_read(
        monkeypatch):
    original = ex._read_environment

    def faulty(env, *args, **kwargs):
        if "boom" in env.body:
            raise TypeError("Invalid comparison of non-real zoo")
        return original(env, *args, **kwargs)

    monkeypatch.setattr(ex, "_read_environment", faulty)
    got = ex.extract(r"\begin{lemma}Then $x^2 \ge 0$.\end{lemma}\begin{lemma}boom $x \le 1$."
                     r"\end{lemma}\begin{lemma}Then $y^2 \ge 0$.\end{lemma}", "c.tex", "t")
    assert [r.claim_id for r in got.read] == ["t:lemma-1", "t:lemma-3"]
    (u,) = got.unread
    assert (u.claim_id, u.category, u.read_as) == ("t:lemma-2", "reader fault", "")
    assert u.error.startswith("the reader failed on this environment (a fault of proofcheck")


def test_review_35c_quantifiers_inside_hypotheses_own_names_real_names_and_bounds():
    from proofs.model.results import read_as

    got = ex.extract("\n".join([
        r"\begin{lemma}If $|a| \le \epsilon$ for every $\epsilon > 0$, then $a = 0$.\end{lemma}",
        r"\begin{lemma}For all $x \in [0,1]$, $x^2 \le x$. Moreover, for all $x \ge 2$,",
        r"$x^2 \le 3x$.\end{lemma}",
        r"\begin{lemma}For every real $n \ge 1$, $\sin(\pi n) = 0$.\end{lemma}",
        r"\begin{lemma}We have $3^n \ge 2n+2$, equality holds for $n=1$.\end{lemma}",
        r"\begin{lemma}For all $x \in \mathbb{R}$ and $n \ge 1$, $x^{n(n+1)/2} \ge 0$.",
        r"\end{lemma}"]), "c.tex", "t")
    shown = {r.claim_id: (read_as(r.claim), r.reading) for r in got.read}
    assert shown["t:lemma-1"] == ("if |a| ≤ ϵ; ϵ > 0: a = 0", "incomplete")  # ∀ ϵ inside
    assert shown["t:lemma-2:part-2"][0] == "if x ≥ 2: x² ≤ 3x"  # its own x, not in [0, 1]
    assert shown["t:lemma-3"][0] == "if n ≥ 1: sin(πn) = 0"  # a real n, never a size
    assert shown["t:lemma-4"][0] == "3ⁿ ≥ 2 + 2n"  # the bound, never a remark
    assert shown["t:lemma-5"][0] == "if n ≥ 1: x^((n (1 + n))/2) ≥ 0"  # every real x


def test_a_power_beyond_4000_digits_is_refused_never_a_hang():
    from symbolic.latex_parse import parse_statement

    for latex in (r"x \le 10^{10^{10}}", r"2^{(6!)!} \ge 1", r"2^{10^9} \ge 1"):
        with pytest.raises(ValueError, match="4000 digits"):
            parse_statement(latex, None)


def test_a_reading_whose_conditions_contradict_or_assume_it_is_never_checked():
    """Review 36b: cases joined by "and", a second statement after "Also, for …", a remark
    on where a bound fails were read as conditions of one claim, which was then "proved"
    from contradictory hypotheses (or from itself). Such a reading is refused."""
    texts = [
        r"For all $x \in (0,1)$, $x^2 \le x$. Also, for $x > 1$, $x^2 \le x$.",
        r"For $x \in [0,1]$, $e^{-x} \le 1 - x/2$. Moreover, for $x \ge 0$, $e^{-x} \le 1 - x/2$.",
    ]
    for text in texts:  # the second sentence's own range, the first's listed (review 37)
        got = ex.extract(r"\begin{lemma}" + text + r"\end{lemma}", "c.tex", "t")
        first, second = got.read
        assert len(first.hypotheses) == len(second.hypotheses) == 1, text
        assert not first.left and second.left[0].startswith(
            "a condition of another sentence may apply"), text
    # conditions no value meets, found by z3 (review 36c): x ≥ 1 and x² < 1
    got = ex.extract(r"\begin{lemma}For $x \ge 1$ with $x^2 < 1$ we have $x^2 \le x$.\end{lemma}",
                     "c.tex", "t")
    assert got.read == [] and "no value meets them all" in got.unread[0].error
    # "A if B, and C if D": two statements, each under its own condition (review 36b/36c)
    got = ex.extract(r"\begin{lemma}For all $t \in \mathbb{R}$, $\log(1+e^{t}) \le t + 1$ if "
                     r"$t \ge 0$, and $\log(1+e^{t}) \le t$ if $t < 0$.\end{lemma}", "c.tex", "t")
    assert [r.hypotheses for r in got.read] == [(r"t \ge 0",), (r"t < 0",)]
    # a sentence after the statement saying where it fails or is used restricts nothing
    for remark in ("This bound fails for $x < 0$.", "The bound above is useful for $x \\le 1$.",
                   "Below we use this inequality for $x \\le 1$."):
        got = ex.extract(r"\begin{lemma}For $x \ge 0$ we have $e^{-x} \le 1 - x/2$. " + remark
                         + r"\end{lemma}", "c.tex", "t")
        assert [r.hypotheses for r in got.read] == [(r"x \ge 0",)], remark


def test_a_constant_the_text_binds_as_a_variable_has_two_readings():
    """Review 36b: "Let $\\pi \\in [0,1]$. Then $\\pi^2 \\le \\pi$." was refuted with the constant
    π, and "Let $e \\in (0,1)$. Then $\\log(e) < 0$." as 1 < 0: the text binds the letter. Both
    readings are named and nothing is checked; π bounding a range stays the constant."""
    for text in (r"Let $\pi \in [0,1]$. Then $\pi^2 \le \pi$.",
                 r"For any $\pi \in (0,1)$, $\pi^2 > 1$.",
                 r"Let $e \in (0, 1)$. Then $\log(e) < 0$.",
                 r"Let $0 < e < 1$. Then $e^2 < e$."):
        got = ex.extract(r"\begin{lemma}" + text + r"\end{lemma}", "c.tex", "t")
        assert got.read == [] and "or a name the text binds" in got.unread[0].error, text
    got = ex.extract(r"\begin{lemma}For $0 \le x \le \pi$, $x \le 4$.\end{lemma}", "c.tex", "t")
    assert [str(r.claim.prop) for r in got.read] == ["x <= 4"]


def test_audit_37_definitions_and_ranges_in_words():
    # "defined as follows:" after "Suppose that": the displays define, never assert
    tex = (r"\begin{lemma}Suppose that $Q(a)$ and $Q(b)$ are two numbers defined "
           r"as follows: \begin{align*} Q(a) &= \Pr_{Y\sim D_{a}}[Y \in {\cal S}], \\ "
           r"Q(b) &= \Pr_{Y \sim D_{b}}[Y \in {\cal S}] \end{align*} Let $p^{+} = "
           r"(1+\epsilon)m$ and $p^- = (1-\epsilon)m$, for some constant $0 < \epsilon < 1$. "
           r"Then, \[ Q(p^-) < Q(a) < Q(p^+) \] \end{lemma}")
    got = ex.extract(tex, "c.tex", "t")
    roles = [(role, latex) for e in got.explained for role, latex, _ in e.lines]
    assert ("definition", r"p^- = (1-\epsilon)m") in roles
    assert [u.statement for u in got.unread] == [r"Q(p^-) < Q(a) < Q(p^+)"]
    # "a number in $[0,2]$": the range the words give
    got = ex.extract(r"\begin{lemma}Let $x$ be a real number in $[0,2]$. Then $x^2 \le 2x$."
                     r"\end{lemma}", "c.tex", "t")
    assert got.read[0].hypotheses == (r"x \in [0,2]",) and not got.read[0].left


def test_audit_37_a_name_defined_with_colon_equals_in_another_chapter_is_listed():
    tex = (r"\begin{document}\chapter{One} The rate is \[ c = 1 - \frac{2}{1+\kappa} \qquad "
           r"\kappa := L/\mu \ge 1 \] \chapter{Two}\begin{lemma}$\kappa^2 \ge \kappa$."
           r"\end{lemma}\end{document}")
    got = ex.extract(tex, "c.tex", "t")
    (r,) = got.read
    assert any(w.startswith(r"\kappa is defined outside the statement") for w in r.left)


def _lemmas(*bodies: str) -> str:
    return "".join(rf"\begin{{lemma}}{b}\end{{lemma}}" for b in bodies)


def _decided(got: ex.Extraction) -> list[str]:
    from numeric.budget import Budget
    from numeric.stages.cascade import decide

    return [decide(r.claim, Budget.get("quick"), seed=0).status.value for r in got.read]


def test_review_37_n_and_d_in_a_range_of_no_integer_are_real():
    got = ex.extract(_lemmas(r"For all $n \in [1/2, 1)$, $\frac{1}{n} \le 1$.",
                             r"For all $n \in (0,1)$, $\sin(\pi n) > 0$.",
                             r"For all $d \in (0, 1/2]$, $d \log(1/d) \le d$."), "c.tex", "t")
    assert [str(r.claim.prop) for r in got.read] == ["1/n <= 1", "sin(pi*n) > 0",
                                                     "d*log(1/d) <= d"]
    assert _decided(got) == ["refuted", "proved", "refuted"]
    assert not any(r.left for r in got.read)


def test_review_37_n_read_as_an_integer_by_its_usual_meaning_is_said():
    got = ex.extract(_lemmas(r"For all $d > 0$, $d^2 \ge d$.",
                             r"For all $n \ge 1$, $\sum_{i=1}^n i \le n^2$."), "c.tex", "t")
    assert got.read[0].left == ["d read as a positive integer (the usual meaning of d), which "
                                "nothing in the statement says"]
    assert got.read[1].left == []  # a sum's bound: a count, as printed


def test_review_37_conditions_joined_by_or_are_not_read_as_and():
    for body in (r"If $x \ge 1$ or $y \ge 1$, then $x + y \ge 1$.",
                 r"$x + y \ge 1$ whenever $x \ge 1$ or $y \ge 1$.",
                 r"For all $x, y$ with $x \ge 1$ or $y \ge 1$, we have $x + y \ge 1$."):
        got = ex.extract(_lemmas(body), "c.tex", "t")
        assert got.read == []
        (u,) = got.unread
        assert u.category == "condition not read"
        assert u.left[0] == (r"condition not read: x \ge 1 or y \ge 1 (conditions joined by "
                             "'or')")


def test_review_37_a_sentence_that_quantifies_its_name_again_takes_no_other_range():
    got = ex.extract(_lemmas(r"If $x \ge 1$, then $x^2 \ge x$. Furthermore, $x^3 \ge x^2$ for "
                             r"every $x \ge 0$."), "c.tex", "t")
    first, second = got.read
    assert first.hypotheses == (r"x \ge 1",) and second.hypotheses == (r"x \ge 0",)
    assert second.left == [r"a condition of another sentence may apply: x \ge 1"]
    got = ex.extract(r"\begin{document}\section{A} Throughout this section we assume $x > 1$."
                     + _lemmas(r"For all $x > 0$, $x^2 \ge x$.") + r"\end{document}", "c.tex",
                     "t")
    (r,) = got.read
    assert r.hypotheses == ("x > 0",) and r.left == [
        "a condition of another sentence may apply: x > 1"]


def test_review_37_an_index_range_makes_an_integer_and_the_imaginary_unit_is_refused():
    got = ex.extract(_lemmas(r"For every $k \in [K]$, $\lceil k/2 \rceil \le \frac{k+1}{2}$.",
                             r"$\mathrm{e}^{i\pi} + 1 = 0$.",
                             r"For all $\theta$, $|e^{i\theta}| = 1$.", r"$i^2 = -1$."),
                     "c.tex", "t")
    (r,) = got.read  # k and K counts (positive integers): never refuted at k = 4.6
    assert r.hypotheses == (r"k \in [K]",) and _decided(got) != ["refuted"]
    assert [u.error.split(":")[0] for u in got.unread] == ["two readings"] * 3


def test_review_37_a_condition_setting_a_name_is_its_value():
    got = ex.extract(_lemmas(r"For $x \ge 1$ and $y = \sqrt{3x}$, we have $y \le 1.7\sqrt{x}$."),
                     "c.tex", "t")
    (r,) = got.read
    assert r.hypotheses == (r"x \ge 1",) and _decided(got) == ["refuted"]


def test_audit_37_what_a_reading_leaves_is_said_where_it_was_silent():
    # a definition written the other way round names its right side; μ's definition uses it
    got = ex.extract(_lemmas(r"Let $X_1, \dots, X_n$ be independent random variables with "
                             r"$\mathbb{E}(X_i) = \mu_i$. Let $\mu = \frac{1}{n}\sum_{i=1}^n "
                             r"\mu_i$. Then $\Pr(|X_1 - \mu| > t) \leq 1/t^2$."), "c.tex", "t")
    (u,) = got.unread
    assert "E[X_i] = μ_i" in u.read_as
    # "a family named by its type" restricted in words: never "H = all such maps"
    got = ex.extract(_lemmas(r"If ${\cal F} = \{g:[k] \to [r] \}$ is a universal family, "
                             r"then $|{\cal F}| \ge 2^{r}$."), "c.tex", "t")
    (u,) = got.unread
    assert not u.read_as.startswith("if") and any(
        w.startswith("what it says in words of") for w in u.left)
    # a cited assumption whose content is not read says so
    got = ex.extract(r"\begin{assumption}\label{a:k}There exists $K > 0$ such that $|X| \le K$."
                     r"\end{assumption}" + _lemmas(r"Under Assumption~\ref{a:k}, we have $x^2 \ge 0$."),
                     "c.tex", "t")
    (r,) = got.read
    assert any("what it assumes is not read" in w for w in r.left)
    # a norm without subscript where the text speaks of other norms
    got = ex.extract(_lemmas(r"If $f$ is convex, then $f(x) - f(y) \ge \frac{1}{2}||x - y||^2$ "
                             r"and $\|x\|_1 \ge ||x||$ for $||\cdot||_1$."), "c.tex", "t")
    assert any(w.startswith("‖·‖ read as the Euclidean norm") for u in got.read
               for w in u.left)


def test_audit_37_an_algorithms_definition_is_its_own():
    tex = (r"\begin{document}\chapter{A}\begin{algorithm}Let $n = 2^rs+1$, where $s$ is odd."
           r"\end{algorithm}" + _lemmas(r"For all $n \ge 1$, $\sum_{i=1}^n i \le n^2$.")
           + r"\end{document}")
    (r,) = ex.extract(tex, "c.tex", "t").read
    assert not any("defined outside" in w for w in r.left)


def test_review_37b_names_folded_away_special_cases_and_or_variants():
    # d a count folds cos(2πd) to 1: the claim no longer names what its condition constrains
    got = ex.extract(_lemmas(r"For every $d \in [0,1]$, $\cos(2\pi d) \ge 1$.",
                             r"For $1<n<2$ and $x \in \mathbb{R}^n$, $\sin(\pi n) < 0$."),
                     "c.tex", "t")
    assert got.read == [] and all("a misreading is likely" in u.error for u in got.unread)
    # "In particular, for $x = 1$, …" is a case of its own, never a hypothesis of the claim
    got = ex.extract(_lemmas(r"Let $x > 0$. Then $x^2 \ge x$. In particular, for $x = 1$, "
                             r"$x^2 = 1$.",
                             r"Let $x > 0$. For $y \ge 2$, we have $y \ge x$, and with $y = x$, "
                             r"$y^2 = x^2$."), "c.tex", "t")
    assert [r.hypotheses for r in got.read[:2]] == [("x > 0",), ("x > 0", "x = 1")]
    assert got.read[2].hypotheses == ("x > 0", r"y \ge 2")
    # "or more generally", "(or, more generally, …)", "and/or" join conditions as "or"
    for body in (r"Suppose $x > 2$, or more generally $x > 1$. Then $x^2 > 4$.",
                 r"Let $x > 0$ (or, more generally, $x \ge -1$). Then $x^3 \ge 0$.",
                 r"Let $x > 0$ and/or $y > 0$. Then $x + y > 0$."):
        got = ex.extract(_lemmas(body), "c.tex", "t")
        assert got.read == [], body


def test_review_37b_equations_in_a_name_glyph_twins_and_definitions_after():
    got = ex.extract(_lemmas(r"Let $x > 0$ and $y = 1 - y x$. Then $y = \frac{1}{1+x}$.",
                             r"For every real $t$, $\cos t = \frac{e^{it} + e^{-it}}{2}$.",
                             r"Let $\epsilon \in (0,1)$. Then $\varepsilon^2 < \varepsilon$."),
                     "c.tex", "t")
    assert [u.category for u in got.unread[:2]] == ["uses a definition not read", ""]
    assert got.unread[1].error.startswith("two readings: i is the imaginary unit")
    (r,) = got.read
    assert r.left == [r"\varepsilon and \epsilon are two names as printed (read apart), which "
                      "the text may mean as one"]
    got = ex.extract(r"\begin{document}" + _lemmas(r"For every $x > 0$, $x^2 \ge \kappa$.")
                     + "\n" + r"Here $\kappa := 0$ is fixed.\end{document}", "c.tex", "t")
    assert got.read[0].left[0].startswith(r"\kappa is defined after the statement")


def test_audit_37b_a_pair_argument_and_a_cancelled_root_are_read_as_printed():
    got = ex.extract(_lemmas(r"We have $(\frac{1}{\sqrt{\mu}} ||u||)(\sqrt{\mu} "
                             r"||w||_*) \leq \frac{||u||^2}{2\mu}$.",
                             r"We have $H(X|Y) = H((X, Y)) - H(Y)$."), "c.tex", "t")
    first, second = got.unread
    assert first.read_as.startswith("if μ ≥ 0: ")  # √μ cancelled: its domain kept
    assert second.read_as == "H(X | Y) = H((X,Y)) - H(Y)"


def test_review_37c_integer_words_claims_in_words_and_a_sentences_own_names():
    got = ex.extract(_lemmas(r"For every positive integer $s$, $s^2 \geq s$.",
                             r"For all positive integers $a$ and $b$, $ab \ge a$.",
                             r"For each $i \ge 1$, $\sin(\pi i) = 0$."), "c.tex", "t")
    assert [r.left for r in got.read[:2]] == [[], []]  # s, a, b: positive integers
    assert got.read[2].left == ["i read as a real number, which it may not be (i usually "
                                "names an integer)"]
    got = ex.extract(_lemmas(r"Let $x \geq y$. Then $x^3 \geq y^3$; the same holds for $x^2$ "
                             r"and $y^2$.",
                             r"Let $x>0$. Then $\sqrt{x} \le x$. In particular, this holds for "
                             r"$x \ge 1$."), "c.tex", "t")
    assert all(any(w.startswith("a claim in words not read") for w in r.left) for r in got.read)
    got = ex.extract(r"\begin{document}Throughout, let $a,b>0$ be real numbers."
                     + _lemmas(r"For all real $a,b$, $|a+b|=|a|+|b|$.") + r"\end{document}",
                     "c.tex", "t")
    (r,) = got.read
    assert r.hypotheses == () and r.left == ["a condition of another sentence may apply: a > 0",
                                             "a condition of another sentence may apply: b > 0"]


def test_audit_37b_a_conditions_definition_is_shown_with_the_reading():
    got = ex.extract(_lemmas(r"Let $y_1, \dots, y_n$ be random. Set $\tau^2_G = \sup_{g} "
                             r"\mathbb{V}[g(y)]$. For $n \geq 1/\tau^2_G$, with probability at "
                             r"least $1/2$, $\mathbb{E}[X] \le 1/n$."), "c.tex", "t")
    assert any("τ_G² = " in u.read_as for u in got.unread)


def test_review_37d_cases_rebinding_indexed_and_ordered_definitions():
    # a case of another sentence is listed, never the next sentence's condition
    got = ex.extract(_lemmas(r"Let $\lambda \in [0,1]$. Then $\lambda^2 \le \lambda$. In "
                             r"particular, for $\lambda = 1/2$, $\lambda^2 = 1/4$. Furthermore, "
                             r"$\lambda^2 + (1-\lambda)^2 = 1/2$."), "c.tex", "t")
    assert got.read[-1].left == [r"a condition of another sentence may apply: \lambda = 1/2"]
    # a sequence defined by its index is not bound (η_t = 1/√t read at t only)
    got = ex.extract(_lemmas(r"Let $\eta_t = 1/\sqrt{t}$. Then $\sum_{t=1}^T \eta_t \le "
                             r"2\sqrt{T}$."), "c.tex", "t")
    assert got.read == [] and got.unread[0].category == "uses a definition not read"
    # definitions read in any order; a second definition and a chain are listed
    got = ex.extract(_lemmas(r"Let $a = 2b$ and $b = 3$. Then $a = 6$.",
                             r"Let $c = a + b$, and $c = 1$. Then $ab \le 1/4$.",
                             r"Let $y = x^2 = 4$. Then $y \ge 0$."), "c.tex", "t")
    first, second = got.read
    assert str(first.claim.prop) == "6 = 6" and not first.left
    assert second.left == ["a second definition of c, not read: c = 1"]
    assert got.unread[0].category == "uses a definition not read"  # y = x^2 = 4: a chain
    # "Let $x$ be arbitrary" under a standing "Throughout, let $x > 0$"
    got = ex.extract(r"\begin{document}Throughout, let $x > 0$." + _lemmas(
        r"Let $x$ be arbitrary. Then $x + |x| \ge 0$.") + r"\end{document}", "c.tex", "t")
    assert got.read[0].hypotheses == ()


def test_audit_37c_an_initial_value_and_a_conditions_definition_are_shown():
    got = ex.extract(_lemmas(r"Let $g_n, a_n \ge 0$, $g_0 = 0$ and $g_{n+1} \le a_n g_n$. Then "
                             r"$\mathbb{E}[g_n] \le 0$."), "c.tex", "t")
    assert "g_0 = 0" in got.unread[0].read_as
    got = ex.extract(r"\begin{document}" + "\n" + r"Let $G(w) \triangleq F(w) + w^2$." + "\n"
                     + _lemmas(r"If $w' = \arg\min_z G(z)$, then $0 \le F(w')$.")
                     + r"\end{document}", "c.tex", "t")
    assert any(w.startswith("G is defined outside the statement") for u in got.unread
               for w in u.left)


def test_review_37d_a_natural_number_is_read_as_positive_and_says_so():
    got = ex.extract(_lemmas(r"For every natural number $n$, $n \ge 1$."), "c.tex", "t")
    assert got.read[0].left == ["'natural number' read as a positive integer (ℕ may include "
                                "0): n"]
