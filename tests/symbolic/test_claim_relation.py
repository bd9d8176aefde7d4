import pytest
import sympy as sp

from symbolic import Claim, Prop, Relation, d, matrix, n, norm2, opnorm, scalar, vector
from symbolic.claim import check_id, reserve_prefixes


@pytest.mark.parametrize(
    ("a", "b", "out"),
    [
        (Relation.LE, Relation.LE, Relation.LE),
        (Relation.LE, Relation.LT, Relation.LT),
        (Relation.EQ, Relation.GE, Relation.GE),
        (Relation.GT, Relation.EQ, Relation.GT),
        (Relation.LE, Relation.GE, None),
        (Relation.EQ, Relation.EQ, Relation.EQ),
    ],
)
def test_relations_compose_along_a_chain(a, b, out):
    assert a.then(b) is out


def test_relation_parse_and_implication():
    assert Relation.parse("≥") is Relation.GE
    assert Relation.LT.implies(Relation.LE) and not Relation.LE.implies(Relation.LT)
    with pytest.raises(ValueError, match="unknown relation"):
        Relation.parse("~")


@pytest.mark.parametrize(
    "good",
    ["closeness:lemma-5.6", "closeness:lemma-5.5:part-1:step-3", "closeness:fact-3.1:item-4",
     "tensor-trick:theorem-1", "closeness:extra-softmax-lipschitz"],
)
def test_contract_ids_accepted(good):
    assert check_id(good) == good


@pytest.mark.parametrize("bad", ["Closeness:lemma-1", "closeness:lemma", "closeness:foo-1", "x"])
def test_bad_ids_rejected(bad):
    reserve_prefixes(["closeness"])  # what the paper registry does for every paper key
    with pytest.raises(ValueError, match="bad claim id"):
        check_id(bad)


def test_claim_validates_shapes_and_kinds():
    A, x = matrix("A", n, d), vector("x", d)
    with pytest.raises(ValueError, match="scalar sides"):
        Claim("t:extra-1", A * x, "<=", A * x)
    with pytest.raises(ValueError, match="matrix with a scalar"):
        Claim("t:extra-1", A * x, "=", sp.Integer(1))
    R = scalar("R")
    c = Claim("t:lemma-2:step-3", norm2(A * x), "<=", R**2, (Prop(opnorm(A), "<=", R),))
    assert c.kind == "step" and c.paper == "t"
    assert c.dimension_symbols == {n, d}
    assert {str(s) for s in c.symbols} == {"A", "x", "R"}


def test_validation_memo_skips_checked_subtrees_but_not_new_errors():
    """check_expression remembers subtrees that passed (a mutant shares all but one path with
    its claim); a new error beside a remembered subtree is still found, and a sum bound that
    only a later dimension declaration makes valid is not held against it."""
    import sympy as sp

    from symbolic.objects import dim, matrix, vector
    from symbolic.prop import check_expression
    from symbolic.walk import unsupported_construct

    A, x, y = matrix("A", n, d), vector("x", d), vector("y", n)
    good = norm2(A * x)
    check_expression(good)
    with pytest.raises(ValueError, match="shape mismatch"):
        check_expression(good + norm2(A * y))
    with pytest.raises(ValueError, match="zoo"):
        check_expression(good + sp.zoo)
    i, m = sp.Symbol("i_memo", integer=True), sp.Symbol("m_memo", integer=True, positive=True)
    s = sp.Sum(i, (i, 1, m))
    assert "sum bound" in unsupported_construct(s)
    dim("m_memo")
    assert unsupported_construct(s) is None
