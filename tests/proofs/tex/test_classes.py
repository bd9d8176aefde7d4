"""Statements about a function class read from a paper (proofs/tex/classes.py), and checked
end to end by `proofcheck check paper.tex`."""

import sympy as sp

from numeric.budget import Budget
from numeric.stages.cascade import decide
from proofs.tex.classes import as_text, class_of, read_class_statement, set_classes
from proofs.tools import extract as ex


def _decide(claim):
    """The cascade's verdict at the quick budget, seed 0."""
    return decide(claim, Budget.get("quick"), seed=0)


def test_class_words_make_the_declared_classes():
    p = {}
    assert class_of(["convex", "L-smooth"], p).cls.key == "smooth-convex"
    assert class_of([r"\mu-strongly convex", "L-smooth"], p).cls.key == \
        "smooth-strongly-convex"
    assert class_of(["L-smooth"], p).cls.key == "smooth"
    assert class_of(["convex", "G-Lipschitz"], p).cls.key == "lipschitz-convex"
    assert set(p) == {"L", r"\mu", "G"}


def test_nesterovs_notation():
    assert set_classes(r"Let $f \in \mathcal{F}^{1,1}_{L}$.") == [("f", ["convex", "L-smooth"])]
    assert set_classes(r"If $g\in\mathcal{S}^{1,1}_{{\mu},{L}}$") == \
        [("g", [r"\mu-strongly convex", "L-smooth"])]


def test_conditions_on_the_parameters_are_read():
    got = read_class_statement("t", r"f(x - h\nabla f(x)) \le f(x)", [("f", "L-smooth")],
                               ["0 < h < 2/L"])
    (h,) = [s for s in got.claim.parameters]
    assert h.name == "h" and got.left == []
    assert got.claim.parameters[h] == sp.And(sp.Lt(0, h), sp.Lt(h, 2 / sp.Symbol("L",
                                                                                positive=True)))


def test_a_parameter_without_a_range_leaves_the_reading_incomplete():
    got = read_class_statement("t", r"f(x - h\nabla f(x)) \le f(x)", [("f", "L-smooth")], [])
    assert got.left == ["h: its range is not stated (read as any positive number)"]


def test_terms_of_a_sequence_are_not_free_points():
    why = read_class_statement("t", r"f(x_n) - f(x^*) \le \frac{L}{2n}\|x_0 - x^*\|^2",
                               [("f", "convex"), ("f", "L-smooth")], [])
    assert why == "x_0, x_n are terms of a sequence: the method that makes them is not read"


def test_sides_as_text():
    assert as_text(r"\langle \nabla f(x), y - x\rangle") == "⟨∇f(x), y - x⟩"


TEX = r"""\documentclass{article}
\newtheorem{lemma}{Lemma}
\begin{document}
\begin{lemma}\label{lem:coco}Let $f$ be convex and $L$-smooth. Then for all $x, y$,
\[ \langle \nabla f(x) - \nabla f(y), x - y \rangle \ge \frac{1}{L}
   \|\nabla f(x) - \nabla f(y)\|^2 . \]\end{lemma}
\begin{lemma}\label{lem:too-strong}Let $f$ be convex and $L$-smooth. Then for all $x, y$,
\[ \langle \nabla f(x) - \nabla f(y), x - y \rangle \ge \frac{2}{L}
   \|\nabla f(x) - \nabla f(y)\|^2 . \]\end{lemma}
\begin{lemma}\label{lem:pl}If $f$ is $\mu$-strongly convex and $L$-smooth, then for any $x$,
$f(x) - f(x^*) \le \frac{1}{2\mu}\|\nabla f(x)\|^2$.\end{lemma}
\end{document}
"""


