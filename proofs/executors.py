"""Where checks run: in this process, in a local pool of forked workers, or on a Dask cluster.

A job is pure: ``fn(item)`` depends on ``item`` alone (a claim, its budget and seed), so the
results are the same whatever the executor, and come back in the order of the items.

- :class:`LocalExecutor` (the default, ``--executor local``): ``jobs`` forked worker
  processes, or this process when ``jobs`` is 1;
- :class:`DaskExecutor` (``--executor dask``: a ``LocalCluster`` on this machine;
  ``--scheduler tcp://HOST:PORT``: an existing ``dask.distributed`` cluster). Dask runs tasks in
  worker *threads*, where the ``SIGALRM`` time limit of symbolic steps cannot fire; each job
  therefore runs in the main thread of a helper interpreter started once per worker thread
  (:func:`run_isolated`; forking from a threaded worker could inherit a held import lock, and
  dask's daemonic workers may not start multiprocessing children), so the limits, and hence
  the verdicts, are those of a local run.

Every worker runs BLAS single-threaded (:func:`limit_blas_threads`): OpenBLAS threads busy-wait
and oversubscribe the cores (a ``check tensor-trick`` took 152.7 s instead of 81.5 s).

Example:
    >>> with make_executor("local", jobs=1) as ex:
    ...     ex.map(abs, [-1, 2, -3])
    [1, 2, 3]
"""

from __future__ import annotations

import ctypes
import gc
import multiprocessing as mp
import os
import pickle
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

BLAS_ENV = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS",
            "OPENBLAS_MAIN_FREE")  # OPENBLAS_MAIN_FREE=1: no busy-waiting main thread
EXECUTORS = ("local", "dask")


def limit_blas_threads(n: int = 1) -> None:
    """BLAS with ``n`` threads in this process (and in processes it starts).

    Sets the usual environment variables (read when numpy is first imported) and, when an
    OpenBLAS is already loaded, calls its ``openblas_set_num_threads`` as well.

    >>> limit_blas_threads(1); os.environ["OPENBLAS_NUM_THREADS"]
    '1'
    """
    for var in BLAS_ENV:
        os.environ[var] = "1" if var == "OPENBLAS_MAIN_FREE" else str(n)
    try:
        with open("/proc/self/maps", encoding="utf-8") as f:
            libs = {line.split()[-1] for line in f if "openblas" in line.lower()}
    except OSError:  # not Linux: the environment variables are what we can do
        return
    for path in libs:
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        for name in ("openblas_set_num_threads", "openblas_set_num_threads64_",
                     "scipy_openblas_set_num_threads64_", "scipy_openblas_set_num_threads"):
            fn = getattr(lib, name, None)
            if fn is not None:
                fn(ctypes.c_int(n))
                break


class Executor:
    """Runs ``fn`` over items; subclasses say where. A context manager (:meth:`close`)."""

    name = "base"

    def map(self, fn: Callable[[Any], Any], items: Sequence[Any]) -> list[Any]:
        raise NotImplementedError

    def imap(self, fn: Callable[[Any], Any], items: Sequence[Any]) -> Iterator[Any]:
        """:meth:`map`'s results in order, each as soon as it and those before it are done
        (here: once all are), so that the caller can keep them while the rest run."""
        yield from self.map(fn, items)

    def close(self) -> None:
        """Release workers or cluster connections."""

    def describe(self) -> str:
        return self.name

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


#: in a pool worker process only: the ``(fn, items)`` of the map it serves, set once by
#: :func:`_pool_worker_init` (the parent process never sets it)
_WORK: dict[str, Any] = {}


def _run_index(k: int) -> Any:
    fn, items = _WORK["fn"], _WORK["items"]
    return fn(items[k])


def _pool_worker_init(parent: int, fn: Callable[[Any], Any], items: Sequence[Any]) -> None:
    """A forked pool worker of one map: :func:`_worker_init`, and the map's ``fn`` and
    ``items`` (inherited with the fork, never pickled) kept for :func:`_run_index`."""
    _worker_init(parent)
    _WORK.update(fn=fn, items=items)


def _worker_init(parent: int) -> None:
    """Forked worker: single-threaded BLAS; die with the run that forked it, even by SIGKILL
    (forked workers hold both ends of the pool's pipes, so they would wait forever)."""
    limit_blas_threads(1)
    try:
        ctypes.CDLL("libc.so.6").prctl(1, signal.SIGKILL)  # 1 = PR_SET_PDEATHSIG (Linux)
    except (OSError, AttributeError):  # not Linux: the parent's normal shutdown ends them
        pass
    if os.getppid() != parent:  # the parent died before the line above took effect
        os._exit(1)


