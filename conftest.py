"""Test-wide settings: the results store and the witness database are off
(``PROOFCHECK_CACHE=off``), so that a test that runs ``proofcheck check`` checks its claims
instead of reading what an earlier test (or a developer's run) left in ``.proofcheck/``, and
writes nothing into the working tree. Tests of the store turn it on in a temporary directory.

A guard fails the session when the tests wrote into the repository's ``.proofcheck/`` (a
user's stored witnesses would then change under them)."""

import os
import pathlib

import pytest

os.environ.setdefault("PROOFCHECK_CACHE", "off")

ROOT = pathlib.Path(__file__).resolve().parent
STATE = ROOT / ".proofcheck"


def _files() -> set[str]:
    return {str(p.relative_to(STATE)) for p in STATE.rglob("*") if p.is_file()}


def pytest_configure(config: pytest.Config) -> None:
    # a pytest-xdist worker is one of one per core: a check a test runs (``--jobs auto``)
    # runs its claims in it instead of forking as many workers again
    if hasattr(config, "workerinput"):
        os.environ.setdefault("PROOFCHECK_JOBS", "1")


def pytest_sessionstart(session: pytest.Session) -> None:
    session.config._proofcheck_state = _files()  # type: ignore[attr-defined]


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    before = getattr(session.config, "_proofcheck_state", set())
    written = sorted(_files() - before)
    if written:
        session.config.get_terminal_writer().line(
            f"tests wrote into {STATE}: {written[:3]}{' ...' if len(written) > 3 else ''} "
            "(tests must write only into temporary directories)", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
