"""Symbolic layer: the objects of the papers, claims, relations, verdicts and exact checks.

Example:
    >>> from symbolic import Claim, Relation, matrix, vector, norm2, opnorm, n, d
    >>> A, x = matrix("A", n, d), vector("x", d)
    >>> Claim("demo:extra-1", norm2(A * x), Relation.LE, opnorm(A) * norm2(x)).kind
    'extra'
"""

from symbolic import latex as _latex  # noqa: F401 (registers the LaTeX displays)
from symbolic import latex_parse as _latex_parse  # noqa: F401 (registers Claim.from_latex)
from symbolic import pickling as _pickling  # noqa: F401 (registers Max, Min, Abs)
from symbolic import precedence as _precedence  # noqa: F401 (faster printing of A*x)
from symbolic.claim import Claim, Prop, check_id
from symbolic.objects import (
    abs_,
    col,
    d,
    deriv,
    diag,
    dim,
    entropy,
    entry,
    exp_,
    gradient,
    hadamard,
    index,
    inner,
    kl,
    kron,
    lambda_min,
    log_,
    logsumexp,
    matrix,
    max_entry,
    min_entry,
    n,
    named,
    norm1,
    norm2,
    norminf,
    normp,
    ones,
    opnorm,
    row_block,
    scalar,
    softmax,
    sum_entries,
    unvec,
    vec,
    vector,
)
from symbolic.relation import Relation
from symbolic.verdict import Status, Verdict
from symbolic.vocabulary import frob
from symbolic.written import chain

__all__ = [
    "Claim",
    "Prop",
    "Relation",
    "Status",
    "Verdict",
    "abs_",
    "chain",
    "check_id",
    "col",
    "d",
    "deriv",
    "diag",
    "dim",
    "entropy",
    "entry",
    "exp_",
    "frob",
    "gradient",
    "hadamard",
    "index",
    "inner",
    "kl",
    "kron",
    "lambda_min",
    "log_",
    "logsumexp",
    "matrix",
    "max_entry",
    "min_entry",
    "n",
    "named",
    "norm1",
    "norm2",
    "norminf",
    "normp",
    "ones",
    "opnorm",
    "row_block",
    "scalar",
    "softmax",
    "sum_entries",
    "unvec",
    "vec",
    "vector",
]
