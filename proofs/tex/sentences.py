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
  "define", "denote", "where", "set", "write", "compute iteratively" (a recurrence); every
  formula of a definition environment that is not a condition;
- ``restatement``: after "i.e.", "that is", "namely" (never checked alone, binds nothing);
- ``mention``: a formula without a relation (``$x$``);
- formulas whose sentence says "there exists" (``existential``), "or" between formulas
  (``disjunction``), "for some" (``existential``) or "if and only if" (``equivalence``) are
  not checked.

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
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from proofs.tex.cases import expand_cases, rows
from proofs.tex.source import braced

DISPLAY_ENVS = ("equation", "align", "gather", "multline", "eqnarray", "displaymath", "flalign",
                "alignat", "dmath", "dgroup", "math")
RELATION = re.compile(r"\\(?:le|leq|ge|geq|lt|gt|neq|ne|preceq|succeq|leqslant|geqslant|in|"
                      r"notin|subseteq|subset|supseteq|sim|equiv|approx|ll|gg|prec|succ|"
                      r"coloneqq|triangleq|eqqcolon|lesssim|gtrsim|asymp|propto|to|mid)"
                      r"(?![A-Za-z])|(?<!\\)[<>=]|:=")
#: ``f: \mathbb{R}^n \to \mathbb{R}``: what a function maps, not a relation
SIGNATURE = re.compile(r"\s*\\?[A-Za-z]+(?:_\{?\w+\}?)?\s*:\s*[^:]+?\\(?:to|rightarrow)\s*[^:]+")
DEFINING = re.compile(r":=|=:|\\coloneqq|\\eqqcolon|\\triangleq|\\stackrel\s*\{[^}]*def[^}]*\}"
                      r"\s*\{?=|\\overset\s*\{[^}]*(?:def|\\triangle)[^}]*\}\s*\{?=|\\doteq"
                      r"|\\equiv")
#: a formula that names one object: ``y``, ``y_t``, ``\hat\theta``, ``f(x)``, ``\mathrm{Reg}_T``
NAMED = re.compile(r"^\s*(?:\\[A-Za-z]+\s*\{[^{}]*\}|\\(?:bar|hat|tilde|overline|widehat|"
                   r"widetilde|vec|dot)\s+\\?[A-Za-z]+|\\[A-Za-z]+|[A-Za-z])"
                   r"(?:\s*[_^]\s*(?:\{(?:[^{}]|\{[^{}]*\})*\}|\\?[A-Za-z0-9*]|(?<=\^)[+-]))*"
                   r"(?:\s*\([^()]*\))?\s*$")

STATEMENT_WORDS = (r"then|moreover|furthermore|in addition|additionally|"
                   r"we have|we have that|one has|one has that|it holds|it holds that|"
                   r"we also have|we then have|we further have|one also has|"
                   r"holds that|"
                   r"we get|we obtain|we find|satisfies|satisfy|guarantees|guarantee|ensures|"
                   r"implies|implies that|yields|it follows that|follows that|thus|hence|"
                   r"therefore|consequently|in particular|so that|we conclude|the following holds|"
                   r"the following|holds|is bounded by|we can bound|must have|that means|"
                   r"this means|which means|means that|indicates|indicates that|shows that")
CONDITION_WORDS = (r"let|suppose|suppose that|assume|assume that|assuming|assuming that|given|"
                   r"given that|if|whenever|provided|provided that|for all|for every|for any|"
                   r"for each|for|with|where|such that|fix|satisfying|under|when|as long as|"
                   r"and let|and suppose|and assume|be such that|is such that|are such that|"
                   r"in which|whose|so long as|as soon as|having|restricted to|restricting to|"
                   r"in the case|in case|the conditions?|the assumptions?|the hypothes[ie]s")
DEFINITION_WORDS = (r"define|we define|defined as|defined by|denote|denotes|denoted by|"
                    r"we denote|let us denote|we write|write|set|we set|we let|i\.e\.|ie|"
                    r"that is|namely|given by|be defined as|be given by|as|compute|computes|"
                    r"iteratively|recursively|update|updates|generated by|as follows|"
                    r"as following|setting|by setting|we choose|choosing")
STATEMENT_TRIGGER = re.compile(rf"\b(?:{STATEMENT_WORDS})\W*$")
CONDITION_TRIGGER = re.compile(rf"\b(?:{CONDITION_WORDS})\W*$")
DEFINITION_TRIGGER = re.compile(rf"(?:^|\s)(?:{DEFINITION_WORDS})\W*$")
#: words that make the formulas after them in a sentence existential
EXISTS = re.compile(r"\bthere (?:exists?|is|are)\b(?!\s+the\b)|\bexists?\b|\bfor some\b|\bsome\b")
RANDOM_WORDS = re.compile(
    r"\b(?:random|randomly|probability|probabilities|i\.i\.d|iid|independent|independently|"
    r"distribution|distributions|distributed|expectation|expected|variance|sub-?gaussian|"
    r"martingale|almost surely|a\.s|sample|samples|sampled|drawn|draw|stochastic|bernoulli|"
    r"rademacher|gaussian|uniformly at random|with high probability|w\.h\.p|w\.p|event|"
    r"events|estimator|noise|unbiased)\b")
RANDOM_MATH = re.compile(r"\\mathbb\s*\{?\s*[EP]\b|\\Pr\b|\\E\b|\\P\b|\\mathbf\s*\{?\s*[EP]\b|"
                         r"\\operatorname\*?\s*\{\s*(?:Var|Cov|E)\s*\}|\\mathrm\s*\{\s*(?:Var|Cov)"
                         r"\s*\}|\\sim(?![A-Za-z])|\\mathop\s*\{?\s*\\mathbb")
#: what words say of a formula that names its subject: "… is convex", "… is a Poisson random
#: variable", "… are independent"
#: words that say what kind of thing the formula before them names ("is a universal
#: family for sets")
_NOUN_SAID = re.compile(r"\s*(?:is|are|be)\s+(?:an?|the)\s+[A-Za-z][\w\s-]*")
_SAID_OF = re.compile(r"\s*(?:is|are)\s+(?:also\s+|again\s+|then\s+)?(?:(?:an?|the)\s+)?(?:"
                      r"(?:strictly\s+|strongly\s+|jointly\s+)?(?:convex|concave|smooth|"
                      r"lipschitz|continuous|differentiable|bounded|measurable|integrable|"
                      r"monotone|increasing|decreasing|independent|unbiased|poisson|gaussian|"
                      r"normal|binomial|geometric|bernoulli|sub-?gaussian|martingale|"
                      r"(?:\w+\s+)?random\s+variables?|(?:\w+\s+)?distributed)\b[\w\s-]*)",
                      re.I)
#: words after which a sentence concludes rather than assumes ("Suppose $x > 0$, so by
#: AM-GM $$…$$", "If $x > 1$, we have $x^2 > c$ for some $c$")
_CONCLUDING = re.compile(r"\b(?:so|thus|hence|therefore|consequently|which|gives?|yields?|by|"
                         r"implies?|get|obtain|have|has|follows?|since|because|then|holds?|"
                         r"means)\b")
#: phrases that join sentences and say nothing of their objects
_CONNECTIVES = re.compile(r"\b(?:on the other hand|more generally|in other words|as a "
                          r"consequence|as a result|in general|if and only if|iff)\b")
#: words by which a sentence after a statement may restrict it ("this holds only if …")
_RESTRICTING = {"only", "unless", "provided", "assume", "assuming", "require", "requires",
                "must", "need", "needs", "except", "otherwise", "whenever"}
#: the first words not read of a sentence after a statement that comments on it ("This
#: motivates why …", "We can interpret this result as follows", "As complex eigenvalues
#: imply a rotation, this can be viewed as …"): it claims nothing more of its objects
_COMMENTARY = re.compile(r"(?:motivates|interpret|viewed|intuitively|intuition|note|notice|"
                         r"remark|recall|illustrates|means|interpretation|example)\b")
#: a proof inside a statement's environment (blanked, lines kept, when the statement is read)
_NESTED_PROOF = re.compile(r"\\begin\s*\{proof\}.*?\\end\s*\{proof\}", re.S)
#: the words before a list whose items are assumed: "suppose the following holds:", "assume
#: that", "if", "let", "given"
_ASSUMED_LIST = re.compile(r"(?:\b(?:suppose|assume|assuming)\b(?:\s+that)?\s+(?:\w+\s+){0,2}"
                           r"following\b[^.]*|\b(?:suppose|assume|assuming|if|let|given|whenever|"
                           r"provided)(?:\s+that)?)\W*$", re.I)
_LIST = re.compile(r"\\(begin|end)\s*\{(?:enumerate|itemize|description)\}|\\item(?![A-Za-z])")


#: words that open a list of alternatives: "if either", "and one of the following holds:"
_ALTERNATIVES = re.compile(r"\b(?:either|(?:(?:at least |exactly )?one|any|either)\s+of\s+the\s+"
                           r"following\b[^.]*)\W*$", re.I)


#: words that make the items of the list after them one side of an equivalence
_IFF_LIST = re.compile(r"\b(?:iff|if\s+and\s+only\s+if)\W*$", re.I)


def _or_items(body: str) -> set[int]:
    r"""The numbers of the items of the lists one of whose items ends in "or" ("\item $A$, or
    \item $B$"): alternatives, none of which holds alone.

    >>> sorted(_or_items(r"\begin{enumerate}\item $x \ge 0$, or \item $x \le 0$."
    ...                  r"\end{enumerate}"))
    [1, 2]
    """
    out: set[int] = set()
    count = 0
    lists: list[tuple[list[int], list[int]]] = []  # per open list: its items, "or" seen
    last_item: list[int] = []  # per open list: where its current item starts
    for m in _LIST.finditer(body):
        kind = m.group(1)
        if kind == "begin":
            lists.append(([], []))
            last_item.append(-1)
            continue
        if lists and last_item[-1] >= 0:  # the text of the item before this \item or \end
            text = prose(blank_displays(body[last_item[-1]:m.start()]))
            if re.search(r"(?:^|\W)or\W*$", text):
                lists[-1][1].append(1)
        if kind == "end":
            if lists:
                items, ors = lists.pop()
                last_item.pop()
                if ors:
                    out.update(items)
            continue
        count += 1
        if lists:
            lists[-1][0].append(count)
            last_item[-1] = m.end()
    return out


#: a sentence that assumes what the sentences after it say ("Suppose that the following
#: holds.", "Assume there is a constant $c$ such that the following is true.")
_SUPPOSING = re.compile(r"\s*(?:suppose|assume|assuming|if)\b[^.]*\bthe following\b[^.]*"
                        r"\b(?:holds?|is true|are true|is satisfied)\W*$")


def _supposed_sentences(sentences: list[Any], out: Reading) -> None:
    """The formulas the text assumes in the sentences after "Suppose that the following
    holds." up to a sentence opened by "Then" (in the same item): conditions, never claims."""
    supposing: int | None = None  # the item of the supposition in force
    for number, (_formulas, said, _trailing, item) in enumerate(sentences):
        if _SUPPOSING.match(said) and not re.search(r"\bthen\b", said):  # not "If $x \ge
            supposing = item  # 1$, then the following holds.": what that asserts
            continue
        if supposing is None:
            continue
        if item != supposing or re.match(r"\s*(?:then|hence|therefore|thus)\b", said):
            supposing = None
            continue
        out.pieces = [replace(p, role="condition") if p.sentence == number and p.role in (
            "statement", "unclassified") else p for p in out.pieces]


def _alternative_items(body: str) -> set[int]:
    """The numbers of the items of the lists that words such as "if either" or "one of the
    following holds:" open: alternatives, none of which holds alone.

    >>> sorted(_alternative_items(r"If one of the following holds: \\begin{enumerate}"
    ...                           r"\\item $x>0$ \\item $y>0$\\end{enumerate} then $z>0$."))
    [1, 2]
    """
    return _list_items(body, _ALTERNATIVES)


