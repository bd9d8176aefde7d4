"""Tokens of a LaTeX formula, with positions, for the lark grammar in :mod:`.grammar`.

The lexer does what a context-free grammar cannot: it tells an opening ``\\|`` (or ``|``) from a
closing one. A bar closes the innermost open bar of its kind when the token before it ends an
operand (a letter, a number, ``)``, ``}``, a closing bar, ...); otherwise it opens one. So
``\\|A\\| \\|x\\|`` is a product of two norms and ``\\|\\|A\\| x\\|`` nests. Write
``{\\|B\\|}`` inside a norm when the bar after an operand should open (``\\|A {\\|B\\|} C\\|``), or
use ``\\lVert``/``\\rVert``, ``\\left\\|``/``\\right\\|``.

``\\underbrace{X}_{note}`` keeps ``X`` and drops the note; ``\\left``/``\\right``,
``\\middle``, ``\\big``-type sizes, spacing (``\\,``, ``\\;``, ``\\!``, ``~``, ...), style
commands and trailing punctuation are ignored, and so are ``$...$``, ``\\[...\\]`` and
``equation``/``align`` wrappers (:func:`strip_wrappers`). A comma, ``;`` or ``\\quad`` outside
brackets, ``\\forall`` and ``\\text{for}``-type words are ``SEP`` tokens (a condition
follows; adjacent ones are one separator, ``\\quad\\text{and}\\quad`` is ``and``); inside
``\\mathrm{KL}(p \\| q)`` the bar is a comma. TeX's unbraced arguments are one token each:
``\\frac12`` is ``\\frac{1}{2}``. In an integral, ``d`` before a letter is the differential.

Expectations, probabilities, infima, suprema, limits and arg-minima are recognised and refused
with :class:`NotChecked` (a :class:`LatexError` with a ``category``). With ``opaque=True`` they
are tokens instead (:func:`tokenize`): ``RANDOM`` (its value the head: ``E``, ``Pr``, ``Var``)
and ``LIMOP`` (``inf``, ``argmin``), each followed by ``RSUB`` (its subscript as written) when
it has one; the bracket after a random quantity is ``ROPEN`` ... ``RCLOSE``, inside which
``\\mid`` (or ``\\middle|``) is ``GIVEN``.

Example:
    >>> [t.type for t in tokenize(r"\\|Ax\\|_2 \\le R")]
    ['LNORM', 'LETTER', 'LETTER', 'RNORM', 'SUB', 'NUMBER', 'REL', 'LETTER']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from lark import Token

from symbolic.vocabulary import FUNCTIONS, OPERATORS

GREEK = {
    "alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta",
    "vartheta", "iota", "kappa", "lambda", "mu", "nu", "xi", "pi", "rho", "sigma", "tau",
    "upsilon", "phi", "varphi", "chi", "psi", "omega", "Gamma", "Delta", "Theta", "Lambda",
    "Xi", "Pi", "Sigma", "Phi", "Psi", "Omega", "Upsilon", "varrho", "varsigma", "varpi",
    "ell",
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
    "colon": "\\colon (a map f \\colon X \\to Y, or a set-builder) is not a checkable formula",
    "mid": "\\mid (a conditional, a set-builder bar or divisibility) is not supported",
    "exists": "\\exists (an existential) is not supported: a claim holds for all values",
}
_DETERMINISTIC = "proofcheck checks deterministic statements"
#: random quantities by how they are written (a command, a \mathbb letter, an operator name):
#: the kind and the advice after "random quantity (...): not checked"
RANDOM = {
    "E": f"expectations ({{0}}) are not in the vocabulary: {_DETERMINISTIC} (state the bound "
         "an expectation reduces to)",
    "P": f"probabilities ({{0}}) are not in the vocabulary: {_DETERMINISTIC} (state the "
         "bound a tail inequality reduces to)",
    "Var": "variances are not in the vocabulary (no random variables)",
    "Cov": "covariances are not in the vocabulary (no random variables)",
}
#: commands and operator names of random quantities, by the kind in :data:`RANDOM`
RANDOM_NAMES = {"E": "E", "EE": "E", "Pr": "P", "P": "P", "Var": "Var", "Cov": "Cov",
                "Corr": "Cov", "Std": "Var", "Prob": "P"}
#: words of ``\text{...}`` that make a statement about random quantities
RANDOM_WORDS = ("probability", "w.p.", "almost surely", "a.s.", "in expectation")
#: operators the vocabulary does not have, recognised so that they are not misread:
#: (category, the construct in words)
NOT_CHECKED = {
    "inf": ("infimum", "an infimum"), "sup": ("supremum", "a supremum"),
    "lim": ("limit", "a limit"), "limsup": ("limit", "a limit superior"),
    "liminf": ("limit", "a limit inferior"), "varlimsup": ("limit", "a limit superior"),
    "varliminf": ("limit", "a limit inferior"), "argmin": ("argmin", "an argmin"),
    "argmax": ("argmax", "an argmax"), "esssup": ("supremum", "an essential supremum"),
    "essinf": ("infimum", "an essential infimum"),
}
SIMPLE = {"cdot": "CDOT", "circ": "CIRC", "odot": "CIRC", "otimes": "OTIMES", "times": "TIMES",
          "top": "TOP", "intercal": "TOP", "infty": "INFTY", "langle": "LANGLE",
          "rangle": "RANGLE", "frac": "FRAC", "dfrac": "FRAC", "tfrac": "FRAC",
          "cfrac": "FRAC", "sum": "BIGOP", "prod": "BIGOP", "max": "BIGOP", "min": "BIGOP",
          "mathbf": "MATHBF", "boldsymbol": "MATHBF", "bm": "MATHBF", "lVert": "LNORM",
          "rVert": "RNORM", "lvert": "LBAR", "rvert": "RBAR", "widetilde": "ACCENT",
          "tilde": "ACCENT", "hat": "ACCENT", "widehat": "ACCENT", "bar": "ACCENT",
          "overline": "ACCENT", "check": "ACCENT", "breve": "ACCENT", "grave": "ACCENT",
          "acute": "ACCENT", "sqrt": "SQRT", "partial": "DIFF", "nabla": "NABLA",
          "lfloor": "LFLOOR", "rfloor": "RFLOOR", "lceil": "LCEIL", "rceil": "RCEIL",
          "forall": "SEP", "star": "STAR", "prime": "PRIME", "ast": "STAR", "cdots": "DOTS",
          "dots": "DOTS",
          "ldots": "DOTS", "dotsb": "DOTS", "dotsm": "DOTS", "dotsc": "DOTS", "dotsi": "DOTS",
          "int": "INT", "binom": "BINOM", "tbinom": "BINOM", "dbinom": "BINOM",
          "choose": "CHOOSE"}
SKIP = {"left", "right", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr",
        "biggl", "biggr", "Biggl", "Biggr", "displaystyle", "textstyle", "scriptstyle",
        "scriptscriptstyle", "limits", "nolimits", "nonumber", "notag", "middle", "bigm",
        "Bigm", "biggm", "Biggm", "mathop", "enspace", "thinspace", "medspace", "thickspace",
        "negthinspace", "negmedspace", "negthickspace"}
#: sizes that open (``\bigl``) or close (``\bigr``) like ``\left``/``\right``, or sit between
_OPENING = {"left", "bigl", "Bigl", "biggl", "Biggl"}
_CLOSING = {"right", "bigr", "Bigr", "biggr", "Biggr"}
_MIDDLE = {"middle", "bigm", "Bigm", "biggm", "Biggm"}
#: words after which a condition follows: ``, \quad x > 0``, ``\text{for all } x``
COND_WORDS = {"for", "for all", "forall", "for any", "for every", "for each", "if",
              "where", "when", "whenever", "with", "and", "s.t.", "st", "such that",
              "subject to", "provided", "provided that", "given", "assuming"}
#: words that are not conditions a claim can take
_REFUSED_WORDS = {"for some": "'for some' (an existential) is not supported: a claim holds for "
                              "all values",
                  "or": "'or' between relations (a disjunction) is not supported",
                  "otherwise": "a case distinction ('otherwise') is not supported"}
#: token types after which a bar closes (they end an operand)
OPERAND_END = {"LETTER", "GREEK", "NUMBER", "RPAREN", "RBRACE", "RBRACK", "RNORM", "RBAR",
               "RANGLE", "INFTY", "TOP", "PRIME", "STAR", "RSET", "RFLOOR", "RCEIL", "WORD",
               "NAME", "RCLOSE", "BANG"}
_OPEN = {"LPAREN", "LBRACE", "LBRACK", "LSET", "LANGLE", "LNORM", "LBAR", "LFLOOR", "LCEIL",
         "ROPEN"}
_CLOSE = {"RPAREN", "RBRACE", "RBRACK", "RSET", "RANGLE", "RNORM", "RBAR", "RFLOOR", "RCEIL",
          "RCLOSE"}
_PUNCT = {"(": "LPAREN", ")": "RPAREN", "{": "LBRACE", "}": "RBRACE", "[": "LBRACK",
          "]": "RBRACK", ",": "COMMA", "+": "PLUS", "-": "MINUS", "/": "SLASH", "_": "SUB",
          "^": "SUP", "=": "EQ", "<": "REL", ">": "REL", "'": "PRIME", "*": "STAR",
          ";": "SEP"}
#: commands taking TeX arguments (one token or a braced group each), by how many
_ARGS = {"FRAC": 2, "SQRT": 1, "BINOM": 2}
_SPACING = r"\\[,;:!> ]|~|\\hspace\*?\s*\{[^{}]*\}"
_TOKEN = re.compile(
    rf"(?P<space>\s+|{_SPACING})"
    r"|(?P<dkl>D_\{?\s*\\(?:mathrm|operatorname|text|mathsf)\s*\{\s*KL\s*\}\s*\}?)"
    r"|(?P<mathrm>\\(?:mathrm|operatorname\*?|text|textrm|mathit|mathsf|textnormal|textit)\s*"
    r"\{\s*(?P<word>[A-Za-z](?:[A-Za-z0-9 .]|(?<=[A-Za-z])-(?=[A-Za-z])|\\[,;:! ])*?)\s*\})"
    r"|(?P<bb>\\(?:mathbb|mathbbm|mathds|mathcal|mathscr|mathfrak)\s*"
    r"\{\s*(?P<bbword>[A-Za-z0-9])\s*\})"
    r"|(?P<lset>\\\{)|(?P<rset>\\\})"
    r"|(?P<linebreak>\\\\)"
    r"|(?P<cmd>\\[A-Za-z]+)"
    r"|(?P<dbar>\\\||\|\|)"
    r"|(?P<bar>\|)"
    r"|(?P<defeq>:=)"
    r"|(?P<rel2><=|>=|!=)"
    r"|(?P<bang>!)"
    r"|(?P<dots>\.\.\.)"
    r"|(?P<number>\d+(?:\.\d+)?|\.\d+)"
    r"|(?P<letter>[A-Za-z])"
    r"|(?P<punct>[(){}\[\],+\-/_^=<>'*;])"
)
#: what may stand between a random quantity's letter and its bracket: a subscript, sizes
_TO_BRACKET = re.compile(r"\s*(?:\\(?:left|[bB]igg?l?)(?![A-Za-z])\s*)?(\[|\\\{|\\lbrack)")


class LatexError(ValueError):
    """A LaTeX formula that cannot be read. The first line of the message names the line,
    column and offending token; the next two lines show the source and a caret."""

    def __init__(self, text: str, pos: int, what: str):
        line = text.count("\n", 0, pos) + 1
        start = text.rfind("\n", 0, pos) + 1
        end = text.find("\n", pos)
        src = text[start: end if end >= 0 else len(text)]
        col = pos - start + 1
        self.text, self.pos = text, pos
        self.line, self.column, self.what = line, col, what
        self.caret = f"  {src}\n  {' ' * (col - 1)}^"
        super().__init__(f"LaTeX line {line}, column {col}: {what}\n{self.caret}")

    def __reduce__(self) -> tuple:
        return type(self), (self.text, self.pos, self.what)


class NotChecked(LatexError):
    r"""A formula the reader recognises and does not check: ``category`` says what it is
    (``"random quantity"``, ``"abstract function"``, ``"limit"``, ``"infimum"``,
    ``"supremum"``, ``"argmin"``, ``"argmax"``), and the message starts with it.

    >>> try:
    ...     list(tokenize(r"\mathbb{E}[X] \le 1"))
    ... except NotChecked as exc:
    ...     print(exc.category, "|", exc.what.split(":")[0])
    random quantity | random quantity (\mathbb{E})
    """

    def __init__(self, text: str, pos: int, what: str, category: str):
        self.category = category
        super().__init__(text, pos, what)

    def __reduce__(self) -> tuple:
        return type(self), (self.text, self.pos, self.what, self.category)


def random_quantity(text: str, pos: int, shown: str, kind: str) -> NotChecked:
    """The error for a random quantity written ``shown`` (an expectation, a probability, a
    variance: ``kind`` in :data:`RANDOM`)."""
    return NotChecked(text, pos, f"random quantity ({shown}): not checked: "
                                 f"{RANDOM[kind].format(shown)}", "random quantity")


def not_checked(text: str, pos: int, name: str, src: str, after: int) -> NotChecked:
    """The error for ``\\inf``, ``\\sup``, ``\\lim``, ``\\argmin``... (``name`` in
    :data:`NOT_CHECKED`) whose subscript starts at ``after`` in ``src``."""
    category, words = NOT_CHECKED[name]
    sub = subscript_after(src, after)
    if sub and category == "limit":
        words += f" as {sub}"
    elif sub:
        words += f" over {sub}"
    return NotChecked(text, pos, f"{words}: not checked (no {category} in the vocabulary: "
                                 f"unknown command '\\{name}')", category)


def subscript_after(src: str, pos: int) -> str:
    r"""The subscript written at ``pos`` (after ``\limits``), or ``""``.

    >>> subscript_after(r"\limits_{x \in S} f(x)", 0)
    'x \\in S'
    """
    m = re.compile(r"\s*\}?\s*(?:\\(?:no)?limits(?![A-Za-z])\s*)?_\s*").match(src, pos)
    if not m:
        return ""
    k = m.end()
    if src[k:k + 1] == "{":
        close = _match_brace(src, k)
        return src[k + 1:close].strip() if close is not None else ""
    word = re.match(r"\\[A-Za-z]+|[A-Za-z0-9]", src[k:])
    return word.group(0) if word else ""


def _bracket_follows(src: str, pos: int) -> bool:
    """Whether ``[`` or ``\\{`` (possibly sized) follows ``pos``, after an optional subscript:
    ``\\mathbf{E}_{x}[``."""
    k = pos
    m = re.compile(r"\s*_\s*").match(src, k)
    if m:
        k = m.end()
        if src[k:k + 1] == "{":
            close = _match_brace(src, k)
            k = close + 1 if close is not None else k
        else:
            k += 1
    return _TO_BRACKET.match(src, k) is not None


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


def _merge_sep(a: str, b: str) -> str:
    r"""The separator two adjacent ones make: a word over punctuation or ``\quad``, a
    condition word over ``and``."""
    words = [w for w in (a, b) if w in COND_WORDS or w == "forall"]
    if not words:
        return a
    return next((w for w in words if w != "and"), "and")


class _Args:
    r"""A ``\frac``, ``\sqrt`` or ``\binom`` at bracket depth ``depth`` waiting for ``left`` TeX
    arguments (``braced``: inside one now; ``is_arg``: it is an argument of the one before)."""

    def __init__(self, name: str, left: int, depth: int, is_arg: bool):
        self.name, self.left, self.depth, self.is_arg = name, left, depth, is_arg
        self.braced = False


def _arg_read(frames: list[_Args]) -> None:
    """One argument of the innermost command read; complete commands are dropped."""
    frames[-1].left -= 1
    while frames and frames[-1].left == 0:
        done = frames.pop()
        if done.is_arg and frames:
            frames[-1].left -= 1


#: displayed heads of random quantities, by the names in :data:`RANDOM_NAMES` (and ``V``)
RANDOM_HEADS = {"E": "E", "EE": "E", "Pr": "Pr", "P": "Pr", "Prob": "Pr", "Var": "Var",
                "V": "Var", "Cov": "Cov", "Corr": "Corr", "Std": "Std"}
#: an operator wrapped in ``\\operatorname*{...}``, ``\\mathop{...}`` or ``\\mbox{...}``
#: (``\\text``), or written ``{\\rm Pr}``
_WRAPPED = re.compile(r"(?P<cmd>\\operatorname\*?|\\mathop|\\mbox|\\text|\\textrm)\s*"
                      r"\{(?P<inner>(?:[^{}]|\{[^{}]*\})*)\}"
                      r"|\{\s*\\rm\s+(?P<rm>[A-Za-z]+)\s*\}")
_SCRIPT = re.compile(r"\s*(?:\\(?:no)?limits(?![A-Za-z])\s*)?_\s*")


def wrapped_head(src: str, pos: int) -> tuple[str, str, int] | None:
    r"""``(token type, value, end)`` of a random quantity or an operator such as ``\inf``
    wrapped at ``pos`` (``\operatorname*{\mathbb{E}}``, ``\mathop{\mathrm{arg\,max}}``,
    ``{\rm Pr}``) that the reader refuses without ``opaque``; else None.

    >>> wrapped_head(r"\operatorname*{\mathbb{E}}_{y}[Y]", 0), wrapped_head(r"{\rm Pr}(A)", 0)
    (('RANDOM', 'E', 26), ('RANDOM', 'Pr', 8))
    >>> wrapped_head(r"\mathop{\mathbf{E}}[X]", 0) is None  # the product E X, as without opaque
    True
    """
    m = _WRAPPED.match(src, pos)
    if not m:
        return _event_probability(src, pos)
    if m.group("rm"):
        word = m.group("rm")
        single = len(word) == 1 and not _bracket_follows(src, m.end())
        return ("RANDOM", RANDOM_HEADS[word], m.end()) if word in RANDOM_NAMES and \
            not single else None
    inner = re.sub(r"\\[,;:! ]|\s+|\{\}", "", m.group("inner"))
    if m.group("cmd") == "\\mathop" and not inner.startswith("\\"):
        return None  # \mathop{inf}: letters, as without opaque
    bb = re.fullmatch(r"\\(?:mathbb|mathbbm|mathds)\{([EPV])\}", inner)
    if bb:
        return "RANDOM", RANDOM_HEADS[bb.group(1)], m.end()
    word = re.sub(r"\\(?:mathrm|operatorname|text|textrm|mathsf)\{([A-Za-z]+)\}", r"\1", inner)
    if not re.fullmatch(r"(?:\\?[A-Za-z]+)+", word):
        return None
    bare = word.replace("\\", "")
    if bare in NOT_CHECKED:
        return "LIMOP", bare, m.end()
    if bare in RANDOM_NAMES and (len(bare) > 1 or word.startswith("\\")):
        return "RANDOM", RANDOM_HEADS[bare], m.end()
    return None


_EVENT_REL = re.compile(r"\\(?:le|leq|ge|geq|in|notin|neq|ne|leqslant|geqslant)(?![A-Za-z])"
                        r"|[<>=]")


def _event_probability(src: str, pos: int) -> tuple[str, str, int] | None:
    r"""``P(X = x)``, ``P[|X| > t]``: a plain ``P`` applied to an event (a relation between
    its brackets, at their top level) is a probability, ``("RANDOM", "Pr", end of P)``; else
    None (``P(x)`` stays a function or a product).

    >>> _event_probability(r"P(|X|> t) \le 1", 0), _event_probability(r"P(x) \le 1", 0)
    (('RANDOM', 'Pr', 1), None)
    """
    if src[pos:pos + 1] != "P" or (pos and (src[pos - 1].isalpha() or src[pos - 1] == "\\")):
        return None
    k = pos + 1
    while k < len(src) and src[k] == " ":
        k += 1
    if src[k:k + 1] not in ("(", "["):
        return None
    close = {"(": ")", "[": "]"}[src[k]]
    for j, depth in _inside(src, k):
        if depth == 1 and _EVENT_REL.match(src, j):
            return ("RANDOM", "Pr", pos + 1) if src[j:].find(close) > 0 else None
    return None


def raw_script(src: str, pos: int) -> tuple[str, int] | None:
    r"""The subscript written at ``pos`` as written, and where it ends, or None.

    >>> raw_script(r"_{x \sim D}[f]", 0), raw_script(r"\limits_x f", 0), raw_script("[x]", 0)
    (('x \\sim D', 11), ('x', 9), None)
    """
    m = _SCRIPT.match(src, pos)
    if not m:
        return None
    k = m.end()
    if src[k:k + 1] == "{":
        close = _match_brace(src, k)
        return (src[k + 1:close].strip(), close + 1) if close is not None else None
    word = re.match(r"\\[A-Za-z]+|[A-Za-z0-9]", src[k:])
    return (word.group(0), k + word.end()) if word else None


#: a run of letters written together: a word (``Regret``, ``exp``) or a product of letters
_RUN = re.compile(r"(?<![A-Za-z\\])[A-Za-z]{2,}(?![A-Za-z])")
#: two-letter runs that are words: divergences and distances (``KL(P \| Q)``, ``TV(P, Q)``)
_WORDS2 = {"KL", "TV", "JS"}
#: three-letter runs that are words (functions written without their backslash)
_WORDS3 = {"exp", "log", "sin", "cos", "tan", "max", "min", "sup", "inf", "lim", "det", "var",
           "cov", "Var", "Cov", "Reg", "OPT", "opt", "avg", "EWA", "OGD", "SGD", "UCB", "ERM",
           "OMD", "MLE", "MAP", "PCA", "SVD", "RKHS", "LSE", "KKT", "ELBO", "MMD"}


def word_runs(text: str, src: str, opaque: bool = False) -> dict[int, str]:
    r"""Refuse a run of letters written together outside sub- and superscripts and outside
    names (``\mathrm{…}``, ``\text{…}``): ``Regret_T``, ``EWA``, ``exp(x)`` is a word or a
    product of letters, two readings. Runs of three letters are refused when they spell a
    function or a common abbreviation (``exp``, ``max``, ``OPT``); ``abc`` stays a product.

    >>> try:
    ...     word_runs("Regret_T \\le 1", "Regret_T \\le 1")
    ... except LatexError as exc:
    ...     print(exc.what.split(":")[0], "|", exc.what.split(": ")[1][:30])
    two readings | 'Regret' is a name, or the pro
    >>> word_runs("abc + x_{max} + \\mathrm{Regret}", "abc + x_{max} + \\mathrm{Regret}")
    {}

    With ``opaque`` (a reading shown, never checked) a word is read as the name it spells,
    as a reader takes it (a product of its letters is not a reading anyone makes): the words
    by where they start.

    >>> word_runs("Regret_T(OGD) \\le 1", "Regret_T(OGD) \\le 1", opaque=True)
    {0: 'Regret', 9: 'OGD'}
    """
    words: dict[int, str] = {}
    for m in _RUN.finditer(src):
        word = m.group(0)
        if (len(word) == 3 and word not in _WORDS3) or (len(word) == 2 and word not in _WORDS2):
            continue
        if _in_group(src, m.start()):
            continue
        if opaque:
            words[m.start()] = word
            continue
        raise LatexError(text, m.start(), f"two readings: '{word}' is a name, or the product "
                                          f"{'·'.join(word)}: write \\mathrm{{{word}}} for a "
                                          f"name, {' '.join(word)} for a product")
    return words


#: ``\log|X|`` of one capital letter: of an absolute value, or of the size of a set
_SIZE = re.compile(r"\\(?:log|ln)\s*(?:\\left\s*)?\|\s*([A-Z])\s*(?:\\right\s*)?\|(?!\|)")


def set_sizes(text: str, src: str) -> None:
    r"""Refuse ``\log|X|`` of one capital letter: the log of the absolute value of a number
    ``X``, or of the number of elements of a set ``X`` (``\log|S|``: ML texts mean a size).
    ``\Pr[|X| \ge t]`` keeps its absolute value.

    >>> set_sizes("|X| + \\|X\\| \\le 1", "|X| + \\|X\\| \\le 1")
    >>> try:
    ...     set_sizes("H(X) \\le \\log|X|", "H(X) \\le \\log|X|")
    ... except LatexError as exc:
    ...     print(exc.what[:48])
    two readings: |X| is the absolute value of X, or
    """
    m = _SIZE.search(src)
    if m:
        x = m.group(1)
        raise LatexError(text, m.start(), f"two readings: |{x}| is the absolute value of {x}, "
                                          f"or the number of elements of a set {x}: write "
                                          f"\\operatorname{{abs}}({x}) or \\#{x}")


def bracket_depth(text: str, at: int) -> int:
    """How many braces, brackets and parentheses are open at ``text[at]`` (escaped ones, as
    ``\\{``, are not brackets).

    >>> bracket_depth(r"\\exp(\\sum_j a_j) + b_j", 5), bracket_depth(r"\\exp(x) + y", 9)
    (1, 0)
    """
    depth = 0
    for k, ch in enumerate(text[:at]):
        if ch in "{([" and (k == 0 or text[k - 1] != "\\"):
            depth += 1
        elif ch in "})]" and (k == 0 or text[k - 1] != "\\"):
            depth -= 1
    return depth


#: commands whose braces hold mathematics, not a name or a text (``\frac{Reg_T}{T}``)
_MATH_ARGUMENTS = {"frac", "dfrac", "tfrac", "cfrac", "sqrt", "binom", "dbinom", "tbinom"}


def _in_group(src: str, pos: int) -> bool:
    """Whether ``pos`` sits in a sub- or superscript or in the braces of a command (a name,
    a text, an environment's name)."""
    k = pos - 1
    while k >= 0 and src[k] == " ":
        k -= 1
    if k >= 0 and src[k] in "_^":
        return True
    depth = 0
    for j in range(pos - 1, -1, -1):
        c = src[j]
        if c == "}" and (j == 0 or src[j - 1] != "\\"):
            depth += 1
        elif c == "{" and (j == 0 or src[j - 1] != "\\"):
            if depth == 0:
                before = src[:j].rstrip()
                command = re.search(r"\\([A-Za-z]+)\*?$", before)
                return before.endswith(("_", "^")) or (
                    command is not None and command.group(1) not in _MATH_ARGUMENTS)
            depth -= 1
    return False


def _pair_follows(src: str, pos: int) -> bool:
    r"""Whether ``(P \| Q)`` follows ``pos``: a parenthesis with one ``\|`` (or ``;``) at its
    top level and none deeper (``D(\mu \| \pi)``, a divergence; ``I(X; Y)``, a mutual
    information), not a norm inside it (``f(\|x\|)``).

    >>> _pair_follows(r"(\mu \| \hat\pi) < 1", 0), _pair_follows(r"(\|x\|)", 0)
    (True, False)
    """
    return _one_separator(src, pos, lambda j: src.startswith("\\|", j) or
                          src.startswith("||", j) or src[j] == ";")


def _paren_after(src: str, pos: int) -> int | None:
    r"""Where the parenthesis after ``pos`` opens, past spaces and a subscript (``D_{KL}(``,
    ``H(``), or None."""
    k = pos
    while k < len(src) and src[k] == " ":
        k += 1
    script = re.match(r"_\s*(?:\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|\w)\s*", src[k:])
    if script:  # D_{KL}(P \| Q), D_{\mathrm{KL}}(P \| Q)
        k += script.end()
    return k if src[k:k + 1] == "(" else None


def _one_separator(src: str, pos: int, separates: Callable[[int], bool]) -> bool:
    """Whether the parenthesis after ``pos`` (:func:`_paren_after`) holds exactly one place
    where ``separates(offset)``, at its top level, and none deeper."""
    k = _paren_after(src, pos)
    if k is None:
        return False
    found = 0
    for j, depth in _inside(src, k):
        if depth == 0:
            return found == 1
        if separates(j):
            if depth != 1:
                return False
            found += 1
    return False


def given_follows(src: str, pos: int) -> bool:
    r"""Whether ``(X | Y)`` follows ``pos`` (after a script): a parenthesis with one bar
    ``|`` at its top level and no other one in it (``H(X|Y)``, ``I(X; Y | Z)``: what a
    quantity is conditioned on), not an absolute value (``f(|x|)``) nor a norm.

    >>> given_follows("(X|Y) = 1", 0), given_follows("(|x|)", 0), given_follows(r"(\|x\|)", 0)
    (True, False, False)
    """
    return _one_separator(src, pos, lambda j: src[j] == "|" and not src.startswith("||", j)
                          and not src.startswith("||", j - 1) and src[j - 1] != "\\")


def _inside(src: str, k: int) -> Iterator[tuple[int, int]]:
    """``(offset, depth)`` of each character after the bracket at ``k`` that is not a bracket
    (depth 1: the top level inside it), then ``(offset, 0)`` of its match, where it stops."""
    depth = 0
    for j in range(k, len(src)):
        ch = src[j]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                yield j, 0
                return
        else:
            yield j, depth


def _bar_ahead(src: str, pos: int) -> bool:
    """Whether another bare ``|`` follows ``pos`` before the bracket it sits in closes:
    ``E[2|X|]`` opens an absolute value there, not a condition."""
    depth = 0
    k = pos
    while k < len(src):
        ch = src[k]
        if ch == "\\":
            k += 2
            continue
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth < 0:
                return False
        elif ch == "|" and depth == 0:
            return True
        k += 1
    return False


def _as_text_words(src: str) -> str:
    r"""``\mbox{and}`` and ``\intertext{and}`` (a word that joins statements or opens a
    condition) as ``\text{and}``, positions kept; any other ``\mbox`` stays unread.

    >>> _as_text_words(r"x \le 1 \mbox{ and } y \intertext{for all} z \mbox{ implies }")
    'x \\le 1 \\text{ and } y      \\text{for all} z \\mbox{ implies }'
    """
    def text(m: re.Match) -> str:
        word = re.sub(r"\s+", " ", m.group(2)).strip()
        if word not in COND_WORDS:
            return m.group(0)
        return " " * (len(m.group(1)) - 5) + "\\text" + m.group(0)[len(m.group(1)):]

    return re.sub(r"(\\mbox|\\intertext)\s*\{([^{}]*)\}", text, src)


_BRACKET_BRACE = re.compile(r"(?:\\left\s*)?[\[(]\s*(?<!\\)\{")
_CLOSING_BRACKET = re.compile(r"\s*(?:\\right\s*)?[\])]")


def bracket_groups(src: str) -> str:
    r"""A group written just inside a bracket (``\left[{Z \ge t}\right]``, as macros write
    ``\mathbb{E}\left[{#1}\right]``) with its braces blanked, positions kept: it is the
    bracket's content.

    >>> bracket_groups(r"\Pr\left[{Z \ge t}\right] + [{a}, b]")
    '\\Pr\\left[ Z \\ge t \\right] + [{a}, b]'
    """
    out = list(src)
    for m in _BRACKET_BRACE.finditer(src):
        depth, k = 0, m.end() - 1
        while k < len(src):
            if src[k] == "\\":
                k += 2
                continue
            depth += {"{": 1, "}": -1}.get(src[k], 0)
            if depth == 0:
                break
            k += 1
        if depth == 0 and _CLOSING_BRACKET.match(src, k + 1):
            out[m.end() - 1] = out[k] = " "
    return "".join(out)


_NESTED_TEXT = re.compile(r"\\(?:text|textrm|mbox)\s*\{\s*(\\math(?:rm|it|sf)\s*\{[^{}]*\})\s*\}")


def nested_text(src: str) -> str:
    r"""``\text{\mathrm{Hits}}`` as the ``\mathrm{Hits}`` it holds, positions kept.

    >>> nested_text(r"\text{\mathrm{Hits}}(x)")
    '      \\mathrm{Hits} (x)'
    """
    return _NESTED_TEXT.sub(lambda m: " " * (m.start(1) - m.start()) + m.group(1)
                            + " " * (m.end() - m.end(1)), src)


#: the base written after ``\log``: ``\log_2``, ``\log_{10}``, ``\log_e``
_LOG_BASE = re.compile(r"\s*_\s*(?:\{\s*(\d+|e)\s*\}|(\d|e)(?![A-Za-z0-9]))")


def tokenize(text: str, opaque: bool = False) -> Iterator[Token]:
    """Lark tokens of ``text`` (see the module docstring); with ``opaque``, the tokens of the
    constructs :class:`NotChecked` names instead of the error."""
    src = nested_text(bracket_groups(_as_text_words(strip_underbraces(
        strip_wrappers(text)))))
    words = word_runs(text, src, opaque)
    set_sizes(text, src)
    stack: list[str] = []  # open bars: "NORM" or "BAR"
    prev: str | None = None
    before_prev: str | None = None
    forced: str | None = None  # after \left / \right: "L" or "R"
    middle: int | None = None  # after \middle: where it was written
    depth = 0  # open brackets of any kind: a comma or \quad at depth 0 separates conditions
    kl_level: int | None = None  # inside KL( ... ): the depth at which \| separates p and q
    kl_pending = False
    given_level: int | None = None  # opaque: inside H( ... | ... ): the depth of its bar
    given_pending = False
    frames: list[_Args] = []  # commands waiting for TeX arguments, innermost last
    integrals: list[int] = []  # depths of the integrals waiting for their differential
    sep: Token | None = None  # a separator not yet emitted (adjacent ones merge)
    ropen: list[int] = []  # opaque: the depths of the random quantities' open brackets
    rbars: list[int] = []  # opaque: how many bars were open at each of those brackets
    random_next = False  # opaque: the token after a random quantity's head (and subscript)
    pos = 0
    end = len(src.rstrip().rstrip(".,;").rstrip())
    while pos < end:
        ttype: str | None = None
        wrapped = wrapped_head(src, pos) if opaque else None
        if wrapped is not None:
            kind, (ttype, val, end_w) = "opaque", wrapped
            start, pos = pos, end_w
        elif pos in words:  # opaque: Regret_T, exp(x) written in italics: the word
            word = words[pos]
            kind, start, pos = "opaque", pos, pos + len(word)
            ttype, val = ("FUNC", FUNCS[word]) if word in FUNCS else \
                ("LIMOP", word) if word in NOT_CHECKED else ("WORD", word)
        else:
            m = _TOKEN.match(src, pos)
            if not m:
                raise LatexError(text, pos, f"unexpected character '{src[pos]}'")
            kind, val = m.lastgroup, m.group(0)
            if kind in ("word", "bbword"):
                kind = "mathrm" if kind == "word" else "bb"
            start, pos = pos, m.end()
        if kind in ("space", "linebreak"):
            continue
        if kind == "opaque":
            pass
        elif kind == "dkl":
            ttype, val = "FUNC", FUNCS["KL"]
        elif kind == "dots":
            ttype = "DOTS"
        elif kind == "bang":
            if prev not in OPERAND_END:
                raise LatexError(text, start, "unexpected '!' (a factorial follows a number "
                                              "or a name: k!)")
            if src[pos:pos + 1] == "!" or prev == "BANG":
                raise LatexError(text, start, "two readings: k!! is a double factorial, or "
                                              "(k!)!: write (k!)! for the second")
            ttype = "BANG"  # k!: a factorial
        elif kind == "mathrm":
            word = re.sub(r"\s+", " ", re.sub(r"\\[,;:! ]", "", m.group("word"))).strip()
            bare = word.replace(" ", "")
            if word == "d":
                ttype = "DIFF"
                if integrals and integrals[-1] == depth:
                    integrals.pop()
            elif word == "e":  # \mathrm{e}: Euler's number, read as the letter e
                ttype, val = "LETTER", "e"
            elif word in FUNCS:
                ttype, val = "FUNC", FUNCS[word]
            elif word in COND_WORDS:
                ttype, val = "SEP", word
            elif word in _REFUSED_WORDS:
                raise LatexError(text, start, _REFUSED_WORDS[word])
            elif any(w in word for w in RANDOM_WORDS):
                raise random_quantity(text, start, f"\\text{{{word}}}", "P")
            elif word in ("T", "top") and (prev == "SUP" or (prev == "LBRACE"
                                                             and before_prev == "SUP")):
                ttype = "TOP"
            elif word in REFUSED_NAMES:
                raise LatexError(text, start, f"'{val}': {REFUSED_NAMES[word]}")
            elif bare in NOT_CHECKED:
                if not opaque:
                    raise not_checked(text, start, bare, src, pos)
                ttype, val = "LIMOP", bare
            elif word in ("E", "P") and _bracket_follows(src, pos):
                if not opaque:
                    raise random_quantity(text, start, val, word)
                ttype, val = "RANDOM", RANDOM_HEADS[word]
            elif word in RANDOM_NAMES and len(word) > 1:
                if not opaque:
                    raise random_quantity(text, start, val, RANDOM_NAMES[word])
                ttype, val = "RANDOM", RANDOM_HEADS[word]
            elif len(word) == 1 and val.startswith(("\\mathit", "\\textit")):
                ttype, val = "LETTER", word  # \mathit{x}: the letter x
            elif re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", word) or (opaque and re.fullmatch(
                    r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z][A-Za-z0-9]*)+", word)):
                ttype = "WORD"  # \mathrm{Regret}; \text{VC-dim} only shown as written
            else:
                raise LatexError(text, start, f"cannot read the text '{val}' in a formula")
        elif kind == "bb":
            letter = m.group("bbword")
            head = val[1:val.index("{")].strip()
            if head in ("mathbb", "mathbbm", "mathds") and letter in ("E", "P", "V"):
                if not opaque:
                    raise random_quantity(text, start, f"\\{head}{{{letter}}}",
                                          {"V": "Var"}.get(letter, letter))
                if kl_level is not None and depth == kl_level and letter == "P":
                    ttype = "NAME"  # opaque: D(\mathbb{P}_1 \| \mathbb{P}_2), distributions
                else:
                    ttype, val = "RANDOM", RANDOM_HEADS[letter]
            elif head in ("mathcal", "mathscr", "mathfrak"):
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
                if name in _OPENING or name in _CLOSING:
                    forced = "L" if name in _OPENING else "R"
                    if src[pos:pos + 1] == ".":
                        pos += 1
                        forced = None
                elif name in _MIDDLE:
                    middle = start
                continue
            if name in ("quad", "qquad", "enskip"):
                if depth > 0:
                    continue
                ttype = "SEP"
            elif opaque and name in ("cap", "cup", "setminus"):
                ttype = "SETOP"  # opaque: F \cap E_i, a set (an event), as written
            elif opaque and name in ("bigcup", "bigcap"):
                ttype = "BIGOP"  # opaque: \bigcup_{i=1}^n E_i, as written
            elif name in ("Vert", "|", "parallel"):
                kind = "dbar"
            elif name == "vert" or (name == "mid" and middle is not None):
                kind = "bar"
            elif name in ("mathbf", "boldsymbol", "bm") and re.match(
                    r"\s*\{\s*1\s*\}\s*(\[|\\\{)", src[pos:]):
                pos = src.index("}", pos) + 1  # \mathbf{1}[...]: the indicator
                ttype = "INDIC"
            elif name in ("mathbf", "boldsymbol", "bm") and re.match(r"\s*\{\s*[EP]\s*\}",
                                                                     src[pos:]):
                close = src.index("}", pos) + 1
                letter = src[pos:close].strip(" {}")
                if _bracket_follows(src, close) and not opaque:  # \mathbf{E}[X], \mathbf{P}_x[...]
                    raise random_quantity(text, start, f"\\{name}{{{letter}}}", letter)
                ttype = "MATHBF"
                if _bracket_follows(src, close):
                    ttype, val, pos = "RANDOM", RANDOM_HEADS[letter], close
            elif name in GREEK:
                ttype = "GREEK"
            elif name in FUNCS:
                ttype, val = "FUNC", FUNCS[name]
                base = _LOG_BASE.match(src, pos) if val == "log" else None
                if base:  # \log_2 n, \log_{10} x, \log_e N: a logarithm to that base
                    val, pos = f"log_{base.group(1) or base.group(2)}", base.end()
            elif name in RELS:
                ttype = "REL"
                val = RELS[name]
            elif name in SIMPLE:
                ttype = SIMPLE[name]
                if ttype == "SEP":
                    val = name
            elif name in RANDOM_NAMES:
                if not opaque:
                    raise random_quantity(text, start, val, RANDOM_NAMES[name])
                ttype, val = "RANDOM", RANDOM_HEADS[name]
            elif name in NOT_CHECKED:
                if prev == "SUB" or (prev == "LBRACE" and before_prev == "SUB"):
                    raise LatexError(text, start, f"'{val}' in a subscript: write \\infty "
                                                  "for infinity")
                if not opaque:
                    raise not_checked(text, start, name, src, pos)
                ttype, val = "LIMOP", name
            elif name == "arg" and re.match(r"\s*\\(min|max)(?![A-Za-z])", src[pos:]):
                mm = re.match(r"\s*\\(min|max)", src[pos:])
                if not opaque:
                    raise not_checked(text, start, "arg" + mm.group(1), src, pos + mm.end())
                ttype, val, pos = "LIMOP", "arg" + mm.group(1), pos + mm.end()
            elif name == "mid" and ropen and depth == ropen[-1] + 1:
                ttype = "GIVEN"  # opaque: Pr(A \mid B)
            elif name in REFUSED:
                raise LatexError(text, start, REFUSED[name])
            elif name in REFUSED_NAMES:
                raise LatexError(text, start, f"'{val}': {REFUSED_NAMES[name]}")
            else:
                raise LatexError(text, start, f"unknown command '{val}'")
        elif kind == "defeq":
            ttype, val = "EQ", "="
        elif kind == "rel2":
            if val == "!=":  # TeX prints "2! = 2": a factorial, or "≠" as code writes it
                raise LatexError(text, start, "two readings: '!=' is ≠ (as code writes it), "
                                              "or a factorial before '=' (TeX prints x! = y): "
                                              "write \\neq, or x! = y")
            ttype = "REL"
        elif kind == "number":
            ttype = "NUMBER"
            if prev in ("SUB", "SUP") and len(val) > 1:
                script = "_" if prev == "SUB" else "^"
                raise LatexError(text, start, f"two readings: TeX reads '{script}{val}' as "
                                              f"'{script}{{{val[0]}}}{val[1:]}': write "
                                              f"{script}{{{val}}}")
            top = frames[-1] if frames else None
            if top is not None and top.depth == depth and not top.braced and len(val) > 1:
                # TeX's unbraced argument is one digit: \frac12 is \frac{1}{2}
                if not val.isdigit() or len(val) > top.left:
                    raise LatexError(text, start, f"two readings: TeX reads the unbraced "
                                                  f"argument '{val}' of {top.name} one digit "
                                                  f"at a time ({top.name}{val} is "
                                                  f"{top.name}{{{val[0]}}}...): add braces")
                val, pos = val[0], start + 1
        elif kind == "letter":
            ttype = "LETTER"
            if val == "d" and integrals and integrals[-1] == depth and prev not in (
                    "SUB", "SUP") and not (prev == "LBRACE" and before_prev in ("SUB", "SUP")) \
                    and re.match(r"\s*([A-Za-z]|\\[A-Za-z]+)", src[pos:]):
                ttype = "DIFF"  # the differential of an integral: \int_0^1 x \, dx
                integrals.pop()
        elif kind == "punct":
            ttype = _PUNCT[val]
            if ttype == "COMMA" and depth == 0:
                ttype = "SEP"
        if middle is not None:
            if kind not in ("dbar", "bar"):
                raise LatexError(text, middle, "\\middle before something other than a bar")
            if kind == "bar" and ropen and depth == ropen[-1] + 1:
                kind, ttype = "given", "GIVEN"  # opaque: Pr(A \middle| B)
            elif kl_level is None or depth != kl_level:
                raise LatexError(text, middle, "a \\middle bar (a conditional or a "
                                               "set-builder) is not supported")
            middle = None
        if random_next and ttype in ("LPAREN", "LBRACK", "LSET"):
            ttype = "ROPEN"  # opaque: the bracket of E[...], Pr(...)
            ropen.append(depth)
            rbars.append(len(stack))
        elif ttype in ("RPAREN", "RBRACK", "RSET") and ropen and depth == ropen[-1] + 1:
            ttype = "RCLOSE"
            ropen.pop()
            rbars.pop()
        elif kind == "bar" and forced is None and ropen and depth == ropen[-1] + 1 \
                and len(stack) == rbars[-1] and prev in OPERAND_END and not _bar_ahead(src, pos):
            kind, ttype = "given", "GIVEN"  # opaque: E[X | Y = y], no bar open inside it
        random_next = ttype == "RANDOM"
        if kl_level is not None and depth == kl_level and (
                kind == "dbar" or (opaque and val == ";")):
            ttype, val = "COMMA", ","  # KL(p \| q); opaque: I(X; Y)
        elif given_level is not None and depth == given_level and kind == "bar" and \
                forced is None:
            ttype = "GIVEN"  # opaque: H(X | Y), what the quantity is conditioned on
        elif kind in ("dbar", "bar"):
            bar = "NORM" if kind == "dbar" else "BAR"
            closes = (forced == "R") or (forced != "L" and bool(stack) and stack[-1] == bar
                                         and prev in OPERAND_END)
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
        forced = None
        assert ttype is not None
        # TeX arguments: a braced group, one token, or a command with its own arguments
        top = frames[-1] if frames else None
        at_arg = top is not None and top.depth == depth and not top.braced
        if at_arg and ttype == "LBRACE":
            top.braced = True
        elif at_arg and ttype in ("NUMBER", "LETTER", "GREEK", "INFTY"):
            _arg_read(frames)
        elif at_arg and ttype not in _ARGS:
            frames.pop()  # not an argument: the grammar says what is wrong
        elif top is not None and top.braced and ttype == "RBRACE" and depth == top.depth + 1:
            top.braced = False
            _arg_read(frames)
        if ttype in _ARGS:
            frames.append(_Args(text[start:pos], _ARGS[ttype], depth, at_arg))
        if ttype in _OPEN:
            depth += 1
            if kl_pending and ttype == "LPAREN":
                kl_level, kl_pending = depth, False
            if given_pending and ttype == "LPAREN":
                given_level, given_pending = depth, False
        elif ttype in _CLOSE:
            if kl_level is not None and depth == kl_level and ttype == "RPAREN":
                kl_level = None
            if given_level is not None and depth == given_level and ttype == "RPAREN":
                given_level = None
            depth -= 1
        if ttype == "INT":
            integrals.append(depth)
        if ttype == "FUNC" and val in _BAR_SEPARATED:
            kl_pending = True
        elif opaque and ttype == "LETTER" and _pair_follows(src, pos):
            kl_pending = True  # opaque: D(P \| Q), a function of a pair (a divergence)
        if opaque and ttype in ("LETTER", "NAME", "WORD") and given_follows(src, pos):
            given_pending = True  # opaque: H(X | Y), a quantity conditioned on Y
        line = text.count("\n", 0, start) + 1
        col = start - (text.rfind("\n", 0, start) + 1) + 1
        tok = Token(ttype, val, start_pos=start, line=line, column=col, end_pos=pos)
        before_prev, prev = prev, ttype
        if ttype == "SEP":  # adjacent separators are one: ", \quad \text{and}"
            sep = tok if sep is None else Token("SEP", _merge_sep(str(sep), val),
                                                start_pos=sep.start_pos, line=sep.line,
                                                column=sep.column, end_pos=pos)
            continue
        if sep is not None:
            yield sep
            sep = None
        yield tok
        script = raw_script(src, pos) if ttype in ("RANDOM", "LIMOP") else None
        if script is not None:  # opaque: E_{x \sim D}, \inf_{x \in S}, kept as written
            yield Token("RSUB", script[0], start_pos=pos, line=line, column=col + pos - start,
                        end_pos=script[1])
            pos, before_prev, prev = script[1], prev, "RSUB"
    if middle is not None:
        raise LatexError(text, middle, "\\middle before something other than a bar")
    if sep is not None:
        yield sep
