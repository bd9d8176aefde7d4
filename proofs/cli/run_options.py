"""Options every checking command shares: the results store and where the jobs run.

``--no-cache`` (ignore ``.proofcheck/results/``), ``--no-certificates`` (do not replay
the proof certificates a paper ships), ``--lf`` (``check`` only: the claims that
failed or errored last time), ``--executor local|dask`` and ``--scheduler tcp://HOST:PORT``.

Example:
    >>> import argparse
    >>> p = argparse.ArgumentParser()
    >>> add_arguments(p, last_failed=True)
    >>> a = p.parse_args(["--executor", "dask", "--lf"])
    >>> a.executor, a.lf, a.no_cache, a.scheduler
    ('dask', True, False, None)
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from proofs.executors import EXECUTORS


def add_arguments(p: argparse.ArgumentParser, last_failed: bool = False) -> None:
    """Add ``--no-cache``, ``--executor``, ``--scheduler`` (and ``--lf``) to ``p``."""
    p.add_argument("--no-cache", action="store_true",
                   help="a cold run: neither reuse nor write the results store "
                   "(.proofcheck/results/) nor replay the witness database")
    if last_failed:
        p.add_argument("--lf", "--last-failed", dest="lf", action="store_true",
                       help="check only the entries with a claim that failed (unexpected "
                            "verdict) or errored in the latest run that checked it")
    add_certificates_argument(p)
    p.add_argument("--executor", choices=list(EXECUTORS), default="local",
                   help="local: --jobs forked processes (default); dask: a dask.distributed "
                        "LocalCluster of --jobs workers")
    p.add_argument("--scheduler", metavar="ADDR", default=None,
                   help="send the jobs to the dask.distributed scheduler at ADDR "
                        "(tcp://HOST:PORT); implies --executor dask")


def add_certificates_argument(p: argparse.ArgumentParser) -> None:
    """Add ``--no-certificates`` to ``p`` (every command that checks a paper's claims)."""
    p.add_argument("--no-certificates", action="store_true",
                   help="do not replay the proof certificates the papers ship "
                        "(certificates.json) and do not use the results store: every proof "
                        "is searched afresh")


def validate(args: argparse.Namespace) -> None:
    """Usage errors before any work: a malformed ``--scheduler`` address."""
    from proofs.cli.common import UsageError

    addr = getattr(args, "scheduler", None)
    if addr is not None and ("://" not in addr or not addr.split("://", 1)[1]):
        raise UsageError(f"--scheduler {addr!r}: expected an address such as "
                         "tcp://HOST:8786")


def store_for(args: argparse.Namespace) -> Any:
    """The results store of the working directory, or None (``--no-cache``,
    ``PROOFCHECK_CACHE=off``, and ``--no-certificates``: its results may owe their proofs
    to certificates)."""
    from proofs.store.cache import ResultStore, enabled_by_env

    if getattr(args, "no_cache", False) or getattr(args, "no_certificates", False) \
            or not enabled_by_env():
        return None
    return ResultStore(".")


def certificates_for(args: argparse.Namespace) -> Any:
    """The proof certificates and witnesses earlier runs here learned
    (``.proofcheck/certificates.json``, unless ``--no-cache`` or ``PROOFCHECK_CACHE=off``;
    without the witnesses under ``--no-replay``) and those the papers ship, or None
    (``--no-certificates``)."""
    if getattr(args, "no_certificates", False):
        return None
    from proofs.store.cache import enabled_by_env
    from proofs.store.certificates import Chain, Learned, Shipped

    if getattr(args, "no_cache", False) or not enabled_by_env():
        return Shipped()
    return Chain((Learned(".", witnesses=not getattr(args, "no_replay", False)), Shipped()))


def executor_for(args: argparse.Namespace, jobs: int) -> Any:
    """The executor ``--executor``/``--scheduler`` ask for (a usage error when the cluster
    cannot be reached)."""
    from proofs.cli.common import UsageError
    from proofs.executors import make_executor

    try:
        return make_executor(getattr(args, "executor", "local") or "local", jobs,
                             getattr(args, "scheduler", None))
    except (OSError, TimeoutError, RuntimeError) as exc:
        kind = "dask" if getattr(args, "scheduler", None) else args.executor
        raise UsageError(f"cannot start the {kind} executor: {exc}") from None


def last_failed(entries: Sequence[Any], store: Any, progress: Any) -> list[Any]:
    """``--lf``: the entries of ``entries`` holding a claim (or part) that failed last time;
    all of them when no failure is recorded (as pytest does)."""
    from proofs.store.cache import ResultStore, enabled_by_env

    failed = (store or ResultStore(".")).last_failed() if enabled_by_env() else {}
    chosen = [e for e in entries if _ids(e) & set(failed)]
    if not chosen:
        progress("--lf: no failures recorded for these targets; checking everything")
        return list(entries)
    progress(f"--lf: {len(chosen)} of {len(entries)} entries have a claim that failed last "
             "time")
    return chosen


def _ids(e: Any) -> set[str]:
    out = {e.id}
    if hasattr(e, "all_entries"):
        for sub in e.all_entries():
            out.add(sub.id)
            out.update(c.id for c in sub.claims())
    return out


def record(results: Sequence[Any], store: Any) -> None:
    """Remember which results failed (unexpected verdict or error), for ``--lf``."""
    from proofs.store.cache import ResultStore, enabled_by_env

    if not enabled_by_env():
        return
    (store or ResultStore(".")).record_run(
        {r.id: (r.status.value, bool(r.unexpected or r.status.value == "error"))
         for r in results})
