"""Messages for people that can be said again in another language.

A ``Msg`` is a ``str``: its value is the English text, so everything that logs, compares or
stores an error message keeps working unchanged. It also remembers its gettext ``msgid``
(the English template, ``{name}`` placeholders) and the parameters, so the answer layer
(``app.core.i18n``) can render it in the request's or the campaign's language at the last
moment. It lives here, not in ``app.core``, because the engine's errors are messages for
people too and the engine imports nothing outside ``app.rules``; it knows nothing of
catalogues or languages.

``msg("no roll {roll_id} in this campaign", roll_id=rid)`` — Babel's extractor finds the
first argument of ``msg`` (and the first two of ``plural``) in the source: the catalogue's
keys are the templates written in the code.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["N_", "Msg", "N_plural", "msg", "plural"]


class Msg(str):
    """English text with the template and parameters it was made from."""

    msgid: str
    params: dict[str, Any]
    plural_id: str | None
    number: int | None

    def __new__(
        cls,
        msgid: str,
        params: Mapping[str, Any] | None = None,
        english: str | None = None,
        plural_id: str | None = None,
        count: int | None = None,
    ) -> Msg:
        values = dict(params or {})
        if english is None:
            template = msgid if plural_id is None or count == 1 else plural_id
            english = template.format(**values) if values else template
        self = super().__new__(cls, english)
        self.msgid = msgid
        self.params = values
        self.plural_id = plural_id
        self.number = count
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles (errors cross process pools) keep the template."""
        return (Msg, (self.msgid, self.params, str(self), self.plural_id, self.number))


def msg(msgid: str, /, **params: Any) -> Msg:
    """A translatable message: ``msgid`` is the English template, ``params`` fill it."""
    return Msg(msgid, params)


def plural(singular: str, plural_id: str, count: int, /, **params: Any) -> Msg:
    """A message whose wording depends on ``count`` (also passed to the template as
    ``count``); each language picks its own form (French says « 1 caractère », « 0
    caractère », English "0 characters")."""
    return Msg(singular, {"count": count, **params}, plural_id=plural_id, count=count)


def N_(msgid: str, /) -> str:
    """Marks a template for the catalogue where it is written and used later (a table of
    templates); gettext's usual name for it."""
    return msgid


def N_plural(singular: str, plural_id: str, /) -> tuple[str, str]:
    """``N_`` for a message with a singular and a plural form."""
    return singular, plural_id