def _assumed_items(body: str) -> set[int]:
    """The numbers of the items (as :func:`_sentences` counts them) of the lists that words
    such as "Suppose that" or "Assume the following holds:" open: conditions.

    >>> sorted(_assumed_items(r"Suppose that \\begin{enumerate}\\item $x>0$ \\item $y>0$"
    ...                       r"\\end{enumerate} Then $xy>0$. "
    ...                       r"\\begin{itemize}\\item $z$\\end{itemize}"))
    [1, 2]
    """
    return _list_items(body, _ASSUMED_LIST)


def _list_items(body: str, opening: re.Pattern[str]) -> set[int]:
    """The numbers of the items of the lists whose lead (the words before the list, from
    the last full stop or item) ``opening`` matches."""
    out: set[int] = set()
    count, opened = 0, []  # for each list open (nested ones too): whether its lead matches
    for m in _LIST.finditer(body):
        if m.group(1) == "begin":
            item = body.rfind("\\item", 0, m.start())
            last = max(body.rfind(".", 0, m.start()), item + 4 if item >= 0 else -1)
            opened.append(opening.search(prose(blank_displays(body[last + 1:m.start()])))
                          is not None)  # the words back to the sentence's start or the item
        elif m.group(1) == "end":
            opened = opened[:-1]
        else:
            count += 1
            if any(opened):  # an item of such a list, or of a list inside one of its items
                out.add(count)
    return out
#: "the following are equivalent": the items of the list after it are one equivalence
_TFAE = re.compile(r"\bfollowing\s+(?:\w+\s+){0,2}(?:are|is)\s+(?:all\s+)?equivalent\b|"
                   r"\btfae\b", re.I)
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
valid correct well-known standard classical elementary basic useful simple variable least
variables generally
""".split())
#: "we have for all", "then for any": a conclusion quantified over the formula that follows
#: "assume we have for all …": the clause is an assumption, whatever it says it has
_ASSUMED = re.compile(r"\W*(?:assume|assuming|suppose|let|given|if|whenever)\b")
_HAVE_FOR_ALL = re.compile(r"\b(?:we have|one has|it holds|holds|we get|we obtain|then)\b"
                           r"[^.;]*\bfor (?:all|every|any|each)\W*$")
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
    sentence: int = -1  # its sentence's number in the body (-1: none, e.g. carried in)


#: ", and if $A$ then $B$", ", and for $x \ge 1$, $B$", ", and $C$ if $D$" after a formula:
#: a clause with its own condition, read as a sentence of its own (its condition is never the
#: statement's before it, nor the statement's a condition of its own: review 36b/36c)
_CLAUSE = re.compile(
    r"(?<=\$)(?:\s*[,;]\s*and\s*,?\s*(?=(?:if|when|whenever|for|with(?!\s+prob))\b)|\s+and\s*,"
    r"\s*(?=(?:if|when|whenever|for)\b)|\s+and\s+(?=for\b)|\s*;\s*(?=(?:if|when|whenever|for)\b)|"
    r"\s*[,;]\s*and\s+(?=\$[^$]+\$\s*(?:if|when|whenever)\b))((?:if|when|whenever|for|with)\b|\$)")
_CITED_KIND = (r"(?:inequality|inequalities|equation|lemma|theorem|result|bound|identity|"
               r"proposition|corollary|example|display|claim|fact|estimate)")
#: words that state in prose that a statement holds elsewhere too, or for other objects
_SAME_HOLDS = re.compile(
    r"\b(?:the same (?:holds|is true|applies|bound holds)|(?:also|still|even) (?:holds|applies|"
    r"remains (?:valid|true)|valid|true)|(?:holds|is valid|is true) (?:also|as well)|is also "
    r"(?:true|valid)|(?:this|it|which|the (?:bound|inequality|result|statement|estimate)) "
    r"(?:holds|is valid|is true|remains (?:valid|true)) (?:for|when|whenever|on)(?: all| every| "
    r"any)?)\b[^.;]*", re.I)
#: "by the inequality above", "from the previous lemma": a citation of the text before, by
#: position (a cited label is resolved; this is not)
_CITES_BEFORE = re.compile(
    r"\b(?:by|from|using|with|applying|via)\s+(?:the\s+|this\s+)?(?:(?:above|previous|"
    rf"preceding|last|former)\s+{_CITED_KIND}|{_CITED_KIND}\s+above)\b")
#: a name set to an order of growth (``\gamma = O(\beta)``, ``T = \Theta(n)``)
_ORDER_SETTING = re.compile(r"^\s*\\?[A-Za-z]+(?:_\{?\w+\}?)?\s*=\s*(?:\\mathcal\s*\{?\s*)?"
                            r"(?:O|o|\\Theta|\\Omega|\\omega|\\tilde\s*\{?\s*O)\s*\}?\s*"
                            r"(?:\\left|\\big|\\Big)?\s*\(")
#: "if furthermore", "suppose, moreover,": the condition word, not the adding word, says the
#: role of the formula after them
_ADDING = re.compile(r"\b(if|when|whenever|suppose|suppose that|assume|assume that|assuming|"
                     r"given)\s*,?\s*(?:furthermore|moreover|in addition|additionally|also|"
                     r"further)\s*,?\s*$", re.I)
#: words of a sentence after a statement that comment on it without restricting it: where it
#: is used ("The bound above is useful for $x \le 1$", "Below we use this for …") or where
#: it fails ("This bound fails for $x < 0$", "the opposite holds")
_COMMENTING = re.compile(r"\b(?:use|uses|used|using|useful|apply|applies|applied|employ|"
                         r"invoke|fails?|failing|reversed|opposite|false|violated|"
                         r"does not hold|do not hold|is not true|can fail)\b")
#: words of a sentence that point to what follows it ("then the following holds:")
_FORWARD = re.compile(r"\bfollowing\b|\bas follows\b|\bbelow\b|:\s*$|\b(?:we have|we get|"
                      r"holds?|one has|it holds that|then)\W*$")
#: how a sentence opens when its conditions hold for the whole environment
_GLOBAL = re.compile(r"^(?:let|suppose|assume|assuming|given|fix|consider|throughout)\b")


@dataclass
class Reading:
    """What :func:`read_body` read: every formula with its role, the conditions that
    adjectives state, names that are integers, and what was left (``(line, why)``)."""

    pieces: list[Piece] = field(default_factory=list)
    word_conditions: list[Piece] = field(default_factory=list)
    integers: list[str] = field(default_factory=list)
    #: names the words say are real ("for every real $n \ge 1$"): never a size
    reals: list[str] = field(default_factory=list)
    left: list[tuple[int, str]] = field(default_factory=list)
    #: the sentence number the items of "the following are equivalent" share, if any
    equivalent_items: int | None = None
    #: the items of the lists after "iff" (one side of an equivalence, all together)
    iff_items: set[int] = field(default_factory=set)
    #: what is left of one sentence (its item, its number): it concerns that sentence's
    #: statements and those after it in that item only
    left_at: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: the sentences of existentials among the items assumed ("Suppose the following holds:")
    assumed: set[int] = field(default_factory=set)
    #: each sentence's words after its last formula (by sentence number)
    trailing: dict[int, str] = field(default_factory=dict)
    random: str = ""  # the words that make the environment's quantities random
    #: what the prose says of its random quantities in words ("with probability", "i.i.d.",
    #: "independent"): not in a reading ("random" alone says only that they are random)
    random_words: list[str] = field(default_factory=list)
    #: the function classes the prose states ("$f$ is convex and $L$-smooth"): ``(name,
    #: class, line, item, sentence)``, e.g. ``("f", "L-smooth", 3, 0, 1)``; read, not checked
    classes: list[tuple[str, str, int, int, int]] = field(default_factory=list)
    #: what the words say of random names and the reader shows as written: "$X_1, \dots,
    #: X_n$ be independent" gives the piece ``X_1, …, X_n independent`` (role "condition")
    random_conditions: list[Piece] = field(default_factory=list)
    #: the conditions the words say hold almost surely ("$a_i \le X_i$ almost surely")
    almost_surely: set[str] = field(default_factory=set)
    #: the words before the name each class is said of: ``{(name, class, line): words}``
    #: ("if" in "If $f$ is convex, then …", "then" in "then $f$ is convex iff …")
    class_leads: dict[tuple[str, str, int], str] = field(default_factory=dict)
    #: the names of the last mention read for adjectives ("positive integers $a$ and $b$")
    last_mention: list[str] = field(default_factory=list)
    #: each sentence's words not read and its item: ``{sentence: (item, words)}``
    sentence_words: dict[int, tuple[int, list[str]]] = field(default_factory=dict)

    def words_for(self, s: Piece) -> list[str]:
        """The words not read that may concern statement ``s``: its sentence's, those of the
        sentences before it in its item (or in no item), and those of a later sentence that
        restricts in words ("This holds only for …"); never another item's, nor a later
        remark's ("As complex eigenvalues imply a rotation, …")."""
        out: list[str] = []
        for n, (item, words) in sorted(self.sentence_words.items()):
            if item and s.item and item != s.item:
                continue
            if n > s.sentence >= 0 and self.commentary(n):
                continue
            out += words
        return list(dict.fromkeys(out))

    def commentary(self, n: int) -> bool:
        """Whether sentence ``n`` comments ("This motivates why …", "We can interpret this
        result as follows") rather than claims or restricts in words."""
        words = self.sentence_words.get(n, (0, []))[1]
        return not (set(words) & _RESTRICTING) and _COMMENTARY.match(" ".join(words)) is not None

    def openings(self) -> dict[int, str]:
        """Each sentence's first words (the words before its first formula), by number."""
        first: dict[int, str] = {}
        for p in self.pieces:
            first.setdefault(p.sentence, p.said)
        return first

    def stating(self) -> set[int]:
        """The sentences whose conditions are their own: a sentence with a statement, not
        opened by "Let", "Suppose", "Assume", "Given" ("If $x > 0$, then …", "For
        $0 < h \\le 1$ we have …"); the conditions of other sentences are the environment's."""
        first = self.openings()
        return {p.sentence for p in self.pieces if p.role == "statement"
                and not _GLOBAL.match(first.get(p.sentence, ""))}

    def remarks(self) -> set[int]:
        """The sentences opened by "If" (or "When", "Restricted to") with no formula stated: a
        conclusion in words ("If $f$ is convex, then the opposite direction is also true"). Their
        conditions do not reach a statement *before* them (they may reach one after:
        "If $x \\ge 1$, then the following holds. $$x^2 \\ge 1.$$")."""
        first = self.openings()
        stated = {p.sentence for p in self.pieces if p.role == "statement"}
        return {n for n, said in first.items()
                if (re.match(r"(?:if|when|whenever|only (?:for|if|when)|"
                             r"restricted to|restricting to)\b", said) or (
                    re.match(r"for\b", said) and re.match(  # "For $\lambda_1 = 1$, this
                        r"\W*(?:this|that|it|which)\s+(?!is\b|holds\b)[a-z]+",  # results in …"
                        self.trailing.get(n, ""))))
                and n not in stated}

    def closed_remarks(self) -> set[int]:
        """The :meth:`remarks` whose words do not point to what follows ("Only for
        $\\kappa = 1$ we are in this phase immediately"; not "If $x \\ge 1$, then the
        following holds:"): their conditions reach no statement of another sentence."""
        first = self.openings()
        stated = {p.sentence for p in self.pieces if p.role == "statement"}
        words = {n: " ".join([p.said for p in self.pieces if p.sentence == n]
                             + [self.trailing.get(n, "")]).lower() for n in first}
        commenting = {n for n, w in words.items() if n not in stated and n > min(
            stated, default=n) and _COMMENTING.search(w) and not _GLOBAL.match(first[n])}
        return {n for n in self.remarks()  # "Restricted to $1 > \beta > 0$ this results in
                if not _FORWARD.search(self.trailing.get(n, ""))  # two behaviors. For …":
                and not re.match(r"restrict", first.get(n, ""))} | commenting  # what follows
        # is restricted, as a "Let" sentence's conditions hold for what follows; a sentence
        # after a statement that says where it is used or where it fails restricts nothing

    def continued(self) -> dict[int, set[int]]:
        """The sentences each sentence opened by "Moreover", "Furthermore", "In addition",
        "Also", "In particular", "Hence", "Thus", "Therefore" or "Consequently" goes on from:
        the one before it, and those that one goes on from ("If $x > 1$, then $x^2 > 1$.
        Moreover, $x^3 > 1$": the second holds under the first's condition)."""
        first = self.openings()
        out: dict[int, set[int]] = {}
        for n in sorted(first):
            if n > 0 and re.match(r"(?:moreover|furthermore|in addition|additionally|also|in "
                                  r"particular|hence|thus|therefore|consequently)\b", first[n]):
                out[n] = {n - 1, *out.get(n - 1, set())}
        return out

    def of(self, *roles: str) -> list[Piece]:
        """The pieces of the given roles, in order."""
        return [p for p in self.pieces if p.role in roles]


