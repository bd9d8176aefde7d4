r"""An environment's body read as a mathematician reads it: each formula's role, and what
was left unread.

The body is cut into sentences (at ``.``, ``;``, ``?``, ``!`` followed by a space, and at
``\item``); in each sentence every formula (inline ``$…$``, ``\(…\)``, or one line of a display)
gets a role from the words before it:

- ``statement``: after "then", "we have (that)", "one has", "it holds that", "guarantees",
  "ensures", "satisfies", "implies", "hence"…, a display or an inline formula that opens its
  sentence, and a formula after "If …," when no "then" follows;
- ``condition``: after "let", "suppose", "assume", "given", "if", "whenever", "provided",
  "for all/any/every/each", "for" (also "for matrix $A \in …$"), "with", "where", "such that",
  "satisfying", "under", "when", and those joined to one by "and" or a comma;
- ``definition``: ``:=``, ``\coloneqq``, ``\triangleq``, ``=:``, or ``name = …`` after "let",
  "define", "denote", "where", "set", "write"; also "i.e."/"that is"/"namely" (a restatement);
  every formula of a definition environment that is not a condition; ``restatement``: after
  "i.e.", "that is", "namely" (never checked alone, binds nothing);
- ``mention``: a formula without a relation (``$x$``);
- formulas whose sentence says "there exists" (``existential``), "or" between formulas
  (``disjunction``), or "for some" (``existential``) are not checked.

Words a statement depends on but the reader does not understand ("convex", "integer",
"random variable", "sufficiently large") are *left*: :attr:`Reading.left` lists them, and a
statement of an environment with anything left is read incompletely. Adjectives that are
conditions are read: "positive" (``> 0``), "nonnegative" (``\ge 0``), "negative" (``< 0``),
"positive integer" and "natural number" (a dimension) for the names they qualify.

Example:
    >>> r = read_body(r"Let $n, k$ be positive integers satisfying $k \le n$. Then "
    ...               r"$\binom{n}{k} \ge 1$.", 1)
    >>> [(p.role, p.latex) for p in r.pieces if p.role != "mention"]
    [('condition', 'k \\le n'), ('statement', '\\binom{n}{k} \\ge 1')]
    >>> r.integers, r.left
    (['n', 'k'], [])
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

DISPLAY_ENVS = ("equation", "align", "gather", "multline", "eqnarray", "displaymath", "flalign",
                "alignat", "dmath", "dgroup", "math")
RELATION = re.compile(r"\\(?:le|leq|ge|geq|lt|gt|neq|ne|preceq|succeq|leqslant|geqslant|in|"
                      r"notin|subseteq|subset|supseteq|sim|equiv|approx|ll|gg|prec|succ|"
                      r"coloneqq|triangleq|eqqcolon|lesssim|gtrsim|asymp|propto|to|mid)"
                      r"(?![A-Za-z])|(?<!\\)[<>=]|:=")
DEFINING = re.compile(r":=|=:|\\coloneqq|\\eqqcolon|\\triangleq|\\stackrel\s*\{[^}]*def[^}]*\}"
                      r"\s*\{?=|\\overset\s*\{[^}]*(?:def|\\triangle)[^}]*\}\s*\{?=|\\doteq"
                      r"|\\equiv")
#: a formula that names one object: ``y``, ``y_t``, ``\hat\theta``, ``f(x)``, ``\mathrm{Reg}_T``
NAMED = re.compile(r"^\s*(?:\\[A-Za-z]+\s*\{[^{}]*\}|\\[A-Za-z]+|[A-Za-z])"
                   r"(?:\s*[_^]\s*(?:\{[^{}]*\}|\\?[A-Za-z0-9*]))*(?:\s*\([^()]*\))?\s*$")

STATEMENT_WORDS = (r"then|we have|we have that|one has|one has that|it holds|it holds that|"
                   r"holds that|"
                   r"we get|we obtain|we find|satisfies|satisfy|guarantees|guarantee|ensures|"
                   r"implies|implies that|yields|it follows that|follows that|thus|hence|"
                   r"therefore|consequently|in particular|so that|we conclude|the following holds|"
                   r"the following|holds|is bounded by|we can bound")
CONDITION_WORDS = (r"let|suppose|suppose that|assume|assume that|assuming|assuming that|given|"
                   r"given that|if|whenever|provided|provided that|for all|for every|for any|"
                   r"for each|for|with|where|such that|fix|satisfying|under|when|as long as|"
                   r"and let|and suppose|and assume|be such that|is such that|are such that|"
                   r"in which|whose|so long as|having")
DEFINITION_WORDS = (r"define|we define|defined as|defined by|denote|denotes|denoted by|"
                    r"we denote|let us denote|we write|write|set|we set|we let|i\.e\.|ie|"
                    r"that is|namely|given by|be defined as|be given by|as")
STATEMENT_TRIGGER = re.compile(rf"\b(?:{STATEMENT_WORDS})\W*$")
CONDITION_TRIGGER = re.compile(rf"\b(?:{CONDITION_WORDS})\W*$")
DEFINITION_TRIGGER = re.compile(rf"(?:^|\s)(?:{DEFINITION_WORDS})\W*$")
#: words that make the formulas after them in a sentence existential
EXISTS = re.compile(r"\bthere (?:exists?|is|are)\b|\bexists?\b|\bfor some\b|\bsome\b")
RANDOM_WORDS = re.compile(
    r"\b(?:random|randomly|probability|probabilities|i\.i\.d|iid|independent|independently|"
    r"distribution|distributions|distributed|expectation|expected|variance|sub-?gaussian|"
    r"martingale|almost surely|a\.s|sample|samples|sampled|drawn|draw|stochastic|bernoulli|"
    r"rademacher|gaussian|uniformly at random|with high probability|w\.h\.p|w\.p|event|"
    r"events|estimator|noise|unbiased)\b")
RANDOM_MATH = re.compile(r"\\mathbb\s*\{?\s*[EP]\b|\\Pr\b|\\E\b|\\P\b|\\mathbf\s*\{?\s*[EP]\b|"
                         r"\\operatorname\*?\s*\{\s*(?:Var|Cov|E)\s*\}|\\mathrm\s*\{\s*(?:Var|Cov)"
                         r"\s*\}|\\sim(?![A-Za-z])|\\mathop\s*\{?\s*\\mathbb")
#: prose words that change nothing a statement says
HARMLESS = set("""
a an the and or of in on at to by as is are be been being it its this that these those which
let suppose assume assuming given if then whenever provided for all every any each with where
such fix satisfying satisfies satisfy under when we have has one holds hold following holds
true real reals number numbers scalar scalars vector vectors matrix matrices entries entry
column columns row rows element elements define defined denote denotes denoted write set also
moreover furthermore further thus hence therefore so consequently particular statement
statements inequality inequalities identity identities equality equalities bound bounds upper
lower constant constants arbitrary fixed dimension dimensional dimensions get obtain find
follows following guarantees guarantee ensures implies yields conclude it holds note that
above below same both i e namely i.e. e.g. e.g i.e
same here there following now furthermore additionally finally first second third last
value values parameter parameters term terms quantity quantities result results can may
equation equations expression expressions inequality relation relations same given real-valued
nonzero non-zero positive negative nonnegative non-negative nonpositive non-positive strictly
integer integers natural naturals eq equ ineq lemma theorem proposition corollary claim fact
definition assumption remark section appendix proof above below shown show shows
s t th label two three respect from over consider use using they into obtained starting
after version similar iterate iterates step steps sequence sequences index indices
""".split())
ADJECTIVE = {"positive": ">", "negative": "<", "nonnegative": "\\ge", "non-negative": "\\ge",
             "nonpositive": "\\le", "non-positive": "\\le", "nonzero": "\\neq",
             "non-zero": "\\neq"}


@dataclass(frozen=True)
class Piece:
    """A formula of the body: its LaTeX (whitespace collapsed), role, line, ``\\item`` and
    the words before it."""

    latex: str
    line: int
    item: int = 0
    role: str = ""
    said: str = ""
    display: bool = False


@dataclass
class Reading:
    """What :func:`read_body` read: every formula with its role, the conditions that
    adjectives state, names that are integers, and what was left (``(line, why)``)."""

    pieces: list[Piece] = field(default_factory=list)
    word_conditions: list[Piece] = field(default_factory=list)
    integers: list[str] = field(default_factory=list)
    left: list[tuple[int, str]] = field(default_factory=list)
    random: str = ""  # the words that make the environment's quantities random

    def of(self, *roles: str) -> list[Piece]:
        """The pieces of the given roles, in order."""
        return [p for p in self.pieces if p.role in roles]


_DISPLAY = re.compile(
    r"\$\$(?P<dd>.*?)\$\$|\\\[(?P<br>.*?)\\\]|\\begin\s*\{(?P<env>(?:"
    + "|".join(DISPLAY_ENVS) + r")\*?)\}(?:\{[^}]*\})?(?P<body>.*?)\\end\s*\{(?P=env)\}", re.S)
_INLINE = re.compile(r"(?<![\\$])\$(?!\$)(?P<m>(?:\\\$|[^$])+?)\$|\\\((?P<p>.*?)\\\)"
                     r"|\\ensuremath\s*\{(?P<e>[^{}]*)\}", re.S)


def blank_displays(body: str) -> str:
    """``body`` with its displays blanked (same length)."""
    return _DISPLAY.sub(lambda m: " " * len(m.group(0)), body)


def strip_tags(text: str) -> str:
    text = re.sub(r"\\(label|tag)\*?\s*\{[^}]*\}|\\(nonumber|notag|displaystyle)(?![A-Za-z])",
                  " ", text)
    return text.strip()


def clean_math(text: str) -> str:
    r"""Display-math text as a formula: labels, tags, ``\nonumber``, ``&``, spacing commands
    and trailing punctuation removed, whitespace collapsed.

    >>> clean_math(r" x &\le 1 , \quad \label{e}")
    'x \\le 1'
    """
    text = strip_tags(text)
    text = re.sub(r"\\(begin|end)\s*\{(aligned|split|gathered|alignedat|array)\}(\{[^}]*\})?",
                  " ", text)
    text = re.sub(r"(?<!\\)&", " ", text)
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"(\\[,;!: ]|\\q?quad|~|\s)*$", "", text)
    text = re.sub(r"\s*[.,;]$", "", text).strip()
    return re.sub(r"(\\[,;!: ]|\\q?quad|~|\s)*$", "", text)


def display_lines(text: str) -> list[tuple[str, int]]:
    """The formulas of a display (one per ``\\\\`` line; a line that starts with a relation
    continues the one before), each with its offset in ``text``."""
    out: list[tuple[str, int]] = []
    at = 0
    for part in re.split(r"(\\\\(?:\*)?(?:\[[^\]]*\])?)", text):
        if part.startswith("\\\\"):
            at += len(part)
            continue
        clean = clean_math(part)
        if clean and out and RELATION.match(clean) and not clean.startswith("\\in"):
            out[-1] = (out[-1][0] + " " + clean, out[-1][1])
        elif clean:
            out.append((clean, at + len(part) - len(part.lstrip())))
        at += len(part)
    return out


def prose(text: str) -> str:
    r"""Prose as lower-case words: commands, references and braces dropped.

    >>> prose(r"Then, by Lemma~\ref{l:a}, \emph{we have}")
    'then, by lemma, we have'
    """
    text = re.sub(r"\\(label|ref|eqref|cref|Cref|cite|citep|citet|parencite|autoref|begin|end|"
                  r"hyperref|footnote)\s*(\[[^\]]*\])*\s*\{[^}]*\}", " ", text)
    text = re.sub(r"\\(emph|textit|textbf|text|textrm|textnormal|underline)\s*", " ", text)
    text = re.sub(r"\\item(\[[^\]]*\])?|\\[A-Za-z]+\*?|[{}~]", " ", text)
    text = re.sub(r"\s+", " ", text).strip().lower()
    return re.sub(r"\s+([,.;:])", r"\1", text)


def segments(body: str) -> Iterator[tuple[str, str, int]]:
    """``("text" | "inline" | "display", text, offset)`` in order."""
    pos = 0
    displays = list(_DISPLAY.finditer(body))
    for d in [*displays, None]:
        end = d.start() if d else len(body)
        chunk = body[pos:end]
        at = 0
        for m in _INLINE.finditer(chunk):
            yield "text", chunk[at:m.start()], pos + at
            inner = next(g for g in (m.group("m"), m.group("p"), m.group("e")) if g is not None)
            yield "inline", inner, pos + m.start()
            at = m.end()
        yield "text", chunk[at:], pos + at
        if d is None:
            break
        group = next(g for g in ("dd", "br", "body") if d.group(g) is not None)
        yield "display", d.group(group), d.start(group)
        pos = d.end()


#: a sentence ends at ``.``, ``;``, ``?``, ``!`` and a space (not after "i.e.", "e.g.",
#: "cf.", "resp.", "w.r.t.", "Lem.", "Eq.", "et al." or an initial) and at ``\item``
_SENTENCE_END = re.compile(
    r"((?<![ (]i\.e\.)(?<![ (]e\.g\.)(?<!\bcf\.)(?<!resp\.)(?<!w\.r\.t\.)(?<!\bal\.)"
    r"(?<!Lem\.)(?<!Thm\.)(?<!\bEq\.)(?<!Eqs\.)(?<!Sec\.)(?<!Fig\.)(?<!\b[A-Z]\.)"
    r"(?<!etc\.)(?<=[.!?;])\s|\\item(?![A-Za-z])(?:\[[^\]]*\])?)")
#: "for matrix", "for any vectors", "with a constant": a condition that names what it declares
NOUN_CONDITION = re.compile(
    r"\b(?:for|let|given|with|where|fix|consider|and)(?: (?:a|an|the|any|all|every|each|two|"
    r"real|fixed|given|arbitrary|positive|nonnegative|non-negative))* (?:matrix|matrices|"
    r"vectors?|scalars?|reals?|numbers?|real numbers?|constants?|points?|parameters?|"
    r"dimensions?|indices|index|integers?|positive integers?|natural numbers?|unit vectors?)"
    r"\W*$")


_ANY_CONDITION = re.compile(r"\b(?:let|suppose|assume|assuming|given|if|whenever|provided|for all|"
                            r"for every|for any|for each|with|where|such that|satisfying|under|"
                            r"when|using)\b")
_ANY_STATEMENT = re.compile(rf"\b(?:{STATEMENT_WORDS})\b")


def _scope(lead: str) -> str:
    """The kind of the last trigger anywhere in ``lead``: "condition", "statement" or ""."""
    c = [m.end() for m in _ANY_CONDITION.finditer(lead)]
    s = [m.end() for m in _ANY_STATEMENT.finditer(lead)]
    if not c and not s:
        return ""
    return "condition" if (c[-1] if c else -1) > (s[-1] if s else -1) else "statement"


_QUANTIFIER = re.compile(r"\bfor (?:all|every|any|each)(?: [a-z-]+){0,3}\W*$")


@dataclass
class _Formula:
    lead: str  # the prose since the formula before, in this sentence (lower case)
    latex: str
    offset: int
    display: bool


def _sentences(body: str) -> Iterator[tuple[list[_Formula], str, str, int]]:
    """Sentences: their formulas, their whole prose, the prose after their last formula and
    their ``\\item`` count."""
    formulas: list[_Formula] = []
    words: list[str] = []
    lead = ""
    item = 0
    for kind, text, offset in segments(body):
        if kind == "text":
            pieces = _SENTENCE_END.split(text + " ")
            for k, part in enumerate(pieces):
                if k % 2 == 1:  # a sentence ends
                    yield formulas, " ".join(words + [prose(lead)]), prose(lead), item
                    if part.startswith("\\item"):
                        item += 1
                    formulas, words, lead = [], [], ""
                else:
                    lead += part
            continue
        said = prose(lead)
        words.append(said)
        lead = ""
        lines = display_lines(text) if kind == "display" else [(clean_math(text), 0)]
        for j, (formula, at) in enumerate(lines):
            formulas.append(_Formula(said if j == 0 else "", formula, offset + at,
                                     kind == "display"))
        if kind == "display" and re.search(r"[.;]\s*$", strip_tags(text)):
            yield formulas, " ".join(words), "", item
            formulas, words = [], []
    yield formulas, " ".join([*words, prose(lead)]), prose(lead), item


def _defines(latex: str, lead: str) -> bool:
    """``y := …``, or ``y = …`` after "let", "define", "denote", "where", "set", "write"."""
    if DEFINING.search(latex):
        return True
    lhs = re.split(r"(?<![<>\\!:])=(?!:)", latex, maxsplit=1)
    if len(lhs) != 2 or RELATION.search(lhs[1].replace("=", "")) or not NAMED.match(lhs[0]):
        return False
    return re.search(r"\b(let|define|denote|denoted|where|set|write|given by)\W*$",
                     lead) is not None and not re.search(r"\bif\b|\bsuppose\b|\bassume\b",
                                                         lead)


def read_body(body: str, body_line: int, kind: str = "theorem") -> Reading:
    """The roles of the formulas of an environment's ``body`` (see the module docstring)."""
    out = Reading()
    randoms = sorted(set(RANDOM_WORDS.findall(prose(blank_displays(body)))))
    math = RANDOM_MATH.findall(body)
    if randoms or math:
        out.random = ", ".join([*randoms, *sorted({m.strip() for m in math})][:4])
    unknown: list[str] = []
    for formulas, said, trailing, item in _sentences(body):
        _sentence(formulas, said, trailing, item, body, body_line, kind, out, unknown)
    if unknown:
        words = list(dict.fromkeys(unknown))
        out.left.append((body_line, "words not read: " + ", ".join(f"'{w}'" for w in words[:8])
                         + (" …" if len(words) > 8 else "")))
    return out


