"""Users' claim files: free-form ids after the user's prefix, the id error, duplicate ids."""

import textwrap

import pytest
import sympy as sp

from proofs import userfile
from proofs.cli import main
from proofs.cli.common import resolve_targets
from symbolic import Claim, scalar
from symbolic.claim import KINDS, check_id

x = scalar("x")

HEADER = "import sympy as sp\nfrom symbolic import Claim, scalar\nx = scalar('x')\n"


def write(tmp_path, name, body):
    path = tmp_path / name
    path.write_text(HEADER + textwrap.dedent(body))
    return str(path)


@pytest.mark.parametrize("claim_id", ["mine:anything", "mine:exp-tangent", "mine:Lemma_2(b)",
                                      "my-notes:eq.7", "mine:lemma-1"])
def test_free_form_ids_after_a_user_prefix(claim_id):
    assert Claim(claim_id, sp.exp(x), ">=", 1 + x).id == claim_id


def test_free_form_id_has_kind_claim_and_paper_grammar_keeps_its_kind():
    assert Claim("mine:exp-tangent", x, "<=", x + 1).kind == "claim"
    assert Claim("mine:lemma-1", x, "<=", x + 1).kind == "lemma"
    assert Claim("mine:lemma-1:step-2", x, "<=", x + 1).kind == "step"


@pytest.mark.parametrize("claim_id", ["mine", "Mine:x", "mine:", "mine:two words", ":x"])
def test_bad_id_error_lists_the_allowed_forms(claim_id):
    with pytest.raises(ValueError) as err:
        check_id(claim_id)
    msg = str(err.value)
    assert msg.startswith(f"bad claim id {claim_id!r}: expected <paper>:<kind>-<number>")
    assert "one of " + ", ".join(KINDS) in msg
    assert "<prefix>:<free-form> for your own claims" in msg
    assert "\n" not in msg


def test_paper_key_prefix_keeps_the_papers_grammar(tmp_path):
    path = write(tmp_path, "mine.py", "c = Claim('closeness:my-own', x, '<=', x + 1)\n")
    with pytest.raises(userfile.UserFileError) as err:
        userfile.load(path)
    msg = str(err.value)
    assert msg.startswith(f"{path}:4: ValueError: bad claim id 'closeness:my-own': "
                          "'closeness' is a paper key")
    assert "definition, fact, lemma, claim, theorem, equation, extra" in msg


def test_places_are_file_and_line(tmp_path):
    path = write(tmp_path, "mine.py", """
        a = Claim("mine:a", sp.exp(x), ">=", 1 + x)
        b = Claim(
            "mine:b", x**2, ">=", 0)
        alias = a  # the same object twice is one claim
    """)
    loaded = userfile.load_with_places(path)
    assert [(item.id, place) for item, place in loaded] == [
        ("mine:a", f"{path}:5"), ("mine:b", f"{path}:7")]


def test_same_id_twice_in_one_file_names_both_lines(tmp_path):
    path = write(tmp_path, "mine.py", """
        a = Claim("mine:same", x, "<=", x + 1)
        b = Claim("mine:same", x, "<=", x + 2)
    """)
    with pytest.raises(userfile.UserFileError) as err:
        userfile.load(path)
    assert str(err.value) == f"duplicate claim id mine:same: {path}:5 and {path}:6"


def test_same_id_in_two_files_names_both_files(tmp_path):
    a = write(tmp_path, "a.py", "t = Claim('mine:exp-tangent', sp.exp(x), '>=', 1 + x)\n")
    b = write(tmp_path, "b.py", "\n\nu = Claim('mine:exp-tangent', sp.exp(x), '>', x)\n")
    with pytest.raises(userfile.UserFileError) as err:
        resolve_targets([a, b])
    assert str(err.value) == f"duplicate claim id mine:exp-tangent: {a}:4 and {b}:6"


def test_same_file_twice_is_loaded_once(tmp_path):
    a = write(tmp_path, "a.py", "t = Claim('mine:exp-tangent', sp.exp(x), '>=', 1 + x)\n")
    assert [e.id for e in resolve_targets([a, a])] == ["mine:exp-tangent"]


def test_user_file_claim_that_a_paper_also_defines(tmp_path):
    a = write(tmp_path, "a.py", "t = Claim('closeness:fact-3.1:item-2', x, '<=', x + 1)\n")
    with pytest.raises(userfile.UserFileError) as err:
        resolve_targets(["closeness:fact-3.1:item-2", a])
    assert str(err.value) == ("duplicate claim id closeness:fact-3.1:item-2: paper closeness "
                              f"and {a}:4")


def test_cli_duplicate_exits_2_with_one_line(tmp_path, capsys):
    a = write(tmp_path, "a.py", "t = Claim('mine:t', sp.exp(x), '>=', 1 + x)\n")
    b = write(tmp_path, "b.py", "t = Claim('mine:t', sp.exp(x), '>=', 1 + x)\n")
    assert main(["check", a, b, "-q", "--budget", "quick"]) == 2
    err = capsys.readouterr().err
    assert err == f"proofcheck: error: duplicate claim id mine:t: {a}:4 and {b}:4\n"


def test_a_statement_about_a_function_class_is_checked_from_a_user_file(tmp_path):
    from numeric.budget import Budget
    from numeric.stages.cascade import decide

    path = tmp_path / "mine.py"
    path.write_text(
        "import sympy as sp\n"
        "from symbolic.classes import CLASSES, ClassClaim, Function, gradient_descent\n"
        "L = sp.Symbol('L', positive=True)\n"
        "f = Function('f', CLASSES['smooth-convex'].instance(L=L))\n"
        "x0, xs = f.point('x_0'), f.minimizer()\n"
        "x1 = gradient_descent(f, x0, 1 / L, 1)[-1]\n"
        "tight = ClassClaim('mine:gd-1', f(x1) - f(xs) <= L * (x0 - xs).norm2() / 6, [f])\n"
        "loose = ClassClaim('mine:gd-1-false', f(x1) - f(xs) <= L * (x0 - xs).norm2() / 7, "
        "[f])\n")
    items = userfile.load(str(path))
    assert [c.id for c in items] == ["mine:gd-1", "mine:gd-1-false"]
    assert [decide(c, Budget.get("quick"), seed=0).status.value for c in items] == \
        ["proved", "refuted"]