_DISPLAY = re.compile(
    r"\$\$(?P<dd>.*?)\$\$|\\\[(?P<br>.*?)\\\]|\\begin\s*\{(?P<env>(?:"
    + "|".join(DISPLAY_ENVS) + r")\*?)\}(?:\{[^}]*\})?(?P<body>.*?)\\end\s*\{(?P=env)\}", re.S)
_INLINE = re.compile(r"(?<![\\$])\$(?!\$)(?P<m>(?:\\\$|[^$])+?)\$|\\\((?P<p>.*?)\\\)"
                     r"|\\ensuremath\s*\{(?P<e>[^{}]*)\}", re.S)


def blank_displays(body: str) -> str:
    """``body`` with its displays blanked (same length, the same lines: what follows a
    display keeps its line number), the full stop that ends one kept."""
    def blank(m: re.Match) -> str:
        out = list(re.sub(r"[^\n]", " ", m.group(0)))
        end = re.search(r"([.;])\s*(?:\\end\s*\{[^}]*\}|\\\]|\$\$)\s*$", m.group(0))
        if end:  # "…\[ x^2 \le x. \] If …": the display ends its sentence
            out[end.start(1)] = end.group(1)
        return "".join(out)

    return _DISPLAY.sub(blank, body)


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
    text = _NAME_TAG.sub("", text)
    return re.sub(r"(\\[,;!: ]|\\q?quad|~|\s)*$", "", text)


#: ``\qquad \text{``transient phase''}`` at the end of a display line: a name for the case,
#: not a condition (a text with a condition's word, ``\text{for all } x``, stays)
_NAME_TAG = re.compile(r"\\q?quad\s*\\text(?:rm|normal)?\s*\{(?![^{}]*\b(?:for|if|when|whenever|"
                       r"where|with|all|every|any|each|provided|unless|and|or|s\.t|since|as)\b)"
                       r"[^{}$]*\}\s*[.,;]?\s*$")


def display_lines(text: str) -> list[tuple[str, int]]:
    """The formulas of a display (one per ``\\\\`` line outside a ``cases`` block or a
    matrix; a line that starts with a relation or a ``+`` continues the one before; a
    ``cases`` block gives one formula per case: :mod:`proofs.tex.cases`), each with its
    offset in ``text``."""
    out: list[tuple[str, int]] = []
    for part, at in rows(text):
        at += len(part) - len(part.lstrip())
        cases = [c for c in (clean_math(x) for x in expand_cases(part)) if c]
        if cases and out and (RELATION.match(cases[0]) or cases[0].startswith("+")) and \
                not cases[0].startswith("\\in"):
            head, at = out.pop()  # "&= \begin{cases}…": each case continues the line before
            cases = [head + " " + c for c in cases]
        out += [(c, at) for c in cases]
    return [(f, at) for formula, at in out for f in _steps(formula)]


def _steps(formula: str) -> list[str]:
    r"""``x_{k+1} = …, \quad y_{k+1} = …``: the steps of an iteration written side by side,
    one formula each (a formula that is not only such steps is itself)."""
    parts = [p.strip(" ,;") for p in re.split(r"[,;]?\s*\\q?quad(?![A-Za-z])", formula)]
    if len(parts) > 1 and all(recurrence(p) for p in parts if p):
        return [p for p in parts if p]
    return [formula]


_IMPLIES = re.compile(r"\\(?:implies|Rightarrow|Longrightarrow)(?![A-Za-z])")


def implication(formula: str) -> str:
    r"""``A \implies B`` as ``B`` under the condition ``A`` (written after it, as the reader
    takes a condition); a formula with no implication, or with several, is itself.

    >>> implication(r"x > 0 \implies x^2 > 0")
    'x^2 > 0 \\quad \\text{if } x > 0'
    >>> implication(r"a \Rightarrow b \Rightarrow c")
    'a \\Rightarrow b \\Rightarrow c'
    """
    parts = _IMPLIES.split(formula)
    if len(parts) != 2 or not all(RELATION.search(p) or "=" in p or "<" in p or ">" in p
                                  for p in parts):
        return formula
    return f"{parts[1].strip()} \\quad \\text{{if }} {parts[0].strip()}"


def prose(text: str) -> str:
    r"""Prose as lower-case words: commands, references and braces dropped.

    >>> prose(r"Then, by Lemma~\ref{l:a}, \emph{we have}")
    'then, by lemma, we have'
    """
    text = re.sub(r"\\(label|ref|eqref|cref|Cref|cite|citep|citet|parencite|autoref|begin|end|"
                  r"hyperref|footnote)\s*(\[[^\]]*\])*\s*\{[^}]*\}", " ", text)
    text = re.sub(r"\\(emph|textit|textbf|text|textrm|textnormal|underline)\s*", " ", text)
    text = re.sub(r"\\item(\[[^\]]*\])?|\\[A-Za-z]+\*?|\\[,:;! ]|[{}~]", " ", text)
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
#: "cf.", "resp.", "w.r.t.", "Lem.", "Eq.", "et al." or an initial), at ``\item`` and at the
#: end of a list
_SENTENCE_END = re.compile(
    r"((?<![ (]i\.e\.)(?<![ (]e\.g\.)(?<!\bcf\.)(?<!resp\.)(?<!w\.r\.t\.)(?<!\bal\.)"
    r"(?<!Lem\.)(?<!Thm\.)(?<!\bEq\.)(?<!Eqs\.)(?<!Sec\.)(?<!Fig\.)(?<!\b[A-Z]\.)"
    r"(?<!etc\.)(?<!\bs\.t\.)(?<!\bw\.p\.)(?<!\ba\.s\.)(?<!i\.i\.d\.)(?<!w\.h\.p\.)"
    r"(?<=[.!?;])\s"
    r"|\\item(?![A-Za-z])(?:\[[^\]]*\])?|\\end\s*\{(?:enumerate|itemize|description)\})")
#: "for matrix", "for any vectors", "with a constant": a condition that names what it declares
NOUN_CONDITION = re.compile(
    r"\b(?:for|let|given|with|where|fix|consider|and)(?: (?:a|an|the|any|all|every|each|two|"
    r"real|fixed|given|arbitrary|positive|nonnegative|non-negative))* (?:matrix|matrices|"
    r"vectors?|scalars?|reals?|numbers?|real numbers?|constants?|points?|parameters?|"
    r"dimensions?|indices|index|integers?|positive integers?|natural numbers?|unit vectors?)"
    r"\W*$")


#: "(the method) generates a sequence", "produces iterates": what follows is a property of them
_GENERATES = re.compile(r"\b(?:generates?|produces?|returns?|outputs?)\b[^.;]*\b(?:sequences?|"
                        r"iterates?|points?)\b")

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


#: "for an integer value $p \ge 2$", "consider a dataset $A \in …$": a condition or a
#: declaration after a short noun phrase (at most four words)
_NOUN_PHRASE = re.compile(r"(?:^|[\s,(])(?:for|consider|given|fix|with|and any|and all)"
                          r"(?: [a-z-]+){1,4}\W*$")
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
    item = items = 0  # the current item (0 outside a list) and how many there were
    open_display = False  # the last segment was a display without its final punctuation
    for kind, text, offset in segments(body):
        if kind == "text":
            if open_display and formulas and re.match(r"\s*[A-Z][a-z]", text):
                # "$$…$$ If $f$ is convex, …", "$$…$$ Restricted to …": a display without its
                # period, then a capital: a new sentence
                yield formulas, " ".join(words), "", item
                formulas, words = [], []
            open_display = False
            pieces = _SENTENCE_END.split(text + " ")
            for k, part in enumerate(pieces):
                if k % 2 == 1:  # a sentence ends
                    yield formulas, " ".join(words + [prose(lead)]), prose(lead), item
                    if part.startswith("\\item"):
                        items += 1
                        item = items
                    elif part.startswith("\\end"):  # after the list: the environment's again
                        item = 0
                    formulas, words, lead = [], [], ""
                else:
                    lead += part
            continue
        said = prose(lead)
        words.append(said)
        lead = ""
        lines = display_lines(text) if kind == "display" else [(clean_math(text), 0)]
        lines = [(implication(f), at) for f, at in lines]
        for j, (formula, at) in enumerate(lines):
            formulas.append(_Formula(said if j == 0 else "", formula, offset + at,
                                     kind == "display"))
        open_display = kind == "display"
        if kind == "display" and re.search(r"[.;]\s*$", strip_tags(text)):
            yield formulas, " ".join(words), "", item
            formulas, words = [], []
            open_display = False
    yield formulas, " ".join([*words, prose(lead)]), prose(lead), item


def outer_relation(latex: str) -> bool:
    r"""Whether ``latex`` relates two things outside its sub- and superscripts
    (``\{S_i\}_{i=1}^n`` and ``\mathbb{E}_{h \in H}[t]`` relate nothing).

    >>> outer_relation(r"\{S_i\}_{i=1}^n"), outer_relation(r"\sum_{i=1}^n x_i \le 1")
    (False, True)
    """
    return bool(RELATION.search(_without_events(without_scripts(latex))))


_EVENT_HEAD = re.compile(r"(?:\\Pr|\\mathbb\s*\{\s*[PE]\s*\}|\\mathbf\s*\{\s*[PE]\s*\}|\\[PE]"
                         r"(?![A-Za-z])|(?<![A-Za-z\\])P)\s*(?:\\(?:left|[bB]igg?l?)(?![A-Za-z])\s*)?"
                         r"[\[(]")


def _without_events(latex: str) -> str:
    r"""``latex`` with what a probability or an expectation holds blanked: the event of
    ``\Pr[G \in \mathcal{P}]`` relates nothing outside it.

    >>> _without_events(r"P(n) = \Pr[G \in S] + \mathbb{E}\left[X \le 1\right]")
    'P( ) = \\Pr[ ] + \\mathbb{E}\\left[ ]'
    """
    out, i = [], 0
    for m in _EVENT_HEAD.finditer(latex):
        if m.start() < i:
            continue
        depth, j = 0, m.end() - 1
        while j < len(latex):
            depth += latex[j] in "([{"
            depth -= latex[j] in ")]}"
            if depth == 0:
                break
            j += 1
        if depth:
            break
        out += [latex[i:m.end()], " "]
        i = j
    return "".join(out) + latex[i:]


