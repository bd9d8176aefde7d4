"""The results store (reuse, damage, --lf, concurrency) and the executors (the JSON is the same
whatever runs the jobs)."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest

from proofs import registry
from proofs.cli import main
from proofs.executors import LocalExecutor, run_forked
from proofs.runner import run_entries
from proofs.store.cache import ResultStore, content_digest
from proofs.store.results_json import to_json
from symbolic import Claim, scalar
from symbolic.verdict import Status, Verdict

SLICE = ["closeness:fact-3.2:item-5", "closeness:fact-3.1:item-2", "closeness:lemma-3.3"]
#: for the executors: a matrix claim whose dimension k is declared by the paper module
DASK_SLICE = [*SLICE, "closeness:fact-3.2:item-4"]


def _strip(x: Any) -> Any:
    """The JSON without timings (``seconds``, ``versions``)."""
    if isinstance(x, dict):
        return {k: _strip(v) for k, v in x.items() if k not in ("seconds", "versions")}
    if isinstance(x, list):
        return [_strip(v) for v in x]
    return x


def _entries():
    return [e for t in SLICE for e in registry.resolve(t)]


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    """A working directory of its own, with the store on."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PROOFCHECK_CACHE", "on")
    return tmp_path


def test_store_round_trip_and_keys(tmp_path):
    x = scalar("x")
    c = Claim("t:extra-1", x**2 + 1, ">=", 1)
    store = ResultStore(str(tmp_path))
    v = Verdict(Status.REFUTED, "sampling", True, "m", slack=1.5, witness={"x": [[2.0]]},
                seed=7, details={"stages": ("a", "b"), "inf": float("inf")}, seconds=0.25)
    store.put(c, "quick", 3, v)
    back = store.get(c, "quick", 3)
    assert (back.status, back.rigorous, back.slack, back.witness, back.seed) == (
        Status.REFUTED, True, 1.5, {"x": [[2.0]]}, 7)
    assert back.details == {"stages": ["a", "b"], "inf": float("inf")}
    # every part of the key matters
    assert store.get(c, "quick", 4) is None
    assert store.get(c, "default", 3) is None
    assert store.get(c.with_(rhs=2), "quick", 3) is None
    assert store.get(c.with_(id="t:extra-2"), "quick", 3) is None
    assert content_digest(c) == content_digest(c.with_(id="t:extra-2", source="elsewhere"))
    # errors are never stored
    store.put(c, "quick", 5, Verdict(Status.ERROR, "runner"))
    assert store.get(c, "quick", 5) is None


