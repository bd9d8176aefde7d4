"""Run state travels in explicit contexts: the runner's :class:`~proofs.runner.RunContext` in
every job, the cascade's :class:`~numeric.stages.protocol.CheckContext` between the stages of a
check; no module of ``symbolic/``, ``numeric/`` or ``proofs/`` keeps run state in a module-level
mutable global (the caches, memo tables and registries below are named and allowed)."""

from __future__ import annotations

import ast
import pathlib
import pickle
from typing import Any

import proofs.runner as runner
from numeric.budget import Budget
from proofs.executors import Executor, LocalExecutor
from proofs.runner import RunContext, check_claim, run_entries
from proofs.store.cache import ResultStore
from symbolic import Claim, scalar
from symbolic.verdict import Status

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGES = ("symbolic", "numeric", "proofs")
QUICK = Budget.get("quick")
x = scalar("x")

#: module-level mutable globals that are not run state: (module, name) -> what they are
ALLOWED = {
    # registries, filled once as modules are imported (declarations, plug-ins)
    ("symbolic.claim", "RESERVED_PREFIXES"): "the paper keys' id prefixes (registry)",
    ("symbolic.declared", "OPERATORS"): "declared node classes (registry)",
    ("symbolic.declared", "FUNCTIONS"): "declared scalar functions (registry)",
    ("symbolic.declared", "BY_CLASS"): "declared scalar functions by class (registry)",
    ("symbolic.hooks", "_LATEX"): "LaTeX printers the printer modules register",
    ("symbolic.hooks", "_READERS"): "readers the parser modules register",
    ("symbolic.objects", "DIMS"): "dimension symbols declared by name (registry)",
    ("numeric.prover.facts", "LIBRARY"): "library facts (registry)",
    ("numeric.prover.facts", "FACTS"): "library fact generators (registry)",
    ("numeric.prover.facts", "PAIR_FACTS"): "library pair-fact generators (registry)",
    ("numeric.prover.facts", "GIVES"): "what each library fact gives (registry)",
    ("numeric.prover.facts", "PAIR_KINDS"): "pair-fact kinds (registry)",
    ("numeric.prover.facts", "HYPOTHESIS_FACTS"): "facts read off hypotheses (registry)",
    # memo tables: bounded, keyed by what they depend on, the same answer whoever asks
    ("symbolic.claim", "_CHECKED_CLAIMS"): "memo of checked claims (bounded)",
    ("symbolic.claim", "_DEFINED_SOMEWHERE"): "memo of definedness checks",
    ("symbolic.derivation", "_FORMULAS"): "memo of derivative formulas (bounded)",
    ("symbolic.explicit", "_SHARED"): "LRU of explicit instances (bounded)",
    ("symbolic.plan", "_TRACED"): "memo of traced plans (bounded)",
    ("symbolic.prop", "_CHECKED"): "memo of checked expressions (bounded)",
    ("symbolic.walk", "_HANDLERS"): "memo of the walker's handler per node type",
    ("numeric.kernel.obligations", "_DISCHARGED"): "memo of discharged obligations (bounded)",
    ("numeric.search.confirm", "_MEMO"): "memo of the latest claim's confirmations",
    ("numeric.search.sampler", "_PLANS"): "memo of sampling plans per claim and layout",
    ("proofs.tex.paper", "_READ"): "memo of papers read, by root, key, ids and files' times "
                                   "(bounded)",
    ("proofs.review.corrections", "_MEMO"): "memo of correction trials",
    ("proofs.store.cache", "_DIGESTS"): "memo of content digests by claim identity",
    # process plumbing
    ("symbolic.timeout", "_SHIELD"): "open shielded blocks: the signal handler's cell",
    ("proofs.executors", "_WORK"): "a pool worker's map, set only in the worker process",
    ("proofs.executors", "_HELPERS"): "helper interpreters per calling thread (a pool)",
}

MUTATORS = {"append", "extend", "insert", "pop", "popitem", "clear", "update", "setdefault",
            "add", "discard", "remove", "sort", "reverse", "appendleft", "move_to_end",
            "__setitem__", "__delitem__"}
CONTAINERS = {"dict", "list", "set", "OrderedDict", "defaultdict", "deque", "Counter",
              "WeakKeyDictionary", "WeakValueDictionary", "WeakSet"}


def _modules() -> dict[str, pathlib.Path]:
    out = {}
    for pkg in PACKAGES:
        for p in sorted((ROOT / pkg).rglob("*.py")):
            out[".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")] = p
    return out


def _is_container(value: ast.expr) -> bool:
    if isinstance(value, (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp,
                          ast.SetComp)):
        return True
    if isinstance(value, ast.Call):
        f = value.func
        return (f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)) in CONTAINERS
    return False