def without_scripts(latex: str) -> str:
    r"""``latex`` with its braced sub- and superscripts (nested to any depth) blanked.

    >>> without_scripts(r"\sup_{\|f\|_{\mathcal{H}_k} \le 1} g(f) = 1")
    '\\sup  g(f) = 1'
    """
    out, i = [], 0
    for m in re.finditer(r"[_^]\s*\{", latex):
        if m.start() < i:
            continue
        depth, j = 0, m.end() - 1
        while j < len(latex):
            depth += latex[j] == "{"
            depth -= latex[j] == "}"
            if depth == 0:
                break
            j += 1
        out += [latex[i:m.start()], " "]
        i = j + 1
    return "".join(out) + latex[i:]


def _defines(latex: str, lead: str) -> bool:
    """``y := …``, or ``y = …`` after "let", "define", "denote", "where", "set", "write"."""
    if DEFINING.search(latex):
        return True
    lhs = re.split(r"(?<![<>\\!:])=(?!:)", latex, maxsplit=1)
    if len(lhs) != 2 or outer_relation(lhs[1].replace("=", "")) or not NAMED.match(lhs[0]):
        return False  # \arg\min_{p \in \Delta_n} …: a relation in a subscript relates nothing
    return re.search(r"\b(let|define|denote|denoted|where|set|write|given by|compute|computes|"
                     r"iteratively|recursively|update|updates|generated by|as follows|"
                     r"iterates|iterate|as following|(?:by )?setting\b.*\bas)\W*$", lead) \
        is not None and \
        not re.search(r"\bif\b|\bsuppose\b|\bassume\b", lead)


_STEP = r"(?:_\s*\{\s*[a-z]\s*\+\s*1\s*\}|\^\s*\{\s*\(\s*[a-z]\s*\+\s*1\s*\)\s*\})"
_START = r"(?:_\s*\{?\s*0\s*\}?|\^\s*\{\s*\(\s*0\s*\)\s*\})"
_RECURRENCE = re.compile(rf"\s*(\\?[A-Za-z]+)\s*(?:{_STEP}|{_START})\s*=(?!=)(.*)", re.S)


_STEP_BOUND = re.compile(rf"\s*\\?[A-Za-z]+\s*{_STEP}\s*(?:\\le|\\leq|\\ge|\\geq|<|>)"
                         rf"(?![A-Za-z])(.*)", re.S)


def step_bound(latex: str) -> bool:
    r"""Whether ``latex`` bounds a sequence's next term by its current ones
    (``a_{n+1} \le a_n(1 - q a_n)``): like a recurrence, it holds for every index.

    >>> step_bound(r"a_{n+1} \le a_n (1 - q a_n)"), step_bound(r"a_{n+1} \le 1")
    (True, False)
    """
    m = _STEP_BOUND.match(latex)
    if m is None:
        return False
    return _uses_step_index(latex[:m.start(1)], m.group(1))


def recurrence(latex: str) -> bool:
    r"""Whether ``latex`` is a step of an iteration (``x_{k+1} = x_k - \eta g_k``,
    ``w^{(t+1)} = …`` with the name on the right too) or its start (``y_0 = x_0``): it
    defines a sequence, it does not state anything about one.

    >>> recurrence(r"x_{k+1} = x_k + \alpha_k p_k"), recurrence(r"y_0 = x_0")
    (True, True)
    >>> recurrence(r"x_{k+1} \le x_k"), recurrence(r"a_{n+1} = 2"), recurrence(r"a_n = 2")
    (False, False, False)
    """
    m = _RECURRENCE.match(latex)
    if m is None or RELATION.search(m.group(2)):
        return False
    if re.match(rf"\s*\\?[A-Za-z]+\s*{_START}", latex):
        return True
    return _uses_step_index(latex[:m.start(2)], m.group(2))


def _uses_step_index(lhs: str, rhs: str) -> bool:
    """Whether ``rhs`` uses the index ``k`` of the step ``k+1`` written in ``lhs``: ``x_k``,
    ``y_{k}``, ``g^{(k)}``, ``\\alpha_k``."""
    index = re.search(r"([a-z])\s*\+\s*1", lhs).group(1)  # type: ignore[union-attr]
    return re.search(rf"[_^]\s*\{{?\s*\(?\s*{index}\s*\)?\s*[}}\s,+\-)\\]|[_^]\s*{index}\b",
                     rhs) is not None


#: notes beside the text: what they say is no part of the statement
_ASIDE = re.compile(r"\\(?:footnote|marginnote|marginpar)(?![A-Za-z])\s*(?:\[[^\]]*\])?")


def _without_asides(body: str, body_line: int) -> tuple[str, list[tuple[int, str]]]:
    r"""``body`` with its footnotes and margin notes blanked (their newlines kept), and one
    ``(line, why)`` for each that says something: never a part of the statement, always
    listed (a note may state a condition: the reading is incomplete).

    >>> text, left = _without_asides(r"Let $x>0$.\footnote{So $x \ne 0$.} Then $x^2>0$.", 1)
    >>> text.split()
    ['Let', '$x>0$.', 'Then', '$x^2>0$.']
    >>> left
    [(1, 'a note beside the text, not read: So $x \\ne 0$.')]
    """
    out, left, at = [], [], 0
    for m in _ASIDE.finditer(body):
        if m.start() < at:
            continue
        group = braced(body, m.end())
        if group is None:
            continue
        end = group[1]
        out += [body[at:m.start()], re.sub(r"[^\n]", " ", body[m.start():end])]
        if group[0].strip():  # words too: "only for inputs larger than one"
            left.append((body_line + body.count("\n", 0, m.start()),
                         "a note beside the text, not read: " + re.sub(r"\s+", " ",
                                                                      group[0]).strip()))
        at = end
    return "".join(out) + body[at:], left


_INLINE_NAMED = r"(?:\$(?!\$)(?P<{0}>[^$]+)\$|\\\((?P<{0}x>.+?)\\\))"
#: ``$A$ $\implies$ $B$``, ``$A$ implies (that) $B$``: one implication, its premise never a
#: statement of its own
_SPLIT_IMPLICATION = re.compile(
    _INLINE_NAMED.format("a") + r"\s*(?:\$\s*\\(?:implies|Rightarrow|Longrightarrow)\s*\$|"
    r"\\\(\s*\\(?:implies|Rightarrow|Longrightarrow)\s*\\\)|(?P<w>\b(?:implies|guarantees|"
    r"ensures|yields|gives|(?<!and )(?<!if )only if|is (?:a )?sufficient(?: condition)? for|"
    r"is (?:a )?necessary(?: condition)? for)(?:\s+that)?\b))\s*"
    + _INLINE_NAMED.format("b"), re.S)


def joined_implications(body: str) -> str:
    r"""``body`` with each implication written across formulas (``$A$ $\implies$ $B$``,
    ``$A$ implies that $B$``, "guarantees", "ensures", "yields", "gives", "only if", "is
    sufficient for"; "$A$ is necessary for $B$" is B ⟹ A) made one formula ``$A \implies B$``,
    its lines kept.

    >>> joined_implications(r"and $y > 1$ $\implies$ $x > 2$.")
    'and $y > 1 \\implies x > 2$.'
    >>> joined_implications(r"$y > 1$ implies that $x$ is positive")
    '$y > 1 \\implies x$ is positive'
    """
    def join(m: re.Match) -> str:
        a, b = m.group("a") or m.group("ax"), m.group("b") or m.group("bx")
        if "necessary" in (m.group("w") or ""):  # A is necessary for B: B ⟹ A
            a, b = b, a
        gap = "\n" * m.group(0).count("\n")
        return f"${a.strip()} \\implies {b.strip()}${gap}"
    return _SPLIT_IMPLICATION.sub(join, body)


def read_body(body: str, body_line: int, kind: str = "theorem") -> Reading:
    """The roles of the formulas of an environment's ``body`` (see the module docstring)."""
    out = Reading()
    if kind != "proof":  # a proof written inside the statement's environment is not stated
        body = _NESTED_PROOF.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), body)
        body = joined_implications(body)  # a proof's "$A$ implies $B$" derives B
        body = _CLAUSE.sub(lambda m: ". " + m.group(1)[0].upper() + m.group(1)[1:], body)
    body, asides = _without_asides(body, body_line)
    out.left += asides
    randoms = sorted(set(RANDOM_WORDS.findall(prose(blank_displays(body)))))
    out.random_words = [w for w in randoms if w not in ("random", "randomly")]
    math = RANDOM_MATH.findall(body)
    if randoms or math:
        shown = {m.strip() + "}" * (m.count("{") - m.count("}")) for m in math}
        out.random = ", ".join([*randoms, *sorted(shown)][:4])
    unknown: list[str] = []
    sentences = list(_sentences(body))
    for number, (formulas, said, trailing, item) in enumerate(sentences):
        mark = (len(out.pieces), len(out.word_conditions), len(out.random_conditions))
        left_before = len(out.left)
        out.trailing[number] = trailing
        before, known = len(out.classes), len(unknown)
        nxt = sentences[number + 1] if number + 1 < len(sentences) else None
        then_next = nxt is not None and nxt[3] == item and re.match(r"\s*then\b", nxt[1]) \
            is not None  # "Suppose that …, it has $$…$$ Then …": all before "Then" assumed
        then_sentence = any(re.match(r"\s*then\b", later[1]) for later in sentences[number + 1:])
        _sentence(formulas, said, trailing, item, body, body_line, kind, out, unknown,
                  then_next, then_sentence)
        out.sentence_words[number] = (item, list(dict.fromkeys(unknown[known:])))
        for _, why in out.left[left_before:]:
            out.left_at.setdefault(why, (item, number))
        out.classes[before:] = [c[:4] + (number,) for c in out.classes[before:]]
        out.pieces[mark[0]:] = [replace(p, sentence=number) for p in out.pieces[mark[0]:]]
        out.word_conditions[mark[1]:] = [replace(p, sentence=number)
                                         for p in out.word_conditions[mark[1]:]]
        out.random_conditions[mark[2]:] = [replace(p, sentence=number)
                                           for p in out.random_conditions[mark[2]:]]
    _supposed_sentences(sentences, out)  # "Suppose that the following holds. For all …"
    assumed = _assumed_items(body)  # "Suppose the following holds:", "Suppose that \item …"
    alternatives = _alternative_items(body) | _or_items(body)  # "if either \item …", "one
    # of the following holds", "\item $A$, or \item $B$"
    sides = _list_items(body, _IFF_LIST)  # "$x$ is optimal iff \item … \item …"
    out.iff_items = sides
    _existential_names(out, assumed)
    for k, p in enumerate(out.pieces):
        if p.item in alternatives and p.role in ("statement", "condition", "unclassified"):
            out.pieces[k] = replace(p, role="disjunction")  # none holds alone
        elif p.item in sides and p.role in ("statement", "condition", "unclassified"):
            out.pieces[k] = replace(p, role="equivalence")  # one side: the list's items
        elif p.item in assumed and p.role in ("statement", "unclassified"):
            out.pieces[k] = replace(p, role="condition")
        elif p.item in assumed and p.role == "existential":
            out.assumed.add(p.sentence)
    listed = [k for k, p in enumerate(out.pieces) if p.item in sides and p.role == "equivalence"]
    if listed:  # "$x$ is optimal iff \item … \item …", "$A$ iff \item … \item …": one
        # equivalence of what is before "iff" (words, or that formula) and all the items
        before = listed[0] - 1
        first = out.pieces[before].sentence if before >= 0 and \
            out.pieces[before].role == "equivalence" else out.pieces[listed[0]].sentence
        for k in listed:
            out.pieces[k] = replace(out.pieces[k], sentence=first)
    if _TFAE.search(prose(blank_displays(body))):  # "The following are equivalent:" (items)
        listed = [k for k, p in enumerate(out.pieces) if p.item and p.role in (
            "statement", "condition", "unclassified", "existential", "equivalence")]
        first = min((out.pieces[k].sentence for k in listed), default=-1)
        for k in listed:
            out.pieces[k] = replace(out.pieces[k], role="equivalence", sentence=first)
        out.equivalent_items = first if listed else None
    qualifiers = sum(p.role == "probability" for p in out.pieces)
    uses = len(re.findall(r"\bprobability\b", prose(blank_displays(body))))
    if qualifiers and qualifiers == uses:  # every "probability" is a qualifier that is read
        out.random_words = [w for w in out.random_words if w != "probability"]
    for m in _SAME_HOLDS.finditer(re.sub(r"\s+", " ", blank_displays(body))):  # "; the same
        # holds for …",
        # "the bound also holds when $x < 0$": a second claim in words (review 37c)
        out.left.append((body_line, f"a claim in words not read: '{m.group(0)}'"))
    for m in _CITES_BEFORE.finditer(prose(blank_displays(body))):  # "By the inequality above"
        out.left.append((body_line, f"cites what comes before it ('{m.group(0)}'), which is "
                                    "not read (a condition it carries may be missing)"))
    if unknown:
        words = list(dict.fromkeys(unknown))
        out.left.append((body_line, "words not read: " + ", ".join(f"'{w}'" for w in words[:8])
                         + (" …" if len(words) > 8 else "")))
    return out