@pytest.mark.parametrize("damage", ["truncate", "garbage", "tamper", "other-key", "binary"])
def test_damaged_entry_is_ignored_and_rewritten(tmp_path, damage):
    x = scalar("x")
    c = Claim("t:extra-1", x**2, ">=", 0)
    store = ResultStore(str(tmp_path))
    store.put(c, "quick", 0, Verdict(Status.PROVED, "exact", True, "square"))
    path = store._object(store.key(c, "quick", 0))
    raw = path.read_text()
    if damage == "truncate":
        path.write_text(raw[: len(raw) // 2])
    elif damage == "garbage":
        path.write_text("not json at all")
    elif damage == "tamper":  # valid JSON, but the verdict no longer matches its checksum
        path.write_text(raw.replace('"proved"', '"refuted"'))
    elif damage == "other-key":
        doc = json.loads(raw)
        doc["key"] = "0" * 64
        path.write_text(json.dumps(doc))
    else:
        path.write_bytes(b"\xff\xfe\x00garbage")
    assert store.get(c, "quick", 0) is None and store.damaged == 1
    assert store.latest(c) is None
    # the runner checks the claim again and rewrites a whole entry
    out = run_entries([c], "quick", 0, store=store)
    assert out[0].status is Status.PROVED
    assert json.loads(path.read_text())["verdict"]["status"] == "proved"
    assert ResultStore(str(tmp_path)).get(c, "quick", 0).status is Status.PROVED


def test_concurrent_writers_leave_whole_entries(tmp_path):
    x = scalar("x")
    claims = [Claim(f"t:extra-{k}", x**2 + k, ">=", k) for k in range(8)]
    store = ResultStore(str(tmp_path))

    def write(tag: int) -> None:
        for _ in range(10):
            for c in claims:
                store.put(c, "quick", 0, Verdict(Status.PROVED, "exact", True, f"w{tag}"))

    threads = [threading.Thread(target=write, args=(t,)) for t in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    fresh = ResultStore(str(tmp_path))
    assert all(fresh.get(c, "quick", 0).status is Status.PROVED for c in claims)
    assert fresh.damaged == 0
    leftovers = [p for p in Path(tmp_path).rglob("*") if p.name.startswith(".proofcheck-")]
    assert leftovers == []


def test_check_reuses_the_store_and_no_cache_ignores_it(in_tmp, monkeypatch, capsys):
    import proofs.runner as runner

    assert main(["check", *SLICE, "--budget", "quick", "--jobs", "1", "-q",
                 "--json", "a.json"]) == 0
    first = json.loads(Path("a.json").read_text())
    calls: list[str] = []
    real = runner._check  # what each job runs, with the budget resolved once by the run
    monkeypatch.setattr(runner, "_check",
                        lambda c, *a, **k: calls.append(c.id) or real(c, *a, **k))
    assert main(["check", *SLICE, "--budget", "quick", "--jobs", "1", "-q",
                 "--json", "b.json"]) == 0
    assert calls == []  # everything came from the store
    assert json.loads(Path("b.json").read_text())["results"] == first["results"]
    assert main(["check", SLICE[0], "--budget", "quick", "--jobs", "1", "-q",
                 "--no-cache"]) == 0
    assert calls == ["closeness:fact-3.2:item-5"]
    capsys.readouterr()


def test_last_failed_selects_failed_entries(in_tmp, capsys):
    user = in_tmp / "mine.py"
    user.write_text("import sympy as sp\nfrom symbolic import Claim, scalar\n"
                    "x = scalar('x')\n"
                    "good = Claim('mine:extra-good', x**2, '>=', 0)\n"
                    "bad = Claim('mine:extra-bad', x**2, '>=', 1)\n")
    assert main(["check", str(user), "--budget", "quick", "--jobs", "1", "-q"]) == 1
    failed = ResultStore(".").last_failed()
    assert failed == {"mine:extra-bad": "refuted"}
    capsys.readouterr()
    assert main(["check", str(user), "--budget", "quick", "--jobs", "1", "--lf"]) == 1
    out = capsys.readouterr()
    assert "mine:extra-bad" in out.out and "mine:extra-good" not in out.out
    assert "1 of 2 entries" in out.err


def test_errata_after_check_reads_the_store(in_tmp, monkeypatch, capsys):
    import proofs.runner as runner

    assert main(["check", *SLICE, "--budget", "quick", "--jobs", "1", "-q"]) == 0
    store = ResultStore(".")
    entries = _entries()
    calls: list[str] = []
    real = runner._check  # what each job runs, with the budget resolved once by the run
    monkeypatch.setattr(runner, "_check",
                        lambda c, *a, **k: calls.append(c.id) or real(c, *a, **k))
    res = run_entries(entries, "default", 0, store=store, latest=True)
    assert calls == [] and store.used == {("quick", 0)}
    assert {r.id for r in res} >= set(SLICE)


def test_run_forked_runs_in_a_main_thread_of_its_own():
    out: list[Any] = []
    t = threading.Thread(target=lambda: out.append(run_forked(_main_thread_pid, 0)))
    t.start()
    t.join()
    is_main, pid = out[0]
    assert is_main and pid != os.getpid()


def _main_thread_pid(_: Any) -> tuple[bool, int]:
    return threading.current_thread() is threading.main_thread(), os.getpid()


@pytest.mark.slow  # about 10 s: a 2-worker LocalCluster and the slice checked twice
def test_dask_local_cluster_gives_the_local_json():
    pytest.importorskip("dask.distributed")
    from proofs.executors import DaskExecutor

    entries = [e for t in DASK_SLICE for e in registry.resolve(t)]
    local = run_entries(entries, "quick", 0, executor=LocalExecutor(1))
    # worker processes (daemonic, as a real cluster's): each job in a helper interpreter
    with DaskExecutor(workers=2, processes=True) as ex:
        remote = run_entries(entries, "quick", 0, executor=ex)
    a = _strip(json.loads(to_json(local, 0, "quick")))
    b = _strip(json.loads(to_json(remote, 0, "quick")))
    assert a == b and len(a["results"]) >= 3


def test_mutation_outcomes_do_not_depend_on_the_executor():
    from proofs.tools import mutation

    entries = registry.resolve("closeness:fact-3.1:item-1")
    one = mutation.run(entries, "slice", "quick", 0, limit=6)
    two = mutation.run(entries, "slice", "quick", 0, limit=6, executor=LocalExecutor(2))
    strip = lambda rep: _strip([o.to_json() for o in rep.outcomes])  # noqa: E731
    assert strip(one) == strip(two) and len(one.outcomes) == 6
    assert {k: v.status for k, v in one.originals.items()} == {
        k: v.status for k, v in two.originals.items()}


def test_latest_keeps_claims_that_share_an_id(tmp_path):
    """A proof chain's owed conclusion shares its statement's id: both stay readable."""
    x = scalar("x")
    a = Claim("t:lemma-1", x**2, ">=", 0)
    b = Claim("t:lemma-1", x**2 + 1, ">=", 1)
    store = ResultStore(str(tmp_path))
    store.put(a, "quick", 0, Verdict(Status.PROVED, "exact", True, "a"))
    store.put(b, "quick", 0, Verdict(Status.SUPPORTED, "sampling", False, "b"))
    assert store.latest(a).message == "a" and store.latest(b).message == "b"


def test_report_reuses_stored_derivations(in_tmp, monkeypatch, capsys):
    from proofs.review import pipeline

    calls = Path("calls.txt")  # the derivations run in a forked process: count them in a file
    real = pipeline.shown

    def counted(paper, *a, **k):
        with calls.open("a") as f:
            f.write(paper.key + "\n")
        return real(paper, ["closeness:extra-grad-a-exp"], **k)

    monkeypatch.setattr(pipeline, "shown", counted)
    monkeypatch.setattr("proofs.runner.run_entries", lambda *a, **k: [])
    assert main(["report", "closeness", "-o", "a.tex", "-q"]) == 0
    assert main(["report", "closeness", "-o", "b.tex", "-q"]) == 0
    assert calls.read_text().split() == ["closeness"]  # the second report read the store
    a, b = Path("a.tex").read_text(), Path("b.tex").read_text()
    assert a == b and "Symbolic derivations" in a
    capsys.readouterr()
