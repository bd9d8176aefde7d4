"""Sentences read as a mathematician reads them (issue 45, item 2): each formula's role from
the words before it, and what a reading leaves."""

from __future__ import annotations

from proofs.tex.sentences import read_body


def roles(body: str, kind: str = "theorem") -> list[tuple[str, str]]:
    return [(p.role, p.latex) for p in read_body(body, 1, kind).pieces if p.role != "mention"]


def test_define_and_let_bind_names_and_are_never_statements():
    got = roles(r"Let $n \ge 1$. Define $x = \frac{2k-n}{\sqrt n}$. Let $y = Ax$ and "
                r"$z := x + 1$. Then $x \le z$.")
    assert got == [("condition", r"n \ge 1"), ("definition", r"x = \frac{2k-n}{\sqrt n}"),
                   ("definition", "y = Ax"), ("definition", "z := x + 1"),
                   ("statement", r"x \le z")]


def test_ie_restates_and_is_not_checked_alone():
    got = roles(r"The update guarantees $R_T \le \sqrt{T}$, i.e. $w_t = b\,W_{t-1}$.")
    assert got == [("statement", r"R_T \le \sqrt{T}"), ("restatement", r"w_t = b\,W_{t-1}")]


def test_conditions_after_satisfying_and_and_are_kept():
    r = read_body(r"Let $n, k$ be integers satisfying $n \ge 1$ and $\frac n2 \le k \le n$. "
                  r"Then $\binom{n}{k} \ge 1$.", 1)
    assert [(p.role, p.latex) for p in r.pieces if p.role != "mention"] == [
        ("condition", r"n \ge 1"), ("condition", r"\frac n2 \le k \le n"),
        ("statement", r"\binom{n}{k} \ge 1")]
    # "integers" is not read (the names are reals to the reader): the reading says so
    assert [why for _, why in r.left] == ["'integer' not read (the names are read as reals)"]


def test_positive_integers_and_adjectives_are_read():
    r = read_body(r"Let $m$ be a positive integer and $a, b$ positive reals. Then "
                  r"$a + b \ge 2\sqrt{ab}$.", 1)
    assert r.integers == ["m"]
    assert [c.latex for c in r.word_conditions] == ["a > 0", "b > 0"]
    assert r.left == []


def test_conclusions_after_guarantees_we_have_that_and_a_display_after_if():
    assert roles(r"Gradient descent guarantees $f(x_T) \le \epsilon$.") == [
        ("statement", r"f(x_T) \le \epsilon")]
    assert roles(r"For all $x > 0$ we have that $\log x \le x - 1$.") == [
        ("condition", "x > 0"), ("statement", r"\log x \le x - 1")]
    assert roles(r"If $x > 0$, $$\log x \le x - 1.$$") == [
        ("condition", "x > 0"), ("statement", r"\log x \le x - 1")]
    assert roles(r"If $x > 0$ and $y > 0$, then $xy > 0$.") == [
        ("condition", "x > 0"), ("condition", "y > 0"), ("statement", "xy > 0")]


def test_conditions_after_a_noun():
    assert roles(r"For matrix $A \in \mathbb{R}^{n \times d}$ and vectors "
                 r"$x, y \in \mathbb{R}^d$, we have $\|Ax\| \le \|A\| \|x\|$.") == [
        ("condition", r"A \in \mathbb{R}^{n \times d}"),
        ("condition", r"x, y \in \mathbb{R}^d"),
        ("statement", r"\|Ax\| \le \|A\| \|x\|")]


def test_existentials_disjunctions_and_random_quantities_are_not_statements():
    assert roles(r"There exists $c > 0$ such that $f(x) \le c$.") == [
        ("existential", "c > 0"), ("existential", r"f(x) \le c")]
    assert roles(r"Then $x \le c$ for some $c > 0$.")[1] == ("existential", "c > 0")
    assert [r for r, _ in roles(r"Then $x \le 0$ or $x \ge 1$.")] == ["statement",
                                                                   "disjunction"]
    r = read_body(r"Let $X$ be a random variable with $|X| \le 1$. Then $e^X \le e$.", 1)
    assert r.random == "random"
    assert read_body(r"Then $\mathbb{E}[X] \le 1$.", 1).random.startswith("\\mathbb")


def test_words_the_reader_does_not_understand_are_left():
    r = read_body(r"Let $f$ be monotone. Then $f(x) \ge f(y)$.", 1)
    assert r.left == [(1, "words not read: 'monotone'")]
    r = read_body(r"Let $f$ be convex. Then $f(x) \ge f(y)$.", 1)  # a function class: read
    assert r.left == [] and r.classes == [("f", "convex", 1, 0, 0)]
    assert read_body(r"Let $x > 0$. Then $x^2 > 0$.", 1).left == []


def test_definition_and_assumption_environments():
    assert roles(r"For $t > 0$ we write $\lambda = \frac{t}{1+t}$.", "definition") == [
        ("condition", "t > 0"), ("definition", r"\lambda = \frac{t}{1+t}")]
    assert roles(r"The step size satisfies $\eta \le 1/L$.", "assumption") == [
        ("condition", r"\eta \le 1/L")]


