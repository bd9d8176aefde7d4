r"""Readings as written of statements the checker does not take: an equivalence
(``A ⟺ B``) and an existential (``∃ c > 0: ∀ x ∈ [0, 1]: xⁿ ≤ c·eˣ``), each formula read in the
reader's opaque mode; shown, never checked.

>>> existential([Piece("c > 0", 1, said="there exists a constant"),
...              Piece(r"x^2 \le c", 1, said="such that")], [], {})[0]
'∃ c > 0: x² ≤ c'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from proofs.tex.sentences import ADJECTIVE, HARMLESS, SIGNATURE, Piece
from proofs.tools.declarations import REAL, declaration, objects
from proofs.tools.set_statements import set_statement
from symbolic.latex_parse.lexer import bracket_depth

#: ``f \in \mathcal{F}^{1,1}_L``, ``h \in \mathcal{H}``, ``x \in C``: a name in a set the
#: reader does not know (shown as written in a reading that is not checked)
MEMBERSHIP = re.compile(r"\s*(?:\\mathcal\s*\{\s*\w\s*\}|\\?[A-Za-z]+)"
                         r"(?:\s*_\s*(?:\{[^{}]*\}|\w))?(?:\s*,\s*\\?[A-Za-z]+(?:_\w)?)*\s*\\(?:in|subseteq|subset)"
                         r"(?![A-Za-z])\s*(?:(?:\\math(?:cal|scr|bb)\s*\{\s*[A-Z]"
                         r"\s*\}|[A-Z]|\\(?:Gamma|Delta|Theta|Lambda|Xi|Pi|Sigma|Phi|Psi|Omega)"
                         r"(?![A-Za-z]))(?:\s*[_^]\s*(?:\{(?:[^{}]|\{[^{}]*\})*\}|\\?\w+))*"
                         r"(?:\s*\((?:[^()]|\([^()]*\))*\))?|"  # \Gamma_0(\mathbb{R}^n)
                         r"\\(?:operatorname\*?|text|mathrm)\s*\{\s*dom\s*\}\s*\(\s*\\?\w+\s*\)|"
                         r"\\dom\s*\(\s*\\?\w+\s*\))\s*")  # x \in \operatorname{dom}(f)
IFF = re.compile(r"\\(?:iff|Leftrightarrow|Longleftrightarrow)(?![A-Za-z])")

def equivalence(formulas: list[str], names: dict[str, Any],
                conditions: Sequence[Any] = (), quantifier: str = "",
                said: Sequence[str] = ()) -> tuple[str, list[str], str]:
    r"""``(read as, notes, "")`` of an equivalence's one or two formulas, each read as written
    (declarations and signatures first, names in a set the reader does not know as written,
    the rest in opaque mode): ``A ⟺ B``, or ``(a side said in words) ⟺ A``, with what was
    not decided (two readings); ``("", [], why)`` when a formula does not read. The
    ``conditions`` (pieces) that name its names come first (``if x > 0: …``); a
    ``quantifier`` written before its last side (``\forall x \in K``) quantifies that side;
    ``said``: conditions the words state and the reader read ("f convex"), shown first.

    >>> equivalence([r"x \le 1", r"x^2 \le 1"], {}, [Piece("x > 0", 1)])[0]
    'if x > 0: x ≤ 1 ⟺ x² ≤ 1'
    """
    known = _declared(formulas, names)  # "a ∈ ℝⁿ ⟺ …": the names it declares, first
    notes: list[str] = []
    try:
        shown = [_shown(latex, known, notes) for latex in formulas]
        if quantifier:
            shown[-1] = f"∀ {_shown(quantifier, known, notes)}: {shown[-1]}"
    except (ValueError, TypeError, ArithmeticError) as exc:
        return "", [], str(exc).split("\n")[0]
    shown_conditions, unread = _conditions(conditions, [*formulas, quantifier], known, notes)
    notes += unread
    hyps = [*said, *shown_conditions]
    head = f"if {'; '.join(hyps)}: " if hyps else ""
    if len(shown) == 1:
        return head + "(a side said in words) ⟺ " + shown[0], notes, ""
    return head + " ⟺ ".join(shown), notes, ""


def membership(latex: str) -> str:
    r"""A membership or an inclusion in a set the reader does not know, as written.

    >>> membership(r"K \subset \mathbb{R}^n"), membership(r"h \in \mathcal{H}")
    ('K ⊂ ℝ^n', 'h ∈ ℋ')
    """
    from symbolic.latex_parse.opaque import display

    return re.sub(r"\s*([∈⊂⊆])\s*", r" \1 ", display(latex))


def as_written(latex: str) -> str:
    r"""A declaration or a signature shown in the reader's notation: ``a ∈ ℝ^{n}``,
    ``k: 𝒵 × 𝒵 → ℝ``.

    >>> as_written(r"k : \mathcal{Z} \times \mathcal{Z} \to \mathbb{R}")
    'k: 𝒵 × 𝒵 → ℝ'
    """
    from symbolic.latex_parse.opaque import display

    text = re.sub(REAL, "ℝ", latex)
    text = re.sub(r"\\(?:to|rightarrow)(?![A-Za-z])", "→", text)
    text = re.sub(r"\\infty(?![A-Za-z])", "∞", text)
    text = re.sub(r"\\in(?![A-Za-z])", "∈", re.sub(r"\\times(?![A-Za-z])", "×", text))
    text = re.sub(r"\\math(?:cal|scr|bb|bf)\s*\{\s*[A-Za-z]\s*\}",
                  lambda m: display(m.group(0)), text)
    return re.sub(r"\s*:\s*", ": ", re.sub(r"\s+", " ", text)).strip()


#: the words that open an existential: what follows, up to its body, is what it quantifies
THERE_EXISTS = re.compile(r"\b(?:there\s+(?:exists?|is|are)|exists?)\b")
#: the words after which an existential's formulas are what it asserts
_BODY = re.compile(r"\bs\.\s*t\.|\b(?:such that|so that|satisf\w*|which satisf\w*|"
                   r"that satisf\w*|for which|with)\b")
#: the words between two things an existential quantifies ("and a universal constant")
_ANOTHER = re.compile(r"\W*(?:and\b\W*)?(?:(?:a|an|some)\s+)?(?:(?:universal|absolute|numerical|"
                      r"positive|real|finite|unitary)\s+)*(?:constants?|numbers?|scalars?|"
                      r"vectors?|matrix|matrices|integers?|sets?)?\W*")
#: a formula of the body the words quantify over ("for all $x \in [0, 1]$")
_FOR_ALL = re.compile(r"\bfor\s+(?:all|every|any|each)\b[^.;]*$")
#: the words that make an existential assumed, not asserted
_ASSUMED = re.compile(r"\b(?:suppose|assume|assuming|if|whenever|let|given)\b[^.]*"
                      r"\b(?:there|exists?)\b")
#: "there is no": a negation
_NONE = re.compile(r"\bthere\s+(?:is|are|exists?)\s+no\b")
#: words joining what an existential asserts that a conjunction does not show
_JOINS = re.compile(r"\b(?:whenever|provided|unless|or|for some|if|when|except)\b")
#: a formula of the body that follows from the one before it
_IMPLIES = re.compile(r"\b(?:implies|then|we have)\W*$")
#: the words an existential's reading understands
UNDERSTOOD = {"exists", "exist", "there", "such", "that", "so", "satisfying", "satisfies",
               "satisfy", "implies", "then", "constant", "constants", "some", "with", "for",
               "which"}


def existential(pieces: list[Piece], conditions: list[Piece], names: dict[str, Any],
                after: str = "", inner: bool = False, outer: Sequence[Piece] = (),
                qualifier: str = "") -> tuple[str, list[str], str]:
    r"""``(read as, left, "")`` of one sentence's existential: what it quantifies (the formulas
    after "there exists", up to "such that"/"with"), then what it asserts, quantified where
    the words say "for all"; the conditions before it that name its names come first.
    ``("", [], why)`` when it does not read so (no "there exists" before its first formula,
    nothing asserted, a formula that does not read, an existential assumed or negated, words
    joining what it asserts); ``after``: the sentence's words after its last formula;
    ``inner``: the conditions hold inside the quantifier ("there exists $c$ such that the
    following holds: if $q = 1$, then …": ``∃ c: if q = 1: …``), and ``outer``, the
    conditions before the existential, outside it (those that name its names); ``qualifier``
    ("with probability ≥ c': ") is shown before what it asserts.

    >>> existential([Piece(r"\delta > 0", 1, said="there is"),
    ...              Piece(r"|x| < \delta", 1, said="such that"),
    ...              Piece(r"x^2 < \epsilon", 1, said="implies")],
    ...             [Piece(r"\epsilon > 0", 1, said="for every")], {})[0]
    'if ϵ > 0: ∃ δ > 0: |x| < δ ⟹ x² < ϵ'
    """
    if not pieces or not THERE_EXISTS.search(pieces[0].said):
        return "", [], "no 'there exists' before what it quantifies"
    if _ASSUMED.search(pieces[0].said):  # "Suppose there exists …": an assumption
        return "", [], "an existential the text assumes ('suppose', 'if') is not read"
    if _NONE.search(pieces[0].said):  # "There is no $c$ …": a negation
        return "", [], "a negated existential ('there is no') is not read"
    known = _declared([p.latex for p in pieces], names)
    quantified: list[str] = []
    body: list[tuple[str, str]] = []  # (how it joins, shown)
    for p in pieces:
        if not body and (not quantified or not _BODY.search(p.said)):
            if quantified and not _ANOTHER.fullmatch(p.said):
                return "", [], f"words between what it quantifies: '{p.said.strip()}'"
            quantified.append(p.latex)
            continue
        if body and _JOINS.search(p.said):  # "whenever", "provided", "or", "for some"
            return "", [], f"words joining what it asserts are not read: '{p.said.strip()}'"
        how = "∀" if _FOR_ALL.search(p.said) else "⟹" if body and _IMPLIES.search(p.said) \
            else ";"
        body.append((how, p.latex))
    if not body or all(how == "∀" for how, _ in body):  # "… such that for every $n \ge 1$
        # the following holds:": what it asserts comes after it
        return "", [], "what it asserts is said in words"
    if any(how == "∀" for how, _ in body[1:-1]) or (
            len(body) > 1 and body[-1][0] == "∀" and body[0][0] == "∀"):
        return "", [], "what 'for all' quantifies in what it asserts is not read"
    known = {**_scalars(quantified), **known}  # "there exist $\delta_1, \delta_2 > 0$"
    notes: list[str] = []
    try:
        head = ", ".join(_bound(q, known, notes) for q in quantified)
        parts = [(how, _bound(latex, known, notes) if how == "∀" else
                  _shown(latex, known, notes)) for how, latex in body]
    except (ValueError, TypeError, ArithmeticError) as exc:
        return "", [], str(exc).split("\n")[0]
    if parts[-1][0] == "∀" and len(parts) > 1:  # "such that $P$ for all $x$": ∀ x: P
        parts = [parts[-1], *parts[:-1]]
    if qualifier:  # "for every $n$, with probability at least $c$, $$…$$": ∀ n: w.p. ≥ c: …
        parts[-1] = (parts[-1][0], qualifier + parts[-1][1])
    text = ""
    for k, (how, shown) in enumerate(parts):
        text += (f"∀ {shown}: " if how == "∀" and k < len(parts) - 1 else
                 shown if not k or parts[k - 1][0] == "∀" else
                 f" ⟹ {shown}" if how == "⟹" else f"; {shown}")
    hyps, left = _conditions(conditions, None if inner else [p.latex for p in pieces], known,
                             notes)  # inside: the item's own conditions, each shown
    words = [w for t in [*(p.said for p in pieces), after]  # "… for infinitely many $n$"
             for w in re.findall(r"[a-z][a-z\-]*", t.lower())
             if w not in HARMLESS and w not in ADJECTIVE and w not in UNDERSTOOD]
    if words:
        left.insert(0, "words not read: " + ", ".join(f"'{w}'" for w in dict.fromkeys(words)))
    left += list(dict.fromkeys(notes))
    if inner:
        before, unread = _conditions(outer, [p.latex for p in pieces], known, notes)
        left += unread
        return (f"if {'; '.join(before)}: " if before else "") + f"∃ {head}: " + (
            f"if {'; '.join(hyps)}: " if hyps else "") + text, left, ""
    return (f"if {'; '.join(hyps)}: " if hyps else "") + f"∃ {head}: {text}", left, ""


def _conditions(conditions: Sequence[Any], formulas: list[str] | None, known: dict[str, Any],
                notes: list[str]) -> tuple[list[str], list[str]]:
    """The conditions (pieces) that name a name of ``formulas`` (all of them: None), shown as
    written, and those among them that do not read (shown in brackets, and listed)."""
    hyps, unread = [], []
    for c in conditions:
        if formulas is not None and not any(_shares(c.latex, f) for f in formulas if f):
            continue
        try:
            hyps.append(_shown(c.latex, known, notes))
        except (ValueError, TypeError, ArithmeticError):
            hyps.append(f"[{c.latex}, not read]")
            unread.append(f"condition not read: {c.latex}")
    return hyps, unread


def _declared(formulas: list[str], names: dict[str, Any]) -> dict[str, Any]:
    """``names`` with the vectors and matrices ``formulas`` declare (``Q ∈ ℝ^{d×d}``)."""
    known = dict(names)
    for latex in formulas:
        dc = declaration(latex)
        if dc is not None:
            known.update(objects(tuple(dc[0])))
    return known


def _shown(latex: str, known: dict[str, Any], notes: list[str] | None = None) -> str:
    """One formula as written: a declaration or signature in the reader's notation, a
    membership in a set the reader does not know as printed, else its opaque reading
    (raises the reader's error when it does not read)."""
    from symbolic.latex_parse import parse_statement
    from symbolic.pretty import pretty

    if declaration(latex) is not None or SIGNATURE.fullmatch(latex):
        return as_written(latex)  # "a ∈ ℝⁿ", "f: ℝⁿ → ℝ"
    if MEMBERSHIP.fullmatch(latex):  # "f ∈ ℱ^{1,1}_L", "h ∈ ℋ": as written
        return membership(latex)
    try:
        st = parse_statement(latex, known or None, opaque=True)
    except (ValueError, TypeError, ArithmeticError):
        other = unchecked_relation(latex, known)  # "A ≲ B", "y ∈ ∂f(x)"
        if other is None:
            raise
        if notes is not None:
            notes += other[1]
        return other[0]
    if notes is not None:
        notes += list(st.undecided)
    body = "; ".join(pretty(q) for q in st.props)
    conds = [pretty(c) for c in st.conditions]
    return (f"({body} if {'; '.join(conds)})" if conds else
            f"({body})" if len(st.props) > 1 else body)


#: names with a range: ``x \in [0, 1]``, ``\delta_1, \delta_2 > 0``, ``Q \in \mathcal{Q}``
_BOUND = re.compile(r"\s*(?P<names>(?:\\?[A-Za-z]+(?:_\{?\w+\}?)?\s*,\s*)*\\?[A-Za-z]+"
                    r"(?:_\{?\w+\}?)?)\s*(?P<rel>\\in|>|<|\\geq?|\\leq?|\\neq)(?![A-Za-z])\s*"
                    r"(?P<range>[-\w.]+|\\[A-Za-z]+|[\[(]\s*[-\w.\\]+\s*,\s*[-\w.\\]+\s*[\])]|"
                    r"\\math(?:bb|cal|scr)\s*\{\s*[A-Z]\s*\}(?:\s*[_^]\s*(?:\{[^{}]*\}|\w))*)\s*")


#: names only: ``c, c'``, ``C``, ``\tilde C_1``
_NAME = (r"\s*(?:\\(?:tilde|hat|bar)\s*\{?\s*\\?[A-Za-z]+(?![A-Za-z])\s*\}?|"
         r"\\?[A-Za-z]+(?![A-Za-z]))'*(?:_(?:\{\\?\w+\}|\\?\w(?!\w)))?\s*")
_NAMES = re.compile(rf"{_NAME}(?:,{_NAME})*,?\s*")


def _bound(latex: str, known: dict[str, Any], notes: list[str] | None = None) -> str:
    """What a quantifier ranges over, as written: ``x ∈ [0,1]``, ``δ_1, δ_2 > 0``; any
    other formula as :func:`_shown` shows it."""
    from symbolic.latex_parse.opaque import display

    m = _BOUND.fullmatch(latex)
    if m is None and _NAMES.fullmatch(latex):  # "there are constants $c, c'$ and $C$"
        return ", ".join(display(n) for n in latex.split(",") if n.strip())
    if m is None:
        return _shown(latex, known, notes)
    names = ", ".join(display(n) for n in m.group("names").split(","))
    return f"{names} {display(m.group('rel'))} {display(m.group('range'))}"


def _scalars(formulas: list[str]) -> dict[str, Any]:
    """The names a quantifier's formulas bound by a number declare, as real scalars
    (``\\delta_1`` a name, not the Kronecker delta)."""
    from symbolic import objects as ob

    out: dict[str, Any] = {}
    for latex in formulas:
        m = _BOUND.fullmatch(latex)
        if m and m.group("rel") != "\\in":
            for name in m.group("names").split(","):
                out[name.strip()] = ob.scalar(name.strip())
    return out


def _shares(a: str, b: str) -> bool:
    """Whether two formulas name a common letter or command (``\\epsilon``, ``x_i``)."""
    def names(t: str) -> set[str]:
        return set(re.findall(r"\\[A-Za-z]+|[A-Za-z]", re.sub(
            r"\\(?:le|leq|ge|geq|in|frac|sqrt|left|right|cdot|mathbb|mathcal|log|exp)"
            r"(?![A-Za-z])", " ", t)))
    return bool(names(a) & names(b))


#: relations that are not checkable, as printed, with what each leaves unstated
SOFT = {"lesssim": ("≲", "≲ hides a constant, which is not stated"),
        "gtrsim": ("≳", "≳ hides a constant, which is not stated"),
        "approx": ("≈", "≈ (approximately) is not a checkable relation"),
        "asymp": ("≍", "≍ hides two constants, which are not stated"),
        "propto": ("∝", "∝ hides a constant, which is not stated"),
        "sim": ("∼", "∼ (a distribution or an order of growth) is not a checkable relation")}
_SOFT = re.compile(r"\\(" + "|".join(SOFT) + r")(?![A-Za-z])")


def soft_relation(latex: str, names: dict[str, Any]) -> tuple[str, list[str]] | None:
    r"""``(read as, notes)`` of one relation that is not checkable between two sides that
    read in opaque mode (``L(ĥ) - L(h*) ≲ √(log|ℋ|/n)``), each shown as written; None when
    ``latex`` is not one such relation at its top level or a side does not read.

    >>> soft_relation(r"L(\hat h) - L(h^*) \lesssim \sqrt{d}", {})
    ('L(ĥ) - L(h*) ≲ √d', ['≲ hides a constant, which is not stated'])
    """
    from symbolic.latex_parse import parse_statement
    from symbolic.pretty import pretty

    m = _one_cut(_SOFT, latex)
    if m is None:
        return None
    sides = [latex[:m.start()].strip(), latex[m.end():].strip().rstrip(".,;")]
    if not all(sides):
        return None
    try:  # read as one relation, for what each side depends on and what it left undecided
        st = parse_statement(f"{sides[0]} \\le {sides[1]}", names or None, opaque=True)
    except (ValueError, TypeError, ArithmeticError):
        return None
    if len(st.props) != 1 or st.conditions:
        return None
    symbol, note = SOFT[m.group(1)]
    prop = st.props[0]
    return f"{pretty(prop.lhs)} {symbol} {pretty(prop.rhs)}", [note, *st.undecided]


def _one_cut(pattern: re.Pattern[str], latex: str) -> re.Match[str] | None:
    """The one match of ``pattern`` outside braces, brackets and parentheses, or None."""
    cuts = [m for m in pattern.finditer(latex) if bracket_depth(latex, m.start()) == 0]
    return cuts[0] if len(cuts) == 1 else None




#: a subdifferential written as a set: ``\partial f(x)``, ``\partial f^*(A^* v)``
_SUBDIFFERENTIAL = re.compile(r"\s*\\partial\s*(?:\\[A-Za-z]+|[A-Za-z])"
                              r"(?:\s*_\s*(?:\{[^{}]*\}|\w))?"
                              r"(?:\s*\^\s*(?:\{\s*\*\s*\}|\*))?\s*\((?:[^()]|\([^()]*\))*\)\s*")
_SET_RELATION = re.compile(r"\\(?:in|notin|subseteq|subset)(?![A-Za-z])|(?<![<>!\\])=")
_SET_SYMBOLS = {"\\in": "∈", "\\notin": "∉", "\\subseteq": "⊆", "\\subset": "⊂", "=": "="}


def set_relation(latex: str, names: dict[str, Any]) -> tuple[str, list[str]] | None:
    r"""``(read as, notes)`` of a membership in a subdifferential, or of an inclusion or an
    equality of two (``A^* v \in \partial f(x)``: ``A* v ∈ ∂f(x)``), each side as written;
    None when ``latex`` is not one.

    >>> set_relation(r"-v \in \partial g(Ax)", {})
    ('-v ∈ ∂g(Ax)', ['a subdifferential is a set the checker does not have'])
    """
    from symbolic.latex_parse import parse_expr
    from symbolic.latex_parse.opaque import display
    from symbolic.pretty import pretty

    m = _one_cut(_SET_RELATION, latex)
    if m is None:
        return None
    lhs, rhs = latex[:m.start()], latex[m.end():].rstrip(".,; ")
    if not _SUBDIFFERENTIAL.fullmatch(rhs):
        return None
    if _SUBDIFFERENTIAL.fullmatch(lhs):
        left = display(lhs)
    elif m.group(0) in ("\\in", "\\notin"):
        try:
            left = pretty(parse_expr(lhs, names or None, opaque=True))
        except (ValueError, TypeError, ArithmeticError):
            return None
    else:
        return None
    return (f"{left} {_SET_SYMBOLS[m.group(0)]} {display(rhs)}",
            ["a subdifferential is a set the checker does not have"])


def unchecked_relation(latex: str, names: dict[str, Any]) -> tuple[str, list[str], str] | None:
    """``(read as, notes, category)`` of a relation the checker does not have, each side as
    written: ``A ≲ B`` ("relation not checkable"), ``v ∈ ∂f(x)`` ("subdifferential") or a
    statement about sets (``S ⊆ [m]``: "set"); None when ``latex`` is none of them."""
    soft = soft_relation(latex, names)
    if soft is not None:
        return (*soft, "relation not checkable")
    found = set_relation(latex, names)
    if found is not None:
        return (*found, "subdifferential")
    sets = set_statement(latex, names)  # "x_0 ∈ C̄ ∖ C", "C ∩ argmin f = Ø"
    return None if sets is None else (sets, [], "set")

