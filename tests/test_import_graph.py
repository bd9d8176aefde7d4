"""The house rules of the import graph: no cycle between modules, and nothing outside
``proofs/papers/`` that names a paper (the registry's table of built-ins aside).

Every import counts: at module level, inside functions and methods (``_repr_latex_`` included),
relative imports, and ``importlib.import_module`` (a literal name, an f-string's literal
prefix, or, for a computed name, every module the file names in a string literal).
"""

from __future__ import annotations

import ast
import functools
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGES = ("symbolic", "numeric", "proofs")
DYNAMIC = {"import_module", "__import__"}


@functools.cache
def _parse(path: pathlib.Path, mtime_ns: int, size: int) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def tree(path: pathlib.Path) -> ast.Module:
    """The syntax tree of ``path``, parsed once per version of the file (parsing the ~160
    modules takes about 2 s; this file's tests and ``test_layering.py`` all read them).
    Callers only read the tree."""
    st = path.stat()
    return _parse(path, st.st_mtime_ns, st.st_size)


def modules() -> dict[str, pathlib.Path]:
    out = {}
    for pkg in PACKAGES:
        for p in (ROOT / pkg).rglob("*.py"):
            name = ".".join(p.relative_to(ROOT).with_suffix("").parts)
            out[name.removesuffix(".__init__")] = p
    return out


def _dynamic_targets(arg: ast.expr | None, module: str, strings: set[str],
                     known: set[str]) -> set[str]:
    """Modules an ``importlib.import_module(arg)`` call may load."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return {arg.value}
    if isinstance(arg, ast.JoinedStr):
        prefix = ""
        for part in arg.values:
            if isinstance(part, ast.Constant):
                prefix += str(part.value)
            elif isinstance(part.value, ast.Name) and part.value.id == "__name__":
                prefix += module
            else:
                break
        return {k for k in known if k.startswith(prefix)}
    return strings & known  # a computed name: the module names this file spells out


def imports_of(path: pathlib.Path, known: set[str], module: str = "") -> set[str]:
    """Modules ``path`` (the module named ``module``) imports anywhere; ``from pkg import sub``
    counts as importing ``pkg.sub``."""
    root = tree(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    strings = {n.value for n in ast.walk(root)
               if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    out: set[str] = set()
    for node in ast.walk(root):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - (node.level - 1)]
                base = ".".join(parts + ([base] if base else []))
            subs = {f"{base}.{a.name}" for a in node.names} & known
            out.update(subs)
            if len(subs) < len(node.names):
                out.add(base)
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name in DYNAMIC:
                out |= _dynamic_targets(node.args[0] if node.args else None, module, strings,
                                        known)
    return out & known


@functools.cache
def _graph() -> dict[str, frozenset[str]]:
    mods = modules()
    return {m: frozenset(imports_of(p, set(mods), m) - {m}) for m, p in mods.items()}


def graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports (computed once per run; a fresh copy)."""
    return {m: set(t) for m, t in _graph().items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycle():
    found = cycles(graph())
    assert found == [], "import cycles (function-level imports included): " + "; ".join(
        " <-> ".join(c) for c in found)


def test_scanner_reads_every_kind_of_import(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    mod = pkg / "mod.py"
    mod.write_text(
        "import importlib\n"
        "class C:\n"
        "    def _repr_latex_(self):\n"
        "        from pkg.a import f\n"
        "def g():\n"
        "    from . import b\n"
        "    importlib.import_module('pkg.c')\n"
        "    importlib.import_module(f'pkg.sub.{g}')\n"
        "TABLE = {'x': 'pkg.e'}\n"
        "def h(k):\n"
        "    return importlib.import_module(TABLE[k])\n")
    known = {"pkg", "pkg.a", "pkg.b", "pkg.c", "pkg.sub.d", "pkg.e", "pkg.mod"}
    assert imports_of(mod, known, "pkg.mod") == {"pkg.a", "pkg.b", "pkg.c", "pkg.sub.d",
                                                 "pkg.e"}


def test_cycle_finder_sees_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def _paper_keys() -> list[str]:
    from proofs.registry import BUILTIN

    keys = list(BUILTIN)
    return keys + [k.replace("-", "_") for k in keys]


def names_a_paper(path: pathlib.Path, keys: list[str]) -> list[str]:
    """String literals (docstrings aside) and identifiers in ``path`` that name a paper key."""
    pat = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, keys)) + r")(?![\w-])")
    root = tree(path)
    docs = {id(n.body[0].value) for n in ast.walk(root)
            if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and n.body and isinstance(n.body[0], ast.Expr)
            and isinstance(n.body[0].value, ast.Constant)}
    hits = []
    for n in ast.walk(root):
        text = None
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
            text = n.value
        elif isinstance(n, ast.Name):
            text = n.id
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            text = " ".join([getattr(n, "module", None) or ""] + [a.name for a in n.names])
        if text and pat.search(text):
            hits.append(f"{path.relative_to(ROOT)}:{n.lineno}: {text[:60]!r}")
    return hits


def test_no_paper_named_outside_its_folder():
    keys = _paper_keys()
    hits = []
    for p in modules().values():
        rel = p.relative_to(ROOT).parts
        if rel[:2] == ("proofs", "papers") or rel == ("proofs", "registry.py"):
            continue
        hits += names_a_paper(p, keys)
    assert hits == []


def test_paper_finder_sees_a_paper_name(tmp_path):
    f = tmp_path / "m.py"
    f.write_text('"""closeness in a docstring is fine."""\nKEY = "tensor-trick:lemma-1"\n')
    f = f.rename(ROOT / "tests" / "_tmp_names_a_paper.py")
    try:
        assert names_a_paper(f, _paper_keys()) == [
            "tests/_tmp_names_a_paper.py:2: 'tensor-trick:lemma-1'"]
    finally:
        f.unlink()