def test_sentences_do_not_end_at_abbreviations_and_items_count():
    r = read_body(r"\begin{enumerate}\item $1 \le 2$, e.g. $x = 1$. \item Then $x^2 \ge 0$."
                  r"\end{enumerate}", 1)
    assert [(p.role, p.item) for p in r.pieces] == [("statement", 1), ("restatement", 1),
                                                   ("statement", 2)]


def test_an_equivalence_is_not_read_as_either_side():
    assert roles(r"Then $x \le 1$ if and only if $x^2 \le 1$.") == [
        ("equivalence", r"x \le 1"), ("equivalence", r"x^2 \le 1")]
    assert [r for r, _ in roles(r"We have $a \le b \iff b \ge a$.")] == ["equivalence"]


def test_the_steps_of_an_iteration_in_a_statement_define_it():
    r = read_body(r"Nesterov's method produces $y_0 = x_0$, "
                  r"\[ x_{k+1} = y_k - \tfrac1L g_k, \quad y_{k+1} = x_{k+1} + \tfrac{k}{k+3}"
                  r"(x_{k+1} - x_k), \] and then $f(x_k) - f^* \le 1/k$.", 1)
    assert [(p.role, p.latex) for p in r.pieces][:3] == [
        ("definition", "y_0 = x_0"), ("definition", r"x_{k+1} = y_k - \tfrac1L g_k"),
        ("definition", r"y_{k+1} = x_{k+1} + \tfrac{k}{k+3}(x_{k+1} - x_k)")]
    assert r.pieces[-1].role == "statement"


def test_an_implication_is_a_statement_under_its_premise():
    from proofs.tex.sentences import implication

    assert implication(r"d > 0 \implies d^2 > 0") == r"d^2 > 0 \quad \text{if } d > 0"
    assert implication(r"x \Rightarrow y") == r"x \Rightarrow y"  # no relation: not formulas
    r = read_body(r"We have $x > 1 \implies x^2 > x$.", 1)
    assert [(p.role, p.latex) for p in r.pieces] == [
        ("statement", r"x^2 > x \quad \text{if } x > 1")]


def test_we_have_for_all_then_a_display_makes_the_display_the_statement():
    r = read_body(r"Then we have for all $h \in (0, 1)$ \[ g(h) \le 1 . \]", 1)
    assert [(p.role, p.latex) for p in r.pieces] == [
        ("condition", r"h \in (0, 1)"), ("statement", r"g(h) \le 1")]
    # an assumption quantified the same way stays an assumption
    for words in ("Assume that for all", "Assume we have for all", "Suppose it holds for all"):
        r = read_body(words + r" $x$ \[ g(x) \le 1 . \] Then $g(0) \le 1$.", 1)
        assert [(p.role, p.latex) for p in r.pieces if p.role != "mention"] == [
            ("condition", r"g(x) \le 1"), ("statement", r"g(0) \le 1")], words


def test_a_conditional_remark_after_a_statement_keeps_its_conditions():
    from proofs.tools import extract as ex
    tex = (r"\begin{lemma}If $x \ge 1$, then the following holds. \[ x^2 \ge 1. \]"
           r"\end{lemma}"
           r"\begin{lemma}If $y \ge 0$, then \[ y^3 \ge 0 \] If $y \ge 2$, the bound "
           r"improves.\end{lemma}")
    got = ex.extract(r"\documentclass{article}\newtheorem{lemma}{Lemma}\begin{document}"
                     + tex + r"\end{document}", "p.tex", "p")
    first, second = got.read
    assert first.hypotheses == (r"x \ge 1",)  # an earlier "If" still reaches the display
    assert second.hypotheses == (r"y \ge 0",)  # a later one does not reach back


def test_a_name_for_a_case_after_a_display_is_dropped_and_a_condition_in_words_stays():
    from proofs.tex.sentences import clean_math

    assert clean_math(r"h_n = \frac{2}{L+\mu} \qquad \text{``transient phase''}") == \
        r"h_n = \frac{2}{L+\mu}"
    assert clean_math(r"x \le 1 \quad \text{for all } x") == r"x \le 1 \quad \text{for all } x"
    assert clean_math(r"x \le 1 \quad \text{if $x$ is small}.") == \
        r"x \le 1 \quad \text{if $x$ is small}"


def test_a_function_signature_is_not_a_statement():
    assert roles(r"$f: \mathbb{R}^n \to \mathbb{R}$ is convex. Then $f(x) \le 1$.") == [
        ("condition", r"f: \mathbb{R}^n \to \mathbb{R}"), ("statement", r"f(x) \le 1")]


def test_a_display_line_that_starts_with_a_plus_continues_the_one_before():
    from proofs.tex.sentences import display_lines

    assert [f for f, _ in display_lines(r"a \le b \\ + c \\ -1 < d")] == [
        r"a \le b + c", "-1 < d"]


def test_such_that_abbreviated_does_not_end_a_sentence():
    assert roles(r"There exists $a > 0$ s.t. $a^2 \le x$ for all $x \ge 1$.") == [
        ("existential", "a > 0"), ("existential", r"a^2 \le x"),
        ("existential", r"x \ge 1")]