def test_a_paper_of_class_statements_is_checked(tmp_path):
    got = ex.extract(TEX, "c.tex", "c")
    assert [(r.claim_id, r.reading) for r in got.read] == [
        ("c:lemma-coco", "complete"), ("c:lemma-too-strong", "complete"),
        ("c:lemma-pl", "complete")]
    verdicts = [_decide(r.claim) for r in got.read]
    assert [v.status.value for v in verdicts] == ["proved", "refuted", "proved"]
    assert verdicts[1].details["kernel"].startswith("data re-checked exactly")
    assert verdicts[2].method == "performance estimation (exact certificate for every mu)"


def test_a_placeholder_side_without_its_reading_is_never_checked():
    from symbolic import Claim

    got = ex.extract(TEX, "c.tex", "c")
    lost = Claim(got.read[1].claim.id, got.read[1].claim.lhs, ">=", got.read[1].claim.rhs)
    v = _decide(lost)
    assert v.status.value == "error" and "lost its class reading" in v.message


def test_the_claims_file_says_where_class_statements_are_checked():
    got = ex.extract(TEX, "c.tex", "c")
    text = ex.claims_file(got, "c.tex", ["proofcheck", "extract", "c.tex"])
    assert "# CLASS c:lemma-coco" in text and "Claim.from_latex(" not in text


GD = r"""\begin{theorem}\label{thm:gd}
Let $f$ be convex and $L$-smooth, and let $x_{k+1} = x_k - \frac{1}{L}\nabla f(x_k)$ for
$k \ge 0$. Then for all $n \ge 1$,
\[ f(x_n) - f(x^*) \le \frac{L\|x_0 - x^*\|^2}{2n}. \]
\end{theorem}
\begin{theorem}\label{thm:gd-fast}
Let $f$ be convex and $L$-smooth, and let $x_{k+1} = x_k - \frac{1}{L}\nabla f(x_k)$. Then for
all $n \ge 1$, $f(x_n) - f(x^*) \le \frac{L\|x_0 - x^*\|^2}{8n}$.
\end{theorem}
\begin{theorem}\label{thm:gd-words}
Let $f$ be $\mu$-strongly convex and $L$-smooth. Gradient descent with step size $h = 1/L$
satisfies, for all $n \ge 1$, $f(x_n) - f(x^*) \le (1 - \mu/L)^n (f(x_0) - f(x^*))$.
\end{theorem}
"""


def test_a_rate_for_every_n_is_read_with_its_method_and_decided():
    from symbolic.classes.horizon import HorizonClaim

    got = ex.extract(GD, "g.tex", "g")
    assert [(r.claim_id, r.reading) for r in got.read] == [
        ("g:theorem-gd", "complete"), ("g:theorem-gd-fast", "complete"),
        ("g:theorem-gd-words", "complete")]
    assert all(isinstance(r.claim.classes, HorizonClaim) for r in got.read)
    assert "x_{k+1} = x_k - 1/L∇f(x_k)" in repr(got.read[0].claim.classes)
    verdicts = [_decide(r.claim) for r in got.read]
    assert [v.status.value for v in verdicts] == ["proved", "refuted", "proved"]
    assert verdicts[0].details["induction"]["kind"] == "potential"
    assert verdicts[1].witness["N"] == 1  # false already after one step
    assert verdicts[2].details["induction"]["kind"] == "geometric"


def test_a_sequence_without_its_method_is_not_read_as_a_class_statement():
    tex = (r"\begin{theorem}Let $f$ be convex and $L$-smooth. Then $f(x_n) - f(x^*) \le "
           r"\frac{L\|x_0 - x^*\|^2}{2n}$.\end{theorem}")
    got = ex.extract(tex, "g.tex", "g")
    assert all(r.claim.classes is None for r in got.read)