def _sentence(formulas: list[_Formula], said: str, trailing: str, item: int, body: str,
              body_line: int, kind: str, out: Reading, unknown: list[str]) -> None:
    def line(offset: int) -> int:
        return body_line + body.count("\n", 0, offset)

    words = re.findall(r"[a-z][a-z\-]*(?:\.[a-z]\.)?", said)
    for w in words:
        if w not in HARMLESS and w not in ADJECTIVE and not RANDOM_WORDS.fullmatch(w):
            unknown.append(w)
    if re.search(r"\bintegers?\b", said) and \
            not re.search(r"\b(?:positive integers?|natural numbers?)\b", said):
        out.left.append((line(formulas[0].offset) if formulas else body_line,
                         "'integer' not read (the names are read as reals)"))
    exists = EXISTS.search(said)
    then_later = [bool(STATEMENT_TRIGGER.search(f.lead) or re.search(r"\bthen\b", f.lead))
                  for f in formulas]
    opened_by_if = bool(formulas) and re.match(r"^(?:if|whenever|when|suppose|assume)\b",
                                               formulas[0].lead) is not None
    opened_by_let = bool(formulas) and re.match(r"^(?:let|define|denote|set)\b",
                                                formulas[0].lead) is not None
    mode = scope = ""
    quantified = False
    for k, f in enumerate(formulas):
        lead = f.lead.strip()
        scope = _scope(lead) or scope
        relation = bool(RELATION.search(f.latex))
        before_exists = exists is not None and _before(said, exists.start(), f.lead, formulas, k)
        if re.search(r"(?:^|\W)or\W*$", lead) and mode == "statement":
            role = "disjunction"
        elif STATEMENT_TRIGGER.search(lead) and not (
                re.search(r"\b(?:satisfy|satisfies)\W*$", lead) and mode == "condition"
                and not any(then_later[k + 1:])):
            role = "statement"
        elif DEFINITION_TRIGGER.search(lead) and relation and _defines(f.latex, lead):
            role = "definition"
        elif re.search(r"(?:^|[\s(])(?:i\.e\.|ie|that is|namely|e\.g\.)\W*$", lead):
            role = "restatement"  # never checked alone, binds nothing
        elif CONDITION_TRIGGER.search(lead) or NOUN_CONDITION.search(lead):
            role = "condition"
        elif lead in ("", ",", "and", ", and", "and,", "as well as", "and that", ", and that") \
                and mode:
            role = mode
            if mode == "condition" and lead == "," and not any(then_later[k + 1:]) and (
                    (opened_by_if and k == len(formulas) - 1) or f.display or quantified):
                role = "statement"  # "If …, $$…$$", "For all $x$, $…$": the conclusion
        elif mode == "condition" and re.match(r"^(?:,\s*)?and\b", lead):
            role = "condition"  # "… and vectors $x, y \in …$"
        elif lead == "" or f.display:
            role = "statement"
        else:
            role = "mention" if not relation else "unclassified"
            if role == "unclassified" and scope == "condition":
                role = "condition"  # "with learning rate $h < 2/L$", "if …, and $x > 0$"
        if role in ("statement", "unclassified") and re.match(r"\s*\\forall(?![A-Za-z])",
                                                             f.latex):
            role = "condition"  # "$\forall a, b > 0$": a quantifier, not a statement
        if role == "condition" and opened_by_let and _defines(f.latex, "let"):
            role = "definition"  # "Let $f$ be convex and $y = 2x$"
        if role in ("statement", "condition") and _defines(f.latex, lead):
            role = "definition"
        if kind == "definition" and role in ("statement", "unclassified"):
            role = "definition"
        if kind == "assumption" and role in ("statement", "unclassified"):
            role = "condition"
        if before_exists and role in ("statement", "condition", "unclassified"):
            role = "existential"
        if not relation:
            after = formulas[k + 1].lead if k + 1 < len(formulas) else trailing
            _adjectives(f, lead, after, out, line(f.offset))
            role = "mention"
        scope = _scope(lead) or scope
        if role == "mention" and (CONDITION_TRIGGER.search(lead) or
                                  NOUN_CONDITION.search(lead) or _QUANTIFIER.search(lead)):
            # "For all real $x$, …": the quantified names are a condition's
            mode, quantified = "condition", _QUANTIFIER.search(lead) is not None
        elif role != "mention":
            if role != mode or lead not in ("", ",", "and", ", and"):
                quantified = _QUANTIFIER.search(lead) is not None
            mode = role if role in ("statement", "condition", "definition") else mode
        out.pieces.append(Piece(f.latex, line(f.offset), item, role, lead, f.display))