#: words after a formula that say what kind of set it is ("be a convex set", "is compact")
_SET_WORDS = re.compile(r"\s*,?\s*(?:be|is|are)\s+(?:an?\s+)?(?:(?:non-?empty|closed|compact|"
                        r"convex|open|bounded|finite|countable|measurable)\s*,?\s*(?:and\s+)?)+"
                        r"(?:(?:sub)?sets?\b)?")
#: words before a formula that say where a bound is tight ("with equality when $n = 3$")
_EQUALITY_CASE = re.compile(r"\b(?:equality|tight)\b[^.;$]*\b(?:when|for|"
                            r"at|if|iff|whenever|exactly when|only when|precisely when)\W*$")
#: words after a formula that say a bound is tight there ("for $n = 4$ equality holds")
_EQUALITY_AFTER = re.compile(r"\W*(?:the\s+)?(?:equality|bound is tight|inequality is tight)"
                             r"\s+(?:holds|is attained|is achieved)\b")
#: a case: a name set to a value, or in a set (``n = 4``, ``x \in \{0, 1\}``)
_CASE = re.compile(r"\s*\\?[A-Za-z]+(?:_\{?\w+\}?)?\s*(?:=|\\in(?![A-Za-z]))[^<>=]*")
#: ``x \in C``, ``S \subseteq U``, ``f \in \Gamma_0(\mathbb{R}^n)``: a name in a set named by a
#: capital, calligraphic or blackboard letter (not an interval: ``x \in [0, 1]``)
_BARE_MEMBERSHIP = re.compile(
    r"\s*(?:\\[A-Za-z]+|[A-Za-z])(?:\s*_\s*(?:\{[^{}]*\}|\w))?'?\s*"
    r"\\(?:in|subseteq|subset)(?![A-Za-z])\s*(?:\\math(?:cal|scr)\s*\{\s*[A-Z]\s*\}|[A-Z]|"
    r"\\(?:Gamma|Delta|Theta|Lambda|Xi|Pi|Sigma|Phi|Psi|Omega)(?![A-Za-z]))"
    r"(?:\s*[_^]\s*(?:\{(?:[^{}]|\{[^{}]*\})*\}|\\?\w+))*(?:\s*\((?:[^()]|\([^()]*\))*\))?\s*")
#: ``\eta_t = 1/\sqrt t``, ``C = L/\mu``: a name set to a value (a setting, a definition)
_SETTING = re.compile(r"\s*\\?[A-Za-z]+(?:_\{?[^=<>{}]*\}?)?"
                      r"(?:\^(?!\s*\{?\s*[0-9])\{?[^=<>{}]*\}?)?"
                      r"\s*=[^=<>]*$")  # a name's value: x_t = …, w^* = …; never x^2 = 1
#: an order of growth on the right of ``=``: ``T = O(r)`` states a bound, not a value
_ORDER_OF = re.compile(r"=\s*(?:\\mathcal\s*\{?\s*)?(?:O|\\Theta|\\Omega|o)\s*\}?\s*"
                       r"(?:\\left)?\s*\(")
#: a word that makes what follows it in a sentence a condition
CONDITION_WORDS_IN = re.compile(r"\b(?:if|whenever|when|where|provided|as long as|such that|"
                                r"assuming|unless|suppose|let)\b")


#: a name an existential may bind: ``c``, ``c'``, ``C_1``, ``\tilde C``, ``C^*``, ``c_{\delta}``
_BOUND_NAME = (r"(?:\\(?:tilde|hat|bar)\s*\{?\s*\\?[A-Za-z]+\s*\}?|\\?[A-Za-z]+)'*"
               r"(?:\^\s*\{?\s*(?:\*|\\star|\\ast)\s*\}?)?(?:_\{?\\?\w+\}?)?")


def _existential_names(out: Reading, assumed: set[int] | frozenset[int] = frozenset()) -> None:
    """"There are constants $c, C$ for which $$…$$. Furthermore, … $$x \\ge C y.$$": the names
    a "there are" binds keep their meaning in the sentences after it, so a statement of those
    sentences that names one is existential too (never a claim for every C). An existential
    the text assumes ("Suppose there exist $m > 0$ …", the items it assumes) binds nothing:
    what follows holds for every such m."""
    bound: dict[str, int] = {}  # name: the sentence whose existential binds it
    openings = out.openings()
    for p in out.pieces:
        if p.item in assumed or p.sentence in out.assumed or \
                re.match(r"\s*(?:suppose|assume|let|given)\b", openings[p.sentence]):
            continue
        if p.role not in ("mention", "existential") or \
                not re.search(r"\bthere (?:exists?|are|is)\b", " ".join(
                    q.said for q in out.pieces if q.sentence == p.sentence and q.line <= p.line)):
            continue
        if p.role == "existential" and not re.search(r"\bthere (?:exists?|are|is)\b",
                                                     p.said):
            continue  # "… such that $x \le c$": what it asserts binds nothing
        deferred = p.role == "mention" and re.search(  # "There is a constant $c$ such that
            r"\b(?:such that|for which|so that|satisfying)\b[^.]*\b(?:following|below)\b",
            out.trailing.get(p.sentence, ""))  # the following holds. For all $x$, …"
        if deferred or any(q.role == "existential" for q in out.pieces
                           if q.sentence == p.sentence):
            parts = [p.latex] if p.role == "mention" else \
                re.split(r"\\(?:le|leq|ge|geq|in|neq)(?![A-Za-z])|[<>=]", p.latex)
            for part in parts:  # "$0 < c < 1$", "$\tilde C > 0$", "$C^* \ge 1$": c, C̃, C*
                for name in re.split(r"\s*,\s*|\s+\\?and\s+", part):
                    if re.fullmatch(_BOUND_NAME, name.strip()):
                        bound.setdefault(name.strip(), p.sentence)
    for name, sentence in bound.items():
        mark = re.compile(rf"(?<![A-Za-z\\]){re.escape(name)}(?![A-Za-z0-9']|\s*_)")
        later = {p.sentence for p in out.pieces if p.sentence > sentence and mark.search(p.latex)}
        out.pieces = [replace(p, role="existential") if p.sentence in later and
                      p.role in ("statement", "unclassified") else p for p in out.pieces]