def test_a_lipschitz_gradient_makes_the_function_smooth():
    tex = (r"\begin{lemma}Let $\nabla f$ be $L$-Lipschitz continuous. Then for all $x, y$, "
           r"$f(y) \le f(x) + \langle \nabla f(x), y - x \rangle + \frac{L}{2}\|y - x\|^2$."
           r"\end{lemma}\begin{lemma}Let $\nabla f$ be $L$-Lipschitz continuous. Then for "
           r"all $x, y$, $f(y) \ge f(x) + \langle \nabla f(x), y - x \rangle$.\end{lemma}")
    got = ex.extract(tex, "d.tex", "d")
    assert [r.claim.classes.functions[0].cls.name for r in got.read] == ["L-smooth"] * 2
    verdicts = [_decide(r.claim).status.value for r in got.read]
    assert verdicts == ["proved", "refuted"]  # the descent lemma; convexity is not given


CITED = r"""Gradient descent is
\begin{align}
    \label{eq: gd}
    \tag{gradient descent}
    w_{n+1} = w_n - h\nabla f(w_n).
\end{align}
\begin{theorem}\label{thm:strong}
If $f$ is $\mu$-strongly convex and $L$-smooth, then for learning rate $h=\tfrac2{L+\mu}$,
\ref{eq: gd} generates a sequence $w_n$ satisfying
\[ f(w_n) - f(w_*) \le \frac L{2} \left( 1- \frac{2}{1+\kappa} \right)^{2n} \|w_0 - w_*\|^2 \]
where $\kappa:=\tfrac L\mu$.
\end{theorem}
"""


def test_a_cited_recurrence_and_named_values_make_the_rate():
    assert ex.labelled_displays(CITED) == {"eq: gd": r"w_{n+1} = w_n - h\nabla f(w_n)"}
    got = ex.extract(CITED, "s.tex", "s")
    (read,) = got.read
    shown = repr(read.claim.classes)
    assert "w_{k+1} = w_k - (2/(L + mu))∇f(w_k)" in shown  # h = 2/(L+μ), from the text
    assert "(1 - 2/(L/mu + 1))**(2*n)" in shown  # κ := L/μ
    v = _decide(read.claim)
    assert v.status.value == "proved" and v.details["induction"]["kind"] == "geometric"


def test_class_statements_print_as_written_in_every_view():
    from proofs.model.results import read_as
    from symbolic.latex import latex
    from symbolic.pretty import pretty

    got = ex.extract(TEX, "c.tex", "c")
    claim = got.read[0].claim
    assert pretty(claim.prop) == "⟨∇f(x) - ∇f(y), x - y⟩ ≥ (1/L) ‖∇f(x) - ∇f(y)‖²"
    assert read_as(claim).startswith("for every f convex and L-smooth: ⟨∇f(x)")
    tex = latex(claim.prop)
    assert r"\langle \nabla f(x)" in tex and "⟦" not in tex and "⟨" not in tex


def test_a_rate_with_a_free_step_and_unsquared_norms_is_decided(tmp_path):
    """Nesterov's Theorem 2.1.15 as a paper of ours prints it: every step η ≤ 2/(L + μ), the
    distance unsquared (squared because its rate is shown ≥ 0 for every allowed η and μ), and
    the function value; a variant with the square root of the rate missing is a finding."""
    import json
    import pathlib

    from proofs.cli.main import main
    paper = pathlib.Path(__file__).parent / "papers" / "gd_rates.tex"
    got = ex.extract(paper.read_text(), "gd_rates.tex", "gd-rates")
    assert [(r.claim_id, r.reading) for r in got.read] == [
        ("gd-rates:theorem-sc:part-1", "complete"), ("gd-rates:theorem-sc:part-2", "complete"),
        ("gd-rates:theorem-sc-false", "complete")]
    assert got.read[0].claim.classes.squared  # ‖·‖ ≤ ρ^{t/2}‖·‖ read with the factor's sign
    verdicts = [_decide(r.claim) for r in got.read[:2]]
    assert [v.status.value for v in verdicts] == ["proved", "proved"]
    assert [v.details["induction"]["kind"] for v in verdicts] == ["geometric",
                                                                   "geometric on P"]
    out = tmp_path / "errata.json"
    assert main(["errata", str(paper), "--no-cache", "-q", "--format", "json", "-o",
                 str(out)]) == 0
    findings = json.loads(out.read_text())["findings"]
    assert [f["id"] for f in findings] == ["gd-rates:theorem-sc-false"]
    assert findings[0]["rigorous"]