def test_a_sentence_that_assumes_states_no_conclusion_after_a_quantifier():
    assert roles(r"Assume that $f$ is convex, and $\forall x, y \in D$, $\|x - y\| \le D$. "
                 r"Then $f(x) \le 1$.") == [
        ("condition", r"\forall x, y \in D"), ("condition", r"\|x - y\| \le D"),
        ("statement", r"f(x) \le 1")]
    assert roles(r"For all $x > 0$, $x^2 > 0$.")[1] == ("statement", "x^2 > 0")
    assert roles(r"If $x > 0$, $x^2 > 0$.")[1] == ("statement", "x^2 > 0")


def test_a_then_after_for_some_makes_the_conclusion_a_statement():
    assert roles(r"If $|a| \le c$ for some $c > 0$, then $a^2 \le c^2$.")[-1] == (
        "statement", r"a^2 \le c^2")


def test_probability_qualifiers_written_short_or_after_the_display():
    from proofs.tex.sentences import read_body

    for body in (r"Then, w.p. $\ge 1-\delta$, $$x \le 1.$$",
                 r"Then, w.p. at least $1-\delta$, $$x \le 1.$$",
                 r"We have $$x \le 1$$ with probability higher than $1-\delta$."):
        roles = sorted((p.role, p.latex) for p in read_body(body, 1, "theorem").pieces)
        assert roles[0][0] == "probability" and roles[0][1].endswith("1-\\delta"), body
        assert roles[1] == ("statement", "x \\le 1"), body


def test_a_relation_after_a_definition_that_is_not_a_value_is_a_condition():
    from proofs.tex.sentences import read_body

    body = r"Let $y = 2x$ and $a_i \le X_i \le b_i$. Then $y \le 1$."
    assert [(p.role, p.latex) for p in read_body(body, 1, "theorem").pieces] == [
        ("definition", "y = 2x"), ("condition", r"a_i \le X_i \le b_i"),
        ("statement", r"y \le 1")]


def test_the_conditions_named_so_are_conditions_not_statements():
    from proofs.tex.sentences import read_body

    body = (r"The conditions $$L\gamma^2 \le \mu$$ and $$y = \frac{\mu w}{\gamma}$$ are "
            r"sufficient for lower bounding $$J := (1-\gamma) x$$ by $x$.")
    assert [p.role for p in read_body(body, 1, "lemma").pieces] == [
        "condition", "condition", "definition", "mention"]


def test_what_an_assumed_name_satisfies_is_a_condition_and_for_some_there_quantifies_it():
    assert roles(r"If $x \ge 0$ satisfies $x \le c$, then $x^2 \le c^2$.") == [
        ("condition", r"x \ge 0"), ("condition", r"x \le c"), ("statement", r"x^2 \le c^2")]
    assert roles(r"Suppose $x \ge 0$ satisfies $x \le c$ for some $c > 0$.") == [
        ("condition", r"x \ge 0"), ("condition", r"x \le c"), ("condition", "c > 0")]
    # the conclusion of an "if" without "then": what it says exists is asserted
    assert roles(r"If $x \ge 0$, there exists $c > 0$ such that $x \le c$.")[1:] == [
        ("existential", "c > 0"), ("existential", r"x \le c")]
    # "there is the bound" asserts the display
    assert roles(r"Then there is the bound \[ x \le 1. \]") == [("statement", r"x \le 1")]


def test_a_display_the_sentence_assumes_is_a_condition_and_an_assumption_without_then_asserts():
    assert roles(r"If we use the recursion \begin{align} w_n = y_n - f(y_n) \end{align} in the "
                 r"algorithm, then we can simplify $z_n$ to \begin{align} z_n = w_{n-1} "
                 r"\end{align}") == [("condition", "w_n = y_n - f(y_n)"),
                                     ("statement", "z_n = w_{n-1}")]
    assert roles(r"Suppose that for all $i$, \begin{equation*} |f(S) - f(T)| \le c "
                 r"\end{equation*} Then it holds that \begin{equation} g \le c \end{equation}"
                 ) == [("condition", r"|f(S) - f(T)| \le c"), ("statement", r"g \le c")]
    # "Given …, it preserves the following" and "Assuming …, we are …": no "then", asserted
    assert roles(r"Given $x > 0$, it preserves the following with probability $0.9$, "
                 r"\begin{equation*} x^2 > 0 \end{equation*}")[-1] == ("statement", "x^2 > 0")


def test_what_a_restatement_says_defines_and_never_conditions():
    got = roles(r"Let $n_0$ be the time we enter the phase, i.e. the first index where "
                r"$a_n \ge 1$. Then $b_n \le 1$.")
    assert ("restatement", r"a_n \ge 1") in got and ("condition", r"a_n \ge 1") not in got


def test_an_adjective_of_a_matrix_is_no_scalar_condition_and_is_left():
    r = read_body(r"Let $D$ be a non-zero $n\times n$-matrix. Then $x \le 1$.", 1)
    assert r.word_conditions == [] and [w for _, w in r.left] == [
        "'non-zero' of a matrix or a vector not read: D"]
    r = read_body(r"Let $a, b$ be positive reals. Then $a + b > 0$.", 1)
    assert [c.latex for c in r.word_conditions] == ["a > 0", "b > 0"]


