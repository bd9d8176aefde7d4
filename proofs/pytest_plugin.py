"""The ``proofcheck`` pytest plugin (registered through the ``pytest11`` entry point).

Three ways to check claims in a test module:

- ``PROOFCHECK_CLAIMS = [claim, ...]`` at module level: one test per claim, named by its id;
- ``@pytest.mark.proofcheck(budget="quick", seed=0, require_proof=False)`` on a test that
  returns a claim (or a list of claims) or yields claims one by one;
- the ``proofcheck`` fixture: ``proofcheck.check(claim)``, ``.holds(claim)``,
  ``.refuted(claim)``, each returning the :class:`~symbolic.Verdict`.

A claim passes when it gets the verdict it expects: ``refuted`` for a claim an entry pins
(``Lemma.of(claim, expect="refuted")``), else proved or supported (only proved with
``require_proof=True``). A failure
points at your line: the fixture's line, the ``yield`` that produced the claim, or the line that
writes the claim's id; its one-line message (also in the short summary, and in full in a
``proofcheck`` section at the end) names the claim id and the witness. ``--proofcheck-budget``
overrides every budget. Disable the plugin with ``-p no:proofcheck``.

Example test module::

    import pytest, sympy as sp
    from symbolic import Claim, scalar

    x = scalar("x")
    PROOFCHECK_CLAIMS = [Claim("mine:exp-tangent", sp.exp(x), ">=", 1 + x)]

    @pytest.mark.proofcheck
    def test_bounds():
        yield Claim("mine:square", x**2, ">=", 0)

    def test_fixture(proofcheck):
        proofcheck.holds(Claim("mine:exp-positive", sp.exp(x), ">", 0))

>>> Checker("quick").budget
'quick'
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from typing import Any

import pytest

SECTION = "proofcheck"
DEFAULTS = {"budget": "quick", "seed": 0, "require_proof": False}


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("proofcheck")
    group.addoption("--proofcheck-budget", default=None, metavar="BUDGET",
                    help="budget of every proofcheck claim check (quick, default, thorough)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "proofcheck(budget='quick', seed=0, require_proof=False): check the claims "
        "the test returns or yields with proofcheck")


class Checker:
    """The ``proofcheck`` fixture: checks claims at one budget and seed."""

    def __init__(self, budget: str = "quick", seed: int = 0, require_proof: bool = False):
        self.budget, self.seed, self.require_proof = budget, seed, require_proof

    def check(self, claim: Any, require_proof: bool | None = None,
              expect: str | None = None) -> Any:
        """Fail unless ``claim`` gets the verdict ``expect`` pins (refuted for
        ``expect="refuted"``; None: it holds)."""
        __tracebackhide__ = True
        from proofs.testing import check

        proof = self.require_proof if require_proof is None else require_proof
        return check(claim, self.budget, self.seed, proof, expect)

    def holds(self, claim: Any, require_proof: bool | None = None) -> Any:
        """Fail unless ``claim`` is proved or supported (proved with ``require_proof``)."""
        __tracebackhide__ = True
        from proofs.testing import assert_holds

        proof = self.require_proof if require_proof is None else require_proof
        return assert_holds(claim, self.budget, self.seed, proof)

    def refuted(self, claim: Any) -> Any:
        """Fail unless ``claim`` is refuted with a confirmed witness."""
        __tracebackhide__ = True
        from proofs.testing import assert_refuted

        return assert_refuted(claim, self.budget, self.seed)


def _options(node: pytest.Item, config: pytest.Config) -> dict[str, Any]:
    """Budget, seed and require_proof: the marker's, the command line's budget, else defaults."""
    out = dict(DEFAULTS)
    mark = node.get_closest_marker("proofcheck")
    if mark is not None:
        if mark.args:
            out["budget"] = mark.args[0]
        out.update({k: v for k, v in mark.kwargs.items() if k in DEFAULTS})
    cli = config.getoption("proofcheck_budget", None)
    if cli:
        out["budget"] = cli
    return out


@pytest.fixture
def proofcheck(request: pytest.FixtureRequest) -> Checker:
    """Check claims from a test: ``proofcheck.check(claim)`` (see :class:`Checker`)."""
    return Checker(**_options(request.node, request.config))


def _claims_of(value: Any) -> list[Any]:
    """The claims in what a test returned or yielded, each with its annotation: a Claim
    (expected to hold), a Lemma (its claims, as it pins them) or a list."""
    from proofs.model import Lemma
    from proofs.model.annotation import PLAIN
    from symbolic.claim import Claim

    if isinstance(value, Claim):
        return [(value, PLAIN)]
    if isinstance(value, Lemma):
        return list(value.annotated())
    if isinstance(value, (list, tuple)):
        return [c for v in value for c in _claims_of(v)]
    raise TypeError(f"a proofcheck test must return or yield Claim objects (or lists of them), "
                    f"not {type(value).__name__}")


def _is_marked(obj: Any) -> bool:
    return any(getattr(m, "name", None) == "proofcheck" for m in getattr(obj, "pytestmark", []))


@pytest.hookimpl(tryfirst=True)
def pytest_pycollect_makeitem(collector: pytest.Collector, name: str, obj: Any) -> Any:
    """``PROOFCHECK_CLAIMS``: one item per claim; a marked generator test is collected as a
    test (pytest refuses plain generator tests)."""
    if name == "PROOFCHECK_CLAIMS" and isinstance(collector, pytest.Module):
        from proofs.userfile import check_unique, id_lines

        lines = id_lines(str(collector.path))
        try:
            pairs = _claims_of(list(obj))
            claims = [c for c, _ in pairs]
            places, count = [], {}  # where each claim's id is written (its k-th literal)
            for c in claims:
                k = count[c.id] = count.get(c.id, -1) + 1
                found = lines.get(c.id, [])
                places.append(f"{collector.path.name}:{found[k]}" if k < len(found)
                              else collector.path.name)
            check_unique(zip(claims, places))
        except (TypeError, ValueError) as exc:  # one line, no traceback through the plugin
            raise collector.CollectError(f"PROOFCHECK_CLAIMS: {exc}") from None
        return [ClaimItem.from_parent(collector, name=c.id, claim=c, expect=a.expect)
                for c, a in pairs]
    if (inspect.isgeneratorfunction(obj) and _is_marked(obj)
            and collector.istestfunction(obj, name)):  # type: ignore[attr-defined]
        return [pytest.Function.from_parent(collector, name=name)]
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """Run a ``@pytest.mark.proofcheck`` test and check the claims it returns or yields."""
    if pyfuncitem.get_closest_marker("proofcheck") is None:
        return None
    __tracebackhide__ = True
    from proofs.testing import ClaimFailed, check

    opts = _options(pyfuncitem, pyfuncitem.config)
    func = pyfuncitem.obj
    kwargs = {a: pyfuncitem.funcargs[a] for a in pyfuncitem._fixtureinfo.argnames}
    out = func(**kwargs)
    if inspect.isgenerator(out):
        _run_generator(out, opts)
        return True
    if out is None:
        return True
    for claim, note in _claims_of(out):
        try:
            check(claim, opts["budget"], opts["seed"], opts["require_proof"], note.expect)
        except ClaimFailed as exc:
            exc.where = _written_at(func, claim.id)  # type: ignore[attr-defined]
            raise
    return True


def _run_generator(gen: Iterator[Any], opts: dict[str, Any]) -> None:
    """Check each yielded claim; a failure is thrown back into the test at its ``yield``."""
    __tracebackhide__ = True
    from proofs.testing import ClaimFailed, check

    try:
        value = next(gen)
        while True:
            failure = None
            for claim, note in _claims_of(value):
                try:
                    check(claim, opts["budget"], opts["seed"], opts["require_proof"],
                          note.expect)
                except ClaimFailed as exc:
                    failure = exc
                    break
            value = gen.throw(failure) if failure is not None else next(gen)
    except StopIteration:
        return


def _written_at(func: Any, claim_id: str) -> str:
    """``file:line`` where ``claim_id`` is written inside ``func`` (else the ``def`` line)."""
    from proofs.userfile import id_lines

    path = inspect.getsourcefile(func) or "?"
    try:
        lines, first = inspect.getsourcelines(func)
    except (OSError, TypeError):
        return path
    inside = [k for k in id_lines(path).get(claim_id, []) if first <= k < first + len(lines)]
    return f"{path}:{inside[0] if inside else first}"


class ClaimItem(pytest.Item):
    """One claim of a module's ``PROOFCHECK_CLAIMS``."""

    def __init__(self, *, claim: Any, expect: str | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.claim, self.expect = claim, expect

    def runtest(self) -> None:
        """Check the claim; a failed check raises :class:`proofs.testing.ClaimFailed`."""
        from proofs.testing import check

        opts = _options(self, self.config)
        check(self.claim, opts["budget"], opts["seed"], opts["require_proof"], self.expect)

    def _line(self) -> int | None:
        from proofs.userfile import id_lines

        found = id_lines(str(self.path)).get(self.claim.id)
        return found[0] if found else None

    def reportinfo(self) -> tuple[Any, int | None, str]:
        """Where the claim is written, for pytest's report."""
        line = self._line()
        return self.path, None if line is None else line - 1, f"claim {self.claim.id}"

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> Any:
        """One line with the claim id and witness (no traceback through proofcheck)."""
        from proofs.testing import ClaimFailed

        if isinstance(excinfo.value, ClaimFailed):
            line = self._line()
            path = self.location[0]
            return _failure_text(excinfo.value, f"{path}:{line}" if line else path,
                                 with_id=False)
        return super().repr_failure(excinfo)


def _failure_text(exc: Any, where: str, with_id: bool = True) -> str:
    """A failure without a traceback: the one-line message first (the short summary shows
    it; without the claim's id when the test's name is that id), then where the claim is
    written and its details."""
    first, _, rest = exc.details().partition("\n")
    if not with_id:
        first = first.removeprefix(f"{exc.claim.id}: ")
    return f"{first}\nclaim written at {where}\n{rest}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A failed claim: the short summary gets the one-line message without the exception's
    module path, the report a ``proofcheck`` section with the details (unless the failure text
    already has them), and ``user_properties`` the one line for the closing summary."""
    rep = yield
    from proofs.testing import ClaimFailed

    exc = call.excinfo.value if call.excinfo is not None else None
    if rep.failed and isinstance(exc, ClaimFailed):
        where = getattr(exc, "where", None)
        if where is not None:
            rep.longrepr = _failure_text(exc, _relative(where, item.config))
        elif not isinstance(item, ClaimItem):
            rep.sections.append((SECTION, exc.details().partition("\n")[2]))
        crash = getattr(rep.longrepr, "reprcrash", None)
        if crash is not None:
            crash.message = str(exc)
        rep.user_properties.append((SECTION, exc.one_line()))
    return rep


def _relative(where: str, config: pytest.Config) -> str:
    """``where`` (``path:line``) relative to the rootdir when it lies below it."""
    import os

    path, sep, line = where.rpartition(":") if where.rpartition(":")[2].isdigit() else (
        where, "", "")
    rel = os.path.relpath(path, config.rootpath)
    return (path if rel.startswith("..") else rel) + sep + line


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Every failed claim on one untruncated line: test id, claim id, verdict, witness."""
    lines = [f"{rep.nodeid}: {value}"
             for rep in terminalreporter.stats.get("failed", [])
             for key, value in getattr(rep, "user_properties", []) if key == SECTION]
    if lines:
        terminalreporter.section("proofcheck: failed claims", sep="-")
        for line in lines:
            terminalreporter.write_line(line)