def test_a_display_after_we_have_for_all_is_the_statement():
    """"Then we have for all $\\eta \\in (0, 2/L)$ $$…$$": the display is what holds, the
    inline formula its condition (the one-step decrease of gradient descent, for every step;
    a variant with L/4 for L/2 is refuted)."""
    import pathlib
    paper = pathlib.Path(__file__).parent / "papers" / "descent_step.tex"
    got = ex.extract(paper.read_text(), "descent_step.tex", "d")
    assert [(r.claim_id, r.reading) for r in got.read] == [
        ("d:lemma-decrease", "complete"), ("d:lemma-decrease-false", "complete")]
    verdicts = [_decide(r.claim) for r in got.read]
    assert [v.status.value for v in verdicts] == ["proved", "refuted"]
    assert verdicts[0].method == "performance estimation (exact certificate for every eta)"


def test_an_absolute_value_and_an_identity_are_decided_part_by_part():
    """|a| ≤ b holds when a ≤ b and −a ≤ b both do (each proved, or the failing one named);
    an identity is proved as two inequalities. "If $f$ is also convex, …" after the display
    is a sentence of its own: its class is not the statement's."""
    import pathlib

    from numeric.kernel.classes import check_proof, check_witness
    paper = pathlib.Path(__file__).parent / "papers" / "taylor_bounds.tex"
    got = ex.extract(paper.read_text(), "taylor_bounds.tex", "t")
    assert [r.claim_id for r in got.read] == ["t:lemma-taylor", "t:lemma-taylor-false",
                                              "t:lemma-three-point"]
    assert got.read[0].claim.classes.functions[0].cls.name == "L-smooth"  # not convex too
    assert got.read[0].reading == "incomplete"  # the sentence on convexity is not read
    verdicts = [_decide(r.claim) for r in got.read]
    assert [v.status.value for v in verdicts] == ["proved", "refuted", "proved"]
    reading = got.read[0].claim.classes
    cert = verdicts[0].details["certificate"]
    assert len(cert["parts"]) == 2 and check_proof(reading, cert) is None
    # one part's certificate is not a proof of both
    assert check_proof(reading, cert["parts"][0]) is not None
    assert check_proof(reading, {"parts": cert["parts"][:1]}) is not None
    witness = dict(verdicts[1].witness)
    assert witness["part"] in (1, 2)
    assert check_witness(got.read[1].claim.classes, witness) is None
    assert check_witness(got.read[1].claim.classes, {**witness, "part": 3}) == \
        "the witness does not name the part of the conclusion it fails"


def test_the_minimiser_of_a_nonconvex_class_is_a_global_one():
    """An L-smooth f need not be minimised at a stationary point: x* is read as a global
    minimiser (every value at least f(x*), with the points x − ∇f(x)/L), proved by those
    necessary conditions and never refuted by data."""
    got = read_class_statement("t", r"|f(x) - f(x^*)| \le \frac{L}{2}\|x - x^*\|^2",
                               [("f", "L-smooth")], [])
    (f,) = got.claim.functions
    assert f.global_minimum and f.labels() == ["x", "x_*", "x⁺"]
    from numeric.pep.decide import decide as pep_decide
    assert pep_decide(got.claim).status.value == "proved"


