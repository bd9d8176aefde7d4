"""``proofcheck check paper.tex`` on LaTeX as authors keep it (issue 45): each case of the
issue's "Why" on a short paper written for the test, end to end through the command line."""

from __future__ import annotations

import json
import pathlib

import pytest

from proofs.cli.main import main
from proofs.tex.paper import read_paper

PREAMBLE = r"""\documentclass{article}
\usepackage{amsmath,amsthm}
\input{macros}
\newtheorem{thm}{Theorem}
\begin{document}
"""
MACROS = r"""\global\long\def\R{\mathbb{R}}
\newcommand{\wealth}{Wealth}
\newcommand{\norm}[1]{\left\| #1 \right\|}
\DeclareMathOperator{\tr}{tr}
\providecommand{\sq}[2][2]{#2^{#1}}
"""


@pytest.fixture(autouse=True)
def only_builtin_dimensions(monkeypatch):
    """A name another test declared with ``dim()`` is a dimension to the reader (the
    session's declarations are global): these papers are read as a fresh session reads
    them."""
    from symbolic import objects

    for name in list(objects.DIMS):
        if name not in ("n", "d"):
            monkeypatch.delitem(objects.DIMS, name)


def write_paper(folder: pathlib.Path, body: str, name: str = "main.tex") -> pathlib.Path:
    (folder / "macros.tex").write_text(MACROS, encoding="utf-8")
    (folder / "sections").mkdir(exist_ok=True)
    (folder / "sections" / "results part.tex").write_text(body, encoding="utf-8")
    root = folder / name
    root.write_text(PREAMBLE + "\\input{sections/results part}\n\\end{document}\n",
                    encoding="utf-8")
    return root


def claims(root: pathlib.Path) -> dict[str, tuple[str, list[str], tuple[str, ...]]]:
    p = read_paper(str(root))
    return {e.id: (str(e.statement), sorted(str(h) for h in e.hypotheses), e.left)
            for e in p.entries()}


def test_input_tree_lyx_macros_and_undeclared_abbreviations(tmp_path):
    root = write_paper(tmp_path, r"""
\begin{lem}\label{lem:sq}For all $x \in \R$, $\sq{x} \ge 0$ and $\norm{x}_2 \ge 0$.\end{lem}
\begin{prop}For all real $t$, $\sq[4]{t} \ge 0$.\end{prop}
\begin{coro}Let $y > 0$. Then $\log y \le y - 1$.\end{coro}
""")
    assert claims(root) == {
        "main:lemma-sq:part-1": ("x**2 >= 0", [], ()),  # \sq's optional argument: 2
        "main:lemma-sq:part-2": ("Abs(x) >= 0", [], ()),  # a scalar's 2-norm
        "main:proposition-1": ("t**4 >= 0", [], ()),
        "main:corollary-1": ("log(y) <= y - 1", ["y > 0"], ()),
    }
    p = read_paper(str(root))
    # the source of each statement is the file it is written in, with its line
    assert [e.source for e in p.entries()][-1] == "Corollary 1, sections/results part.tex:4"


def test_define_and_ie_are_not_claims_and_conditions_are_kept(tmp_path):
    root = write_paper(tmp_path, r"""
\begin{thm}\label{thm:binom}
Let $n, k$ be integers satisfying $n \ge 1$ and $\frac n2 \le k \le n$.
Define $x = \frac{2k-n}{\sqrt n}$. Then $x \ge 0$.
\end{thm}
\begin{thm}The strategy guarantees $\wealth_T \ge 1$, i.e. $w_t = b\,\wealth_{t-1}$.\end{thm}
""")
    got = claims(root)
    assert list(got) == ["main:theorem-binom"]
    statement, hyps, left = got["main:theorem-binom"]
    # x stands for its definition; the conditions the witness must meet are kept (n is a
    # dimension to the reader, a positive integer, and n >= 1 is kept as written)
    assert statement == "(2*k - n)/sqrt(n) >= 0"
    assert hyps == ["k <= n", "n >= 1", "n/2 <= k"]
    assert left == ("'integer' not read (the names are read as reals)",)
    # a word macro is one name, not the product W·e·a·l·t·h; "i.e." restates, not checked;
    # the wealth is the strategy's, a quantity its word names: shown, never read as free
    (u,) = read_paper(str(root)).extraction.unread
    assert (u.claim_id, u.category, u.read_as) == ("main:theorem-2", "defined in words",
                                                   "Wealth_T ≥ 1")


