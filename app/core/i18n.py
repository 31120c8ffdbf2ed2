"""The server's languages: gettext catalogues, the request's language, translation.

Messages are written in English in the code (``msg("no roll {roll_id} …", roll_id=rid)``,
see ``app.rules.message``) and stay English ``str`` values everywhere; they are said in
another language only where they leave the server for a person: a problem answer in the
request's language (``Accept-Language``), a notice in the campaign's language.

Catalogues are ``app/locale/<lang>/LC_MESSAGES/messages.po``, read with Babel when the
module is first used: no compile step, so a fresh clone serves French at once and a
compiled file can never be stale. English is the source language and has no catalogue; a
message missing from a catalogue (a new error written by another feature) is said in
English until the catalogue is updated (docs/api.md, *Languages*). A language exists when
its folder exists: adding one is adding a catalogue.
"""

from __future__ import annotations

import gettext
import logging
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.rules.message import Msg, msg, plural

__all__ = [
    "DEFAULT_LANGUAGE",
    "LanguageMiddleware",
    "Msg",
    "campaign_language",
    "current_language",
    "languages",
    "localize",
    "message_of",
    "msg",
    "negotiate",
    "plural",
    "server_languages",
    "translate",
]

log = logging.getLogger("fairtable")

DEFAULT_LANGUAGE = "en"  # the source language: the code's own text
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
WEB_CATALOGUES = Path(__file__).resolve().parent.parent / "web" / "static" / "i18n"

_language: ContextVar[str] = ContextVar("fairtable_language", default=DEFAULT_LANGUAGE)


@dataclass(frozen=True, slots=True)
class Catalogue:
    """One language's translations: msgid -> text, or msgid -> plural forms."""

    texts: Mapping[str, str | tuple[str, ...]]
    plural_index: Callable[[int], int]


def _read(path: Path, language: str) -> Catalogue:
    with path.open("rb") as file:
        catalog = read_po(file, locale=language)
    texts: dict[str, str | tuple[str, ...]] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple | list):
            forms = tuple(str(s) for s in message.string or ())
            if all(forms):
                texts[str(message.id[0])] = forms
        elif message.string:
            texts[str(message.id)] = str(message.string)
    return Catalogue(texts, gettext.c2py(catalog.plural_expr))


@cache
def catalogues() -> dict[str, Catalogue]:
    """Every catalogue under app/locale, read once per process."""
    found: dict[str, Catalogue] = {}
    for po in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/messages.po")):
        language = po.parent.parent.name
        if language != DEFAULT_LANGUAGE:
            found[language] = _read(po, language)
    return found


@cache
def server_languages() -> tuple[str, ...]:
    """The languages the server's own messages are written in: English and a catalogue
    each. ``Accept-Language`` is negotiated among these."""
    return (DEFAULT_LANGUAGE, *sorted(catalogues()))


@cache
def languages() -> tuple[str, ...]:
    """The languages a campaign may choose: the server's, and those the web client has a
    catalogue for (``app/web/static/i18n/<lang>.json``); a language only the web client
    speaks gets the server's words in English."""
    web = {p.stem for p in WEB_CATALOGUES.glob("*.json")} if WEB_CATALOGUES.is_dir() else set()
    return tuple(sorted(set(server_languages()) | web))


@lru_cache(maxsize=512)
def negotiate(accept_language: str | None) -> str:
    """The best server language for an ``Accept-Language`` value (RFC 9110 §12.5.4):
    the highest q-value wins, a region falls back to its language (``fr-CA`` → ``fr``),
    ties go to the first listed; nothing acceptable (or ``*``) means English."""
    if not accept_language:
        return DEFAULT_LANGUAGE
    offered = server_languages()
    best, best_q = DEFAULT_LANGUAGE, 0.0
    for item in accept_language[:1000].split(","):
        tag, _, params = item.strip().partition(";")
        tag = tag.strip().lower()
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if not 0.0 < q <= 1.0:
            continue
        language = tag if tag in offered else tag.split("-")[0]
        if language in offered and q > best_q:
            best, best_q = language, q
    return best


def message_of(exc: BaseException) -> str:
    """An exception's message, still translatable (``str(exc)`` would copy it into a
    plain ``str`` and lose its template)."""
    if len(exc.args) == 1 and isinstance(exc.args[0], Msg):
        return exc.args[0]
    return str(exc)


def current_language() -> str:
    """The language of the request being answered (English outside a request)."""
    return _language.get()


def _format(template: str, params: Mapping[str, Any], fallback: str) -> str:
    try:
        return template.format(**params) if params else template
    except (KeyError, IndexError, ValueError):  # a broken translation: say it in English
        log.warning("translation %r does not fit its parameters", template)
        return fallback


def translate(message: str, language: str, /, **params: Any) -> str:
    """``message`` (a ``Msg``, or a msgid filled with ``params``) in ``language``.

    The function other features call for words to people: ``translate("{name} rolled
    {total}", campaign_language(settings), name=n, total=t)``. Parameters that are
    messages themselves are translated too; an unknown language or a missing
    translation gives the English text."""
    if isinstance(message, Msg):
        values = {**message.params, **params}
        msgid, plural_id, count, english = (
            message.msgid,
            message.plural_id,
            message.number,
            str(message),
        )
    else:
        values, msgid, plural_id, count = dict(params), message, None, None
        english = _format(message, values, message)
    catalogue = catalogues().get(language)
    found = catalogue.texts.get(msgid) if catalogue is not None else None
    if found is None or catalogue is None:  # English, or not translated yet
        if params and isinstance(message, Msg):
            source = msgid if plural_id is None or count == 1 else plural_id
            return _format(source, values, english)
        return english
    if isinstance(found, tuple):
        index = catalogue.plural_index(count if count is not None else 1)
        template = found[min(index, len(found) - 1)]
    else:
        template = found
    values = {k: translate(v, language) if isinstance(v, Msg) else v for k, v in values.items()}
    return _format(template, values, english)


def localize(value: Any, language: str) -> Any:
    """``value`` (a problem body: dicts, lists, strings) with every ``Msg`` in it said in
    ``language``; other values unchanged."""
    if isinstance(value, Msg):
        return translate(value, language)
    if isinstance(value, dict):
        return {k: localize(v, language) for k, v in value.items()}
    if isinstance(value, list):
        return [localize(v, language) for v in value]
    return value


def campaign_language(settings: Mapping[str, Any]) -> str:
    """The language of a campaign's words for people, from its stored settings (old
    campaigns without the key, or with a language since removed, speak English)."""
    language = settings.get("language", DEFAULT_LANGUAGE)
    return language if isinstance(language, str) and language in languages() else "en"


class LanguageMiddleware:
    """Negotiates each request's language once: the problem handlers and the middleware
    that answer by themselves read it with ``current_language()``, and every HTTP answer
    says it in ``Content-Language``. Per request (a context variable), never global."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        accept = None
        for key, value in scope["headers"]:
            if key == b"accept-language":
                accept = value.decode("latin-1")
                break
        language = negotiate(accept)
        header = (b"content-language", language.encode("ascii"))
        token = _language.set(language)

        async def send_with_language(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                if not any(k.lower() == b"content-language" for k, _ in headers):
                    headers.append(header)
                    message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, send_with_language)
        finally:
            _language.reset(token)