def _sentence(formulas: list[_Formula], said: str, trailing: str, item: int, body: str,
              body_line: int, kind: str, out: Reading, unknown: list[str],
              then_next: bool = False, then_sentence: bool = False) -> None:
    def line(offset: int) -> int:
        return body_line + body.count("\n", 0, offset)

    classes = function_classes(formulas, trailing)
    concluded = [c for c in classes if _concluded(formulas, c[2])]
    classes = [c for c in classes if c not in concluded]
    out.left += [(line(formulas[k].offset), f"what the sentence concludes of {name} is not "
                  f"read: {name} is {what}") for name, what, k in concluded]
    out.class_leads.update({(name, what, line(formulas[k].offset)): formulas[k].lead.strip()
                            for name, what, k in classes})
    out.classes += [(name, what, line(formulas[k].offset), item, -1)
                    for name, what, k in classes]
    understood = {w for _, what, _ in classes for w in re.findall(r"[a-z]+", what.lower())}
    if classes:
        understood |= {"function", "functions", "is", "be"}
    words = re.findall(r"[a-z][a-z\-]*(?:\.[a-z]\.)?",
                       _CONNECTIVES.sub(" ", re.sub(r"\bi\.i\.d\.?", "iid", said)))
    conditions_before, unknown_before = len(out.word_conditions), len(unknown)
    pieces_before = len(out.pieces)
    for w in words:  # a sign word ("positive", "non-zero") is read only as a condition it
        # makes (below): of a polynomial or a function it is not read
        if (w in ADJECTIVE or (w not in HARMLESS and not RANDOM_WORDS.fullmatch(w))) and \
                w.strip("-") not in understood:
            unknown.append(w)
    if re.search(r"\bintegers?\b", said) and \
            not re.search(r"\b(?:positive integers?|natural numbers?)\b", said):
        out.left.append((line(formulas[0].offset) if formulas else body_line,
                         "'integer' not read (the names are read as reals)"))
    exists = EXISTS.search(said)
    equivalence = re.search(r"\bif and only if\b|\biff\b|\bequivalent(?:ly)?\b|"
                            r"\bnecessary and sufficient\b", re.sub(_RESTATING_WORDS, " ", re.sub(
                                r"\b(?:equality|equal|tight)\b[^.;$]*\b(?:if and only if|iff)\b",
                                " ", said))) is not None or any(  # not "with equality iff"
        re.search(r"\\(?:iff|Leftrightarrow|Longleftrightarrow)(?![A-Za-z])", f.latex)
        for f in formulas)
    if equivalence and classes and re.search(r"\b(?:iff|if and only if)\b", said):
        sided = [c for c in classes if not any(re.search(r"\bthen\b", g.lead)
                                               for g in formulas[c[2] + 1:])]
        out.classes = [c for c in out.classes if not any(
            c[:3] == (name, what, line(formulas[k].offset)) for name, what, k in sided)]
        out.left += [(line(formulas[k].offset), f"a side of an equivalence in words, not read: "
                      f"{name} is {what}") for name, what, k in sided]  # "$f$ is convex iff
        # $\nabla f$ is monotone": never a condition of what follows (audit 36)
    then_later = [bool(STATEMENT_TRIGGER.search(f.lead) or re.search(r"\bthen\b", f.lead))
                  for f in formulas]
    opening = re.sub(r"^(?:also|moreover|furthermore|in addition|additionally|similarly|"
                     r"likewise|in particular)\s*,?\s*", "", formulas[0].lead) if formulas else ""
    # "Also, for $x > 1$, …": the sentence opens with what follows the adverb
    opened_by_assume = bool(formulas) and re.match(r"^(?:suppose|assume|assuming|let|given)\b",
                                                   opening) is not None
    opened_by_if = bool(formulas) and re.match(
        r"^(?:if|whenever|when|suppose|assume|in the case|in case|restricted to|restricting to)"
        r"\b", opening) is not None
    opened_by_let = bool(formulas) and re.match(r"^(?:let|define|denote|set)\b",
                                                opening) is not None
    opened_by_for = bool(formulas) and re.match(
        r"^(?:for|with(?!\s+prob))\b(?!\s+(?:example|instance|some|a|an|one|at least|at most|"
        r"a certain|certain)\b)", opening) is not None
    then_for = len(formulas) == 2 and re.match(  # "Then for $n = 1$, $…$."
        r"^then\s*,?\s*for\b(?!\s+(?:example|instance|some|a|an|one)\b)",
        formulas[0].lead) is not None
    mode = scope = ""
    quantified = False
    demoted: list[int] = []  # the bare memberships no words assert (see below)
    equality = [bool(_EQUALITY_CASE.search(f.lead) or (_CASE.fullmatch(f.latex) and (
        _EQUALITY_AFTER.match(formulas[j + 1].lead if j + 1 < len(formulas) else trailing))))
        for j, f in enumerate(formulas)]  # where a bound is tight: a remark (see below); the
    # bound itself before "(equality holds at $x = 1$)" stays what it is
    last = max((j for j, e in enumerate(equality) if not e), default=len(formulas) - 1)
    for k, f in enumerate(formulas):
        lead = _ADDING.sub(r"\1", f.lead.strip())  # "If furthermore $x \le 1$": a condition
        opened = " ".join(g.lead for g in formulas[:k + 1])  # the sentence up to this formula
        scope = _scope(lead) or scope
        relation = bool(RELATION.search(f.latex))
        before_exists = exists is not None and _before(said, exists.start(), f.lead, formulas, k)
        # what the sentence assumes ends where it concludes: "then", "we have", "so", "by …"
        concluding = any(_CONCLUDING.search(g.lead) for g in formulas[:k + 1])
        if concluding and then_next and re.match(r"(?:suppose|assume)\b", formulas[0].lead):
            # "Suppose that …, it has $$…$$ Then …": "has" says what is supposed
            concluding = any(_CONCLUDING.search(re.sub(r"\b(?:it|we|one) (?:has|have)\b", " ",
                                                       g.lead)) for g in formulas[:k + 1])
        then_after = any(re.search(r"\bthen\b", g.lead) for g in formulas[k + 1:])
        if before_exists and (opened_by_if or opened_by_assume) and not concluding and \
                _for_some(formulas, k):
            before_exists = False  # "Suppose … for some $c > 0$, $f \le c$. Then …": for every
            # such c the conclusion holds, ((∃ c: H(c)) ⟹ C) ≡ ∀ c: (H(c) ⟹ C): conditions
            unknown[unknown_before:] = [w for w in unknown[unknown_before:] if w != "some"]
        asserted_before = [t and not re.search(r"\b(?:satisfy|satisfies)\W*$", g.lead)
                           for t, g in zip(then_later[:k + 1], formulas)]
        if re.search(r"(?:^|\W)or\W*$", lead) and mode == "statement":
            role = "disjunction"
        elif relation and f.display and not any(asserted_before) and not concluding and (
                re.match(r"(?:suppose|assume)\b", formulas[0].lead.strip()) or (
                    (opened_by_if or opened_by_assume) and then_after)):
            role = "condition"  # "If we use the recursion $$…$$ in …, then …", "Suppose that
            # for all $x$, it has $$…$$": what the sentence assumes, displayed
        elif re.search(r"\b(?:satisfy|satisfies)\W*$", lead) and mode == "condition" and \
                not concluding and (then_after or opened_by_assume):
            role = "condition"  # "If $x$ satisfies $P$, then …", "Suppose $x$ satisfies $P$"
        elif STATEMENT_TRIGGER.search(lead) and not (
                re.search(r"\b(?:satisfy|satisfies)\W*$", lead) and mode == "condition"):
            role = "statement"
        elif DEFINITION_TRIGGER.search(lead) and relation and _defines(f.latex, lead):
            role = "definition"
        elif k and relation and re.search(r"\b(?:it|this|which)\s+means\b", " ".join(
                g.lead for g in formulas[1:k + 1])) and not re.search(
                r"\b(?:then|we have)\b", opened):
            role = "restatement"  # "$X \sim N(\mu, \sigma^2)$, it means that the pdf of $X$ is
            # $$…$$": what the formula before it means, never checked alone
        elif re.search(r"(?:^|[\s(])(?:i\.e\.|ie|that is|namely|e\.g\.|in other words)\W*$",
                       lead) or (
                k and _RESTATING.search(lead) and not _RESTATING.sub("", lead).strip(" ,;")) or \
                re.search(
                r"(?:^|[\s(])(?:i\.e\.|that is|namely)\W+(?:the|a|an)\s[^.;]*\b(?:where|for which|"
                r"such that|when)\W*$", lead):
            role = "restatement"  # never checked alone, binds nothing ("$n_0$ is the time we
            # enter it, i.e. the first index where $…$": what defines n_0, not a condition)
        elif relation and re.search(r"\b(?:satisfying|with|such that|that satisfies)\W*$",
                                    lead) and _GENERATES.search(
                " ".join(g.lead for g in formulas[:k + 1])):
            role = "statement"  # "… generates a sequence $w_n$ satisfying $$…$$": what it has
        elif CONDITION_TRIGGER.search(lead) or NOUN_CONDITION.search(lead) or \
                _NOUN_PHRASE.search(lead):
            role = "condition"
        elif lead in ("", ",", "and", ", and", "and,", "as well as", "and that", ", and that") \
                and mode:
            role = mode
            if mode == "definition" and relation and not _defines(f.latex, "let") and \
                    not recurrence(f.latex):
                role = "condition"  # "Let $\bar X = …$ and $a \le X \le b$": not a name's value
            if mode == "condition" and lead == "," and not any(then_later[k + 1:]) and \
                    opened_by_for and then_sentence and k == last and \
                    not f.display and not quantified and not _SETTING.match(f.latex):
                role = "unclassified"  # "For $t \in [T]$, $|g_t| \le G$. Then …": what the
                # "Then" assumes, or a claim of its own; listed, neither
            elif mode == "condition" and lead == "," and not any(then_later[k + 1:]) and (
                    ((((opened_by_if or ((opened_by_for or then_for) and
                                         not _SETTING.match(f.latex)))
                       and k == last) or quantified)
                     and not opened_by_assume) or f.display):
                role = "statement"  # "If …, $$…$$", "For all $x$, $…$": the conclusion
                # ("Assume …, and for all $x, y$, $…$." states only what it assumes)
            elif mode == "condition" and lead == "" and f.display and k and not (
                    opened_by_if or opened_by_assume or opened_by_let) and re.search(
                    r"\bthe following\b(?:\s+\w+)?\s+(?:holds?|is true)\b|\bpreserves? "
                    r"the following\b", " ".join(g.lead for g in formulas[:k])) and \
                    not any(then_later[k + 1:]):
                role = "statement"  # "The following equation holds for any game defined by
                # $M \in …$ $$…$$": what holds
            elif mode == "condition" and lead == "" and f.display and quantified and k and \
                    _HAVE_FOR_ALL.search(formulas[k - 1].lead) and \
                    not _ASSUMED.match(formulas[k - 1].lead) and not any(then_later[k + 1:]):
                role = "statement"  # "we have for all $h \in I$ $$…$$": what holds
        elif mode == "condition" and re.match(r"^(?:,\s*)?and\b", lead):
            role = "condition"  # "… and vectors $x, y \in …$"
        elif lead == "" or f.display:
            role = "statement"
        else:
            role = "mention" if not relation else "unclassified"
            after_then = re.split(r"\bthen\b", opened)
            if role == "unclassified" and k == last and not concluding and \
                    not any(then_later) and (opened_by_for and lead.endswith(",")) and \
                    not _SETTING.match(f.latex):
                role = "statement"  # "For $X$ output by the algorithm, $E[X] = |E|/2$."
            elif role == "unclassified" and re.search(r"\b(?:is|are)$", lead) and \
                    len(after_then) > 1 and not CONDITION_WORDS_IN.search(
                        after_then[-1]) and outer_relation(f.latex) and \
                    not re.search(r"\b(?:which|that|who)\b", lead) and (
                        not _SETTING.match(f.latex) or _ORDER_OF.search(f.latex)):
                role = "statement"  # "Then the expected time … is $E[T] = O(r)$."
            elif role == "unclassified" and scope == "condition":
                role = "condition"  # "with learning rate $h < 2/L$", "if …, and $x > 0$"
        if k and out.pieces and out.pieces[-1].role == "probability" and relation and \
                lead.strip(" ,") in ("", "we have", "it holds that", "then") and \
                role in ("condition", "unclassified", "mention"):
            role = "statement"  # "With probability at least $1 - \delta$, $…$": what it bounds
        if role in ("statement", "unclassified") and re.match(r"\s*\\forall(?![A-Za-z])",
                                                             f.latex) and not (
                f.display and re.match(r"\s*\\forall\s*\\?[A-Za-z]+\s*,(.+)", f.latex) and
                outer_relation(f.latex.split(",", 1)[1])):
            role = "condition"  # "$\forall a, b > 0$": a quantifier, not a statement (a
            # display "$$\forall Q, W(P, Q) \le …$$" states what it quantifies)
        if role in ("statement", "unclassified") and SIGNATURE.fullmatch(f.latex):
            role = "condition"  # "$f: \mathbb{R}^n \to \mathbb{R}$ is convex": what f maps
        bare = role == "statement" and _BARE_MEMBERSHIP.fullmatch(f.latex) is not None and \
            not STATEMENT_TRIGGER.search(lead) and not re.search(r"\bthen\b", opened)
        depth = opened.count("(") - opened.count(")")
        if depth > 0 and role in ("condition", "unclassified", "statement") and re.search(
                r"\((?:includes?|including|e\.g\.|such as|in particular|for example|for "
                r"instance)\b[^(),]*$", opened):
            role = "remark"  # "(includes $L \in F_L$ with $\mu = 0$)": an example, not a
            # condition of the sentence
            out.left.append((line(f.offset), f"a remark in parentheses, not read: {f.latex}"))
        elif role in ("condition", "unclassified", "statement") and relation and equality[k]:
            role = "remark"  # "$n^2 \ge 3n$, with equality when $n = 3$", "for $n = 4$
            # equality holds": where the bound is tight, never a condition of it
            out.left.append((line(f.offset), f"where equality holds, not read: {f.latex}"))
        elif relation and re.match(r"\W*otherwise\b", formulas[k + 1].lead if k + 1 < len(
                formulas) else trailing, re.I):
            role = "remark"  # "$x^3 \le x$ if $x \le 1$, and $x^3 \ge x$ otherwise": a case
            # under the negation of the condition before it, not read (never a condition)
            out.left.append((line(f.offset), f"a case after 'otherwise', not read: {f.latex}"))
        elif role == "condition" and re.search(r"\b(?:should|can|may|must|is to)\s+be\s+(?:"
                                               r"ignored|omitted|dropped|removed|neglected)\b",
                                               lead):
            role = "remark"  # "where the term in the middle should be ignored for $\mu = 0$":
            # how to read the formula in a special case, not a condition of the statement
            out.left.append((line(f.offset), f"a remark on a special case, not read: {f.latex}"))
        if role == "condition" and opened_by_let and _defines(f.latex, "let"):
            role = "definition"  # "Let $f$ be convex and $y = 2x$"
        if (role in ("statement", "condition") and _defines(f.latex, lead)) or \
                (role in ("statement", "unclassified") and recurrence(f.latex)):
            role = "definition"
        if kind == "definition" and role in ("statement", "unclassified"):
            role = "definition"
        said_of = _SAID_OF.match(formulas[k + 1].lead if k + 1 < len(formulas) else trailing)
        subject = re.split(r"\s*(?::=|=)", f.latex, maxsplit=1)[0].strip()
        named = re.escape(re.split(r"[(]", subject, maxsplit=1)[0].strip())
        if role in ("statement", "unclassified") and said_of and _defines(f.latex, "let") and \
                not any(re.search(rf"(?<![A-Za-z\\]){named}(?![A-Za-z]|\s*_)", p.latex)
                        for p in out.pieces):  # a name met before is no new subject: "Let
            # $y = x^2$. Then $y = x^3$ is increasing" asserts y = x³
            role = "definition"  # "$f(x) = \inf_y g(x, y)$ is convex", "$X = X_1 + X_2$ is a
            # Poisson random variable": the formula names its subject, the claim is in words
            out.left.append((line(f.offset), f"what it says in words of {f.latex} is not read: "
                                             f"'{said_of.group(0).strip()}'"))
        elif role == "condition" and re.match(r"\s*(?::=|=)\s*\\\{", f.latex[len(subject):]) \
                and _NOUN_SAID.match(formulas[k + 1].lead if k + 1 < len(formulas) else trailing):
            said_of = _NOUN_SAID.match(formulas[k + 1].lead if k + 1 < len(formulas) else
                                       trailing)
            role = "remark"  # "If ${\cal F} = \{g : [k] \to [r]\}$ is a universal family":
            # a family named by its type, which the words restrict; never F = all such maps
            out.left.append((line(f.offset), f"what it says in words of {f.latex} is not read: "
                                             f"'{said_of.group(0).strip()}'"))
        if kind == "assumption" and role in ("statement", "unclassified"):
            role = "condition"
        if before_exists and role in ("statement", "condition", "unclassified"):
            role = "existential"
        elif equivalence and role in ("statement", "condition", "unclassified") and not (
                (opened_by_if or opened_by_assume) and any(
                    re.search(r"\bthen\b", g.lead) for g in formulas[k + 1:]) and not any(
                    re.search(r"\bthen\b", g.lead) for g in formulas[:k + 1])):
            role = "equivalence"  # "A if and only if B": neither side holds alone (what
            # "Let …, then A iff B" assumes before its "then" is a condition)
        if not relation:
            after = formulas[k + 1].lead if k + 1 < len(formulas) else trailing
            rest = formulas[k + 2].lead if k + 2 < len(formulas) else trailing
            happens = re.match(r"\W*((?:is|are)\s+(?:true|satisfied|in force)|holds?|occurs?|"
                               r"happens?)\b", after)
            if happens and re.search(r"\b(?:if|when|whenever|suppose|assume|given|on|under)\W*$",
                                     lead):  # "If $G_i$ is true, then …" (audit 36)
                out.left.append((line(f.offset), f"a condition in words, not read: {f.latex} "
                                                  f"{happens.group(1)}"))
            _adjectives(f, lead, after, out, line(f.offset), rest)
            _independence(f, lead, after, out, line(f.offset), item)
            role = "mention"
            ranged = _valued_in(formulas, k)
            if ranged:  # "Let $X$ be a random variable in $[0,1]$": X ∈ [0, 1]
                role, f = "condition", replace(f, latex=ranged)
        elif _SET_WORDS.match(formulas[k + 1].lead if k + 1 < len(formulas) else trailing):
            said_of_set = _SET_WORDS.match(formulas[k + 1].lead if k + 1 < len(formulas)
                                           else trailing).group(0).strip(" ,")
            out.left.append((line(f.offset), f"what the words say of {f.latex} is not read: "
                                             f"'{said_of_set}'"))  # "$K \subset \mathbb{R}^n$ be
            # a convex set": a condition in words
        elif re.fullmatch(r"[^=<>]*\\in\s*\\mathbb\s*\{?\s*R\s*\}?\s*\^.*", f.latex):
            # "$u \in \mathbb{R}^n$ is a unit vector": the declared names are unit vectors
            after = formulas[k + 1].lead if k + 1 < len(formulas) else trailing
            names = f.latex.split("\\in", 1)[0].strip()
            _unit_vectors(_Formula(lead, names, f.offset, f.display), lead, after, out,
                          line(f.offset))
        if role == "statement" and _SETTING.match(f.latex) and re.search(
                r"\b(?:that|this|which|it)\s+means(?:\s+that)?\W*$", lead):
            role = "restatement"  # "That means $\epsilon = \mathrm{Reg}_T/T$": what a name
            # stands for here, never an equation about a free name (end audit 36)
        if role == "condition" and relation and _ORDER_SETTING.search(f.latex):
            role = "remark"  # "… \lesssim \gamma with $\gamma = O(\beta)$": some γ of that order
            # (an existential), never every such γ (end audit 36)
            out.left.append((line(f.offset), f"a value given only up to its order, not read: "
                                              f"{f.latex}"))
        if role == "restatement" and out.pieces[pieces_before:] and \
                out.pieces[-1].role == "condition":
            role = "condition"  # "Assume $t^2 \le 1$, in other words $0 \le t \le 1$": what
            # is assumed, restated, is assumed (review 36c)
        if role == "statement" and then_next and re.search(r"\b(?:if|such that)\b", opened) \
                and not re.search(r"\b(?:if|such that)\b.*\bthen\b", opened):
            role = "condition"  # "… such that if for all $x$, it ensures $A$. Then …": the
            # premise of the "Then" sentence (audit 36), never a statement of its own
        if (_QUALIFIER.search(lead) and not relation) or (
                re.search(r"(?:\bwith\s+probability|\bw\.\s*p\.)\W*$", lead)
                and re.match(r"\s*\\(?:ge|geq)(?![A-Za-z])", f.latex)):
            role = "probability"  # "with probability at least $1 - \delta$", "… $\ge 1-\delta$"
        scope = _scope(lead) or scope
        if role == "mention" and (CONDITION_TRIGGER.search(lead) or
                                  NOUN_CONDITION.search(lead) or _QUANTIFIER.search(lead)):
            # "For all real $x$, …": the quantified names are a condition's
            mode, quantified = "condition", _QUANTIFIER.search(lead) is not None
        elif role != "mention":
            if role != mode or lead not in ("", ",", "and", ", and"):
                quantified = _QUANTIFIER.search(lead) is not None
            mode = role if role in ("statement", "condition", "definition") else mode
        out.pieces.append(Piece(f.latex, line(f.offset), item, role, f.lead.strip(), f.display))
        after = formulas[k + 1].lead if k + 1 < len(formulas) else trailing
        if re.search(r"\breal(?:\s+(?:numbers?|parameters?|values?|scalars?))?\W*$", lead) or \
                re.match(r"\W*(?:is\s+|are\s+|be\s+)?(?:an?\s+)?(?:positive\s+|nonnegative\s+)?"
                         r"reals?\b", after):  # "for every real $n \ge 1$", "$d$ real"
            first = re.match(r"\s*(\\?[A-Za-z]+)(?![A-Za-z_])", f.latex)
            if first and first.group(1) not in out.reals:
                out.reals.append(first.group(1))
        if bare:  # "$f \in \Gamma_0(\mathbb{R}^n)$." alone, "\item $x \in C$", "For any $x \in
            # U$, $S \subseteq U$": a declaration or a condition, unless the text asserts it
            # ("then $x \in C$"); made so after the sentence, so that the formulas after it
            # keep their roles ("$w_x \in \mathcal{W}$ and $x^2 \ge x$" asserts x² ≥ x)
            demoted.append(len(out.pieces) - 1)
        next_lead = formulas[k + 1].lead if k + 1 < len(formulas) else trailing
        if role == "condition" and re.match(r"\s*(?:almost surely|a\.\s*s\.)", next_lead):
            out.almost_surely.add(f.latex)  # "$a_i \le X_i \le b_i$ almost surely": shown so
            unknown[unknown_before:] = [w for w in unknown[unknown_before:]
                                        if w not in ("almost", "surely")]
    for k in demoted:
        out.pieces[k] = replace(out.pieces[k], role="unclassified")
    mine = out.pieces[pieces_before:]
    for k, p in enumerate(mine):  # "then $x^2 > c$ for some $c > 1$": what it states is
        if p.role != "statement":  # quantified by the existential after it, never for every c
            continue
        later = [q for q in mine[k + 1:] if q.role == "existential"
                 and re.search(r"\bsome\b", q.said)]
        bound = {n for q in later for n in re.findall(r"\\?[A-Za-z]+(?:_\{?\w+\}?)?",
                                                     re.split(r"\\in|[<>=]|\\[lg]eq?", q.latex)[0])}
        if bound and any(re.search(rf"(?<![A-Za-z\\]){re.escape(n)}(?![A-Za-z])", p.latex)
                         for n in bound):
            out.pieces[pieces_before + k] = replace(p, role="existential")
    _either(formulas, out)
    _or_conditions(formulas, out, line)
    if any(p.said == "unit vector" for p in out.word_conditions[conditions_before:]):
        # "unit" was read: a unit vector's condition stands for it
        unknown[unknown_before:] = [w for w in unknown[unknown_before:] if w != "unit"]
    signs = {p.said for p in out.word_conditions[conditions_before:]} | {
        w for w in ADJECTIVE if any(f"'{w}'" in why for _, why in out.left)}
    if re.search(r"\b(?:positive integers?|natural numbers?)\b", said):
        signs.add("positive")  # a dimension: positive already
    unknown[unknown_before:] = [w for w in unknown[unknown_before:]
                                if w not in ADJECTIVE or w not in signs]


