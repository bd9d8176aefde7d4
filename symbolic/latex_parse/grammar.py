"""The lark grammar of formulas (LALR; tokens come from :mod:`.lexer`).

A formula is a statement (a chain ``a \\le b < c``) followed by conditions, each after a
separator (a comma or ``\\quad`` outside brackets, ``\\text{for}``, ``\\forall``, ...).

Precedence, loosest first: relations, ``+``/``-``, products (``\\cdot``, ``\\circ``,
``\\otimes``, ``\\times``, ``/`` and juxtaposition, left to right), then sub- and superscripts.
A big operator (``\\sum``, ``\\prod``, ``\\max``, ``\\min``), a derivative operator
(``\\frac{\\partial}{\\partial x_i}``, ``\\nabla_x``) and a function applied to a big operator
(``\\log \\sum_i ...``) take the rest of their product as their body: ``\\sum_i a_i b_i + c``
is ``(\\sum_i a_i b_i) + c``. A function without parentheses takes one factor with its sub-
and superscripts (``\\log x^2`` is ``\\log(x^2)``); the builder refuses a juxtaposed factor
right after it (``\\log 2x``: two readings).

An integral ``\\int_a^b ... \\,dx`` runs to its differential; ``\\frac``, ``\\sqrt`` and
``\\binom`` take braced or one-token arguments (``\\frac12``); ``\\cdots`` is an atom that the
builder reads with the terms beside it.

In opaque mode (:func:`parse_tree` with ``opaque``) the lexer's ``RANDOM`` and ``LIMOP``
tokens appear: ``E[...]``, ``Pr(A \\mid B)`` are atoms (``random``), ``\\mathbb{E} X`` takes one
factor (``rbare``), ``\\inf_{x} ...`` takes the rest of its product (``limop``). Without it
these tokens never occur, and the grammar reads as before.

The grammar has no shift/reduce conflicts (``tests/symbolic/test_latex_parse.py`` checks it):
an input is read one way or refused.
"""

from __future__ import annotations

import functools
from typing import Any

from lark import Lark, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.lexer import Lexer

from symbolic.latex_parse.lexer import LatexError, tokenize

GRAMMAR = r"""
start: SEP? chain (SEP chain)* SEP?
chain: expr (relop expr)*
relop: REL | EQ

?expr: sum
?sum: signed
    | sum PLUS product   -> add
    | sum MINUS product  -> sub
?signed: product
    | MINUS product      -> neg
    | PLUS product

product: item
       | tail
       | item op? product
?item: postfix
     | fbare
     | rbare
fbare: FUNC fpow? farg
?farg: atom post*                                -> fatom
     | fcall post*                               -> fatom
     | fbare
op: CDOT | CIRC | OTIMES | TIMES | SLASH | SETOP
fpow: SUP sup

tail: BIGOP bsub? bsup? product                  -> bigop
    | BIGOP bsup bsub product                    -> bigop
    | FUNC fpow? BIGOP bsub? bsup? product       -> ftail
    | FUNC fpow? BIGOP bsup bsub product         -> ftail
    | FRAC LBRACE DIFF dpow? RBRACE LBRACE dvars RBRACE product -> dop
    | NABLA nsub? product                        -> nabla
    | NABLA SUP sup nsub? product                -> hessian
    | NABLA nsub SUP sup product                 -> hessian
    | INT bsub? bsup? product DIFF postfix       -> integral
    | INT bsup bsub product DIFF postfix         -> integral
    | LIMOP RSUB? product                        -> limop
rbare: RANDOM RSUB? farg
rbody: chain (COMMA chain)* (GIVEN chain (COMMA chain)*)?
bsub: SUB LBRACE chain RBRACE | SUB LETTER | SUB GREEK | SUB NUMBER
bsup: SUP sup
nsub: SUB LBRACE subitem* RBRACE | SUB LETTER | SUB GREEK
dpow: SUP sup
dvars: dvar+
dvar: DIFF postfix

postfix: primary post*
post: SUB sub | SUP sup | PRIME | BANG

?primary: atom
    | LPAREN expr RPAREN                           -> paren
    | LPAREN expr (COMMA expr)+ RPAREN             -> pair
    | LPAREN expr COMMA expr RBRACK                -> open_closed
    | LPAREN expr (COMMA expr)* GIVEN expr (COMMA expr)* RPAREN -> conditional
    | fcall
fcall: FUNC fpow? LPAREN expr (COMMA expr)* RPAREN

?atom: LETTER                                      -> name
    | GREEK                                        -> name
    | NAME                                         -> name
    | NUMBER                                       -> number
    | INFTY                                        -> infty
    | LBRACE expr RBRACE                           -> group
    | LBRACK expr COMMA expr RBRACK                -> closed
    | LBRACK expr COMMA expr RPAREN                -> closed_open
    | LBRACK expr RBRACK                           -> bracket
    | LSET expr (COMMA expr)* RSET                 -> setlit
    | LNORM expr RNORM                             -> norm
    | LBAR expr RBAR                               -> abs
    | LFLOOR expr RFLOOR                           -> floor
    | LCEIL expr RCEIL                             -> ceil
    | LANGLE expr COMMA expr RANGLE                -> inner
    | DOTS                                         -> dots
    | WORD                                         -> name
    | LBRACE expr CHOOSE expr RBRACE               -> binom
    | targcmd
    | FRAC LBRACE DIFF dpow? expr RBRACE LBRACE dvars RBRACE -> deriv
    | MATHBF LBRACE NUMBER RBRACE                  -> bold
    | MATHBF LBRACE LETTER RBRACE                  -> boldname
    | ONES                                         -> ones
    | INDIC LBRACK chain RBRACK                    -> indicator
    | INDIC LSET chain RSET                        -> indicator
    | INDIC LPAREN chain RPAREN                    -> indicator
    | ACCENT LBRACE LETTER RBRACE                  -> accent
    | ACCENT LBRACE GREEK RBRACE                   -> accent
    | ACCENT LBRACE NAME RBRACE                    -> accent
    | ACCENT LETTER                                -> accent
    | ACCENT GREEK                                 -> accent
    | ACCENT LBRACE LETTER SUB LETTER RBRACE       -> accent
    | ACCENT LBRACE LETTER SUB NUMBER RBRACE       -> accent
    | ACCENT LBRACE GREEK SUB LETTER RBRACE        -> accent
    | ACCENT LBRACE GREEK SUB NUMBER RBRACE        -> accent
    | BB                                           -> setname
    | RANDOM RSUB? ROPEN rbody RCLOSE              -> random

?targcmd: SQRT targ                              -> sqrt
    | FRAC targ targ                               -> frac
    | BINOM targ targ                              -> binom
?targ: LBRACE expr RBRACE                          -> group
    | NUMBER                                       -> number
    | LETTER                                       -> name
    | GREEK                                        -> name
    | targcmd

sub: LBRACE subitem* RBRACE | LETTER | NUMBER | GREEK | INFTY | FUNC | STAR | WORD | BB
   | PLUS
subitem: LETTER | NUMBER | GREEK | INFTY | FUNC | STAR | COMMA | PLUS | MINUS | EQ | REL
       | WORD | BB | LSET | RSET | LBRACK | RBRACK | CDOT | TIMES | SLASH | NAME | TOP
       | LPAREN | RPAREN | LBRACE subitem* RBRACE | SUB sub | SUP sup
sup: LBRACE expr RBRACE | LBRACE TOP RBRACE | LBRACE CIRC signed RBRACE | LBRACE STAR RBRACE
   | LBRACE PRIME+ RBRACE | TOP | LETTER | NUMBER | GREEK | STAR | BB | INFTY | PRIME

%declare LETTER GREEK NAME NUMBER FUNC FRAC DIFF BIGOP TOP INFTY STAR LPAREN RPAREN LBRACE
%declare RBRACE LBRACK RBRACK LSET RSET LANGLE RANGLE LNORM RNORM LBAR RBAR LFLOOR RFLOOR
%declare LCEIL RCEIL COMMA PLUS MINUS CDOT CIRC OTIMES TIMES SLASH SUB SUP REL EQ PRIME
%declare MATHBF ACCENT SQRT NABLA ONES INDIC BB WORD SEP DOTS INT BINOM CHOOSE
%declare RANDOM RSUB ROPEN RCLOSE GIVEN LIMOP BANG SETOP
"""


