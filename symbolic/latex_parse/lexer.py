"""Tokens of a LaTeX formula, with positions, for the lark grammar in :mod:`.grammar`.

The lexer does what a context-free grammar cannot: it tells an opening ``\\|`` (or ``|``) from a
closing one. A bar closes the innermost open bar of its kind when the token before it ends an
operand (a letter, a number, ``)``, ``}``, a closing bar, ...); otherwise it opens one. So
``\\|A\\| \\|x\\|`` is a product of two norms and ``\\|\\|A\\| x\\|`` nests. Write
``{\\|B\\|}`` inside a norm when the bar after an operand should open (``\\|A {\\|B\\|} C\\|``), or
use ``\\lVert``/``\\rVert``, ``\\left\\|``/``\\right\\|``.

``\\underbrace{X}_{note}`` keeps ``X`` and drops the note; ``\\left``/``\\right``, ``\\,``,
``\\;``, ``\\quad`` and trailing punctuation are ignored.

Example:
    >>> [t.type for t in tokenize(r"\\|Ax\\|_2 \\le R")]
    ['LNORM', 'LETTER', 'LETTER', 'RNORM', 'SUB', 'NUMBER', 'REL', 'LETTER']
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from lark import Token

GREEK = {
    "alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta",
    "vartheta", "iota", "kappa", "lambda", "mu", "nu", "xi", "pi", "rho", "sigma", "tau",
    "upsilon", "phi", "varphi", "chi", "psi", "omega", "Gamma", "Delta", "Theta", "Lambda",
    "Xi", "Pi", "Sigma", "Phi", "Psi", "Omega",
}
FUNCS = {"exp", "log", "ln", "sqrt", "sin", "cos", "tan", "tanh", "arctan", "arcsin",
         "arccos", "diag", "tr", "vec"}
RELS = {"le": "<=", "leq": "<=", "ge": ">=", "geq": ">=", "lt": "<", "gt": ">",
        "preceq": "⪯", "neq": "!=", "ne": "!=", "in": "in", "leqslant": "<=", "geqslant": ">="}
SIMPLE = {"cdot": "CDOT", "circ": "CIRC", "otimes": "OTIMES", "times": "TIMES",
          "top": "TOP", "intercal": "TOP", "infty": "INFTY", "langle": "LANGLE",
          "rangle": "RANGLE", "frac": "FRAC", "dfrac": "FRAC", "tfrac": "FRAC",
          "sum": "SUM", "mathbf": "MATHBF", "boldsymbol": "MATHBF", "lVert": "LNORM",
          "rVert": "RNORM", "lvert": "LBAR", "rvert": "RBAR", "widetilde": "ACCENT",
          "tilde": "ACCENT", "hat": "ACCENT", "widehat": "ACCENT", "bar": "ACCENT",
          "overline": "ACCENT"}
SKIP = {"left", "right", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr",
        "quad", "qquad", "displaystyle", "limits"}
#: token types after which a bar closes (they end an operand)
OPERAND_END = {"LETTER", "GREEK", "NUMBER", "RPAREN", "RBRACE", "RBRACK", "RNORM", "RBAR",
               "RANGLE", "INFTY", "TOP", "PRIME", "STAR"}
_PUNCT = {"(": "LPAREN", ")": "RPAREN", "{": "LBRACE", "}": "RBRACE", "[": "LBRACK",
          "]": "RBRACK", ",": "COMMA", "+": "PLUS", "-": "MINUS", "/": "SLASH", "_": "SUB",
          "^": "SUP", "=": "EQ", "<": "REL", ">": "REL", "'": "PRIME", "*": "STAR"}
_TOKEN = re.compile(
    r"(?P<space>\s+|\\[,;:! ])"
    r"|(?P<mathrm>\\(?:mathrm|operatorname|text|mathit)\s*\{\s*(?P<word>[A-Za-z]+)\s*\})"
    r"|(?P<cmd>\\[A-Za-z]+)"
    r"|(?P<dbar>\\\||\|\|)"
    r"|(?P<bar>\|)"
    r"|(?P<defeq>:=)"
    r"|(?P<rel2><=|>=|!=)"
    r"|(?P<number>\d+(?:\.\d+)?|\.\d+)"
    r"|(?P<letter>[A-Za-z])"
    r"|(?P<punct>[(){}\[\],+\-/_^=<>'*])"
)


class LatexError(ValueError):
    """A LaTeX formula that cannot be read. The first line of the message names the line,
    column and offending token; the next two lines show the source and a caret under it."""

    def __init__(self, text: str, pos: int, what: str):
        line = text.count("\n", 0, pos) + 1
        start = text.rfind("\n", 0, pos) + 1
        end = text.find("\n", pos)
        src = text[start: end if end >= 0 else len(text)]
        col = pos - start + 1
        self.line, self.column, self.what = line, col, what
        self.caret = f"  {src}\n  {' ' * (col - 1)}^"
        super().__init__(f"LaTeX line {line}, column {col}: {what}\n{self.caret}")


def strip_underbraces(text: str) -> str:
    r"""``\underbrace{X}_{note}`` -> ``{X}`` padded with spaces (positions are kept).

    >>> strip_underbraces(r"\underbrace{f(x)}_{n\times 1} + 1")
    '           {f(x)}             + 1'
    """
    out = list(text)
    for m in re.finditer(r"\\underbrace\s*", text):
        for k in range(m.start(), m.end()):
            out[k] = " "
        close = _match_brace(text, m.end())
        if close is None:
            continue
        k = close + 1
        while k < len(text) and text[k].isspace():
            k += 1
        if k < len(text) and text[k] == "_":
            j = k + 1
            while j < len(text) and text[j].isspace():
                j += 1
            end = _match_brace(text, j) if j < len(text) and text[j] == "{" else j
            if end is not None:
                for q in range(k, min(end + 1, len(text))):
                    out[q] = " "
    return "".join(out)


def _match_brace(text: str, start: int) -> int | None:
    if start >= len(text) or text[start] != "{":
        return None
    depth = 0
    for k in range(start, len(text)):
        if text[k] == "{" and (k == 0 or text[k - 1] != "\\"):
            depth += 1
        elif text[k] == "}" and text[k - 1] != "\\":
            depth -= 1
            if depth == 0:
                return k
    return None


def tokenize(text: str) -> Iterator[Token]:
    """Lark tokens of ``text`` (see the module docstring)."""
    src = strip_underbraces(text)
    stack: list[str] = []  # open bars: "NORM" or "BAR"
    prev: str | None = None
    forced: str | None = None  # after \left / \right: "L" or "R"
    pos = 0
    end = len(src.rstrip().rstrip(".,;").rstrip())
    while pos < end:
        m = _TOKEN.match(src, pos)
        if not m:
            raise LatexError(text, pos, f"unexpected character '{src[pos]}'")
        kind, val = m.lastgroup, m.group(0)
        if kind == "word":
            kind = "mathrm"
        start, pos = pos, m.end()
        ttype: str | None = None
        if kind == "space":
            continue
        if kind == "mathrm":
            word = m.group("word")
            if word == "d":
                ttype = "DIFF"
            elif word == "e":  # \mathrm{e}: Euler's number, read as the letter e
                ttype, val = "LETTER", "e"
            elif word in FUNCS:
                ttype = "FUNC"
                val = "\\" + word
            else:
                raise LatexError(text, start, f"unknown operator '{val}'")
        elif kind == "cmd":
            name = val[1:]
            if name in SKIP:
                if name in ("left", "right"):
                    forced = "L" if name == "left" else "R"
                    nxt = src[pos:pos + 1]
                    if nxt == ".":
                        pos += 1
                        forced = None
                continue
            if name in ("Vert", "|"):
                kind = "dbar"
            elif name in GREEK:
                ttype = "GREEK"
            elif name in FUNCS:
                ttype = "FUNC"
            elif name in RELS:
                ttype = "REL"
                val = RELS[name]
            elif name in SIMPLE:
                ttype = SIMPLE[name]
            else:
                raise LatexError(text, start, f"unknown command '{val}'")
        elif kind == "defeq":
            ttype, val = "EQ", "="
        elif kind == "rel2":
            ttype = "REL"
        elif kind == "number":
            ttype = "NUMBER"
        elif kind == "letter":
            ttype = "LETTER"
        elif kind == "punct":
            ttype = _PUNCT[val]
            if forced == "L" and ttype in ("LPAREN", "LBRACK"):
                forced = None
            elif forced == "R" and ttype in ("RPAREN", "RBRACK"):
                forced = None
        if kind in ("dbar", "bar"):
            bar = "NORM" if kind == "dbar" else "BAR"
            closes = (forced == "R") or (forced != "L" and bool(stack) and stack[-1] == bar
                                         and prev in OPERAND_END)
            forced = None
            if closes:
                if not stack or stack[-1] != bar:
                    raise LatexError(text, start, f"closing {val!r} without an opening one")
                stack.pop()
                ttype = "R" + bar
            else:
                stack.append(bar)
                ttype = "L" + bar
        elif ttype == "LNORM" or ttype == "LBAR":
            stack.append(ttype[1:])
        elif ttype == "RNORM" or ttype == "RBAR":
            if stack and stack[-1] == ttype[1:]:
                stack.pop()
        if ttype == "LANGLE" and forced:
            forced = None
        assert ttype is not None
        line = text.count("\n", 0, start) + 1
        col = start - (text.rfind("\n", 0, start) + 1) + 1
        yield Token(ttype, val, start_pos=start, line=line, column=col, end_pos=pos)
        prev = ttype
