r"""Statements about sets, shown as written: memberships, inclusions and equalities of sets
the checker does not have (``x_0 ∈ C̄ ∖ C``, ``C ∩ argmin f = Ø``, ``S ⊆ [m]``).

A formula reads so only when every part of it is one of the forms below; anything else
(a number beside a set, a relation of numbers) leaves it to the other readings. Shown,
never checked.

>>> set_statement(r"x_0 \in \overline{C}\setminus C", {})
'x_0 ∈ C̄ ∖ C'
>>> set_statement(r"x \le 1", {}) is None
True
"""

from __future__ import annotations

import re
from typing import Any

#: the relations between sets (and of an element to a set), as printed
RELATIONS = {r"\not\in": "∉", r"\notin": "∉", r"\not\subset": "⊄", r"\not\subseteq": "⊈",
             r"\subsetneq": "⊊", r"\subseteq": "⊆", r"\subset": "⊂", r"\supseteq": "⊇",
             r"\supset": "⊃", r"\in": "∈", r"\neq": "≠", r"\ne": "≠", "=": "="}
_RELATION = re.compile(r"\\not\s*\\in(?![A-Za-z])|\\not\s*\\subset(?:eq)?(?![A-Za-z])|"
                       r"\\(?:notin|subsetneq|subseteq|subset|supseteq|supset|in|neq|ne)"
                       r"(?![A-Za-z])|(?<![<>!:\\])=")
_MEMBER = (r"\in", r"\notin", r"\not\in")
#: the operations on sets
OPERATIONS = {r"\cap": "∩", r"\cup": "∪", r"\setminus": "∖"}
_OPERATION = re.compile(r"\\(?:cap|cup|setminus)(?![A-Za-z])")
#: a script: ``_{p-1}``, ``^n``, ``_\epsilon``
_SCRIPT = r"(?:\s*[_^]\s*(?:\{(?:[^{}]|\{[^{}]*\})*\}|\\[A-Za-z]+|\w))"
#: arguments in parentheses (one level of nesting)
_CALL = r"(?:\s*(?:\\left)?\s*\((?:[^()]|\([^()]*\))*(?:\\right)?\s*\))"
#: a set named by a capital letter, a capital Greek letter or a calligraphic, script or
#: blackboard letter, maybe under a bar, with scripts and arguments (``N_C(x)``,
#: ``\Gamma_0(\mathbb{R}^n)``, ``\mathbb{R}^{n \times d}``, ``\overline{C}``)
_CAPITAL = (r"(?:[A-Z](?![A-Za-z])|\\(?:Gamma|Delta|Theta|Lambda|Xi|Pi|Sigma|Phi|Psi|Omega)"
            r"(?![A-Za-z])|\\math(?:cal|scr|bb)\s*\{\s*[A-Z]\s*\})")
_NAMED = re.compile(rf"\s*(?:\\(?:overline|bar)\s*(?:\{{\s*{_CAPITAL}\s*\}}|{_CAPITAL})|"
                    rf"{_CAPITAL}){_SCRIPT}*'*{_CALL}?\s*")
#: a set an operator makes of a function or a set (``\operatorname{dom}(f)``, ``\ri(C)``,
#: ``\argmin f``, ``\partial f(x)``, ``int(\mathcal{K})``)
_OPERATOR = re.compile(r"\s*(?:\\(?:operatorname\*?|mathrm|text)\s*\{\s*(?:dom|int|ri|relint|"
                       r"conv|epi|cl|aff|cone)\s*\}|\\(?:dom|ri|inte|relint|conv|epi|cl)"
                       r"(?![A-Za-z])|(?<![A-Za-z\\])(?:dom|int|ri|conv|epi)(?=\s*\())\s*"
                       rf"(?:{_CALL}|\\\{{.*\\\}}|\\?[A-Za-z](?![A-Za-z]))\s*|"
                       r"\s*\\(?:arg\s*\\?min|argmin|arg\s*\\?max|argmax)(?![A-Za-z])"
                       r"(?:\s*_\s*(?:\{[^{}]*\}|\\?\w+))?\s*\\?[A-Za-z](?![A-Za-z])"
                       rf"{_CALL}?\s*|"
                       r"\s*\\partial\s*(?:\\[A-Za-z]+|[A-Za-z])(?:\s*_\s*(?:\{[^{}]*\}|\w))?"
                       rf"(?:\s*\^\s*(?:\{{\s*\*\s*\}}|\*))?{_CALL}\s*")
