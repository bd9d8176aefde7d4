"""The proofcheck pytest plugin, run on generated test modules with pytester."""

import pytest

from proofs.testing import ClaimFailed
from symbolic import Claim, Status, Verdict, scalar

pytest_plugins = ["pytester"]
#: the inner runs need no cache, and hypothesis's terminal summary costs seconds each time
QUIET = ("-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-p", "no:benchmark")

HEADER = """
import pytest
import sympy as sp
from proofs.model import Lemma
from symbolic import Claim, scalar

x = scalar("x")
"""


@pytest.fixture(scope="module", autouse=True)
def _warm():
    """pytester runs pytest in this process and then drops the modules the run imported; numpy
    cannot be imported twice, so the back ends are imported (by checking a claim of each kind
    these tests use) before any run."""
    import sympy as sp

    from proofs.runner import check_claim

    x, y = scalar("x"), scalar("y")
    for c in (Claim("warm:a", x, "<=", 1), Claim("warm:b", sp.exp(x), "<=", 2),
              Claim("warm:c", x + y, "<=", 3), Claim("warm:d", sp.exp(x), ">=", 1 + x)):
        check_claim(c, "quick")


def run(pytester, body, *args):
    """Run pytest on a generated test module (the plugin loads by its entry point)."""
    pytester.makepyfile(test_claims=HEADER + body)
    return pytester.runpytest_inprocess(*QUIET, *args)


def line_of(pytester, text, nth=0):
    """The line number of the ``nth`` line of test_claims.py that contains ``text``."""
    lines = (pytester.path / "test_claims.py").read_text().splitlines()
    return [k + 1 for k, ln in enumerate(lines) if text in ln][nth]


def test_plugin_is_registered_by_entry_point(pytester):
    from importlib.metadata import entry_points

    assert [ep.value for ep in entry_points(group="pytest11") if ep.name == "proofcheck"] == [
        "proofs.pytest_plugin"]
    result = pytester.runpytest_inprocess(*QUIET, "--markers")
    result.stdout.fnmatch_lines(["@pytest.mark.proofcheck(budget='quick'*"])


def test_module_claims_one_test_per_claim(pytester):
    result = run(pytester, """
PROOFCHECK_CLAIMS = [
    Claim("mine:exp-tangent", sp.exp(x), ">=", 1 + x),
    Claim("mine:x-le-1",
          x, "<=", 1),
    Lemma.of(Claim("mine:known-wrong", x, "<=", 1), expect="refuted"),
]
""", "-v")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines([
        "test_claims.py::mine:exp-tangent PASSED*",
        "test_claims.py::mine:x-le-1 FAILED*",
        "test_claims.py::mine:known-wrong PASSED*",
    ])
    # the failure names where the claim is written, and the short summary the id and witness
    line = line_of(pytester, '"mine:x-le-1"')
    result.stdout.fnmatch_lines(["refuted (witness x=2)", f"claim written at test_claims.py:{line}"])
    result.stdout.fnmatch_lines(["FAILED test_claims.py::mine:x-le-1 - refuted (witness x=2)"])
    assert "proofs/testing.py" not in result.stdout.str()


def test_marked_generator_points_at_the_yield(pytester):
    result = run(pytester, """
@pytest.mark.proofcheck(budget="quick")
def test_bounds():
    yield Claim("mine:square", x**2, ">=", 0)
    yield Claim("mine:cube", x**3, ">=", 0)
""")
    result.assert_outcomes(failed=1)
    out = result.stdout.str()
    result.stdout.fnmatch_lines([
        '>       yield Claim("mine:cube", x**3, ">=", 0)',
        "E       proofs.testing.ClaimFailed: mine:cube: refuted (witness x=-1)",
        f"test_claims.py:{line_of(pytester, 'mine:cube')}: ClaimFailed",
    ])
    result.stdout.fnmatch_lines([
        "FAILED test_claims.py::test_bounds - mine:cube: refuted (witness x=-1)"])
    assert "pytest_plugin.py" not in out and "proofs/testing.py" not in out


def test_marked_test_returning_claims(pytester):
    result = run(pytester, """
@pytest.mark.proofcheck
def test_bounds():
    ok = Claim("mine:ok", x**2 + 1, ">", 0)
    return [ok, Claim("mine:bad", x, "<=", 1)]
""")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["mine:bad: refuted (witness x=2)",
                                 "claim written at test_claims.py:"
                                 f"{line_of(pytester, 'mine:bad')}"])
    assert "PytestReturnNotNoneWarning" not in result.stdout.str()


def test_fixture_failure_points_at_the_users_line(pytester):
    result = run(pytester, """
def test_mine(proofcheck):
    proofcheck.holds(Claim("mine:exp-pos", sp.exp(x), ">", 0))
    proofcheck.holds(Claim("mine:exp-le-2", sp.exp(x), "<=", 2))
""")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        '>       proofcheck.holds(Claim("mine:exp-le-2", sp.exp(x), "<=", 2))',
        "E       proofs.testing.ClaimFailed: mine:exp-le-2: refuted (witness* x=*)",
        f"test_claims.py:{line_of(pytester, 'mine:exp-le-2')}: ClaimFailed",
    ])
    out = result.stdout.str()
    assert "pytest_plugin.py" not in out and "proofs/testing.py" not in out
    assert "proofs/runner.py" not in out


def test_long_witness_is_untruncated_in_the_closing_section(pytester):
    long_id = "mine:" + "a-rather-long-claim-name-" * 4 + "that-fails"
    result = run(pytester, f"""
y, z = scalar("y"), scalar("z")

def test_long(proofcheck):
    proofcheck.holds(Claim("{long_id}", x + y + z, "<=", 3))
""")
    result.assert_outcomes(failed=1)
    line = next(ln for ln in result.stdout.lines if ln.startswith("test_claims.py::test_long: "))
    assert line.startswith(f"test_claims.py::test_long: {long_id}: refuted (witness x=")
    assert ", y=" in line and ", z=" in line and line.endswith(")")


def test_duplicate_ids_in_module_claims_are_a_collection_error(pytester):
    result = run(pytester, """
PROOFCHECK_CLAIMS = [
    Claim("mine:a", sp.exp(x), ">=", 1 + x),
    Claim("mine:a", sp.exp(x), ">", 0),
]
""")
    result.assert_outcomes(errors=1)
    first, second = line_of(pytester, '"mine:a"'), line_of(pytester, '"mine:a"', 1)
    result.stdout.fnmatch_lines([f"PROOFCHECK_CLAIMS: duplicate claim id mine:a: "
                                 f"test_claims.py:{first} and test_claims.py:{second}"])


def test_claim_failed_is_one_line_with_id_and_witness():
    c = Claim("mine:m", scalar("x"), "<=", 1)
    v = Verdict(Status.REFUTED, "sampling", witness={"x": 2.0, "A": [[1.0, 2.0], [3.0, 4.0]]})
    assert str(ClaimFailed(c, v, "holds")) == "mine:m: refuted (witness x=2, A=[[1, 2], [3, 4]])"
    err = Verdict(Status.ERROR, "runner", message="TypeError: bad\nmore")
    assert str(ClaimFailed(c, err, "holds")) == "mine:m: error (expected holds): TypeError: bad …"
    sup = Verdict(Status.SUPPORTED, "sampling", message="no violation")
    assert str(ClaimFailed(c, sup, "refuted")) == "mine:m: supported (expected refuted)"