def test_a_statement_carries_the_words_of_its_item_and_of_no_later_commentary():
    r = read_body(r"Let $x > 0$. Then \begin{enumerate}\item $x^2 > 0$ in the monotone phase. "
                  r"\item $x^3 > 0$ on the other hand. \end{enumerate} This motivates why we "
                  r"care. If $x$ is also nice, the bound improves.", 1)
    first, second = [p for p in r.pieces if p.role == "statement"]
    assert r.words_for(first) == ["monotone", "phase", "nice", "improves"]
    assert r.words_for(second) == ["nice", "improves"]  # "on the other hand": a connective


def test_a_formula_naming_the_subject_of_a_claim_in_words_defines_and_is_left():
    r = read_body(r"Then $X = X_1 + X_2$ is a Poisson random variable.", 1)
    assert [(p.role, p.latex) for p in r.pieces] == [("definition", "X = X_1 + X_2")]
    assert "what it says in words of X = X_1 + X_2 is not read: 'is a poisson random " \
           "variable'" in [w for _, w in r.left]
    assert roles(r"Then $x = 1$ is the unique solution.") == [("statement", "x = 1")]


def test_independence_and_almost_surely_are_read_as_written():
    r = read_body(r"For i.i.d. samples $z_1, \ldots, z_n$ with $|z_i| \le 1$ almost surely, we "
                  r"have $z_1 \le 1$.", 1)
    assert [c.latex for c in r.random_conditions] == ["z_1, …, z_n i.i.d."]  # "i.i.d." ends
    assert r.almost_surely == {r"|z_i| \le 1"}  # no sentence


def test_what_a_sentence_concludes_after_so_by_or_we_have_is_never_assumed():
    """Soundness review: a conclusion made a hypothesis proves false statements."""
    assert roles(r"Suppose $x > 0$, so by the AM-GM inequality $$x + \frac{1}{x} \ge 3.$$ "
                 r"Consequently $x^2 - 3x + 1 \ge 0$.")[1:] == [
        ("statement", r"x + \frac{1}{x} \ge 3"), ("statement", r"x^2 - 3x + 1 \ge 0")]
    assert roles(r"If $x > 0$, by the AM-GM inequality $$x+\frac1x \ge 3,$$ and thus "
                 r"$x^2+1 \ge 3x$.")[1] == ("statement", r"x+\frac1x \ge 3")
    assert ("condition", r"x^2 \ge x") not in roles(
        r"Let $x > 0$, so that $x$ satisfies $x^2 \ge x$. Then $x \ge 1$.")
    assert roles(r"If $x > 1$, we have $x^2 > c$ for some $c > 1$.")[2] == (
        "existential", "c > 1")  # asserted, never a condition for every c
    assert roles(r"Let $x>0$ and $y = x^2$. Then $y = x^3$ is increasing in $x$.")[-1] == (
        "statement", "y = x^3")  # y is no new subject: the equation is asserted


def test_what_a_later_for_some_quantifies_is_not_stated_for_every_value():
    assert roles(r"If $x > 1$, then $x^2 > c$ for some $c > 1$.") == [
        ("condition", "x > 1"), ("existential", "x^2 > c"), ("existential", "c > 1")]


def test_a_sentence_opened_by_for_states_its_last_formula_after_a_comma():
    assert roles(r"For $x > 0$, $x^2 > 0$.") == [("condition", "x > 0"),
                                                 ("statement", "x^2 > 0")]
    assert roles(r"For $x > 0$, $y > 0$, we have $xy > 0$.") == [
        ("condition", "x > 0"), ("condition", "y > 0"), ("statement", "xy > 0")]
    assert roles(r"For $X$ output in the algorithm, $\mathbb{E}[X] = m/2$.")[-1] == (
        "statement", r"\mathbb{E}[X] = m/2")
    assert roles(r"For example, $x = 2$.") == [("condition", "x = 2")]  # no claim


def test_then_is_must_have_and_that_means_conclude():
    assert roles(r"Let $r \ge 1$. Then the expected time for all the $r$ requests is "
                 r"$T = O(r)$.")[-1] == ("statement", "T = O(r)")
    assert roles(r"Any $c$-competitive algorithm must have $c \geq k$.")[-1] == (
        "statement", r"c \geq k")
    assert roles(r"Consider the version with $q = 1$, which indicates that $R \le 0$. That means "
                 r"$e = R/T$.") == [("condition", "q = 1"), ("statement", r"R \le 0"),
                                    ("restatement", "e = R/T")]  # what e stands for (audit 36)
    # a set of sources "which are" listed, with an index range in a subscript: no claim
    assert roles(r"Then $x \le 1$ over the sources, which are $\{S_i\}_{i=1}^n$.")[1:] == [
        ("unclassified", r"\{S_i\}_{i=1}^n")]


