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

The grammar has no shift/reduce conflicts (``tests/symbolic/test_latex_parse.py`` checks it):
an input is read one way or refused.
"""

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
fbare: FUNC fpow? farg
?farg: atom post*                                -> fatom
     | fcall post*                               -> fatom
     | fbare
op: CDOT | CIRC | OTIMES | TIMES | SLASH
fpow: SUP sup

tail: BIGOP bsub? bsup? product                  -> bigop
    | FUNC fpow? BIGOP bsub? bsup? product       -> ftail
    | FRAC LBRACE DIFF dpow? RBRACE LBRACE dvars RBRACE product -> dop
    | NABLA nsub? product                        -> nabla
bsub: SUB LBRACE chain RBRACE | SUB LETTER | SUB GREEK
bsup: SUP sup
nsub: SUB LBRACE subitem* RBRACE | SUB LETTER | SUB GREEK
dpow: SUP sup
dvars: dvar+
dvar: DIFF postfix

postfix: primary post*
post: SUB sub | SUP sup | PRIME

?primary: atom
    | LPAREN expr RPAREN                           -> paren
    | LPAREN expr (COMMA expr)+ RPAREN             -> pair
    | LPAREN expr COMMA expr RBRACK                -> open_closed
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
    | SQRT LBRACE expr RBRACE                      -> sqrt
    | FRAC LBRACE expr RBRACE LBRACE expr RBRACE   -> frac
    | FRAC LBRACE DIFF dpow? expr RBRACE LBRACE dvars RBRACE -> deriv
    | MATHBF LBRACE NUMBER RBRACE                  -> bold
    | MATHBF LBRACE LETTER RBRACE                  -> boldname
    | ONES                                         -> ones
    | INDIC LBRACK chain RBRACK                    -> indicator
    | INDIC LSET chain RSET                        -> indicator
    | INDIC LPAREN chain RPAREN                    -> indicator
    | ACCENT LBRACE LETTER RBRACE                  -> accent
    | ACCENT LBRACE GREEK RBRACE                   -> accent
    | BB                                           -> setname

sub: LBRACE subitem* RBRACE | LETTER | NUMBER | GREEK | INFTY | FUNC | STAR | WORD | BB
   | PLUS
subitem: LETTER | NUMBER | GREEK | INFTY | FUNC | STAR | COMMA | PLUS | MINUS | EQ | REL
       | WORD | BB | LSET | RSET | LBRACK | RBRACK | CDOT | TIMES | SLASH | NAME | TOP
       | LPAREN | RPAREN | LBRACE subitem* RBRACE | SUB sub | SUP sup
sup: LBRACE expr RBRACE | LBRACE TOP RBRACE | LBRACE CIRC signed RBRACE
   | TOP | LETTER | NUMBER | GREEK | STAR | BB

%declare LETTER GREEK NAME NUMBER FUNC FRAC DIFF BIGOP TOP INFTY STAR LPAREN RPAREN LBRACE
%declare RBRACE LBRACK RBRACK LSET RSET LANGLE RANGLE LNORM RNORM LBAR RBAR LFLOOR RFLOOR
%declare LCEIL RCEIL COMMA PLUS MINUS CDOT CIRC OTIMES TIMES SLASH SUB SUP REL EQ PRIME
%declare MATHBF ACCENT SQRT NABLA ONES INDIC BB WORD SEP
"""