def mutated_globals(source: str) -> set[str]:
    """Module-level names bound to a mutable container and mutated inside a function (a
    mutating method, an item assigned or deleted), or rebound there (``global``).

    >>> sorted(mutated_globals("A = {}\\nB = []\\nC = set()\\nD = {}\\n"
    ...                        "def f():\\n    A['k'] = 1\\n    B.append(2)\\n    D.get(3)\\n"
    ...                        "def g():\\n    global E\\n    E = 1\\n"))
    ['A', 'B', 'E']
    """
    tree = ast.parse(source)
    containers: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        if _is_container(value):
            containers |= {t.id for t in targets if isinstance(t, ast.Name)}
    out: set[str] = set()
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        for n in ast.walk(fn):
            if isinstance(n, ast.Global):
                out.update(n.names)
            elif (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                  and isinstance(n.func.value, ast.Name) and n.func.value.id in containers
                  and n.func.attr in MUTATORS):
                out.add(n.func.value.id)
            elif isinstance(n, (ast.Assign, ast.AugAssign, ast.Delete)):
                targets = [n.target] if isinstance(n, ast.AugAssign) else n.targets
                out |= {t.value.id for t in targets if isinstance(t, ast.Subscript)
                        and isinstance(t.value, ast.Name) and t.value.id in containers}
    return out


def test_no_run_state_in_module_globals():
    found = {(m, name) for m, p in _modules().items()
             for name in mutated_globals(p.read_text(encoding="utf-8"))}
    unexpected = sorted(found - set(ALLOWED))
    assert unexpected == [], ("module-level mutable state (pass it in a context, or name it "
                              f"in ALLOWED with what it is): {unexpected}")


def test_the_old_run_globals_are_gone():
    mods = _modules()
    for m, names in {"proofs.runner": ("_ACTIVE", "_PROGRESS", "_STORE"),
                     "numeric.stages.sampling.core": ("_FIRST",),
                     "numeric.stages.probe": ("_FIRST",)}.items():
        tree = ast.parse(mods[m].read_text(encoding="utf-8"))
        bound = {t.id for n in tree.body if isinstance(n, (ast.Assign, ast.AnnAssign))
                 for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
                 if isinstance(t, ast.Name)}
        assert not bound & set(names), m
    assert not hasattr(runner, "using_store")  # every caller passes its store


def test_jobs_carry_the_run_context_and_pickle():
    run = RunContext(QUICK, 4, progress=print, store=ResultStore("."))
    remote = run.for_jobs(local=False)
    assert (remote.budget, remote.seed, remote.progress, remote.store) == (QUICK, 4, None, None)
    local = run.for_jobs(local=True)
    assert local.progress is print and local.store is None
    job = runner._Job(2, 5, runner._Attempt(Claim("t:extra-1", x**2, ">=", 0), [{"x": 1.0}]),
                      None, remote, digests=True)
    back = pickle.loads(pickle.dumps(job))
    assert back.run == remote and back.index == 2 and back.checked[0].id == "t:extra-1"
    v, cv, texts, digests = runner._check_job(back)
    assert texts[0][0] == str(job.checked[0].prop)
    assert v.status is Status.PROVED and cv is None and len(digests) == 1
    assert v.details["replay_candidates"] == 1


class _Pickling(Executor):
    """Runs each job after a pickle round trip, as a remote worker gets it."""

    name = "remote"

    def map(self, fn: Any, items: Any) -> list[Any]:
        return [fn(pickle.loads(pickle.dumps(item))) for item in items]


def test_progress_stays_local_and_results_do_not_depend_on_the_executor():
    claims = [Claim(f"t:extra-{k}", x**2 + k, ">=", k) for k in range(3)]
    seen: list[str] = []
    here = run_entries(claims, "quick", 1, progress=seen.append, executor=LocalExecutor(1))
    assert any(s.startswith("[1/3] t:extra-0") for s in seen)
    seen.clear()
    there = run_entries(claims, "quick", 1, progress=seen.append, executor=_Pickling())
    assert not any(s.startswith("[") for s in seen)  # a callback does not cross processes
    forked = run_entries(claims, "quick", 1, jobs=2)
    key = [(r.id, r.status, r.verdict.method, r.verdict.seed) for r in here]
    assert key == [(r.id, r.status, r.verdict.method, r.verdict.seed) for r in there]
    assert key == [(r.id, r.status, r.verdict.method, r.verdict.seed) for r in forked]


def test_check_claim_store_is_explicit(tmp_path):
    c = Claim("t:extra-1", x**2, ">=", 0)
    store = ResultStore(str(tmp_path))
    v = check_claim(c, "quick", 0, store=store)
    assert store.get(c, QUICK, 0).status is v.status
    other = ResultStore(str(tmp_path / "b"))
    check_claim(c, "quick", 0)  # no store: nothing is kept anywhere
    assert other.get(c, QUICK, 0) is None
    assert check_claim(c, "quick", 0, store=store).status is v.status  # read back


def test_the_job_dataclass_is_what_workers_get(monkeypatch, tmp_path):
    got: list[runner._Job] = []
    real = runner._check_job

    def spy(job: runner._Job) -> Any:
        got.append(job)
        return real(job)

    monkeypatch.setattr(runner, "_check_job", spy)
    c = Claim("t:extra-1", x**2, ">=", 0)
    run_entries([c], "quick", 7, store=ResultStore(str(tmp_path)))
    (job,) = got
    assert job.run == RunContext(QUICK, 7) and job.digests  # the parent keeps the verdicts
    assert job.checked == (c, None) and job.total == 1
