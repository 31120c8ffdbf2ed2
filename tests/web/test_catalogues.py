"""The web client's two catalogues (app/web/static/i18n) hold exactly the keys the page
uses, and the page stays small and free of HTML injection sinks.

A key is *used* when it is the literal first argument of ``t("…")`` or ``plural("…")``,
a literal value of a lookup table (``code: "ns.key"``, ``[pattern, "ns.key"]``, after ``?``
in a choice or ``return``), or a
``data-i18n`` / ``data-i18n-aria`` attribute of index.html (the convention of
app/web/README.md): so a key built from pieces at run time is a failure here."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from app.web.routes import STATIC_DIR

LANGUAGES = ("en", "fr")
PLURAL = {"zero", "one", "two", "few", "many", "other"}
CALL = re.compile(r"\b(?:t|plural)\(\s*\"([^\"]+)\"")
TABLE = re.compile(r"(?:[:?,]|return)\s*\"([a-z0-9_]+(?:\.[a-z0-9_]+)+)\"")
ATTRIBUTE = re.compile(r"data-i18n(?:-aria)?=\"([^\"]+)\"")


def flatten(tree: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in tree.items():
        path = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict) and not set(value) <= PLURAL:
            out.update(flatten(value, path))
        else:
            out[path] = value
    return out


def catalogue(language: str) -> dict[str, Any]:
    return flatten(json.loads((STATIC_DIR / "i18n" / f"{language}.json").read_text()))


def scripts() -> list[Path]:
    return sorted((STATIC_DIR / "js").rglob("*.js"))


def called_keys() -> set[str]:
    found: set[str] = set()
    for path in scripts():
        found |= set(CALL.findall(path.read_text()))
    found |= set(ATTRIBUTE.findall((STATIC_DIR / "index.html").read_text()))
    return found


def table_keys(namespaces: set[str]) -> set[str]:
    """Literal lookup-table values in a catalogue namespace (event types such as
    "roll.created" are not: they are compared in ``case`` clauses, not looked up)."""
    found: set[str] = set()
    for path in scripts():
        found |= {k for k in TABLE.findall(path.read_text()) if k.split(".")[0] in namespaces}
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_key_the_page_calls_is_in_the_catalogue(language: str) -> None:
    keys = set(catalogue(language))
    namespaces = {k.split(".")[0] for k in keys}
    missing = (called_keys() | (table_keys(namespaces) & set(catalogue("en")))) - keys
    assert not missing, f"{language}.json lacks {sorted(missing)}"
    assert called_keys() <= keys


def test_every_key_of_a_catalogue_is_used_somewhere() -> None:
    keys = set(catalogue("en"))
    namespaces = {k.split(".")[0] for k in keys}
    unused = keys - called_keys() - table_keys(namespaces)
    assert not unused, f"keys no page uses: {sorted(unused)}"


def test_the_two_catalogues_hold_the_same_keys_and_parameters() -> None:
    en, fr = catalogue("en"), catalogue("fr")
    assert set(en) == set(fr)
    for key in en:
        texts = [en[key], fr[key]]
        assert all(isinstance(x, str) for x in texts) or all(isinstance(x, dict) for x in texts)
        params = [set(re.findall(r"\{(\w+)\}", json.dumps(x))) for x in texts]
        assert params[0] == params[1], key
        if isinstance(en[key], dict):
            assert "other" in en[key] and "other" in fr[key], key


def test_the_ruleset_terms_have_their_seed_texts_names_in_french() -> None:
    fr = catalogue("fr")
    expected = {
        "3d6.difficulty.easy": "facile", "3d6.difficulty.medium": "moyenne",
        "3d6.difficulty.hard": "difficile", "3d6.difficulty.legendary": "légendaire",
        "3d6.outcome.success": "réussite", "3d6.outcome.fail": "échec",
        "3d6.outcome.complication": "réussite accompagnée d'une complication",
        "3d6.outcome.botch": "échec complet", "3d6.boon": "coup de chance",
        "matrix.row.body": "corps", "matrix.row.mind": "esprit", "matrix.row.soul": "âme",
        "matrix.column.power": "puissance", "matrix.column.resistance": "résistance",
        "matrix.column.maneuver": "manœuvre", "matrix.column.precision": "précision",
        "matrix.counter.fatigue": "fatigue", "matrix.counter.mortality": "mortalité",
        "matrix.counter.madness": "folie", "matrix.stat.morale": "moral",
        "d20.ability.str": "FOR", "d20.ability.wis": "SAG", "d20.ability.cha": "CHAR",
        "d20.difficulty.extreme": "extrêmement difficile",
        "d20.critical.success": "réussite critique", "d20.critical.failure": "échec critique",
    }  # fmt: skip
    assert {k: fr[k] for k in expected} == expected


def test_javascript_and_css_weigh_at_most_200_kib() -> None:
    files = [*scripts(), *(STATIC_DIR / "css").rglob("*.css")]
    total = sum(path.stat().st_size for path in files)
    assert total <= 200 * 1024, f"{total} bytes of JS and CSS"


def test_no_script_parses_markup() -> None:
    sinks = re.compile(
        r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function"
    )
    for path in scripts():
        code = re.sub(r"(?m)^\s*//.*$", "", path.read_text())  # comments may name them
        assert not sinks.search(code), path