#: "with probability at least": the formula after it bounds the probability of what the
#: sentence states
_QUALIFIER = re.compile(r"(?:\bwith\s+probability|\bw\.\s*p\.)(?:\s+(?:at\s+least|larger\s+than|"
                        r"greater\s+than|higher\s+than|bigger\s+than|not\s+less\s+than|"
                        r"no\s+less\s+than))?\W*$")


_OR_LEAD = re.compile(r"\W*(?:,\s*)?(?:\(\s*)?(?:and\s*/\s*)?or(?:\s*,)?(?:\s+(?:if|when|whenever|"
                      r"else|more\s+generally|even|at\s+least)\b)?\W*(?:for\W*)?|\W*(?:,\s*)?"
                      r"and\s+more\s+generally(?:\s+for)?\W*")


def _or_conditions(formulas: list[_Formula], out: Reading, line: Callable[[int], int]) -> None:
    """"If $x \\ge 1$ or $y \\ge 1$, then …", "whenever $A$ or $B$": conditions joined by "or"
    hold one at a time, never together; each is a remark, and the sentence's statements are
    left with the disjunction, not read (review 37)."""
    pieces = out.pieces[len(out.pieces) - len(formulas):]
    runs: list[list[int]] = []
    for k in range(1, len(formulas)):
        if not _OR_LEAD.fullmatch(formulas[k].lead) or pieces[k].role != "condition" or \
                pieces[k - 1].role != "condition":
            continue
        if runs and runs[-1][-1] == k - 1:
            runs[-1].append(k)
        else:
            runs.append([k - 1, k])
    for run in runs:
        for j in run:
            pieces[j] = replace(pieces[j], role="remark")
        joined = " or ".join(formulas[j].latex for j in run)
        out.left.append((line(formulas[run[-1]].offset), f"condition not read: {joined} "
                                                         "(conditions joined by 'or')"))
    out.pieces[len(out.pieces) - len(formulas):] = pieces


def _either(formulas: list[_Formula], out: Reading) -> None:
    """"either $A$ or $B$": the formulas from "either" to the last one joined to "or" are a
    disjunction, and so is what the sentence states under it ("…, for which we have $C$"):
    neither $A$ nor $B$ holds alone, and $C$ holds under a condition that is not a formula
    list (both are not checked)."""
    start = next((k for k, f in enumerate(formulas) if re.search(r"\beither\b", f.lead)), None)
    if start is None:
        return
    ors = [k for k in range(start + 1, len(formulas))
           if re.search(r"(?:^|\W)or\b", formulas[k].lead)]
    if not ors:
        return
    end = ors[-1]
    while end + 1 < len(formulas) and formulas[end + 1].lead.strip(" ,") in ("and", ""):
        end += 1
    pieces = out.pieces[len(out.pieces) - len(formulas):]
    for k, p in enumerate(pieces):
        joined = start <= k <= end
        if (joined and p.role in ("statement", "condition", "unclassified")) or \
                (k > end and p.role == "statement"):
            pieces[k] = replace(p, role="disjunction")
    out.pieces[len(out.pieces) - len(formulas):] = pieces


