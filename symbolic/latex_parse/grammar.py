"""The lark grammar of formulas (LALR; tokens come from :mod:`.lexer`).

Precedence, loosest first: relations (a chain ``a \\le b < c``), ``+``/``-``, products (``\\cdot``,
``\\circ``, ``\\otimes``, ``\\times``, ``/`` and juxtaposition, left to right; a ``\\sum`` takes the
rest of its product as its body), then sub- and superscripts.
"""

GRAMMAR = r"""
start: expr (relop expr)*
relop: REL | EQ

?expr: sum
?sum: signed
    | sum PLUS product   -> add
    | sum MINUS product  -> sub
?signed: product
    | MINUS product      -> neg
    | PLUS product

product: items
       | items op? bigsum
       | bigsum
items: postfix (op? postfix)*
op: CDOT | CIRC | OTIMES | TIMES | SLASH
bigsum: SUM SUB LBRACE LETTER EQ expr RBRACE SUP sup product

postfix: primary post*
post: SUB sub | SUP sup | PRIME

?primary: LETTER                                   -> name
    | GREEK                                        -> name
    | NUMBER                                       -> number
    | INFTY                                        -> infty
    | LBRACE expr RBRACE                           -> group
    | LPAREN expr RPAREN                           -> paren
    | LPAREN expr COMMA expr RPAREN                -> pair
    | LBRACK expr COMMA expr RBRACK                -> closed
    | LBRACK expr COMMA expr RPAREN                -> closed_open
    | LPAREN expr COMMA expr RBRACK                -> open_closed
    | LNORM expr RNORM                             -> norm
    | LBAR expr RBAR                               -> abs
    | LANGLE expr COMMA expr RANGLE                -> inner
    | FUNC fnarg                                   -> func
    | FRAC LBRACE expr RBRACE LBRACE expr RBRACE   -> frac
    | FRAC LBRACE DIFF expr RBRACE LBRACE DIFF postfix RBRACE -> deriv
    | MATHBF LBRACE NUMBER RBRACE                  -> bold
    | ACCENT LBRACE LETTER RBRACE                  -> accent

fnarg: LPAREN expr RPAREN | LBRACE expr RBRACE | LETTER | GREEK | NUMBER

sub: LBRACE subitem* RBRACE | LETTER | NUMBER | GREEK | INFTY | FUNC | STAR
subitem: LETTER | NUMBER | GREEK | INFTY | FUNC | STAR | COMMA | PLUS | MINUS | EQ
       | LPAREN | RPAREN | LBRACE subitem* RBRACE
sup: LBRACE expr RBRACE | LBRACE TOP RBRACE | LBRACE CIRC signed RBRACE
   | TOP | LETTER | NUMBER | GREEK | STAR

%declare LETTER GREEK NUMBER FUNC FRAC DIFF SUM TOP INFTY STAR LPAREN RPAREN LBRACE RBRACE
%declare LBRACK RBRACK LANGLE RANGLE LNORM RNORM LBAR RBAR COMMA PLUS MINUS CDOT CIRC OTIMES
%declare TIMES SLASH SUB SUP REL EQ PRIME MATHBF ACCENT
"""