def test_a_sum_over_the_iterates_is_proved_by_telescoping():
    """Bottou et al.'s bound on the average squared gradient of gradient descent on an
    L-smooth f bounded below, for every n: the one-step decrease telescopes. The infimum's
    conditions (every value is at least it) are necessary only, so a false variant is never
    refuted by data: it stays unknown, and says why."""
    import pathlib

    from numeric.kernel.classes import check_induction
    from symbolic.classes.horizon import inductions
    paper = pathlib.Path(__file__).parent / "papers" / "average_gradient.tex"
    got = ex.extract(paper.read_text(), "average_gradient.tex", "a")
    assert [(r.claim_id, r.reading) for r in got.read] == [
        ("a:theorem-avg", "complete"), ("a:theorem-avg-false", "complete")]
    reading = got.read[0].claim.classes
    assert reading.total is not None and reading.total.coefficient == 1 / reading.N
    assert [i.kind for i in inductions(reading)] == ["telescoping"]
    true, false = (_decide(r.claim) for r in got.read)
    assert true.status.value == "proved"
    ind = true.details["induction"]
    assert ind["kind"] == "telescoping"
    assert check_induction(reading, "telescoping", 0,
                           [o["certificate"] for o in ind["obligations"]]) is None
    assert false.status.value == "unknown" and "necessary only" in false.message


def test_the_infimum_is_never_evaluated_by_data():
    from numeric.kernel.classes import check_refutation
    from symbolic.classes import CLASSES, ClassClaim, Function
    L = sp.Symbol("L", positive=True)
    f = Function("f", CLASSES["smooth"].instance(L=L))
    x = f.point("x")
    claim = ClassClaim("t", f(x) - f.infimum() >= 1, [f])
    data = {"vectors": {"x": ["0"], "∇f(x)": ["0"]}, "scalars": {"f(x)": "0", "inf f": "0"},
            "parameters": {"L": "1"}}
    assert "infimum" in check_refutation(claim, data)
    assert [c.label for c in claim.conditions()] == ["f: x above its infimum"]


def test_what_a_sum_or_an_infimum_would_misread_is_refused():
    fn = [("f", "L-smooth")]
    got = read_class_statement("t", r"\sum_{k=0}^{n} \|\nabla f(w_k)\|^2 + c \le f(w_0)", fn,
                               [], [r"w_{k+1} = w_k - h\nabla f(w_k)"])
    assert isinstance(got, str) and "more terms" in got
    got = read_class_statement("t", r"f(x) - \inf_{y \in K} f(y) \ge 0", fn, [])
    assert isinstance(got, str) and "only over the whole space" in got
    from proofs.tex.classes import gradient_lipschitz
    assert gradient_lipschitz(r"Let $g$ be a function with $L$-Lipschitz gradient.") == []


def test_a_lipschitz_gradient_without_its_constant_takes_the_one_constant_and_says_so():
    tex = (r"\begin{theorem}If the loss $f$ has Lipschitz continuos gradient, then "
           r"$\tfrac{1}{2L}\|\nabla f(w)\|^2 \le f(w) - f(w_*)$.\end{theorem}"
           r"\begin{theorem}If the loss $f$ has Lipschitz continuous gradient, then "
           r"$f(w) - f(w_*) \le \tfrac{L}{2}\|w - w_*\|^2 + M$.\end{theorem}")
    got = ex.extract(tex, "c.tex", "c")
    (read,) = [r for r in got.read if r.claim.classes is not None]
    assert read.claim_id == "c:theorem-1"
    assert read.claim.classes.functions[0].cls.name == "L-smooth"
    assert "the constant of 'Lipschitz continuos gradient' is not named: read as L, the one " \
           "constant the statement uses" in read.left  # the reading is incomplete
    assert "f(w_*)" in repr(read.claim.classes)  # the minimiser as printed
    assert _decide(read.claim).status.value == "proved"
    # two constants (L, M): which one is the gradient's is not guessed
    assert all(r.claim.classes is None for r in got.read if r.claim_id == "c:theorem-2")


def test_a_named_constant_in_words_is_not_an_unnamed_one():
    from proofs.tex.classes import unnamed_gradient_lipschitz

    assert unnamed_gradient_lipschitz(r"Let $f$ have Lipschitz continuous gradient with "
                                      r"constant $M$.") == []
    assert unnamed_gradient_lipschitz(r"Let $\nabla f$ be Lipschitz.") == [("f", "Lipschitz")]