class LocalExecutor(Executor):
    """``jobs`` forked worker processes on this machine (this process when ``jobs`` is 1 or
    fork is unavailable). Items are not pickled: forked workers inherit them."""

    name = "local"

    def __init__(self, jobs: int = 1):
        self.jobs = max(1, int(jobs))

    def describe(self) -> str:
        return f"local ({self.jobs} worker{'s' if self.jobs != 1 else ''})"

    def map(self, fn: Callable[[Any], Any], items: Sequence[Any]) -> list[Any]:
        return list(self.imap(fn, items))

    def imap(self, fn: Callable[[Any], Any], items: Sequence[Any]) -> Iterator[Any]:
        """Each result as soon as it and those before it are done.

        >>> list(LocalExecutor(2).imap(abs, [-1, 2, -3]))
        [1, 2, 3]
        """
        items = list(items)
        if self.jobs <= 1 or len(items) < 2 or "fork" not in mp.get_all_start_methods():
            limit_blas_threads(1)
            yield from (fn(x) for x in items)
            return
        gc.freeze()  # the objects so far stay out of the collector's way: forked workers then
        # share their memory pages instead of copying each page a collection touches
        try:
            ctx = mp.get_context("fork")  # the workers inherit fn and items: not pickled
            with ProcessPoolExecutor(min(self.jobs, len(items)), mp_context=ctx,
                                     initializer=_pool_worker_init,
                                     initargs=(os.getpid(), fn, items)) as pool:
                yield from pool.map(_run_index, range(len(items)), chunksize=1)
        finally:
            gc.unfreeze()


class JobFailed(RuntimeError):
    """A job that raised (or whose process died) on a remote worker."""


def run_forked(fn: Callable[[Any], Any], item: Any) -> Any:
    """``fn(item)`` in a child process forked from this one (its main thread, so ``SIGALRM``
    time limits work); its exception re-raised here. Only safe from a process whose other
    threads are not importing modules: a module lock held by another thread at the fork stays
    held in the child (use :func:`run_isolated` from dask worker threads).

    >>> run_forked(abs, -4)
    4
    """
    return Forked(fn, item).result()


class Forked:
    """``fn(item)`` started now in a child process forked from this one, while this process
    goes on with other work; :meth:`result` waits for it (see :func:`run_forked` for when
    forking is safe). Without ``fork`` (not POSIX), ``fn(item)`` runs in :meth:`result`.

    >>> job = Forked(sum, [1, 2, 3])
    >>> job.result()
    6
    """

    def __init__(self, fn: Callable[[Any], Any], item: Any) -> None:
        self.fn, self.item = fn, item
        self.pid: int | None = None
        if not hasattr(os, "fork"):  # pragma: no cover - not POSIX
            return
        r, w = os.pipe()
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:  # the child: compute, send, and leave without running any clean-up
            code = 0
            try:
                os.close(r)
                _worker_init(parent)  # single-threaded BLAS; ends with this process
                try:
                    data = pickle.dumps((True, fn(item)))
                except BaseException as exc:
                    data = pickle.dumps((False, f"{type(exc).__name__}: {exc}"))
                with os.fdopen(w, "wb") as f:
                    f.write(data)
            except BaseException:
                code = 1
            os._exit(code)
        os.close(w)
        self.pid, self.read_fd = pid, r

    def result(self) -> Any:
        """The child's ``fn(item)``; :class:`JobFailed` when it raised or died."""
        if self.pid is None:  # pragma: no cover - not POSIX
            return self.fn(self.item)
        with os.fdopen(self.read_fd, "rb") as f:
            data = f.read()
        _, status = os.waitpid(self.pid, 0)
        if not data:
            raise JobFailed(f"the job's process died (wait status {status})")
        ok, value = pickle.loads(data)
        if not ok:
            raise JobFailed(value)
        return value


