"""docs/architecture.md stays true: its module map names every module of the three packages
(a paper's own modules and the commands go under ``papers/<key>/`` and
``commands/<name>.py``), and every module it names exists."""

from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"
PACKAGES = ("symbolic", "numeric", "proofs")


def _module_map() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("```\nsymbolic/")
    return text[start:text.index("```", start + 3)]


def _modules() -> list[pathlib.Path]:
    out = []
    for pkg in PACKAGES:
        for p in sorted((ROOT / pkg).rglob("*.py")):
            rel = p.relative_to(ROOT)
            if rel.parts[:2] == ("proofs", "papers") and len(rel.parts) > 3:
                continue  # papers/<key>/
            if rel.parts[:3] == ("proofs", "cli", "commands"):
                continue  # commands/<name>.py
            out.append(rel)
    return out


def test_the_module_map_names_every_module():
    words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", _module_map()))
    missing = []
    for rel in _modules():
        name = rel.parent.name if rel.stem == "__init__" else rel.stem
        if name not in words:
            missing.append(str(rel))
    assert missing == [], f"docs/architecture.md's module map does not name {missing}"


def test_every_module_the_map_names_exists():
    named = set(re.findall(r"([A-Za-z_][A-Za-z0-9_]*)\.py", _module_map()))
    stems = {p.stem for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")}
    assert named - stems == set()
    folders = set(re.findall(r"([a-z_]+)/", _module_map())) - {"papers"}
    dirs = {p.name for pkg in PACKAGES for p in (ROOT / pkg).rglob("*") if p.is_dir()}
    assert folders - dirs - set(PACKAGES) == set()
