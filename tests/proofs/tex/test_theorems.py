"""Theorem-like environments as the paper declares them (issue 45, item 1): ``\\newtheorem``,
thmtools' ``\\declaretheorem``, ``restatable``, undeclared abbreviations, and the kinds read."""

from __future__ import annotations

from proofs.tex.theorems import declarations, environments, kind_of


def test_undeclared_abbreviations_are_read_by_their_usual_kind():
    tex = "".join(rf"\begin{{{e}}}$1 \le 2$\end{{{e}}}"
                  for e in ("thm", "lem", "prop", "cor", "coro", "defn", "asm", "rem"))
    got = [(e.kind, e.printed, e.number) for e in environments(tex)]
    assert got == [("theorem", "Theorem", "1"), ("lemma", "Lemma", "1"),
                   ("proposition", "Proposition", "1"), ("corollary", "Corollary", "1"),
                   ("corollary", "Corollary", "1"), ("definition", "Definition", "1"),
                   ("assumption", "Assumption", "1"), ("remark", "Remark", "1")]
    assert [e.read for e in environments(tex)] == [True] * 7 + [False]


def test_declaretheorem_and_newtheorem_share_counters_per_section():
    tex = (r"\declaretheorem[name=Theorem,numberwithin=section]{theorem}"
           r"\declaretheorem[name=Lemma,sibling=theorem]{lemma}"
           r"\newtheorem{cor}[theorem]{Corollary}"
           r"\section{A}\begin{lemma}a\end{lemma}\begin{cor}b\end{cor}"
           r"\section{B}\begin{theorem}c\end{theorem}")
    assert [(e.kind, e.number) for e in environments(tex)] == [
        ("lemma", "1.1"), ("corollary", "1.2"), ("theorem", "2.1")]
    assert declarations(tex)["lemma"].counter == "theorem"


def test_restatable_is_read_as_the_kind_it_restates():
    tex = (r"\newtheorem{theorem}{Theorem}"
           r"\begin{restatable}[Main bound]{theorem}{mainthm}\label{thm:main}"
           r"$x \le 1$\end{restatable}")
    (e,) = environments(tex)
    assert (e.kind, e.number, e.title, e.label, e.body) == (
        "theorem", "1", "Main bound", "thm:main", r"\label{thm:main}$x \le 1$")


def test_the_printed_name_decides_the_kind_and_appendix_letters_number():
    assert kind_of("mythm", "Main Theorem") == "theorem"
    assert kind_of("res", "Result") == ""
    tex = (r"\newtheorem{lemma}{Lemma}[section]\appendix\section{Proofs}"
           r"\begin{lemma}$1 \le 2$\end{lemma}")
    assert environments(tex)[0].number == "A.1"


def test_a_title_in_braces_after_begin_is_the_title_and_the_body_starts_after_it():
    tex = (r"\begin{lemma}{(Continuity for bounded functions).} Suppose $c > 0$. Then "
           r"$c^2 > 0$.\end{lemma}\begin{lemma}{$x \le 1$} holds.\end{lemma}")
    first, second = environments(tex)
    assert (first.title, first.body) == ("Continuity for bounded functions",
                                         r" Suppose $c > 0$. Then $c^2 > 0$.")
    assert (second.title, second.body) == ("", r"{$x \le 1$} holds.")  # a formula: the body