class _Helper:
    """A helper interpreter started with ``subprocess`` (dask workers are daemonic processes,
    which ``multiprocessing`` may not give children): length-prefixed pickles over its stdin
    and stdout, one job at a time, each run in the helper's main thread."""

    def __init__(self) -> None:
        import subprocess
        import sys

        env = {**os.environ, **dict.fromkeys(BLAS_ENV, "1")}
        self.proc = subprocess.Popen(
            [sys.executable, "-c", "from proofs.executors import _helper_main; _helper_main()"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)

    def run(self, blob: bytes) -> tuple[bool, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        try:
            self.proc.stdin.write(len(blob).to_bytes(8, "little") + blob)
            self.proc.stdin.flush()
            head = self.proc.stdout.read(8)
            if len(head) < 8:
                raise EOFError
            return pickle.loads(self.proc.stdout.read(int.from_bytes(head, "little")))
        except (OSError, EOFError, pickle.UnpicklingError) as exc:
            self.close()
            raise JobFailed(f"the job's helper process died ({type(exc).__name__})") from None

    def close(self) -> None:
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                if f is not None:
                    f.close()
            except OSError:
                pass
        try:
            self.proc.wait(timeout=10)
        except Exception:  # still busy: it must not outlive us
            self.proc.kill()


def _helper_main() -> None:
    """The helper's loop (see :class:`_Helper`): until stdin closes."""
    import sys

    import cloudpickle

    limit_blas_threads(1)
    inp, out = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # stray prints must not corrupt the protocol
    while True:
        head = inp.read(8)
        if len(head) < 8:
            return
        fn, item, dims = cloudpickle.loads(inp.read(int.from_bytes(head, "little")))
        try:
            if dims:  # the client's dimension symbols (dim("k") in a paper or a claim file)
                from symbolic.objects import DIMS

                DIMS.update(dims)
            res = (True, fn(item))
        except BaseException as exc:
            res = (False, f"{type(exc).__name__}: {exc}")
        data = pickle.dumps(res)
        out.write(len(data).to_bytes(8, "little") + data)
        out.flush()


_HELPERS: dict[int, _Helper] = {}  # one helper per calling thread


def run_isolated(fn: Callable[[Any], Any], item: Any, dims: dict | None = None) -> Any:
    """``fn(item)`` in the main thread of a helper interpreter started once per calling thread
    and reused (:class:`_Helper`): ``SIGALRM`` time limits work there, and no lock held by
    another thread of this process (dask's event loop, its deserialisation threads) can be
    inherited, as it can by a fork. ``fn`` and ``item`` travel with cloudpickle, with
    ``dims``: the dimension symbols declared where the job was made (``symbolic.objects.DIMS``
    is filled by the modules that declare them, which the helper has not imported).
    """
    import cloudpickle

    me = threading.get_ident()
    helper = _HELPERS.get(me)
    if helper is None or helper.proc.poll() is not None:
        helper = _HELPERS[me] = _Helper()
    try:
        ok, value = helper.run(cloudpickle.dumps((fn, item, dims)))
    except JobFailed:
        _HELPERS.pop(me, None)
        raise
    if not ok:
        raise JobFailed(value)
    return value


def close_helpers() -> None:
    """End the helper interpreters :func:`run_isolated` started in this process."""
    while _HELPERS:
        _, helper = _HELPERS.popitem()
        helper.close()


class DaskExecutor(Executor):
    """Jobs on a ``dask.distributed`` cluster: the one at ``scheduler`` (``tcp://HOST:PORT``),
    or a ``LocalCluster`` of ``workers`` processes started here (``processes=False``: threads
    of this process; each job still runs in a spawned helper). Items are pickled (cloudpickle)
    to the workers."""

    name = "dask"

    def __init__(self, scheduler: str | None = None, workers: int = 2,
                 processes: bool = True):
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError as exc:  # pragma: no cover - dask is an optional extra
            raise RuntimeError("--executor dask needs dask.distributed "
                               "(pip install 'icl-proofcheck[dask]')") from exc
        self.scheduler = scheduler
        self.cluster = None
        if scheduler:
            self.client = Client(scheduler, timeout="20s")
        else:
            self.cluster = LocalCluster(n_workers=max(1, workers), threads_per_worker=1,
                                        processes=processes, dashboard_address=None)
            self.client = Client(self.cluster)

    def describe(self) -> str:
        if self.scheduler:
            return f"dask scheduler {self.scheduler}"
        return f"dask LocalCluster ({len(self.client.scheduler_info()['workers'])} workers)"

    def map(self, fn: Callable[[Any], Any], items: Sequence[Any]) -> list[Any]:
        items = list(items)
        if not items:
            return []
        from symbolic.objects import DIMS

        dims = dict(DIMS)
        futures = self.client.map(run_isolated, [fn] * len(items), items, [dims] * len(items),
                                  pure=False)
        return self.client.gather(futures)

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()
        close_helpers()  # those of in-process (processes=False) workers


def make_executor(kind: str = "local", jobs: int = 1, scheduler: str | None = None
                  ) -> Executor:
    """The executor for ``--executor kind`` (``--scheduler`` implies dask)."""
    if scheduler or kind == "dask":
        return DaskExecutor(scheduler, workers=max(1, jobs))
    if kind != "local":
        raise ValueError(f"unknown executor {kind!r} (known: {', '.join(EXECUTORS)})")
    return LocalExecutor(jobs)
