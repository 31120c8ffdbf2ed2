"""Keeping the catalogues in step with the code: ``fairtable messages``.

Babel's Python extractor reads every ``msg("…")``, ``plural("…", "…", n)``, ``N_("…")``,
``N_plural("…", "…")`` and ``translate("…", language)`` under ``app/`` (the English
templates are the msgids); ``update_catalogues`` adds the new ones to each
``app/locale/<lang>/LC_MESSAGES/messages.po`` with an empty translation (said in English
until someone writes it) and drops the ones no code uses any more.
``tests/core/test_i18n_catalogue.py`` fails until that is done and every new message is
translated.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from app.core.i18n import LOCALE_DIR

APP_DIR = LOCALE_DIR.parent
KEYWORDS = {"msg": (1,), "plural": (1, 2), "N_": (1,), "N_plural": (1, 2), "translate": (1,)}
METHOD_MAP = [("**/web/**", "ignore"), ("**.py", "python")]


def extract() -> Catalog:
    """Every message the code under app/ uses, as a template catalogue."""
    template = Catalog(project="Fairtable", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(APP_DIR), method_map=METHOD_MAP, keywords=KEYWORDS, strip_comment_tags=True
    ):
        where = (f"app/{filename}", lineno)
        template.add(message, None, [where], auto_comments=comments, context=context)
    return template


def update_catalogues(languages: list[str] | None = None) -> list[Path]:
    """Brings each catalogue (or the new ones named) up to date with the code; returns the
    files written. A new language is ``languages=["de"]``: its catalogue is created."""
    template = extract()
    names = set(languages or [])
    names |= {p.parent.parent.name for p in LOCALE_DIR.glob("*/LC_MESSAGES/messages.po")}
    written = []
    for language in sorted(names - {"en"}):
        path = LOCALE_DIR / language / "LC_MESSAGES" / "messages.po"
        if path.exists():
            with path.open("rb") as file:
                catalog = read_po(file, locale=language)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=language, project="Fairtable", fuzzy=False)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()  # a message no code uses leaves the catalogue
        with path.open("wb") as file:
            write_po(file, catalog, width=100, omit_header=False, sort_output=False)
        written.append(path)
    return written