def test_a_refutation_of_an_incomplete_reading_is_a_candidate_not_a_finding(tmp_path,
                                                                             capsys):
    root = write_paper(tmp_path, r"""
\begin{thm}Let $n, k$ be integers satisfying $1 \le k \le n$. Then $k^2 \ge n$.\end{thm}
\begin{thm}For all real $x$, $x^2 \ge x$.\end{thm}
""")
    out = tmp_path / "r.json"
    code = main(["check", str(root), "--budget", "quick", "--no-cache", "-q", "--json",
                 str(out)])
    text = capsys.readouterr().out
    records = {r["id"]: r for r in json.loads(out.read_text())["results"]}
    first, second = records["main:theorem-1"], records["main:theorem-2"]
    assert first["status"] == "refuted" and first["reading"] == "incomplete"
    assert first["left"] == ["'integer' not read (the names are read as reals)"]
    assert not first["unexpected"]
    assert second["status"] == "refuted" and second["reading"] == "complete"
    assert second["unexpected"] and code == 1
    assert "reading incomplete: 'integer' not read" in text
    assert "(a candidate, not a finding)" in text
    code = main(["errata", str(root), "--budget", "quick", "--no-cache", "-q",
                 "--format", "json"])
    errata = json.loads(capsys.readouterr().out)
    ids = [f["id"] for f in errata["findings"]]
    assert ids == ["main:theorem-2"]


