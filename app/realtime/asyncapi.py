"""The AsyncAPI 3 document of the websocket (docs/asyncapi.yaml), written from the app's
own models: the channel, how to authenticate, ``after=``, one message per event type with
the schema the OpenAPI document gives it (app/events/shapes.py), presence, ping and pong,
and the close codes. scripts/asyncapi.py writes it; tests/realtime/test_asyncapi.py checks
that it is current and that every message a live server sends fits it."""

from __future__ import annotations

import copy
from typing import Any

from pydantic import BaseModel

from app.core.openapi import with_refs
from app.events.shapes import EVENTS, types_of
from app.realtime.schemas import Ping, Pong, PresenceMessage

REF = "#/components/schemas/{model}"
ADDRESS = "/api/v1/campaigns/{cid}/ws"
MAX_SEQ = 2**31 - 1

# Every code the server closes a socket with: (code, when, what the client does).
CLOSE_CODES: tuple[tuple[int, str, str], ...] = (
    (
        1001,
        "The server is shutting down (`fairtable serve` closes every socket with reason"
        " `server shutting down` before it stops).",
        "Reconnect with `after=`, to another instance if there is one.",
    ),
    (1009, "A client message was over 4 KiB.", "Fix the client."),
    (1011, "A server error.", "Reconnect with `after=`."),
    (
        1012,
        "Service restart: only under a plain `uvicorn` command, which closes sockets itself.",
        "Reconnect with `after=`.",
    ),
    (
        1013,
        "The client fell too far behind (1,000 undelivered messages).",
        "Reconnect with `after=`: nothing is lost.",
    ),
    (
        4400,
        "A bad query parameter: `after` not an integer 0..2147483647, or one the socket does"
        " not take (the reason names it).",
        "Fix the client.",
    ),
    (
        4401,
        "Missing, bad, expired or already used credentials; on an open socket, its"
        " credential expired or was revoked (logout, logout-all, API key deleted).",
        "Log in again, or get a new ticket.",
    ),
    (
        4403,
        "Not a member of this campaign (or an API key without `read`), or removed while"
        " connected (the `member.left` event about you comes first).",
        "Stop.",
    ),
    (
        4429,
        "The user already holds 20 open sockets on this instance (`VTT_WS_MAX_SOCKETS_PER_USER`).",
        "Close another socket first; do not retry in a loop.",
    ),
)

DESCRIPTION = """\
The live table of a Fairtable campaign: one websocket per member pushes the campaign's
events as they are committed, filtered for what the member's role may see (a blind roll
reaches storytellers only, a private roll its roller only). Each event has the shape that
`GET /api/v1/campaigns/{cid}/events` answers (the OpenAPI document's `EventList` items);
its `seq` strictly increases on a socket, with gaps where an event was hidden from you.
Ignore event types you do not know: the API grows by adding some.

**Connecting.** Open `ws(s)://HOST/api/v1/campaigns/{cid}/ws`, authenticated either by
`Authorization: Bearer <login token or API key>` on the upgrade request (an API key needs
the `read` scope), or, from a browser, by a ticket: `POST /api/v1/campaigns/{cid}/ws-ticket`
answers `{ticket, expires_at}`, valid 60 s, once, for that campaign; offer the
subprotocols `["fairtable", ticket]` and the server selects `fairtable`. (`?ticket=` still
works but puts the ticket in logged URLs.) A socket lives as long as its credential:
logging out or revoking the key closes it with 4401.

**Resuming.** Remember the `seq` of the last event received and reconnect with
`?after=SEQ`: the server first replays every visible event after it from the database,
then goes on live, with no gap and no duplicate. Without `after`, only what happens from
now on. Presence messages carry no `seq` and are never replayed.

**Closing.** Refusals are sent after the socket is accepted, as close codes a browser can
read (`x-close-codes` below). Reconnect with a backoff (0.5 s, 1 s, 2 s … 30 s, with
jitter) on every close except 4401, 4403 and 4429.

This document is generated from the server's models by `scripts/asyncapi.py`; the prose
is in docs/realtime.md.
"""