def test_a_formula_naming_the_subject_of_a_claim_in_words_defines_a_new_name():
    """Audit 34: "Then $X = X_1 + X_2$ is a Poisson random variable" asserted X = X_1 + X_2
    (X_1 was taken for X met before)."""
    got = roles(r"Let $X_1, X_2$ be independent Poisson random variables. Then $X = X_1 + X_2$ "
                r"is a Poisson random variable with parameter $\lambda_1 + \lambda_2$.")
    assert got == [("definition", "X = X_1 + X_2")]
    assert roles(r"Let $y = x^2$. Then $y = x^3$ is increasing.")[-1] == ("statement",
                                                                           "y = x^3")


def test_what_suppose_says_it_has_before_a_then_is_assumed():
    """Audit 34 (McDiarmid): "Suppose that $\\forall x$, it has $$A$$ Then $$B$$": A is the
    hypothesis of B, never a claim."""
    got = roles(r"Suppose that $\forall x_i'$, it has \begin{equation*} |f(S) - f(S')| \leq c "
                r"\end{equation*} Then it holds that \begin{equation} g(t) \le t \end{equation}")
    assert got == [("condition", r"|f(S) - f(S')| \leq c"), ("statement", r"g(t) \le t")]
    # what a supposition concludes ("so by …") is still a conclusion
    assert roles(r"Suppose $x > 0$, so by AM-GM $$x + 1/x \ge 2.$$ Then $x \ge 0$.")[1] == (
        "statement", r"x + 1/x \ge 2")


def test_names_a_there_are_binds_stay_bound_in_the_sentences_after_it():
    """Audit 34: "there are constants $c, C$ … Furthermore, $$x \\ge C y$$" was read for every
    C."""
    got = roles(r"Then there are constants $c,c',$ and $C$ for which \[ x \geq c y. \] "
                r"Furthermore, for every $n \ge 1$, \[ x \geq C z. \] Moreover, $w \ge 0$.")
    assert got == [("existential", r"x \geq c y"), ("condition", r"n \ge 1"),
                   ("existential", r"x \geq C z"), ("statement", r"w \ge 0")]
    # an existential the text assumes binds nothing: what follows holds for every such m
    got = roles(r"Suppose there exists $m > 0$ such that $f \ge m$. Then $g \ge m$.")
    assert got[-1] == ("statement", r"g \ge m")


def test_review_34_conditions_settings_and_existentials_are_never_statements():
    """The adversarial review of session 34: each was refuted as a statement."""
    assert roles(r"Let $x>0$. Then $x^2\le x$ if the value is $x\le 1$.")[-1] == (
        "condition", r"x\le 1")
    assert roles(r"Then $x^2 \le x$ whenever the step is $\eta\le 1/L$.")[-1] == (
        "condition", r"\eta\le 1/L")
    assert roles(r"For $t\ge1$, $\eta_t=1/\sqrt t$. Then $R \le \sqrt T$.")[1] == (
        "condition", r"\eta_t=1/\sqrt t")  # a setting the "Then" uses
    assert roles(r"For $t\in[T]$, $|g_t|\le G$. Then $R \le G$.") == [  # assumed, or claimed
        ("condition", r"t\in[T]"), ("unclassified", r"|g_t|\le G"), ("statement", r"R \le G")]
    assert ("statement", r"C = L/\mu") not in roles(r"Let $L>0$. Then the constant is "
                                                     r"$C = L/\mu$.")
    for text in (r"For a constant $c>0$, $x^2+1\le c(x^2+2)$.",
                 r"For at least one $t\in[0,1]$, $t^2\ge 1/2$."):
        assert all(role != "statement" for role, _ in roles(text))


def test_the_following_holds_for_names_then_a_display_states_the_display():
    got = roles(r"The following equation holds for any game defined by $M \in \mathbb{R}^{n "
                r"\times m}$ \begin{equation} \min_p \max_q p^T M q = \max_q \min_p p^T M q. "
                r"\end{equation}")
    assert got[-1][0] == "statement"
    got = roles(r"Suppose the following holds for all $x \in S$ $$f(x) \le 1.$$ Then $g \le 1$.")
    assert got == [("condition", r"x \in S"), ("condition", r"f(x) \le 1"),
                   ("statement", r"g \le 1")]


def test_a_parenthetical_example_is_a_remark_not_a_condition():
    """Audit 34: "For $L \\in S_{\\mu, L}$ (includes $L \\in F_L$ with $\\mu = 0$)" restricted the
    corollary to μ = 0."""
    r = read_body(r"For $L \in S$ (includes $L \in F$ with $\mu = 0$), we get $$f \le \mu.$$", 1)
    assert [(p.role, p.latex) for p in r.pieces] == [
        ("condition", r"L \in S"), ("remark", r"L \in F"), ("remark", r"\mu = 0"),
        ("statement", r"f \le \mu")]
    assert (1, r"a remark in parentheses, not read: \mu = 0") in r.left


def test_a_special_case_to_be_ignored_is_a_remark_not_a_condition():
    r = read_body(r"Then $$f \le \mu \le 2L,$$ where the term in the middle should be ignored "
                  r"for $\mu=0$.", 1)
    assert [(p.role, p.latex) for p in r.pieces] == [("statement", r"f \le \mu \le 2L"),
                                                    ("remark", r"\mu=0")]