def test_a_minimum_of_the_quadratic_upper_model_is_read_and_decided():
    """Nesterov's "gradient step minimises the upper model": the argmin, the bound by the
    minimum and the minimum's value are read link by link, completely, and proved; a wrong
    step or value is refuted by exact data."""
    model = (r"\{ f(x) + \langle \nabla f(x), y - x\rangle + \frac{L}{2}\|y - x\|^2 \}")
    tex = (r"\begin{lemma} Let $\nabla f$ be $L$-Lipschitz continuous. Then for any $x$"
           r"\begin{align} x - \frac{1}{L}\nabla f(x) &= \arg\min_{y}" + model + r"\\"
           r" f\left(x - \frac1L \nabla f(x)\right) &\le \min_{y}" + model + r"\\ \nonumber"
           r" &= f(x) - \frac{1}{2L}\|\nabla f(x)\|^2 \end{align} \end{lemma}"
           r"\begin{lemma} Let $\nabla f$ be $L$-Lipschitz continuous. Then for any $x$"
           r"\begin{align} x - \frac{2}{L}\nabla f(x) &= \arg\min_{y}" + model + r"\\"
           r" \min_{y}" + model + r" &= f(x) - \frac{1}{L}\|\nabla f(x)\|^2 \end{align}"
           r"\end{lemma}")
    got = ex.extract(tex, "m.tex", "m")
    assert [(r.claim_id, r.reading) for r in got.read] == [
        ("m:lemma-1:part-1", "complete"), ("m:lemma-1:part-2", "complete"),
        ("m:lemma-1:part-3", "complete"), ("m:lemma-2:part-1", "complete"),
        ("m:lemma-2:part-2", "complete")]
    assert str(got.read[1].claim.rhs) == "⟦min_y {f(x) + ⟨∇f(x), y - x⟩ + (L/2)‖y - x‖²}⟧"
    assert [_decide(r.claim).status.value for r in got.read] == [
        "proved", "proved", "proved", "refuted", "refuted"]


def test_a_minimum_over_a_subscripted_point_or_with_an_unknown_sign_is_read_right():
    """Review 36a: ``\\min_{x_1}`` lost its variable (the name kept a brace) and a true
    identity was refuted; a coefficient ``a/2`` of ``‖y‖²`` with ``a \\in \\mathbb{R}`` was taken
    positive and a false bound proved."""
    got = ex.extract(r"\begin{lemma}Let $f$ be convex and $L$-smooth. Then $\min_{x_1}\{ f(x) "
                     r"+ \langle \nabla f(x), x_1 - x\rangle + \frac{L}{2}\|x_{1} - x\|^2 \} = "
                     r"f(x) - \frac{1}{2L}\|\nabla f(x)\|^2$.\end{lemma}"
                     r"\begin{lemma}Let $f$ be convex and $L$-smooth, and let $a \in \mathbb{R}$."
                     r" Then $\min_{y}\{ f(x) + \langle \nabla f(x), y - x\rangle + \frac{a}{2}"
                     r"\|y - x\|^2 \} \ge f(x) - \frac{1}{2a}\|\nabla f(x)\|^2$.\end{lemma}",
                     "m.tex", "m")
    assert [r.claim_id for r in got.read] == ["m:lemma-1"]
    assert _decide(got.read[0].claim).status.value == "proved"


def test_a_sum_whose_terms_use_the_index_outside_subscripts_is_not_read():
    """Review 36a: the index k of ``\\sum_k 8(k - k^2)\\|\\nabla f(w_k)\\|^2`` was read as a
    positive parameter, fixed for every term, and a true statement refuted."""
    tex = (r"Gradient descent with step size $h$ is \begin{equation}\label{eq:gd} w_{k+1} = "
           r"w_k - h \nabla f(w_k). \end{equation} \begin{theorem} Let $f$ be convex and "
           r"$L$-smooth and $h = 1/L$. Then \eqref{eq:gd} satisfies, for every $n \ge 1$, \[ "
           r"\sum_{k=0}^{n} 8(k - k^2) \|\nabla f(w_k)\|^2 \le \|\nabla f(w_0)\|^2 . \] "
           r"\end{theorem}")
    assert ex.extract(tex, "s.tex", "s").read == []


