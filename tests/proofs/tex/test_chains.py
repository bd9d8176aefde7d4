"""A proof's displays cut into chains of steps, with their reasons (proofs/tex/chains.py), and
proofs attached to the statements they prove (proofs/tex/proof_envs.py)."""

from proofs.tex.chains import chains, explained_marks
from proofs.tex.proof_envs import attach, proof_environments
from proofs.tex.theorems import environments


def _steps(text):
    return [(c.start, [(s.rel, s.rhs) for s in c.steps]) for c in chains(text)]


def test_a_row_that_starts_with_a_relation_continues_the_chain():
    text = r"a &= b + c \nonumber \\ &\le d \label{eq:1} \\ &< e."
    assert _steps(text) == [("a", [("=", "b + c"), (r"\le", "d"), ("<", "e")])]
    assert chains(text)[0].labels == ["eq:1"]


def test_a_row_that_starts_with_a_term_starts_a_new_chain():
    assert [c.start for c in chains(r"x &= 1 \\ y &\le 2 \\ &= 3")] == ["x", "y"]


def test_relations_inside_groups_are_not_cut():
    text = r"\Pr\left(X \le t\right) \le \frac{1}{t} \{ s : s < 1 \}"
    assert _steps(text) == [(r"\Pr\left(X \le t\right)", [(r"\le", r"\frac{1}{t} \{ s : s < 1 \}")])]


def test_reasons_beside_the_formula_are_the_steps():
    c = chains(r"f(x) &\le g(x) && \text{by Lemma~\ref{l:a}} \\ &= h(x) \quad (\text{Jensen}) "
               r"\\ &\le k \tag{CS}")[0]
    assert [s.reason for s in c.steps] == [r"by Lemma~\ref{l:a}", "Jensen", "CS"]


def test_marks_on_relations_and_their_explanation_after_the_display():
    c = chains(r"a &\stackrel{(a)}{\le} b \\ &\overset{\text{(ii)}}{=} c \\ "
               r"&\underset{\eqref{e:x}}{<} d")[0]
    assert [(s.rel, s.mark) for s in c.steps] == [(r"\le", "a"), ("=", "ii"), ("<", r"\eqref{e:x}")]
    said = explained_marks(r"where (a) follows from Young's inequality, (ii) holds by "
                           r"definition and in (iii) we used $x \ge 0$.")
    assert said == {"a": "follows from Young's inequality", "ii": "holds by definition",
                    "iii": "we used $x \\ge 0$"}


def test_words_that_restrict_a_step_are_its_condition_not_its_reason():
    s = chains(r"g(t) \le t^2 \quad \text{for all } t \in [0, 1]")[0].steps[0]
    assert s.reason == "" and s.condition.startswith("for all")


def test_spacing_after_a_formula_is_not_a_condition():
    s = chains(r"a \le b \quad = c")[0]
    assert [(x.rel, x.rhs) for x in s.steps] == [(r"\le", "b"), ("=", "c")]


def test_underbrace_annotations_are_remarks():
    assert _steps(r"a = \underbrace{b + c}_{\le 1} \le 2") == [("a", [("=", "{b + c}"),
                                                                      (r"\le", "2")])]


def test_aligned_inside_a_display_is_unwrapped():
    text = r"\begin{aligned} u &\le v \\ &\le w \end{aligned}"
    assert _steps(text) == [("u", [(r"\le", "v"), (r"\le", "w")])]


TEX = (r"\newtheorem{lemma}{Lemma}\newtheorem{theorem}{Theorem}" "\n"
       r"\begin{lemma}\label{l:a}$x \le 1$\end{lemma}" "\n"
       r"Some words.\begin{proof}First.\end{proof}" "\n"
       r"\section{Next}" "\n"
       r"\begin{theorem}\label{t:b}$y \le 2$\end{theorem}" "\n"
       r"\section{Appendix}" "\n"
       r"\begin{proof}[Proof of Theorem~\ref{t:b}]Second.\end{proof}" "\n"
       r"\begin{proof}[Proof of Lemma 1]Third.\end{proof}" "\n"
       r"\begin{proof}[Proof of Lemma~\ref{l:nowhere}]Fourth.\end{proof}" "\n"
       r"\begin{proof}Fifth, after a proof.\end{proof}")


def test_proofs_are_attached_after_their_statement_or_by_their_title():
    envs = environments(TEX)
    got = [(p.body, None if p.of is None else envs[p.of].name, p.how) for p in attach(TEX, envs)]
    assert got == [("First.", "Lemma 1", "after it"),
                   ("Second.", "Theorem 1", "its title names it"),
                   ("Third.", "Lemma 1", "its title names it"),
                   ("Fourth.", None, ""),  # names a statement not found: not guessed
                   ("Fifth, after a proof.", None, "")]


def test_nested_proofs_are_one_environment():
    tex = r"\begin{proof}a \begin{proof}b\end{proof} c\end{proof}"
    assert [p.body for p in proof_environments(tex)] == [r"a \begin{proof}b\end{proof} c"]