_CLASS = (r"(?:(?:<(\d+)>\s*-\s*)?(?:strongly\s+convex|strongly\s+concave|smooth|lipschitz"
          r"(?:\s+continuous)?)|convex|concave|(?:twice\s+)?(?:continuously\s+)?"
          r"differentiable)")
_CLASSES = rf"{_CLASS}(?:\s*(?:,\s*(?:and\s+)?|and\s+){_CLASS})*"
_CLASS_OF = [  # "$f$ is convex and $L$-smooth", "a convex and $L$-smooth function $f$"
    re.compile(rf"<(?P<f>\d+)>\s+(?:is|be|are)\s+(?:also\s+)?(?:an?\s+)?(?P<c>{_CLASSES})"),
    re.compile(rf"(?P<c>{_CLASSES})\s+functions?\s+<(?P<f>\d+)>"),
]
_FUNCTION_NAME = re.compile(r"\\?[A-Za-z]+(?:_\{?[\w\\]+\}?)?|"
                            r"\\math(?:cal|scr)\{[A-Z]\}(?:_\{?\w+\}?)?")


def function_classes(formulas: list[_Formula], trailing: str) -> list[tuple[str, str, int]]:
    r"""The function classes a sentence states of a name: ``(name, class, k)`` with ``k`` the
    formula that names the function (``$f$ is convex and $L$-smooth`` gives ``f`` convex and
    ``f`` ``L``-smooth).

    >>> fs = [_Formula("let", "f", 0, False), _Formula("be convex and", "L", 9, False)]
    >>> function_classes(fs, "-smooth.")
    [('f', 'convex', 0), ('f', 'L-smooth', 0)]
    """
    text = "".join(f"{f.lead} <{k}> " for k, f in enumerate(formulas)) + trailing.lower()
    out: list[tuple[str, str, int]] = []
    for pattern in _CLASS_OF:
        for m in pattern.finditer(text):
            k = int(m.group("f"))
            name = re.split(r"\s*:\s*", formulas[k].latex.strip(), maxsplit=1)[0]  # f: X \to Y
            if not _FUNCTION_NAME.fullmatch(name):
                continue
            for c in re.finditer(_CLASS, m.group("c")):
                what = re.sub(r"\s+", " ", c.group(0).strip())
                if c.group(1) is not None:
                    param = formulas[int(c.group(1))].latex.strip()
                    what = re.sub(r"^<\d+>\s*-\s*", lambda _m, p=param: p + "-", what)
                out.append((name, what.replace("lipschitz", "Lipschitz"), k))
    return list(dict.fromkeys(out))


#: "$A$, which is equivalent to $B$", "$A$, or equivalently $B$": B restates the A asserted
_RESTATING_WORDS = (r"\b(?:(?:which|this|that|it) is (?:also )?equivalent to|"
                    r"(?:or |and |,\s*)?equivalently)")
_RESTATING = re.compile(_RESTATING_WORDS + r"\W*$")
_CONCLUDES = re.compile(r"\b(?:then|so|thus|hence|therefore|consequently|implies|implying)\b")


def _concluded(formulas: list[_Formula], k: int) -> bool:
    r"""Whether formula ``k`` comes after the words by which its sentence concludes ("then",
    "hence", "implies", an arrow ``$\implies$``): what the words say of it there is a
    conclusion, never a condition ("… and $Z(x)$ a singleton $\implies$ $f$ is
    differentiable")."""
    text = " ".join(f.lead.lower() for f in formulas[:k + 1])
    concludes = [m.end() for m in _CONCLUDES.finditer(text)]
    assumes = [m.end() for m in re.finditer(r"\b(?:if|when|whenever|suppose|assume|provided)\b",
                                             text)]
    if concludes and (not assumes or concludes[-1] > assumes[-1]):
        return True  # "Then …, and if moreover $f$ is convex, then": the "if" assumes again
    return any(_IMPLIES.fullmatch(f.latex.strip()) for f in formulas[:k])


def _for_some(formulas: list[_Formula], k: int) -> bool:
    """Whether only "for some" (never "there exists") makes formula ``k`` existential:
    "Suppose … for some $c > 0$" quantifies what the text assumes, while "If $f$ is convex,
    there exists $c$" asserts (the conclusion of an "if" written without "then")."""
    text = " ".join(f.lead for f in formulas[:k + 1])
    found = [m.group(0) for m in EXISTS.finditer(text)]
    return bool(found) and all(w in ("for some", "some") for w in found)


def _before(said: str, at: int, lead: str, formulas: list[_Formula], k: int) -> bool:
    """Whether "there exists" comes before formula ``k`` in its sentence, and no "then"
    between them ("If … for some constant $c$, then $…$": the conclusion is not existential).
    """
    text = " ".join(f.lead for f in formulas[:k + 1])
    found = list(EXISTS.finditer(text))
    return bool(found) and re.search(r"\bthen\b", text[found[-1].end():]) is None


#: words between a name and the set its values lie in: "$X$ be a random variable in
#: $[0,1]$", "$f$ takes values in $[-1, 1]$", "$Z$ is supported on $[a, b]$"
_VALUED_IN = re.compile(r"^\W*(?:(?:be|is|are|being)\s+(?:an?\s+)?(?:[a-z-]+\s+){0,3}?"
                        r"(?:random\s+)?(?:variables?|vectors?|numbers?|scalars?|quantit(?:y|ies))\s+|"
                        r"(?:be|is|are|being)\s+|)(?:(?:taking|takes?|with)\s+values?\s+in|"
                        r"(?:valued|bounded|supported)\s+(?:in|on)|in)\W*$")
#: a set of real values: an interval or a finite set of numbers
_REAL_SET = re.compile(r"\s*(?:\\left\s*)?[\[(]\s*-?\s*[\w\\{}.+/-]+\s*,\s*[\w\\{}.+/-]+\s*"
                       r"(?:\\right\s*)?[\])]\s*|\s*\\\{\s*-?\d+(?:\s*,\s*[-+]?\d+)+\s*\\\}\s*")


def _valued_in(formulas: list[_Formula], k: int) -> str:
    r"""``X \in [0,1]`` when formula ``k`` is a set of real values that the words before it
    say the names of the formula before it lie in ("$X$ be a random variable in $[0,1]$"),
    else ``""``.

    >>> fs = [_Formula("let", "X", 0, False), _Formula("be a random variable in", "[0,1]", 9,
    ...                                                False)]
    >>> _valued_in(fs, 1), _valued_in([fs[0], _Formula("and", "[0,1]", 9, False)], 1)
    ('X \\in [0,1]', '')
    """
    if k == 0 or not _REAL_SET.fullmatch(formulas[k].latex) or \
            not _VALUED_IN.search(formulas[k].lead):
        return ""
    names = [n.strip() for n in formulas[k - 1].latex.split(",")]
    if not all(re.fullmatch(r"\\?[A-Za-z]+(?:_\{?\w+\}?)?", n) for n in names):
        return ""
    return ", ".join(names) + " \\in " + formulas[k].latex.strip()


def _unit_vectors(f: _Formula, lead: str, after: str, out: Reading, line: int) -> bool:
    """"a unit vector $u$", "$u, v$ are unit vectors": ``‖u‖₂ = 1`` for each name (a
    condition the statement's reader takes only for a name declared a vector)."""
    names = [n.strip() for n in f.latex.split(",")]
    if not names or not all(re.fullmatch(r"\\?[A-Za-z]+(?:_\{?\w+\}?)?", n) for n in names):
        return False
    if not (re.search(r"\bunit\s+vectors?\W*$", lead) or re.match(
            r"(?:(?:be|is|are|being|any|all|two|be two)\s+)*(?:an?\s+)?unit\s+vectors?\b",
            after.strip(" ,"))):
        return False
    for n in names:
        out.word_conditions.append(Piece(f"\\|{n}\\|_2 = 1", line, 0, "condition",
                                         "unit vector"))
    return True


#: "independent", "i.i.d." before or after the names it is said of
_INDEPENDENT = re.compile(r"(?:mutually\s+)?(?P<w>independent(?:\s+and\s+identically\s+"
                          r"distributed)?|i\.?\s*i\.?\s*d\.?|iid)")


def _independence(f: _Formula, lead: str, after: str, out: Reading, line: int,
                  item: int) -> None:
    r""""Let $X_1, \dots, X_n$ be independent (random variables)", "for i.i.d. $z_1, …, z_n$":
    the condition shown as written (``X_1, …, X_n independent``), read, never checked."""
    from symbolic.latex_parse.opaque import display

    near = re.match(r"\s*,?\s*(?:be|are|being)\s+" + _INDEPENDENT.pattern, after, re.I) or \
        re.search(_INDEPENDENT.pattern + r"\s+(?:random\s+variables?|samples?|copies|draws)?"
                  r"\s*$", lead, re.I)
    if not near or not re.search(r"[A-Za-z]", f.latex):
        return
    word = "independent" if near.group("w").lower().startswith("independent") and \
        "identically" not in near.group("w").lower() else "i.i.d."
    out.random_conditions.append(Piece(f"{display(f.latex).replace(',', ', ')} {word}", line,
                                       item, "condition", word))


def _adjectives(f: _Formula, lead: str, after: str, out: Reading, line: int,
                rest: str = "") -> None:
    """Conditions that adjectives state about the names of a mention: "for positive $x$",
    "$a, b$ be positive reals", "$n$ a positive integer"; of a matrix or a vector ("$D$ be
    a non-zero $n \times n$-matrix", ``rest``: the words after the next formula) none is
    taken, and the reading says what it left."""
    names = [n.strip() for n in f.latex.split(",")]
    if not names or not all(re.fullmatch(r"\\?[A-Za-z]+(?:_\{?\w+\}?)?", n) for n in names):
        return
    _unit_vectors(f, lead, after, out, line)
    before = re.search(r"(?:^|\s)(?:strictly )?([a-z-]+)\W*$", lead)
    near = re.match(r"^(?:(?:be|is|are|denote|denotes|being|be any|be some|any|be two|two|"
                    r"be an?|an?|all|be real|real)\s+)*(?:strictly )?([a-z-]+)"
                    r"(?:\s+(integers?|reals?|real numbers?|numbers?|scalars?|constants?|"
                    r"natural numbers?))?", after.strip(" ,"))
    nouns = " ".join(m.group(0) for m in (before, near) if m)
    if re.search(r"\b(?:positive integers?|natural numbers?)\W*$", lead) or (
            re.fullmatch(r"\W*(?:and|,)\W*", lead) and out.integers and
            out.integers[-1] in out.last_mention):  # "For all positive integers $a$ and $b$"
        nouns += " positive integer"
    out.last_mention = names
    if re.search(r"\b(?:positive integers?|natural numbers?)\b", nouns):
        out.integers += [n for n in names if n not in out.integers]
        if re.search(r"\bnatural numbers?\b", f"{lead} {nouns}"):  # ℕ with 0 or without
            out.left.append((line, f"'natural number' read as a positive integer (ℕ may "
                                   f"include 0): {', '.join(names)}"))
        return  # a dimension: positive already
    found = [m.group(1) for m in (before, near) if m and m.group(1) in ADJECTIVE]
    if found and any(re.match(r"[^.;]{0,40}?\b(?:matri(?:x|ces)|vectors?)\b", t.strip(" ,-"))
                     for t in (after[near.end():] if near else after, rest)):
        out.left.append((line, f"'{found[0]}' of a matrix or a vector not read: "
                               f"{', '.join(names)}"))
        return
    for word in dict.fromkeys(found):
        for n in names:
            out.word_conditions.append(Piece(f"{n} {ADJECTIVE[word]} 0", line, 0, "condition",
                                             word))