def test_a_formula_after_a_display_keeps_its_line():
    r = read_body("Let $x > 0$.\n\\begin{align}\nx &\\le 1 \\\\\n&\\le 2\n\\end{align}\n"
                  "Hence $x \\le 3$.", 10)
    assert [(p.latex, p.line) for p in r.pieces if p.role != "mention"][-1] == (r"x \le 3", 15)


def test_review_34b_a_for_sentence_before_a_then_is_neither_claim_nor_condition():
    got = roles(r"For $x \ge 1$, $x^2 \ge 4$. Then $x^3 \ge 4x$.")
    assert got == [("condition", r"x \ge 1"), ("unclassified", r"x^2 \ge 4"),
                   ("statement", r"x^3 \ge 4x")]


def test_review_34b_an_existential_binds_accented_names_and_both_sides_of_a_range():
    assert roles(r"There exists $\tilde C > 0$ such that $x \le \tilde C$. Moreover, "
                 r"$\tilde C \ge 1$.")[-1] == ("existential", r"\tilde C \ge 1")
    assert roles(r"There exists $0 < c < 1$ such that $x \le c$. Moreover, $c \ge 1/2$.")[-1] \
        == ("existential", r"c \ge 1/2")
    assert roles(r"There exists $c > 0$ such that $x \le c$. Moreover, $x^2 \ge 0$.")[-1] == (
        "statement", r"x^2 \ge 0")  # what "such that" asserts binds nothing


def test_audit_34b_setting_names_as_following_defines_them():
    got = roles(r"We find it by setting $p_*, q_*$ as following: $$p_* = \arg\min_{p \in "
                r"\Delta_n} \max_q p^T M q.$$ Then $$p_*^T M q \le 1.$$")
    assert got == [("definition", r"p_* = \arg\min_{p \in \Delta_n} \max_q p^T M q"),
                   ("statement", r"p_*^T M q \le 1")]


def test_the_items_after_if_either_or_one_of_the_following_holds_are_alternatives():
    got = roles(r"Then $f$ has one minimizer if either \begin{enumerate}\item $x \le 1$."
                r"\item $y \le 1$.\end{enumerate}")
    assert got == [("disjunction", r"x \le 1"), ("disjunction", r"y \le 1")]
    got = roles(r"If $x > 0$ and one of the following holds: \begin{enumerate}\item "
                r"$y \le 1$.\item $z \le 1$.\end{enumerate} then $x y z \le x$.")
    assert [r for r, _ in got] == ["condition", "disjunction", "disjunction", "statement"]


def test_the_items_after_iff_are_one_side_of_an_equivalence():
    got = roles(r"Then $x$ is optimal iff \begin{enumerate}\item $x \in C$ \item "
                r"$\langle g, y - x\rangle \ge 0$.\end{enumerate}")
    assert [r for r, _ in got] == ["equivalence", "equivalence"]


def test_a_membership_the_text_does_not_assert_is_no_statement():
    got = roles(r"$f \in \Gamma_0(\mathbb{R}^n)$. For any $x\in U$, $S\subseteq U$, and "
                r"$h\in \mathcal{H}$, define $c = 1$. Then $x \in C$.")
    assert got == [("unclassified", r"f \in \Gamma_0(\mathbb{R}^n)"),
                   ("condition", r"x\in U"), ("unclassified", r"S\subseteq U"),
                   ("unclassified", r"h\in \mathcal{H}"), ("definition", "c = 1"),
                   ("statement", r"x \in C")]


def test_a_footnote_or_margin_note_is_no_part_of_the_statement():
    r = read_body("Let $x > 0$.\\marginnote{A property is one where if $G\\in P$ then "
                  "$G' \\in P$.} Then\n $x^2 > 0$.\\footnote{See $y = 1$.}", 3)
    assert [(p.role, p.latex, p.line) for p in r.pieces if p.role != "mention"] == [
        ("condition", "x > 0", 3), ("statement", "x^2 > 0", 4)]
    assert [line for line, why in r.left if why.startswith("a note beside")] == [3, 4]


def test_denote_defines_a_name_with_nested_scripts():
    got = roles(r"Under the assumptions of Theorem 1 denote $\sigma^2_{\mathcal{H}_k} = "
                r"\sup_{\|f\|_{\mathcal{H}_k}\leq 1} g(f)$. Then $x \le c$.")
    assert got[0][0] == "definition"


def test_what_a_formula_means_restates_it_and_is_never_checked():
    got = roles(r"Let's say $X \sim N(\mu, \sigma^2)$, it means that the pdf of $X$ is "
                r"$$P(X = x) = \exp(-x^2).$$")
    assert [r for r, _ in got] == ["condition", "restatement"]


def test_a_later_remark_for_a_value_that_concludes_in_words_is_closed():
    r = read_body(r"Then $$h_n = \frac{1}{\lambda_1(n+\kappa)}.$$ For $\lambda_1=\lambda_d=1$, "
                  r"this results in the mean, which is optimal.", 1)
    assert r.closed_remarks() == {1}


def test_words_that_say_what_kind_of_set_a_formula_is_are_listed():
    r = read_body(r"Let $K \subset \mathbb{R}^n$ be a convex set. Then $x \le 1$.", 1)
    assert (1, r"what the words say of K \subset \mathbb{R}^n is not read: 'be a convex set'") \
        in r.left