#: the empty set, an index range ``[n]``, a set in braces (``\{0\}``, ``\{x : Ax < b\}``)
_OTHER = re.compile(r"\s*(?:\\(?:emptyset|varnothing|O)(?![A-Za-z])|\[\s*\\?\w+\s*\]|"
                    r"(?:\\left)?\s*\\\{.*(?:\\right)?\s*\\\})\s*")
#: a union or an intersection over an index: ``\bigcup_{i=1}^n``
_BIG = re.compile(rf"\s*\\big(cup|cap)(?![A-Za-z])(?:\s*\\limits)?{_SCRIPT}*")
#: an element: a name, maybe decorated and indexed (``x_0``, ``\hat{h}``, ``x^*``), or a list
_NAME = (r"(?:\\(?:hat|tilde|bar|mathbf|bm|boldsymbol)\s*(?:\{[^{}]*\}|\\?[A-Za-z]+(?![A-Za-z]))|"
         r"\\?[A-Za-z]+(?![A-Za-z]))(?:\s*[_^]\s*(?:\{[^{}]*\}|\\?\w+(?!\w)|\*)|')*")
_ELEMENT = re.compile(rf"\s*{_NAME}(?:\s*,\s*{_NAME})*\s*")


def set_statement(latex: str, names: dict[str, Any]) -> str | None:
    r"""``latex`` as written when it is a statement about sets: one or a chain of relations
    (``∈``, ``∉``, ``⊂``, ``⊆``, ``⊃``, ``=``, ``≠``) between sets, each side made with
    ``∩``, ``∪``, ``∖``, ``⋃_i`` of named sets, operators' sets (``dom f``, ``argmin f``,
    ``∂f(x)``), ``[n]``, ``∅`` and sets in braces, and an element before ``∈``; None when it
    is not one, or says nothing about sets (``A = B`` of two names), or ``names`` gives a
    value to a name used as a set.

    >>> set_statement(r"C \cap \argmin f = \O", {}), set_statement(r"S \subseteq [m]", {})
    ('C ∩ argmin f = Ø', 'S ⊆ [m]')
    >>> set_statement(r"h \in \mathcal{H}", {}), set_statement(r"A = B", {})
    ('h ∈ ℋ', None)
    """

    text = latex.strip().rstrip(".,;").strip()
    sides, cuts = _split(text, _RELATION)
    if not cuts:
        return None
    relations = [re.sub(r"\s+", "", m.group(0)) for m in cuts]
    shown: list[str] = []
    about_sets = False
    for k, side in enumerate(sides):
        if k == 0 and relations[0] in _MEMBER:
            element = _element(side, names)
            if element is None:
                return None
            shown.append(element)
            about_sets = True
            continue
        parts = _set_expression(side, names)
        if parts is None:
            return None
        shown.append(parts[0])
        about_sets |= parts[1]
    if any(r in _MEMBER for r in relations[1:]):  # "x ∈ A ∈ B": a set as an element
        return None
    about_sets |= any(r not in ("=", r"\neq", r"\ne") for r in relations)
    if not about_sets:
        return None
    out = shown[0]
    for rel, side in zip(relations, shown[1:], strict=True):
        out += f" {RELATIONS[rel]} {side}"
    return out


def _element(latex: str, names: dict[str, Any]) -> str | None:
    """An element before ``∈`` as written (``x, y``, ``x_0``), or an expression that reads
    in opaque mode (``y - x``); None otherwise."""
    from symbolic.latex_parse import parse_expr
    from symbolic.latex_parse.opaque import display
    from symbolic.pretty import pretty

    if not latex.strip():
        return None
    if _ELEMENT.fullmatch(latex):
        return re.sub(r"\s*,\s*", ", ", display(latex))
    try:
        return pretty(parse_expr(latex, dict(names) or None, opaque=True))
    except (ValueError, TypeError, ArithmeticError):
        return None


