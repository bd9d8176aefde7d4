r"""Case analyses written with ``cases``: one formula per case, its condition after it.

``f(x) = \begin{cases} a & x < 0 \\ b & x \ge 0 \end{cases}`` states two things: ``f(x) = a``
where ``x < 0`` and ``f(x) = b`` where ``x \ge 0``. :func:`expand_cases` writes them as two
formulas with the condition after ``\quad`` (how the formula reader takes a condition written
after a statement), so that each case is read with its own condition and none with another's.
A case "otherwise" holds where no other case's condition does, when each of these is one
relation (its negation is then a formula); a case whose condition is not a formula ("transient
phase", "otherwise" after a condition that cannot be negated) keeps its words, so the reader
refuses it rather than read it without its condition.

Rows of a display are split at ``\\`` outside matrix-like environments (:func:`rows`), so a
``cases`` block is never cut in the middle.
"""

from __future__ import annotations

import re

#: environments whose ``\\`` and ``&`` belong to them, not to the display around them
INNER = ("cases", "dcases", "rcases", "cases*", "dcases*", "array", "matrix", "pmatrix",
         "bmatrix", "Bmatrix", "vmatrix", "Vmatrix", "smallmatrix")
_CASES = ("cases", "dcases", "rcases", "cases*", "dcases*")
_TOKEN = re.compile(r"\\begin\s*\{([^}]*)\}|\\end\s*\{([^}]*)\}|(\\\\\*?(?:\[[^\]]*\])?"
                    r"|\\(?:short)?intertext\s*\{\s*and\s*\})")  # "\intertext{and}": a new row


def rows(text: str) -> list[tuple[str, int]]:
    r"""The rows of a display, each with its offset: split at ``\\`` (or ``\intertext{and}``)
    outside :data:`INNER` environments.

    >>> [r for r, _ in rows(r"a &= \begin{cases} 1 & x \\ 2 & y \end{cases} \\ &\le 3")]
    ['a &= \\begin{cases} 1 & x \\\\ 2 & y \\end{cases} ', ' &\\le 3']
    """
    out: list[tuple[str, int]] = []
    depth = start = 0
    for m in _TOKEN.finditer(text):
        if m.group(1) and m.group(1).strip() in INNER:
            depth += 1
        elif m.group(2) and m.group(2).strip() in INNER:
            depth = max(depth - 1, 0)
        elif m.group(3) and depth == 0:
            out.append((text[start:m.start()], start))
            start = m.end()
    out.append((text[start:], start))
    return out


def expand_cases(formula: str) -> list[str]:
    r"""``formula`` with its first ``cases`` block read as one formula per case (the case's
    value in place of the block, its condition after ``\quad``); ``[formula]`` without one.

    >>> expand_cases(r"|x| = \begin{cases} x & \text{if } x \ge 0, \\ -x & \text{otherwise}"
    ...              r"\end{cases}")
    ['|x| = x \\quad x \\ge 0', '|x| = -x \\quad x < 0']
    >>> expand_cases(r"h = \begin{cases} 1 & \text{phase one} \\ 2 & \text{otherwise} \end{cases}")
    ['h = 1 \\quad \\text{phase one}', 'h = 2 \\quad \\text{otherwise}']
    """
    m = re.search(r"\\begin\s*\{(" + "|".join(re.escape(c) for c in _CASES) + r")\}", formula)
    if not m:
        return [formula]
    end = _matching_end(formula, m.end(), m.group(1))
    if end is None:
        return [formula]
    close = formula.index("}", formula.index("\\end", end)) + 1
    before, block, after = formula[:m.start()], formula[m.end():end], formula[close:]
    cases = []
    for row, _ in rows(block):
        if row.strip():
            value, _, condition = row.partition("&")  # the first & of the row
            cases.append((value.strip(), _condition(condition.replace("&", " "))))
    out = []
    for value, condition in cases:
        if re.fullmatch(r"(?:\\(?:text|textrm|mbox)\s*\{\s*)?(?:otherwise|else)\W*\}?",
                        condition):
            others = [_negate(c) for v, c in cases if c != condition]
            if others and all(others):
                condition = ", ".join(o for o in others if o)
        text = f"{before.rstrip()} {value} {after.strip()}".strip()
        text = re.sub(r"\s*[.,;]$", "", text)
        out.append(f"{text} \\quad {condition}" if condition else text)
    return out or [formula]


#: each relation and its negation (over the reals)
_NEGATION = {"<": r"\ge", ">": r"\le", r"\le": ">", r"\leq": ">", r"\ge": "<",
             r"\geq": "<", "=": r"\neq", r"\neq": "=", r"\ne": "="}


def _negate(condition: str) -> str | None:
    r"""The negation of a condition that is one relation between two sides (``x \ge 1``
    gives ``x < 1``), or None.

    >>> _negate(r"x \ge 1"), _negate(r"0 < x < 1"), _negate(r"x \in S")
    ('x < 1', None, None)
    """
    found = list(re.finditer(r"\\(?:leq?|geq?|neq?)(?![A-Za-z])|(?<![\\{])[<>=]", condition))
    if len(found) != 1 or re.search(r"[,]|\\(?:in|forall|text)(?![A-Za-z])", condition):
        return None
    m = found[0]
    return f"{condition[:m.start()].strip()} {_NEGATION[m.group(0)]} {condition[m.end():].strip()}"


def _matching_end(text: str, pos: int, name: str) -> int | None:
    """Where the ``\\end{name}`` closing the block opened before ``pos`` starts."""
    depth = 1
    for m in re.finditer(r"\\(begin|end)\s*\{" + re.escape(name) + r"\}", text[pos:]):
        depth += 1 if m.group(1) == "begin" else -1
        if depth == 0:
            return pos + m.start()
    return None


def _condition(text: str) -> str:
    r"""A case's condition as a formula: "if", "for", "when" and trailing punctuation
    dropped (``\text{if } x > 0,`` is ``x > 0``); words other than these stay.

    >>> _condition(r"\mbox{for } n \le n_0 .")
    'n \\le n_0'
    """
    text = re.sub(r"\\(?:text|textrm|mbox|mathrm|textnormal)\s*\{\s*(?:if|for|when|where)"
                  r"\s*(?:~|\\ )?\s*\}", " ", text)
    text = re.sub(r"^\s*(?:if|for|when)\b", " ", text)
    text = re.sub(r"\\(?:text|textrm|mbox)\s*\{\s*(?:,|and)?\s*\}", " ", text)
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"^(?:\\[,;!: ]|\\q?quad|~|\s)+", "", text)
    return re.sub(r"(?:\\[,;!: ]|\\q?quad|~|\s|[.,;])+$", "", text)