class _Lexer(Lexer):
    """The lark lexer of the grammar: :func:`~.lexer.tokenize`."""

    opaque = False

    def __init__(self, conf: Any) -> None:
        pass

    def lex(self, data: Any) -> Any:
        return tokenize(data, self.opaque)


class _OpaqueLexer(_Lexer):
    """The lexer of opaque mode: the tokens of what :class:`~.lexer.NotChecked` names."""

    opaque = True


@functools.cache
def _parser(opaque: bool = False) -> Lark:
    return Lark(GRAMMAR, parser="lalr", lexer=_OpaqueLexer if opaque else _Lexer,
                propagate_positions=True)


def parse_tree(text: str, opaque: bool = False) -> Any:
    """The lark tree of ``text``, or a :class:`~.lexer.LatexError` saying where it fails."""
    if not text.strip():
        raise LatexError(text, 0, "empty formula")
    try:
        return _parser(opaque).parse(text)
    except UnexpectedToken as exc:
        _missing_differential(text, opaque)
        tok = exc.token
        if tok.type == "$END":
            raise LatexError(text, len(text.rstrip()), "the formula ends too early") from None
        start = tok.start_pos or 0
        shown = text[start:tok.end_pos] if tok.end_pos else str(tok.value)
        raise LatexError(text, start, f"unexpected '{shown}'") from None
    except UnexpectedEOF:
        _missing_differential(text, opaque)
        raise LatexError(text, len(text.rstrip()), "the formula ends too early") from None
    except UnexpectedCharacters as exc:
        raise LatexError(text, exc.pos_in_stream or 0, "unexpected character") from None
    except UnexpectedInput as exc:  # pragma: no cover - other lark errors
        raise LatexError(text, getattr(exc, "pos_in_stream", 0) or 0, str(exc)) from None


def _missing_differential(text: str, opaque: bool = False) -> None:
    r"""Refuse an ``\int`` without its differential (``dx``, ``\mathrm{d}x``), whose reading
    failed: the integrand's end is unknown."""
    toks = list(tokenize(text, opaque))
    ints = [t for t in toks if t.type == "INT"]
    if ints and len(ints) > len([t for t in toks if t.type == "DIFF"]):
        raise LatexError(text, ints[-1].start_pos or 0, "an integral without its differential "
                                                        "(dx, \\mathrm{d}x): write "
                                                        "\\int_a^b f(x) \\, dx") from None
