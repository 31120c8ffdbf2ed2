"""The server's catalogues match the code: a message the code uses and no catalogue
translates fails here, and so does a translation no code uses. Run ``fairtable messages``
to bring the catalogues in step, then translate what it added."""

from __future__ import annotations

import re
import string

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from app.core.i18n import LOCALE_DIR, catalogues, server_languages
from app.core.i18n_catalogue import extract

LANGUAGES = [lang for lang in server_languages() if lang != "en"]


def _catalog(language: str) -> Catalog:
    with (LOCALE_DIR / language / "LC_MESSAGES" / "messages.po").open("rb") as file:
        return read_po(file, locale=language)


def _key(message_id: str | tuple[str, ...] | list[str]) -> str:
    return message_id if isinstance(message_id, str) else str(message_id[0])


def _fields(text: str) -> set[str]:
    return {f for _, f, spec, conv in string.Formatter().parse(text) if f is not None}


@pytest.fixture(scope="module")
def used() -> dict[str, str | tuple[str, ...]]:
    return {_key(m.id): m.id for m in extract() if m.id}


def test_french_is_a_server_language() -> None:
    assert "fr" in LANGUAGES


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_the_code_uses_is_translated(
    language: str, used: dict[str, str | tuple[str, ...]]
) -> None:
    translated = {_key(m.id) for m in _catalog(language) if m.id and m.string and all(m.string)}
    missing = sorted(set(used) - translated)
    assert not missing, f"run `fairtable messages`, then translate in {language}: {missing}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalogue_holds_no_message_the_code_does_not_use(
    language: str, used: dict[str, str | tuple[str, ...]]
) -> None:
    catalog = _catalog(language)
    unused = sorted(_key(m.id) for m in catalog if m.id and _key(m.id) not in used)
    assert not unused, f"run `fairtable messages` to drop them: {unused}"
    assert not catalog.obsolete
    assert not [m.id for m in catalog if m.fuzzy and m.id]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_translation_fills_the_same_placeholders(language: str) -> None:
    for message in _catalog(language):
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        texts = [message.string] if isinstance(message.string, str) else list(message.string)
        wanted = set().union(*(_fields(i) for i in ids))
        for text in texts:
            assert _fields(text) <= wanted, (message.id, text)
            assert _fields(text) >= _fields(ids[0]) - {"count"}, (message.id, text)


def test_french_typography_is_consistent() -> None:
    """A no-break space before : ; ? ! (not a plain one, not none) in every French text."""
    for message in _catalog("fr"):
        if not message.id:
            continue
        texts = [message.string] if isinstance(message.string, str) else list(message.string)
        for text in texts:
            assert not re.search(r" [:;?!](\s|$)", text), text
            # placeholders, quoted code, URLs and HTTP header names (If-Match:) are not prose
            words = re.sub(r"\{[^}]*\}|'[^']*'|\"[^\"]*\"|\S+://\S+|If-Match:", "", text)
            assert not re.search(r"[^\u00a0\s][:;?!](\s|$)", words), text


def test_catalogues_are_read_from_the_po_files_without_a_build_step() -> None:
    assert not list(LOCALE_DIR.rglob("*.mo"))
    assert catalogues()["fr"].texts["no such roll"] == "jet introuvable"
