"""Statements about sets shown as written (issue 45, item 3): what reads as one, what does
not, and how it is shown."""

from __future__ import annotations

import pytest

from proofs.tools.set_statements import set_statement


@pytest.mark.parametrize(("latex", "shown"), [
    (r"x_0 \in \overline{C}\setminus C", "x_0 ∈ C̄ ∖ C"),
    (r"x_0 \not\in \overline{C}", "x_0 ∉ C̄"),
    (r"C \cap \argmin f = \O", "C ∩ argmin f = Ø"),  # \O prints Ø: shown as printed
    (r"A \cap B = \emptyset", "A ∩ B = ∅"),
    (r"S \subseteq [m]", "S ⊆ [m]"),
    (r"\ri(\operatorname{dom}(f)) \cap \ri(\operatorname{dom}(g)) \neq \O",
     "ri(dom(f)) ∩ ri(dom(g)) ≠ Ø"),
    (r"\argmin_{x} f(x) = \{x: 0 \in \partial f(x)\}", "argmin_{x}f(x) = {x : 0∈∂f(x)}"),
    (r"\Theta_\epsilon\subset \mathbb{S}^{p-1}_2\cap \mathbb{B}^p_q(R_q)",
     "Θ_ϵ ⊂ 𝕊^{p-1}_2 ∩ 𝔹^p_q(R_q)"),
    (r"a \in \mathbb{R}^{n} \setminus \{0\}", "a ∈ ℝ^{n} ∖ {0}"),
    (r"y - x \in N_C(x)", "y - x ∈ N_C(x)"),
    (r"x, y \in C", "x, y ∈ C"),
    (r"G \subseteq G'", "G ⊆ G'"),
    (r"\bigcup_{i=1}^n E_i \subseteq F", "⋃_{i=1}^nE_i ⊆ F"),
])
def test_a_statement_about_sets_is_shown_as_printed(latex, shown):
    assert set_statement(latex, {}) == shown


@pytest.mark.parametrize("latex", [
    r"x \le 1",  # numbers
    r"A = B",  # two names: nothing says they are sets
    r"f = g",
    r"x \in [0, 1]",  # an interval: the checker's
    r"x \in A \in B",  # a set as an element
    r"x_0 \in C, x \le 1",  # a number beside the set
    r"G = \{\text{all function} \in \{0,1\}\}",  # a set said in words
    r"\Pr[F \cap E_i] \le 1",
])
def test_what_is_not_only_about_sets_is_left_to_the_other_readings(latex):
    assert set_statement(latex, {}) is None


def test_a_name_given_a_value_is_no_set():
    from symbolic import objects as ob

    assert set_statement(r"x \in C", {"C": ob.scalar("C")}) is None
    assert set_statement(r"x \in C", {"x": ob.scalar("x")}) == "x ∈ C"