def _before(said: str, at: int, lead: str, formulas: list[_Formula], k: int) -> bool:
    """Whether "there exists" comes before formula ``k`` in its sentence."""
    text = " ".join(f.lead for f in formulas[:k + 1])
    return EXISTS.search(text) is not None


def _adjectives(f: _Formula, lead: str, after: str, out: Reading, line: int) -> None:
    """Conditions that adjectives state about the names of a mention: "for positive $x$",
    "$a, b$ be positive reals", "$n$ a positive integer"."""
    names = [n.strip() for n in f.latex.split(",")]
    if not names or not all(re.fullmatch(r"\\?[A-Za-z]+(?:_\{?\w+\}?)?", n) for n in names):
        return
    before = re.search(r"(?:^|\s)(?:strictly )?([a-z-]+)\W*$", lead)
    near = re.match(r"^(?:(?:be|is|are|denote|denotes|being|be any|be some|any|be two|two|"
                    r"be an?|an?|all|be real|real)\s+)*(?:strictly )?([a-z-]+)"
                    r"(?:\s+(integers?|reals?|real numbers?|numbers?|scalars?|constants?|"
                    r"natural numbers?))?", after.strip(" ,"))
    nouns = " ".join(m.group(0) for m in (before, near) if m)
    if re.search(r"\b(?:positive integers?|natural numbers?)\b", nouns):
        out.integers += [n for n in names if n not in out.integers]
        return  # a dimension: positive already
    found = [m.group(1) for m in (before, near) if m and m.group(1) in ADJECTIVE]
    for word in dict.fromkeys(found):
        for n in names:
            out.word_conditions.append(Piece(f"{n} {ADJECTIVE[word]} 0", line, 0, "condition",
                                             word))