def _set_expression(latex: str, names: dict[str, Any]) -> tuple[str, bool] | None:
    """``(shown, says something only of sets)`` of one side of a relation between sets, or
    None when a part of it is not a set."""
    from symbolic.latex_parse.opaque import display

    parts, cuts = _split(latex, _OPERATION)
    shown, sets_only = [], bool(cuts)
    for part in parts:
        big = _BIG.match(part)
        if big:  # \bigcup_{i=1}^n E_i: over the rest of the part
            inner = _set_expression(part[big.end():], names)
            if inner is None:
                return None
            shown.append(("⋃" if big.group(1) == "cup" else "⋂")
                         + display(part[big.end(1):big.end()].strip()) + inner[0])
            sets_only = True
            continue
        if re.search(r"\\(?:text\w*|mbox)\s*\{[^{}]*\s[^{}]*\}", part):
            return None  # "\{\text{all function} \in \{0, 1\}\}": a set said in words
        if _OTHER.fullmatch(part):
            shown.append(_braces(part) if "\\{" in part else
                         "∅" if re.search(r"emptyset|varnothing", part) else
                         "Ø" if re.search(r"\\O", part) else display(part))
            sets_only = True
            continue
        if _OPERATOR.fullmatch(part):  # argmin f, dom(f), ∂f(x)
            shown.append(re.sub(r"^(argmin|argmax|dom|int|ri|relint|conv|epi|cl)(?=[^\W_])",
                                r"\1 ", display(part)))
            sets_only |= not part.strip().startswith("\\partial")
            continue
        if not _NAMED.fullmatch(part):
            return None
        base = re.sub(r"[_^(].*", "", re.sub(r"\\(?:overline|bar)\s*\{?\s*", "", part.strip()))
        if base.strip().rstrip("}").strip() in names:  # a name given a value: not a set
            return None
        shown.append(display(part))
        sets_only |= bool(re.match(r"\s*\\mathbb", part))  # F(x) = G(y): numbers, maybe
    return " ".join(_spaced(shown, cuts, latex)), sets_only


def _split(text: str, pattern: re.Pattern[str]) -> tuple[list[str], list[re.Match[str]]]:
    """``text`` cut at the matches of ``pattern`` outside every bracket: the pieces, and the
    matches between them."""
    cuts = [m for m in pattern.finditer(text) if _depth(text, m.start()) == 0]
    pieces = [text[a.end() if a else 0:b.start() if b else len(text)]
              for a, b in zip([None, *cuts], [*cuts, None], strict=True)]
    return pieces, cuts


def _depth(text: str, pos: int) -> int:
    r"""How many brackets of any kind (``(``, ``[``, ``{``, ``\{``) are open at ``pos``."""
    head = text[:pos]
    return sum(head.count(c) for c in "([{") - sum(head.count(c) for c in ")]}")


def _spaced(shown: list[str], cuts: list[re.Match[str]], latex: str) -> list[str]:
    """The parts of a set expression with their operations between them."""
    out = [shown[0]]
    for m, part in zip(cuts, shown[1:], strict=True):
        out += [OPERATIONS[m.group(0)], part]
    return out


def _braces(latex: str) -> str:
    r"""A set in braces as written, with ``:`` or ``\mid`` spaced: ``{x : f(x) ≤ α}``."""
    from symbolic.latex_parse.opaque import display

    inner = re.sub(r"^\s*(?:\\left)?\s*\\\{|(?:\\right)?\s*\\\}\s*$", "", latex)
    cut = next((m for m in re.finditer(r"\\mid(?![A-Za-z])|:|\|", inner)
                if _depth(inner, m.start()) == 0), None)
    if cut is None:
        return "{" + display(inner).replace(",", ", ") + "}"
    return "{" + display(inner[:cut.start()]) + " : " + display(inner[cut.end():]) + "}"


__all__ = ["OPERATIONS", "RELATIONS", "set_statement"]
