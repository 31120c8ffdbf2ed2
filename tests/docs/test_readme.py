"""The README is the operator's reference: every setting the server reads is in its table,
and the docs it links to exist in the repository."""

from __future__ import annotations

import re
from pathlib import Path

from app.core.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_lists_every_setting() -> None:
    readme = (ROOT / "README.md").read_text()
    missing = [
        f"VTT_{name.upper()}"
        for name in Settings.model_fields
        if f"VTT_{name.upper()}" not in readme
    ]
    assert not missing, f"README.md's settings table lacks {missing}"


def test_every_doc_the_repository_links_to_is_in_it() -> None:
    broken = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for target in re.findall(r"\]\(([^)#\s]+\.md)(?:#[^)]*)?\)", page.read_text()):
            if not (page.parent / target).resolve().exists():
                broken.append(f"{page.name} -> {target}")
    assert not broken, broken
