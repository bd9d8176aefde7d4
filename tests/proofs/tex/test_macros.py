r"""proofs.tex.macros: every form of definition, expansion as TeX does it, and lines kept."""

from __future__ import annotations

import pytest

from proofs.tex.macros import (
    Macro,
    definitions,
    environment_definitions,
    expand,
    expand_document,
)


def ex(tex: str) -> str:
    """``tex``'s definitions applied to its last line."""
    *defs, use = tex.split("\n")
    return expand(use, definitions("\n".join(defs)))


@pytest.mark.parametrize("tex, expected", [
    ("\\newcommand{\\norm}[1]{\\|#1\\|}\n\\norm{Ax}_2", "\\|Ax\\|_2"),
    ("\\newcommand\\norm[1]{\\|#1\\|}\n\\norm x", "\\|x\\|"),
    ("\\newcommand*{\\sq}[1]{#1^2}\n\\sq\\alpha+\\sq{(a+b)}", "\\alpha^2+(a+b)^2"),
    ("\\newcommand{\\f}[2][1]{#1+#2}\n\\f{x}", "1+x"),
    ("\\newcommand{\\f}[2][1]{#1+#2}\n\\f[3]{x}", "3+x"),
    ("\\newcommand{\\half}[2]{\\frac{#1}{#2}}\n\\half12", "\\frac{1}{2}"),
    ("\\renewcommand{\\vec}[1]{\\boldsymbol{#1}}\n\\vec{v}", "\\boldsymbol{v}"),
    ("\\providecommand{\\R}{\\mathbb{R}}\\providecommand{\\R}{X}\n\\R", "\\mathbb{R}"),
    ("\\newcommand{\\R}{X}\\renewcommand{\\R}{\\mathbb{R}}\n\\R^d", "\\mathbb{R}^d"),
    ("\\def\\R{\\mathbb{R}}\n\\R", "\\mathbb{R}"),
    ("\\def\\ip#1#2{\\langle #1, #2\\rangle}\n\\ip{x}{y}", "\\langle x, y\\rangle"),
    ("\\gdef\\one{1}\\xdef\\two{2}\n\\one\\two", "12"),
    ("\\global\\long\\def\\v#1{\\mathbf{#1}}\n\\v{x} + \\v y", "\\mathbf{x} + \\mathbf{y}"),
    ("\\long\\def\\w#1{\\hat{#1}}\n\\w{x}", "\\hat{x}"),
    ("\\def\\p(#1,#2){P_{#1}^{#2}}\n\\p(a,b)", "P_{a}^{b}"),
    ("\\let\\eps\\varepsilon\n\\eps", "\\varepsilon"),
    ("\\let\\eps=\\varepsilon\n\\eps", "\\varepsilon"),
    ("\\newcommand{\\n}[1]{\\|#1\\|}\\let\\m=\\n\n\\m{x}", "\\|x\\|"),
    ("\\DeclareMathOperator{\\tr}{tr}\n\\tr(A)", "\\operatorname{tr}(A)"),
    ("\\DeclareMathOperator*{\\argmin}{arg\\,min}\n\\argmin_x", "\\operatorname*{arg\\,min}_x"),
    ("\\DeclarePairedDelimiter{\\norm}{\\lVert}{\\rVert}\n\\norm{x}",
     "\\left\\lVert x \\right\\rVert"),
    ("\\DeclarePairedDelimiter{\\norm}{\\lVert}{\\rVert}\n\\norm*{x}",
     "\\left\\lVert x \\right\\rVert"),
    ("\\DeclarePairedDelimiter\\norm{\\lVert}{\\rVert}\n\\norm[\\big]{x}",
     "\\bigl\\lVert x \\bigr\\rVert"),
    ("\\DeclarePairedDelimiterX{\\inner}[2]{\\langle}{\\rangle}{#1, #2}\n\\inner{a}{b}",
     "\\left\\langle a, b \\right\\rangle"),
    ("\\DeclarePairedDelimiterX{\\set}[2]{\\{}{\\}}{#1 \\delimsize| #2}\n\\set[\\Big]{x}{y}",
     "\\Bigl\\{ x \\Big| y \\Bigr\\}"),
    ("\\newcommand{\\wealth}{Wealth}\n\\wealth_n", "\\mathrm{Wealth}_n"),
    ("\\newcommand{\\diag}{\\text{diag}}\\def\\rk{\\mathrm{rank}}\n\\diag(x)\\rk",
     "\\mathrm{diag}(x)\\mathrm{rank}"),
    ("\\newcommand{\\R}{\\ensuremath{\\mathbb{R}}\\xspace}\n\\R", "\\mathbb{R}"),
    ("\\newcommand{\\z}{\\relax 0}\n\\z", "0"),
    ("\\NewDocumentCommand{\\ip}{O{x} m}{\\langle #1, #2\\rangle}\n\\ip{y} \\ip[z]{y}",
     "\\langle x, y\\rangle \\langle z, y\\rangle"),
])
def test_each_form_of_definition(tex, expected):
    assert ex(tex) == expected