def test_a_rate_with_a_free_step_is_never_supported_by_a_few_step_values():
    """Review 36a: f(x_n) − f* ≤ ‖x₀ − x*‖²/(2hn) for every h ∈ (0, 2/L) is false (h = 1.9/L),
    and was "supported" after three trial steps: it is unknown."""
    tex = (r"\begin{theorem} Let $f$ be convex and $L$-smooth, let $x^*$ be a minimizer of $f$ "
           r"and $x_{k+1} = x_k - h\nabla f(x_k)$ with $0 < h < 2/L$. Then for all $n \ge 1$, "
           r"\[ f(x_n) - f(x^*) \le \frac{\|x_0 - x^*\|^2}{2hn}. \] \end{theorem}")
    (read,) = ex.extract(tex, "h.tex", "h").read
    assert _decide(read.claim).status.value in ("unknown", "refuted")


def test_a_point_defined_by_the_text_or_a_method_with_memory_is_never_a_free_point():
    """Review 36d: "let $z = 2y$. Then $f(z) \\ge …$" was read with z free, and a momentum
    update's x_{k-1} and y_k were free points: true statements were refuted. A definition by a
    number (h = 1) is a value."""
    got = ex.extract(r"\begin{lemma}Let $f$ be convex and $L$-smooth, and let $z = 2y$. Then "
                     r"$f(z) \ge f(y) + \langle \nabla f(y), y \rangle$.\end{lemma}"
                     r"\begin{theorem}Let $f$ be convex and $L$-smooth, and let $x_{k+1} = x_k - "
                     r"\frac{1}{L}\nabla f(x_k) + \frac{1}{2}(x_k - x_{k-1})$ with $x_{-1} = x_0$."
                     r" Then for every $n \ge 1$, $f(x_n) - f(x^*) \le \frac{4 L\|x_0 - x^*\|^2}"
                     r"{n}$.\end{theorem}"
                     r"\begin{lemma}Let $f$ be convex and $L$-smooth and $t = 1$. Then $f(x - "
                     r"\frac{t}{L}\nabla f(x)) \le f(x) - \frac{1}{2L}\|\nabla f(x)\|^2$."
                     r"\end{lemma}", "z.tex", "z")
    assert [r.claim_id for r in got.read] == ["z:lemma-2"]
    assert _decide(got.read[0].claim).status.value == "proved"


def test_a_rate_with_no_value_where_its_range_allows_is_not_read():
    """Review 36d: "for every $n \\ge 0$, … \\le \\frac{L\\|x_0 - x^*\\|^2}{2n}" crashed the runner
    (a division by zero at n = 0); the statement has no value there and is not read."""
    tex = (r"\begin{theorem}Let $f$ be convex and $L$-smooth, let $x^*$ be a minimizer of $f$ "
           r"and $x_{k+1} = x_k - \frac{1}{L}\nabla f(x_k)$. Then for every $n \ge 0$, \[ f(x_n) "
           r"- f(x^*) \le \frac{L\|x_0 - x^*\|^2}{2n}. \]\end{theorem}"
           r"\begin{theorem}Let $f$ be convex and $L$-smooth, let $x^*$ be a minimizer of $f$ "
           r"and $x_{k+1} = x_k - \frac{1}{L}\nabla f(x_k)$. Then for $n = 1$, $f(x_n) - f(x^*) "
           r"\le \frac{L\|x_0 - x^*\|^2}{2n}$.\end{theorem}")
    got = ex.extract(tex, "n.tex", "n")
    assert [r.claim_id for r in got.read] == ["n:theorem-2"]
    assert "n:theorem-1" in [u.claim_id for u in got.unread]
