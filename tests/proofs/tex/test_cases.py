"""Case analyses written with ``cases``: one formula per case, each with its own condition."""

from proofs.tex.cases import expand_cases, rows
from proofs.tex.sentences import display_lines


def test_rows_do_not_cut_a_cases_block():
    text = r"a &= \begin{cases} 1 & x > 0 \\ 2 & x \le 0 \end{cases} \\ &\le 3"
    assert [r.strip() for r, _ in rows(text)] == [
        r"a &= \begin{cases} 1 & x > 0 \\ 2 & x \le 0 \end{cases}", r"&\le 3"]

    text = r"R_S &\le \frac{B}{n} \intertext{and} R_n &\le \frac{B}{\sqrt n}"  # one row each
    assert [r.strip() for r, _ in rows(text)] == [r"R_S &\le \frac{B}{n}", r"R_n &\le \frac{B}{\sqrt n}"]
    text = r"a &\le 1 \intertext{or} b &\le 2"  # "or" is no second statement: one row
    assert len(rows(text)) == 1


def test_each_case_carries_its_own_condition():
    text = r"f(x) = \begin{cases} x^2 & \text{if } x \ge 0, \\ -x & \mbox{for } x < 0. \end{cases}"
    assert expand_cases(text) == [r"f(x) = x^2 \quad x \ge 0", r"f(x) = -x \quad x < 0"]


def test_otherwise_is_the_negation_of_the_other_conditions():
    text = r"g = \begin{cases} 1 & t \le 1 \\ 2 & t > 3 \\ 0 & \text{otherwise} \end{cases}"
    assert expand_cases(text)[2] == r"g = 0 \quad t > 1, t \le 3"


def test_otherwise_after_an_unreadable_condition_keeps_its_words():
    text = r"g = \begin{cases} 1 & 0 < t < 1 \\ 0 & \text{otherwise} \end{cases}"
    assert expand_cases(text)[1] == r"g = 0 \quad \text{otherwise}"


def test_a_formula_without_cases_is_itself():
    assert expand_cases(r"x \le 1") == [r"x \le 1"]


def test_display_lines_give_one_formula_per_case_and_keep_continuations():
    text = r"""\max\{a, b\} = \begin{cases} a & a \ge b \\ b & a < b \end{cases}, \\
    h &= 1 \\ &\le 2"""
    assert [f for f, _ in display_lines(text)] == [
        r"\max\{a, b\} = a \quad a \ge b", r"\max\{a, b\} = b \quad a < b", r"h = 1 \le 2"]