def _model_schemas(models: tuple[type[BaseModel], ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for model in models:
        schema = model.model_json_schema(ref_template=REF)
        out.update(schema.pop("$defs", {}))
        out[model.__name__] = schema
    return out


def _refs(value: Any) -> set[str]:
    if isinstance(value, dict):
        found = {value["$ref"].rsplit("/", 1)[1]} if "$ref" in value else set()
        for item in value.values():
            found |= _refs(item)
        return found
    if isinstance(value, list):
        return set().union(*(_refs(v) for v in value)) if value else set()
    return set()


def _reachable(roots: list[str], schemas: dict[str, Any]) -> dict[str, Any]:
    """The schemas ``roots`` need, in a stable order (sorted by name)."""
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo.extend(_refs(schemas[name]) - seen)
    return {name: _asyncapi_schema(schemas[name]) for name in sorted(seen)}


def _asyncapi_schema(schema: Any) -> Any:
    """An OpenAPI schema as an AsyncAPI one: OpenAPI's discriminator object has no
    equivalent there (every union of these is a ``oneOf`` that validates alone)."""
    if isinstance(schema, dict):
        return {k: _asyncapi_schema(v) for k, v in schema.items() if k != "discriminator"}
    if isinstance(schema, list):
        return [_asyncapi_schema(v) for v in schema]
    return schema


def message_name(event_type: str) -> str:
    """``roll.created`` -> ``rollCreated``: a message's key in the document."""
    words = event_type.replace("_", ".").split(".")
    return words[0] + "".join(w.title() for w in words[1:])


def _event_messages() -> dict[str, Any]:
    messages: dict[str, Any] = {}
    for event in EVENTS:
        names = types_of(event)
        ref = {"$ref": REF.format(model=event.__name__)}
        for name in names:
            payload: dict[str, Any] = ref
            if len(names) > 1:  # the shape stands for several types: this one only
                payload = {"allOf": [ref, {"properties": {"type": {"const": name}}}]}
            messages[message_name(name)] = {
                "name": name,
                "title": name,
                "summary": (event.__doc__ or name).split("\n\n")[0].replace("\n", " "),
                "contentType": "application/json",
                "payload": payload,
            }
    return messages


def document(openapi: dict[str, Any]) -> dict[str, Any]:
    """The AsyncAPI document, from the app's OpenAPI document ``openapi`` (its schemas)."""
    own = with_refs(_model_schemas((PresenceMessage, Pong, Ping)))
    schemas = {**copy.deepcopy(openapi["components"]["schemas"]), **own}
    events = _event_messages()
    others = {
        "presence": {
            "name": "presence",
            "title": "presence",
            "summary": "A member came online or went offline.",
            "contentType": "application/json",
            "payload": {"$ref": REF.format(model="PresenceMessage")},
        },
        "pong": {
            "name": "pong",
            "title": "pong",
            "summary": "The answer to a ping.",
            "contentType": "application/json",
            "payload": {"$ref": REF.format(model="Pong")},
        },
        "ping": {
            "name": "ping",
            "title": "ping",
            "summary": "Asks for a pong.",
            "contentType": "application/json",
            "payload": {"$ref": REF.format(model="Ping")},
        },
    }
    roots = [e.__name__ for e in EVENTS] + ["PresenceMessage", "Pong", "Ping"]
    received = [*events, "presence", "pong"]
    return {
        "asyncapi": "3.0.0",
        "info": {
            "title": "Fairtable live table",
            "version": openapi["info"]["version"],
            "description": DESCRIPTION,
        },
        "defaultContentType": "application/json",
        "servers": {
            "fairtable": {
                "host": "localhost:8000",
                "protocol": "ws",
                "description": "A Fairtable server (`fairtable serve`); `wss` behind TLS.",
                "security": [
                    {"$ref": "#/components/securitySchemes/bearer"},
                    {"$ref": "#/components/securitySchemes/ticket"},
                ],
            }
        },
        "channels": {
            "campaign": {
                "address": ADDRESS,
                "title": "A campaign's live table",
                "description": "Every event of the campaign the caller may see, then presence"
                " messages; the client may send pings.",
                "parameters": {"cid": {"description": "The campaign's id."}},
                "messages": {
                    name: {"$ref": f"#/components/messages/{name}"} for name in [*received, "ping"]
                },
                "bindings": {
                    "ws": {
                        "method": "GET",
                        "query": {
                            "type": "object",
                            "properties": {
                                "after": {
                                    "type": "integer",
                                    "minimum": 0,
                                    "maximum": MAX_SEQ,
                                    "description": "Replay every visible event after this"
                                    " seq first, then go on live (no gap, no duplicate)."
                                    " Anything else than an integer 0..2147483647: 4400.",
                                },
                                "ticket": {
                                    "type": "string",
                                    "deprecated": True,
                                    "description": "The legacy way to pass a ticket: offer it"
                                    " as a subprotocol instead, which no access log records.",
                                },
                            },
                            "additionalProperties": False,
                        },
                        "headers": {
                            "type": "object",
                            "properties": {
                                "Authorization": {
                                    "type": "string",
                                    "description": "`Bearer <login token or API key>`.",
                                },
                                "Sec-WebSocket-Protocol": {
                                    "type": "string",
                                    "description": "`fairtable, <ticket>`, for browsers.",
                                },
                            },
                        },
                        "bindingVersion": "0.1.0",
                    }
                },
            }
        },
        "operations": {
            "receiveEvents": {
                "action": "receive",
                "channel": {"$ref": "#/channels/campaign"},
                "title": "Receive the table's events",
                "summary": "Events in seq order (a replay first, with `after=`), presence"
                " messages, and a pong for each ping.",
                "messages": [{"$ref": f"#/channels/campaign/messages/{name}"} for name in received],
            },
            "sendPing": {
                "action": "send",
                "channel": {"$ref": "#/channels/campaign"},
                "title": "Ping",
                "summary": "The one message a client may send; anything else is ignored, and"
                " a message over 4 KiB closes the socket with 1009.",
                "messages": [{"$ref": "#/channels/campaign/messages/ping"}],
            },
        },
        "components": {
            "messages": {**events, **others},
            "schemas": _reachable(roots, schemas),
            "securitySchemes": {
                "bearer": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A login token or an API key with the `read` scope, in"
                    " `Authorization` on the upgrade request.",
                },
                "ticket": {
                    "type": "httpApiKey",
                    "name": "Sec-WebSocket-Protocol",
                    "in": "header",
                    "description": "A ticket from `POST /api/v1/campaigns/{cid}/ws-ticket`"
                    " (60 s, once, this campaign), offered as the subprotocols"
                    ' `["fairtable", ticket]`; the server selects `fairtable`.',
                },
            },
        },
        "x-close-codes": [
            {"code": code, "meaning": meaning, "action": action}
            for code, meaning, action in CLOSE_CODES
        ],
    }