def test_a_directory_is_read_through_its_root_and_bad_sources_exit_2(tmp_path, capsys):
    write_paper(tmp_path, r"\begin{lemma}For all real $x$, $x^2 + 1 > 0$.\end{lemma}")
    assert main(["check", str(tmp_path), "--budget", "quick", "--no-cache", "-q"]) == 0
    assert "proved" in capsys.readouterr().out
    (tmp_path / "empty").mkdir()
    for bad, said in [(tmp_path / "none.tex", "no such file"),
                      (tmp_path / "empty", "no .tex file")]:
        assert main(["check", str(bad), "-q"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err, err
        assert said in err or "root" in err, err


def test_explain_lists_roles_and_what_was_left(tmp_path, capsys):
    root = write_paper(tmp_path, r"""
\begin{thm}Let $f$ be monotone and $y = 2x$. Then $y \ge x$ or $y \le x$.\end{thm}
""")
    assert main(["extract", str(root), "--explain"]) == 0
    text = capsys.readouterr().out
    assert "definition   y = 2x" in text and "-> read: y stands for 2*x" in text
    assert "disjunction  y \\le x" in text
    assert "left: words not read: 'monotone'" in text


@pytest.mark.parametrize("kind", ["proposition", "corollary"])
def test_propositions_and_corollaries_are_read(tmp_path, kind):
    root = write_paper(tmp_path, rf"\begin{{{kind}}}For all real $x$, $x^2 \ge 0$."
                                 rf"\end{{{kind}}}")
    assert list(claims(root)) == [f"main:{kind}-1"]


def test_the_claims_file_builds_what_check_reads(tmp_path):
    from proofs.userfile import load

    root = write_paper(tmp_path, r"""
\begin{thm}Let $A \in \R^{m \times d}$, $x \in \R^d$ and let $y = Ax$. Let $f(t) = \sq{t}$.
Then $\norm{y}_2 \le \norm{A} \norm{x}_2$ and $f(\norm{y}_2) \ge 0$.\end{thm}
""")
    out = tmp_path / "claims.py"
    assert main(["extract", str(root), "-o", str(out)]) == 0
    written = {c.id: (str(c.prop), sorted(map(str, c.hypotheses))) for c in load(str(out))}
    read = {e.id: (str(e.statement), sorted(map(str, e.hypotheses)))
            for e in read_paper(str(root)).entries()}
    assert written == read == {
        "main:theorem-1:part-1": ("Norm2(A*x) <= Norm2(x)*OpNorm(A)", []),
        "main:theorem-1:part-2": ("Norm2(A*x)**2 >= 0", [])}


def test_standing_assumptions_of_a_section_are_carried(tmp_path):
    root = write_paper(tmp_path, r"""
\section{Bounds}
Throughout this section, we assume that $0 < \eta \le 1$.
\begin{lemma}Then $\eta^2 \le \eta$.\end{lemma}
\section{Other}
\begin{lemma}For all real $x$, $\eta^2 \le \eta + x^2$.\end{lemma}
""")
    got = claims(root)
    assert got["main:lemma-1"] == ("eta**2 <= eta", ["0 < eta", "eta <= 1"], ())
    # not in the next section: eta is free there (and refuted as read, rightly)
    assert got["main:lemma-2"][1] == []


def test_a_condition_on_a_list_of_names_holds_for_each(tmp_path):
    root = write_paper(tmp_path, r"""
\begin{thm}$\forall a, b > 0$, $p, q > 1$ with $\frac1p + \frac1q = 1$, we have
$ab \le \frac{a^p}{p} + \frac{b^q}{q}$.\end{thm}
""")
    assert claims(root)["main:theorem-1"] == (
        "a*b <= a**p/p + b**q/q", ["1/q + 1/p = 1", "a > 0", "b > 0", "p > 1", "q > 1"], ())


def test_a_case_condition_is_its_own_sentence_s(tmp_path):
    root = write_paper(tmp_path, r"""
\begin{thm}Let $x \in (0, 1)$. If $y > 1$, then $xy < y$. For $y < 0$, we have $xy > y$.
Moreover, $x^2 < x$.\end{thm}
""")
    got = claims(root)
    assert [got[f"main:theorem-1:part-{k}"][:2] for k in (1, 2, 3)] == [
        ("x*y < y", ["0 < x", "x < 1", "y > 1"]),
        ("x*y > y", ["0 < x", "x < 1", "y < 0"]),  # not y > 1 too: no vacuous case
        ("x**2 < x", ["0 < x", "x < 1"])]
    assert got["main:theorem-1:part-1"][2] == ()
    assert got["main:theorem-1:part-2"][2] == (
        "a condition of another sentence may apply: y > 1",)


def test_ids_by_number_reach_the_claims(tmp_path, capsys):
    root = write_paper(tmp_path, r"\begin{lemma}\label{lem:a}For all real $x$, $x^2 \ge 0$."
                                 r"\end{lemma}")
    assert read_paper(str(root), ids="number").entries()[0].id == "main:lemma-1"
    assert read_paper(str(root)).entries()[0].id == "main:lemma-a"
    assert main(["extract", str(root), "--ids", "number", "-o", "-"]) == 0
    assert '"main:lemma-1"' in capsys.readouterr().out


def test_errata_name_a_labelled_statement_by_the_number_the_paper_prints(tmp_path, capsys):
    root = write_paper(tmp_path, r"""
\section{One}
\begin{lemma}\label{lem:ineq}The following inequalities are valid.
\begin{enumerate}\item $1 + x \le \exp(x)$. \item $x^2 \ge x$, for $x \in [-1, 2]$.
\end{enumerate}\end{lemma}
""")
    main(["errata", str(root), "--budget", "quick", "--no-cache", "-q", "--format", "json"])
    errata = json.loads(capsys.readouterr().out)
    assert [f["id"] for f in errata["findings"]] == ["main:lemma-ineq:item-2"]
    assert [c["title"] for c in errata["causes"]] == ["Lemma 1 item 2: false statement"]


def test_check_json_lists_the_statements_not_checked_with_their_reading(tmp_path, capsys):
    root = write_paper(tmp_path, r"""
\begin{lemma}Let $X$ be a nonnegative random variable and $t > 0$. Then
$\Pr(X \geq t)\leq \frac{\mathbb{E}[X]}{t}$.\end{lemma}
\begin{lemma}$f^*$ is convex.\end{lemma}
""")
    out = tmp_path / "r.json"
    main(["check", str(root), "--budget", "quick", "--no-cache", "-q", "--json", str(out)])
    assert "not checked: 2 statements (1 read as written: " in capsys.readouterr().out
    rows = json.loads(out.read_text())["not_checked"]
    assert rows[0] == {"id": "main:lemma-1", "where": "sections/results part.tex:3",
                       "why": "random quantity",
                       "read_as": "if t > 0; X ≥ 0: Pr[X ≥ t] ≤ E[X]/t",
                       "reading": "complete", "left": []}
    assert rows[1]["why"] == "statement in words" and "read_as" not in rows[1]


def test_report_takes_a_source_and_writes_its_statements(tmp_path, capsys):
    root = write_paper(tmp_path, r"""
\begin{lemma}\label{lem:ineq}We have $x^2 \ge x$ for $x \in [-1, 2]$.\end{lemma}
""")
    out = tmp_path / "r.tex"
    code = main(["report", str(root), "-o", str(out), "--budget", "quick", "--no-cache", "-q"])
    text = out.read_text()
    assert code == 1  # a false statement read completely: unexpected, as for check
    assert "Lemma 1: false statement" in text and "refuted" in text
    assert main(["report", str(tmp_path / "missing.tex"), "-o", str(out)]) == 2
    capsys.readouterr()


def test_a_section_file_read_alone_takes_the_macros_of_its_document(tmp_path, capsys):
    root = write_paper(tmp_path, "")
    section = tmp_path / "sections" / "appendix.tex"  # not input by the root (an orphan)
    section.write_text("\\begin{lem}For all real $x$, $\\sq{x} \\ge 0$.\\end{lem}\n",
                       encoding="utf-8")
    p = read_paper(str(section))
    assert [str(e.statement) for e in p.entries()] == ["x**2 >= 0"]  # \sq of ../macros.tex
    assert [e.source for e in p.entries()] == ["Lemma 1, appendix.tex:1"]
    assert p.host == str(root) and "its macros are those of ../main.tex" in p.warnings()[-1]
    # "% !TEX root" names the document; a complete document is its own
    other = tmp_path / "other.tex"
    other.write_text(PREAMBLE.replace("\\input{macros}", "\\def\\sq#1{#1^3}")
                     + "\\end{document}\n", encoding="utf-8")
    section.write_text("% !TEX root = ../other.tex\n" + section.read_text(), encoding="utf-8")
    assert [str(e.statement) for e in read_paper(str(section)).entries()] == ["x**3 >= 0"]
    assert read_paper(str(root)).host is None
