"""No secret in any log line: a logging filter that rewrites every record before a handler
writes it.

Secrets reach logs by three roads: the request line (uvicorn's access log, and the
``WebSocket /…?ticket=…`` line uvicorn.error writes for each socket), exception text, and
a message someone formats with a value. So the filter works on the formatted message and
the exception text, not on a logger's arguments, and it sits on the *handlers*
(``LOG_CONFIG``): a logger's own filter would miss records propagated from its children.

What is redacted: query values whose name says secret (``ticket``, ``token``, ``key``,
``code``, ``password``, ``seed``…), the code in ``/invites/{code}`` paths, bearer
credentials, anything shaped like one of our credentials (``ftt_`` tokens, ``ftk_`` API keys,
``ftw_`` tickets: ``app.core.ids`` prefixes; ``whsec_`` webhook secrets), the token of a
Discord webhook URL, and JSON or ``key=value`` pairs named like a secret.
"""

from __future__ import annotations

import logging
import re
from typing import Any

REDACTED = "[redacted]"

_NAMES = (
    r"ticket|token|access_token|refresh_token|api_key|apikey|key|code|invite|password"
    r"|secret|seed|server_seed|authorization"
)
# ?ticket=… &token=… in a URL (the value runs to the next & or space or quote).
_QUERY = re.compile(rf"([?&](?:{_NAMES})=)[^&\s\"']*", re.IGNORECASE)
# /invites/<code>, and the web page /join/<code>: an invite code is a credential to join.
_PATHS = re.compile(r"(/(?:invites|join)/)[^/?\s\"']+", re.IGNORECASE)
_BEARER = re.compile(r"(\b(?:Bearer|Basic)\s+)[A-Za-z0-9._~+/=-]+", re.IGNORECASE)
# Our credentials have recognisable prefixes; catch them wherever they turn up: tokens,
# keys, tickets, and webhook signing secrets (``whsec_`` and base64).
_SHAPED = re.compile(r"\bft[a-z]_[A-Za-z0-9_-]{16,}|\bwhsec_[A-Za-z0-9+/=]{16,}")
# A Discord webhook URL's last part is its token: whoever has it posts to the channel.
_HOOK_TOKEN = re.compile(r"(/api/webhooks/\d+/)[A-Za-z0-9._-]+", re.IGNORECASE)
# "password": "…", 'token': '…', password=… in a formatted dict, JSON or repr.
_PAIRS = re.compile(
    rf"""(["']?\b(?:{_NAMES})["']?\s*[:=]\s*)(?:"[^"]*"|'[^']*'|[^\s,}}&]+)""", re.IGNORECASE
)


_NAME_LIST = tuple(_NAMES.split("|"))


def redact(text: str) -> str:
    """``text`` with every secret it shows replaced by ``[redacted]``. Each pattern runs
    only when a cheap substring test says it may match: an ordinary access line (no query,
    no invite) costs a few substring searches, not five regular expressions."""
    if not text:
        return text
    lower = text.lower()
    if "?" in text or "&" in text:
        text = _QUERY.sub(rf"\1{REDACTED}", text)
    if "/invites/" in lower or "/join/" in lower:
        text = _PATHS.sub(rf"\1{REDACTED}", text)
    if "bearer" in lower or "basic" in lower:
        text = _BEARER.sub(rf"\1{REDACTED}", text)
    if ("ft" in text or "whsec_" in text) and "_" in text:
        text = _SHAPED.sub(REDACTED, text)
    if "/api/webhooks/" in lower:
        text = _HOOK_TOKEN.sub(rf"\1{REDACTED}", text)
    if ("=" in text or ":" in text) and any(name in lower for name in _NAME_LIST):
        text = _PAIRS.sub(rf"\1{REDACTED}", text)
    return text


_PLAIN = (str, int, float, bool, type(None))


class RedactSecrets(logging.Filter):
    """Rewrites a record in place, never refuses one. A record is formatted, redacted and
    stripped of its arguments (a secret may show only once message and arguments meet);
    an access-log record keeps its arguments, each redacted, because uvicorn's access
    formatter reads them by position. The exception text is redacted too."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if (
            record.name == "uvicorn.access"
            and isinstance(args, tuple)
            and all(isinstance(a, _PLAIN) for a in args)
        ):
            record.msg = redact(str(record.msg))
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in args)
        else:
            try:
                message = record.getMessage()
            except Exception:  # arguments that do not fit the message: keep the message
                message = str(record.msg)
            record.msg, record.args = redact(message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


def log_config(level: str = "info", form: str = "text") -> dict[str, Any]:
    """uvicorn's default logging, with ``RedactSecrets`` on every handler and the root
    logger (the app's own ``fairtable.*`` loggers) writing through the same handler.
    ``form="json"``: every record as one JSON line (``app.core.observe.JsonFormatter``),
    and no uvicorn access log: the app's own request line replaces it."""
    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, Any] = {
        **LOGGING_CONFIG,
        "filters": {"redact": {"()": "app.core.log_redaction.RedactSecrets"}},
        "handlers": {
            name: {**handler, "filters": ["redact"]}
            for name, handler in LOGGING_CONFIG["handlers"].items()
        },
        "loggers": dict(LOGGING_CONFIG["loggers"]),
        "root": {"handlers": ["default"], "level": level.upper()},
    }
    if form == "json":
        config["formatters"] = {"json": {"()": "app.core.observe.JsonFormatter"}}
        for handler in config["handlers"].values():
            handler["formatter"] = "json"
        config["loggers"]["uvicorn.access"] = {"handlers": [], "propagate": False}
    return config


def install(logger_names: tuple[str, ...] = ("", "uvicorn", "uvicorn.access")) -> None:
    """For a process that configures logging itself (tests, an embedding server): put the
    filter on every handler the named loggers already have."""
    for name in logger_names:
        for handler in logging.getLogger(name).handlers:
            if not any(isinstance(f, RedactSecrets) for f in handler.filters):
                handler.addFilter(RedactSecrets())