def test_recorded_definitions():
    d = definitions("\\newcommand{\\f}[2][1]{#1+#2} % \\newcommand{\\g}{no}\n"
                    "\\let\\h\\f \\let\\a\\b \\DeclareMathOperator{\\tr}{tr}"
                    "\\DeclarePairedDelimiter{\\abs}{\\lvert}{\\rvert}\\def\\bad{{x}")
    assert d["f"] == Macro("f", 2, "1", "#1+#2", "newcommand")
    assert d["h"] == Macro("h", 2, "1", "#1+#2", "newcommand")  # \let copies
    assert d["a"] == Macro("a", 0, None, "\\b", "let")
    assert d["tr"] == Macro("tr", 0, None, "\\operatorname{tr}", "operator")
    assert d["abs"].kind == "delimiter" and d["abs"].nargs == 1
    assert "g" not in d and "bad" not in d  # commented out; unbalanced


def test_nested_macros_and_bodies_taking_arguments_from_the_text():
    tex = ("\\newcommand{\\R}{\\mathbb{R}}\\newcommand{\\Rn}{\\R^n}"
           "\\newcommand{\\E}[1]{\\mathbb{E}[#1]}\\newcommand{\\Ex}{\\E}"
           "\\newcommand{\\nrm}[1]{\\norm{#1}}\\newcommand{\\norm}[1]{\\|#1\\|}\n"
           "x \\in \\Rn, \\Ex{X}, \\nrm{\\R}")
    assert ex(tex) == "x \\in \\mathbb{R}^n, \\mathbb{E}[X], \\|\\mathbb{R}\\|"


def test_names_match_whole_and_tokens_stay_apart():
    defs = definitions("\\def\\R{\\mathbb{R}}\\def\\x{x}\\def\\nil{}"
                       "\\newcommand{\\dot}[1]{#1\\cdot}")
    assert expand("\\Rightarrow \\R \\\\R \\Re", defs) == "\\Rightarrow \\mathbb{R} \\\\R \\Re"
    assert expand("\\cdot\\x", defs) == "\\cdot x"
    assert expand("\\alpha\\nil b", defs) == "\\alpha b"
    assert expand("\\dot{a}b", defs) == "a\\cdot b"


def test_a_primitive_the_paper_redefines_is_expanded():
    assert ex("\\renewcommand{\\left}{L}\n\\left(") == "L("
    assert ex("\\def\\begin{B}\n\\begin{x}") == "B{x}"


def test_recursion_is_cut_and_the_call_left_as_written():
    assert ex("\\def\\a{\\a}\n\\a and \\a") == "\\a and \\a"
    assert ex("\\def\\a{x\\a}\n\\a") == "\\a"
    assert ex("\\def\\a{\\a\\a}\n\\a") == "\\a"
    assert ex("\\def\\b{\\c}\\def\\c{\\b}\\def\\d{1}\n\\b \\d") == "\\b 1"
    defs = definitions("\\def\\a{\\b}\\def\\b{1}")
    assert expand("\\a", defs, limit=2) == "1"
    assert expand("\\a", defs, limit=1) == "\\a"  # a second expansion was needed


def test_lines_are_kept():
    defs = definitions("\\newcommand{\\pair}[2]{(#1,\n#2)}\\def\\R{\\mathbb{R}}")
    src = "a \\pair{x\n}\n{y} b\nc \\R\nd \\pair12"
    out = expand(src, defs)
    assert out == "a (x , y)\n\n b\nc \\mathbb{R}\nd (1, 2)"
    assert out.count("\n") == src.count("\n")
    for word in ("b", "c", "d"):  # each word on its source line
        assert [word in t.split() for t in out.split("\n")] == \
            [word in t.split() for t in src.split("\n")]


def test_expand_document_applies_definitions_in_order_and_blanks_them():
    doc = ("\\documentclass{article}\n"
           "\\newcommand{\\R}{\\mathbb{R}}\n"
           "\\newcommand{\\be}{\\begin{equation}}\\def\\ee{\\end{equation}}\n"
           "\\newenvironment{sketch}{\\begin{proof}}{\\end{proof}}\n"
           "\\begin{document}\n"
           "\\be x \\in \\R \\ee\n"
           "\\renewcommand{\\R}{\\mathbb{Q}}\n"
           "then \\R % \\R in a comment\n"
           "\\end{document}\n")
    out = expand_document(doc)
    assert out.count("\n") == doc.count("\n")
    lines = out.split("\n")
    assert lines[1] == "" and lines[2] == "" and lines[3] == ""
    assert lines[5] == "\\begin{equation} x \\in \\mathbb{R} \\end{equation}"
    assert lines[7] == "then \\mathbb{Q} "


def test_package_internals_are_not_expanded():
    doc = ("\\renewcommand{\\section}{\\@startsection{section}{1}{\\z@}{1ex}{1ex}{\\bf}}\n"
           "\\def\\x@y{1}\\def\\R{\\mathbb{R}}\n\\section{Intro} \\R")
    assert expand_document(doc).split("\n")[2] == "\\section{Intro} \\mathbb{R}"


def test_environment_definitions():
    tex = ("\\newenvironment{sketch}[1][Sketch]{\\begin{proof}[#1]}{\\end{proof}}"
           "\\renewenvironment{sketch}{A}{B}\\newenvironment{other}{\\def\\x{1}}{}")
    assert environment_definitions(tex) == {"sketch": (0, "A", "B"),
                                            "other": (0, "\\def\\x{1}", "")}
    assert "x" not in definitions(tex)  # a \def inside an environment's code is not global


def test_expand_without_definitions_is_the_identity():
    assert expand("\\a{b}", {}) == "\\a{b}"
    assert expand_document("no macros here\n") == "no macros here\n"
