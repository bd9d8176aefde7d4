"""Tokens of a LaTeX formula, with positions, for the lark grammar in :mod:`.grammar`.

The lexer does what a context-free grammar cannot: it tells an opening ``\\|`` (or ``|``) from a
closing one. A bar closes the innermost open bar of its kind when the token before it ends an
operand (a letter, a number, ``)``, ``}``, a closing bar, ...); otherwise it opens one. So
``\\|A\\| \\|x\\|`` is a product of two norms and ``\\|\\|A\\| x\\|`` nests. Write
``{\\|B\\|}`` inside a norm when the bar after an operand should open (``\\|A {\\|B\\|} C\\|``), or
use ``\\lVert``/``\\rVert``, ``\\left\\|``/``\\right\\|``.

``\\underbrace{X}_{note}`` keeps ``X`` and drops the note; ``\\left``/``\\right``, ``\\,``,
``\\;`` and trailing punctuation are ignored, and so are ``$...$``, ``\\[...\\]`` and
``equation``/``align`` wrappers (:func:`strip_wrappers`). A comma, ``;`` or ``\\quad`` outside
brackets, ``\\forall`` and ``\\text{for}``-type words are ``SEP`` tokens (a condition
follows); inside ``\\mathrm{KL}(p \\| q)`` the bar is a comma.

Example:
    >>> [t.type for t in tokenize(r"\\|Ax\\|_2 \\le R")]
    ['LNORM', 'LETTER', 'LETTER', 'RNORM', 'SUB', 'NUMBER', 'REL', 'LETTER']
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from lark import Token

from symbolic.vocabulary import FUNCTIONS, OPERATORS

GREEK = {
    "alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta",
    "vartheta", "iota", "kappa", "lambda", "mu", "nu", "xi", "pi", "rho", "sigma", "tau",
    "upsilon", "phi", "varphi", "chi", "psi", "omega", "Gamma", "Delta", "Theta", "Lambda",
    "Xi", "Pi", "Sigma", "Phi", "Psi", "Omega",
}
#: functions written as commands (``\exp``) or operator names (``\mathrm{softmax}``), by the
#: name the builder knows them by: the vocabulary's matrix functions, then every declared
#: scalar function and operator by the names it declares (a declared operator by its class)
FUNCS = {"diag": "diag", "vec": "vec",
         **{r: decl.name for decl in FUNCTIONS.values() for r in decl.reads},
         **{r: cls.__name__ for cls in OPERATORS.values() for r in cls.reads}}
#: operators whose two arguments a ``\|`` separates (``KL(p \| q)``), by the builder's name
_BAR_SEPARATED = {cls.__name__ for cls in OPERATORS.values()
                  if re.search(r"\{0\}\s*\\\|\s*\{1\}", cls.latex_form)}
#: operator names that are not functions of the vocabulary, with the reason
REFUSED_NAMES = {
    "rank": "the rank is not in the vocabulary (it is not continuous)",
    "det": "the determinant is not in the vocabulary",
    "Var": "variances are not in the vocabulary (no random variables)",
    "poly": "poly(...) hides constants: not a checkable expression",
}
RELS = {"le": "<=", "leq": "<=", "ge": ">=", "geq": ">=", "lt": "<", "gt": ">",
        "preceq": "⪯", "succeq": "⪰", "neq": "!=", "ne": "!=", "in": "in", "leqslant": "<=",
        "geqslant": ">="}
#: relations a claim cannot state, with the reason (a LatexError names it)
REFUSED = {
    "lesssim": "\\lesssim hides a constant: state the constant (\\le C \\cdot ...)",
    "gtrsim": "\\gtrsim hides a constant: state the constant (\\ge C \\cdot ...)",
    "approx": "\\approx is not a checkable relation",
    "sim": "\\sim (a distribution or an order of growth) is not a checkable relation",
    "succ": "the strict Loewner order \\succ is not supported: use \\succeq",
    "prec": "the strict Loewner order \\prec is not supported: use \\preceq",
    "ll": "\\ll is not a checkable relation", "gg": "\\gg is not a checkable relation",
    "propto": "\\propto hides a constant",
    "Pr": "probabilities (\\Pr) are not in the vocabulary: proofcheck checks deterministic "
          "statements (state the bound a tail inequality reduces to)",
    "mathbb{E}": "expectations (\\mathbb{E}) are not in the vocabulary: proofcheck checks "
                 "deterministic statements (state the bound an expectation reduces to)",
    "mathbb{P}": "probabilities (\\mathbb{P}) are not in the vocabulary: proofcheck checks "
                 "deterministic statements (state the bound a tail inequality reduces to)",
}
SIMPLE = {"cdot": "CDOT", "circ": "CIRC", "odot": "CIRC", "otimes": "OTIMES", "times": "TIMES",
          "top": "TOP", "intercal": "TOP", "infty": "INFTY", "langle": "LANGLE",
          "rangle": "RANGLE", "frac": "FRAC", "dfrac": "FRAC", "tfrac": "FRAC",
          "sum": "BIGOP", "prod": "BIGOP", "max": "BIGOP", "min": "BIGOP",
          "mathbf": "MATHBF", "boldsymbol": "MATHBF", "bm": "MATHBF", "lVert": "LNORM",
          "rVert": "RNORM", "lvert": "LBAR", "rvert": "RBAR", "widetilde": "ACCENT",
          "tilde": "ACCENT", "hat": "ACCENT", "widehat": "ACCENT", "bar": "ACCENT",
          "overline": "ACCENT", "sqrt": "SQRT", "partial": "DIFF", "nabla": "NABLA",
          "lfloor": "LFLOOR", "rfloor": "RFLOOR", "lceil": "LCEIL", "rceil": "RCEIL",
          "forall": "SEP"}
SKIP = {"left", "right", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr",
        "biggl", "biggr", "Biggl", "Biggr", "displaystyle", "limits", "nolimits",
        "nonumber", "notag"}
#: words after which a condition follows: ``, \quad x > 0``, ``\text{for all } x``
COND_WORDS = {"for", "for all", "forall", "if", "where", "when", "whenever", "with", "and",
              "s.t.", "st", "such that", "provided", "given"}
#: token types after which a bar closes (they end an operand)
OPERAND_END = {"LETTER", "GREEK", "NUMBER", "RPAREN", "RBRACE", "RBRACK", "RNORM", "RBAR",
               "RANGLE", "INFTY", "TOP", "PRIME", "STAR", "RSET", "RFLOOR", "RCEIL", "WORD"}
_OPEN = {"LPAREN", "LBRACE", "LBRACK", "LSET", "LANGLE", "LNORM", "LBAR", "LFLOOR", "LCEIL"}
_CLOSE = {"RPAREN", "RBRACE", "RBRACK", "RSET", "RANGLE", "RNORM", "RBAR", "RFLOOR", "RCEIL"}
_PUNCT = {"(": "LPAREN", ")": "RPAREN", "{": "LBRACE", "}": "RBRACE", "[": "LBRACK",
          "]": "RBRACK", ",": "COMMA", "+": "PLUS", "-": "MINUS", "/": "SLASH", "_": "SUB",
          "^": "SUP", "=": "EQ", "<": "REL", ">": "REL", "'": "PRIME", "*": "STAR",
          ";": "SEP"}
_TOKEN = re.compile(
    r"(?P<space>\s+|\\[,;:! ])"
    r"|(?P<dkl>D_\{?\s*\\(?:mathrm|operatorname|text|mathsf)\s*\{\s*KL\s*\}\s*\}?)"
    r"|(?P<mathrm>\\(?:mathrm|operatorname\*?|text|textrm|mathit|mathsf|textnormal)\s*"
    r"\{\s*(?P<word>[A-Za-z][A-Za-z0-9 .]*?)\s*\})"
    r"|(?P<bb>\\(?:mathbb|mathbbm|mathds|mathcal)\s*\{\s*(?P<bbword>[A-Za-z0-9])\s*\})"
    r"|(?P<lset>\\\{)|(?P<rset>\\\})"
    r"|(?P<linebreak>\\\\)"
    r"|(?P<cmd>\\[A-Za-z]+)"
    r"|(?P<dbar>\\\||\|\|)"
    r"|(?P<bar>\|)"
    r"|(?P<defeq>:=)"
    r"|(?P<rel2><=|>=|!=)"
    r"|(?P<number>\d+(?:\.\d+)?|\.\d+)"
    r"|(?P<letter>[A-Za-z])"
    r"|(?P<punct>[(){}\[\],+\-/_^=<>'*;])"
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


_ENVS = r"(?:equation|align|aligned|gather|gathered|multline|eqnarray|split|displaymath|math)\*?"
_WRAPPERS = [
    (re.compile(r"^\s*(\$\$)(.*)(\$\$)\s*$", re.S), False),
    (re.compile(r"^\s*(\$)(.*)(\$)\s*$", re.S), False),
    (re.compile(r"^\s*(\\\[)(.*)(\\\])\s*$", re.S), False),
    (re.compile(r"^\s*(\\\()(.*)(\\\))\s*$", re.S), False),
    (re.compile(r"^\s*(\\begin\{" + _ENVS + r"\})(.*)(\\end\{" + _ENVS + r"\})\s*$", re.S), True),
]
_BLANK = re.compile(r"\\label\s*\{[^{}]*\}|\\tag\s*\{[^{}]*\}|\\(?:nonumber|notag)(?![A-Za-z])")


def strip_wrappers(text: str) -> str:
    r"""``$...$``, ``$$...$$``, ``\[...\]``, ``\(...\)`` and ``equation``/``align``-type
    environments (with their ``&``, ``\\``, ``\label`` and ``\nonumber``) blanked to spaces, so
    that positions in errors stay those of ``text``.

    >>> strip_wrappers(r"$x \le 1$")
    ' x \\le 1 '
    >>> strip_wrappers(r"\begin{align} a &\le b \\ &\le c \end{align}").split()
    ['a', '\\le', 'b', '\\le', 'c']
    """
    out = list(text)

    def blank(a: int, b: int) -> None:
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    for pattern, env in _WRAPPERS:
        m = pattern.match(text)
        if m:
            blank(m.start(1), m.end(1))
            blank(m.start(m.lastindex), m.end(m.lastindex))
            if env:
                for k in range(m.start(2), m.end(2)):
                    if text[k] == "&" and text[k - 1] != "\\":
                        out[k] = " "
                for mm in re.finditer(r"\\\\(\[[^\]]*\])?", text[m.start(2):m.end(2)]):
                    blank(m.start(2) + mm.start(), m.start(2) + mm.end())
            break
    for m in _BLANK.finditer(text):
        blank(m.start(), m.end())
    return "".join(out)


def tokenize(text: str) -> Iterator[Token]:
    """Lark tokens of ``text`` (see the module docstring)."""
    src = strip_underbraces(strip_wrappers(text))
    stack: list[str] = []  # open bars: "NORM" or "BAR"
    prev: str | None = None
    before_prev: str | None = None
    forced: str | None = None  # after \left / \right: "L" or "R"
    depth = 0  # open brackets of any kind: a comma or \quad at depth 0 separates conditions
    kl_level: int | None = None  # inside KL( ... ): the depth at which \| separates p and q
    kl_pending = False
    pos = 0
    end = len(src.rstrip().rstrip(".,;").rstrip())
    while pos < end:
        m = _TOKEN.match(src, pos)
        if not m:
            raise LatexError(text, pos, f"unexpected character '{src[pos]}'")
        kind, val = m.lastgroup, m.group(0)
        if kind in ("word", "bbword"):
            kind = "mathrm" if kind == "word" else "bb"
        start, pos = pos, m.end()
        ttype: str | None = None
        if kind in ("space", "linebreak"):
            continue
        if kind == "dkl":
            ttype, val = "FUNC", FUNCS["KL"]
        elif kind == "mathrm":
            word = m.group("word").strip()
            if word == "d":
                ttype = "DIFF"
            elif word == "e":  # \mathrm{e}: Euler's number, read as the letter e
                ttype, val = "LETTER", "e"
            elif word in FUNCS:
                ttype, val = "FUNC", FUNCS[word]
            elif word in COND_WORDS:
                ttype, val = "SEP", word
            elif word in ("T", "top") and (prev == "SUP" or (prev == "LBRACE"
                                                             and before_prev == "SUP")):
                ttype = "TOP"
            elif word in REFUSED_NAMES:
                raise LatexError(text, start, f"'{val}': {REFUSED_NAMES[word]}")
            else:
                ttype = "WORD"
        elif kind == "bb":
            letter = m.group("bbword")
            head = val[1:val.index("{")].strip()
            refused = REFUSED.get(f"{'mathbb' if head != 'mathcal' else head}{{{letter}}}")
            if refused:
                raise LatexError(text, start, refused)
            if head == "mathcal":
                ttype = "NAME"
            elif letter in ("1", "I"):
                ttype = "INDIC" if re.match(r"\s*(\[|\\\{|\()", src[pos:]) else "ONES"
                if ttype == "ONES" and letter == "I":
                    raise LatexError(text, start, f"'{val}' without a condition: write "
                                                  "\\mathbb{1}[...] (an indicator) or I_n "
                                                  "(the identity)")
            else:
                ttype, val = "BB", letter
        elif kind in ("lset", "rset"):
            ttype = "LSET" if kind == "lset" else "RSET"
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
            if name in ("quad", "qquad"):
                if depth > 0:
                    continue
                ttype = "SEP"
            elif name in ("Vert", "|", "parallel") and kl_level is not None and \
                    depth == kl_level:
                ttype, val = "COMMA", ","  # KL(p \| q)
            elif name in ("Vert", "|"):
                kind = "dbar"
            elif name in ("mathbf", "boldsymbol", "bm") and re.match(
                    r"\s*\{\s*1\s*\}\s*(\[|\\\{)", src[pos:]):
                pos = src.index("}", pos) + 1  # \mathbf{1}[...]: the indicator
                ttype = "INDIC"
            elif name in GREEK:
                ttype = "GREEK"
            elif name in FUNCS:
                ttype, val = "FUNC", FUNCS[name]
            elif name in RELS:
                ttype = "REL"
                val = RELS[name]
            elif name in SIMPLE:
                ttype = SIMPLE[name]
                if ttype == "SEP":
                    val = name
            elif name in REFUSED:
                raise LatexError(text, start, REFUSED[name])
            elif name in REFUSED_NAMES:
                raise LatexError(text, start, f"'{val}': {REFUSED_NAMES[name]}")
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
            if ttype == "COMMA" and depth == 0:
                ttype = "SEP"
            if forced == "L" and ttype in ("LPAREN", "LBRACK"):
                forced = None
            elif forced == "R" and ttype in ("RPAREN", "RBRACK"):
                forced = None
        if kind == "dbar" and kl_level is not None and depth == kl_level:
            ttype, val = "COMMA", ","
        elif kind in ("dbar", "bar"):
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
        if ttype in _OPEN:
            depth += 1
            if kl_pending and ttype == "LPAREN":
                kl_level, kl_pending = depth, False
        elif ttype in _CLOSE:
            if kl_level is not None and depth == kl_level and ttype == "RPAREN":
                kl_level = None
            depth -= 1
        if ttype == "FUNC" and val in _BAR_SEPARATED:
            kl_pending = True
        if ttype == "SEP" and prev in (None, "SEP"):
            if prev == "SEP":
                continue  # ", \quad \text{for all}": one separator
        line = text.count("\n", 0, start) + 1
        col = start - (text.rfind("\n", 0, start) + 1) + 1
        yield Token(ttype, val, start_pos=start, line=line, column=col, end_pos=pos)
        before_prev, prev = prev, ttype