def test_a_membership_made_no_statement_leaves_the_roles_after_it():
    got = roles(r"For all $x > 0$, $w_x \in \mathcal{W}$ and $x^2 \ge x$. In particular, "
                r"$x^3 \ge x^2$.")
    assert got == [("condition", "x > 0"), ("unclassified", r"w_x \in \mathcal{W}"),
                   ("statement", r"x^2 \ge x"), ("statement", r"x^3 \ge x^2")]


def test_what_follows_suppose_the_following_holds_is_assumed_up_to_then():
    got = roles(r"Suppose that the following holds. For all $x \in [0,1]$, $x \le c$. Then "
                r"$c \ge 1/2$.")
    assert got == [("condition", r"x \in [0,1]"), ("condition", r"x \le c"),
                   ("statement", r"c \ge 1/2")]


def test_an_implication_written_across_formulas_is_one_implication():
    """"$A$ $\\implies$ $B$" and "$A$ implies that $B$": the premise A is never a statement of
    its own (an audit found "$y > 1$" checked alone); with B in words nothing is asserted."""
    for arrow in (r"$\implies$", r"$ \Rightarrow $", "implies that", "implies"):
        got = roles(rf"Let $x > 0$. Then $x + 1 > 1$ and $y > 1$ {arrow} $x + y > 2$.")
        assert got == [("condition", "x > 0"), ("statement", "x + 1 > 1"),
                       ("statement", r"x + y > 2 \quad \text{if } y > 1")], arrow
        got = roles(rf"Let $x > 0$. Then $x + 1 > 1$ and $y > 1$ {arrow} $x$ is positive.")
        assert ("statement", "y > 1") not in got and ("statement", "x + 1 > 1") in got
    assert roles(r"Let $x > 0$. Then $x + 1 > 1$. $y > 1$ $\implies$ $x > 2$.",
                 "proof")[-1] == ("statement", "x > 2")  # a proof's "A ⟹ B" derives B


def test_a_class_the_sentence_concludes_is_listed_never_a_condition():
    """Danskin: "… and $Z(x)$ a singleton $\\implies$ $f$ is differentiable" concludes that f
    is differentiable; the statement before it does not assume it."""
    for join in (r"$\implies$", "implies", "so", "hence"):
        got = read_body(rf"If $h$ is convex, then $$g(x) \ge 0$$ and $Z$ a singleton {join} "
                        r"$f$ is differentiable.", 1)
        assert [(c[0], c[1]) for c in got.classes] == [("h", "convex")], join
        assert any("concludes of f is not read: f is differentiable" in why
                   for _, why in got.left), join


def test_which_is_equivalent_to_restates_what_is_asserted():
    """"$A$, which is equivalent to $B$" asserts A (an audit found only A ⟺ B read); "$A$ is
    equivalent to $B$" stays an equivalence."""
    assert roles(r"We have $x \le 1$, which is equivalent to $-x \ge -1$.") == [
        ("statement", r"x \le 1"), ("restatement", r"-x \ge -1")]
    assert roles(r"Then $x \le 1$, or equivalently, $-x \ge -1$.") == [
        ("statement", r"x \le 1"), ("restatement", r"-x \ge -1")]
    assert roles(r"$x \le 1$ is equivalent to $-x \ge -1$.") == [
        ("equivalence", r"x \le 1"), ("equivalence", r"-x \ge -1")]


def test_review_36b_implications_additions_otherwise_and_restatements():
    """"$A$ guarantees/ensures/yields $B$" and "$A$ only if $B$" are A ⟹ B, "is necessary
    for" the converse; "If furthermore $A$, then" assumes A; a case after "otherwise" is never
    a condition; "in other words" restates."""
    x2 = r"x^2 > x \quad \text{if } x > 1"
    for verb in ("guarantees", "ensures that", "yields", "gives"):
        assert roles(rf"For real $x$, $x > 1$ {verb} $x^2 > x$.")[-1] == ("statement", x2), verb
    assert roles(r"$x \le 1$ only if $x^2 \le 1$.") == [
        ("statement", r"x^2 \le 1 \quad \text{if } x \le 1")]
    assert roles(r"$x \ge -1$ is necessary for $x^2 \le 1$.") == [
        ("statement", r"x \ge -1 \quad \text{if } x^2 \le 1")]
    assert roles(r"$a > 0$ if and only if $b > 0$.") == [("equivalence", "a > 0"),
                                                          ("equivalence", "b > 0")]
    for adding in ("furthermore", ", moreover,", "in addition"):
        assert roles(rf"Let $x \ge 0$. If {adding} $x \le 1$, then $x^3 \le x$.") == [
            ("condition", r"x \ge 0"), ("condition", r"x \le 1"), ("statement", r"x^3 \le x")]
    got = read_body(r"Then $x^3 \le x$ if $x \le 1$, and $x^3 \ge x$ otherwise.", 1)
    assert [(p.role, p.latex) for p in got.pieces] == [
        ("statement", r"x^3 \le x"), ("condition", r"x \le 1"), ("remark", r"x^3 \ge x")]
    assert roles(r"Then $a \le 1$; in other words, $-a \ge -1$.")[-1] == (
        "restatement", r"-a \ge -1")


def test_a_conclusion_with_its_own_condition_after_and_is_a_statement():
    """"$A$ if $t \\ge 0$, and $C$ if $t \\ge 1$": C is the conclusion of its own clause,
    never a condition of A (review 36b)."""
    got = roles(r"For all $t$, $t^2 \ge 0$ if $t \ge 0$, and $t^3 \ge t$ if $t \ge 1$.")
    assert ("statement", r"t^3 \ge t") in got and ("condition", r"t^3 \ge t") not in got


def test_audit_36_premises_conditions_in_words_and_citations_by_position():
    """"… such that if for all $x$, it ensures $A$. Then $B$": A is the premise; "If $G_i$ is
    true, then" and "By the inequality above" are listed, never dropped."""
    r = read_body(r"It returns $C$ such that if for all unit vectors $x \in Q$, it ensures "
                  r"$a(x) \le b$. Then we have $c \le d$.", 1)
    assert [(p.role, p.latex) for p in r.pieces if p.role != "mention"] == [
        ("condition", r"x \in Q"), ("condition", r"a(x) \le b"), ("statement", r"c \le d")]
    r = read_body(r"If $G_i$ is true, then $N_i \le K_i$.", 1)
    assert (1, "a condition in words, not read: G_i is true") in r.left
    r = read_body(r"By the inequality above, we get $x^p/p + y^q/q \ge x y$.", 1)
    assert any("cites what comes before it ('by the inequality above')" in w for _, w in r.left)


def test_review_36c_clauses_restated_conditions():
    """", and if $A$ then $B$", "; for $x \\ge 1$ we also have $B$" are clauses of their own (a
    statement's condition never theirs); "Assume $A$, in other words $B$" assumes both; "$C$
    if $x \\ge 0$ and $y \\ge 0$, for all real $x, y$" keeps both conditions."""
    r = read_body(r"For $x > 0$ we have $x^2 \ge x$, and if $x \ge 1$ then $x^3 \ge x$.", 1)
    assert [(p.role, p.latex, p.sentence) for p in r.pieces] == [
        ("condition", "x > 0", 0), ("statement", r"x^2 \ge x", 0),
        ("condition", r"x \ge 1", 1), ("statement", r"x^3 \ge x", 1)]
    r = read_body(r"For $x \ge 0$, we have $x^2 \ge x$; for $x \ge 1$ we also have $x^3 \ge 1$.",
                  1)
    assert [(p.role, p.sentence) for p in r.pieces] == [
        ("condition", 0), ("statement", 0), ("condition", 1), ("statement", 1)]
    assert roles(r"Assume $t^2 \le 1$, in other words $0 \le t \le 1$. Then $t^3 \le t$.") == [
        ("condition", r"t^2 \le 1"), ("condition", r"0 \le t \le 1"), ("statement", r"t^3 \le t")]
    assert roles(r"Then $x y \ge 0$ if $x \ge 0$ and $y \ge 0$, for all real $x, y$.")[:3] == [
        ("statement", r"x y \ge 0"), ("condition", r"x \ge 0"), ("condition", r"y \ge 0")]


def test_a_class_that_is_a_side_of_an_equivalence_is_no_condition():
    """Audit 36: "$f$ is convex iff $\\nabla f$ is monotone. That is, …" read the display for
    every convex f (one direction); a class before "then" still conditions the equivalence."""
    r = read_body(r"Under the same assumption, $f$ is convex iff $\nabla f$ is monotone.", 1)
    assert r.classes == [] and any("a side of an equivalence in words" in w for _, w in r.left)
    r = read_body(r"If $f$ is convex, then $a \le b$ iff $c \le d$.", 1)
    assert [c[:2] for c in r.classes] == [("f", "convex")]


def test_a_class_assumed_again_after_a_conclusion_is_a_condition():
    """Review 36c: "Then $A$; if moreover $f$ is convex, then $B$" listed "f is convex" as a
    conclusion: the "if" after "Then" assumes again."""
    r = read_body(r"Then $a \le b$ and $c \le d$ whenever $f$ is convex, so $e \le g$.", 1)
    assert [c[:2] for c in r.classes] == [("f", "convex")]


def test_a_value_given_only_up_to_its_order_is_never_a_condition():
    """End audit 36: "$D \\lesssim \\gamma$ with $\\gamma = O(\\beta)$" claimed the bound for every
    such γ; the setting is listed, never a condition."""
    r = read_body(r"Then $D \le \gamma$ with $\gamma = O(\beta)$.", 1)
    assert [(p.role, p.latex) for p in r.pieces] == [
        ("statement", r"D \le \gamma"), ("remark", r"\gamma = O(\beta)")]
    assert (1, r"a value given only up to its order, not read: \gamma = O(\beta)") in r.left


def test_that_means_a_name_is_a_value_restates():
    """End audit 36: "That means $\\epsilon = \\mathrm{Reg}_T/T$" was checked as an equation
    about a free ε: what a name stands for is a restatement."""
    assert roles(r"Then $R \le 0$, which means $\epsilon = R/T$.")[-1] == (
        "restatement", r"\epsilon = R/T")
