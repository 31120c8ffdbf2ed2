"""Unknown query parameters are refused, on every endpoint of the API.

A parameter the endpoint does not declare was silently ignored before: ``?status=pending``
on a log without that filter answered every roll, and a typo (``?charcter_id=``) answered
the whole log as if it were filtered. Now it is a 422 problem+json naming the parameter,
``errors: [{"loc": ["query", name], …}]``, before anything is read.

One rule for every route, read from the route itself: the names its dependency tree
declares as query parameters (FastAPI's ``Dependant``, aliases included), computed once
per route when its handler is built (``app.core.routing.ApiRoute``, the route class of
every router), so a request without a query string pays one dictionary read. A route that reads a
parameter by hand names it (the websocket reads ``after`` and its legacy ``ticket``).
Pages outside the API (``/docs`` and its OAuth redirect, which OAuth servers call with
parameters of their own) are not in the schema and are left alone.

A websocket cannot answer 422: ``unknown_in`` gives the websocket route the names, and it
closes the socket with 4400 after accepting it (docs/realtime.md), as for a bad ``after``.
"""

from __future__ import annotations

from fastapi.dependencies.models import Dependant
from starlette.requests import HTTPConnection

from app.core.errors import InvalidFields

# id(route) -> (the route, kept so that its id stays its own; its names, None: unchecked)
_ALLOWED: dict[int, tuple[object, frozenset[str] | None]] = {}


def declared(dependant: Dependant) -> frozenset[str]:
    """Every query parameter name ``dependant`` and its sub-dependencies read."""
    names: set[str] = set()
    stack = [dependant]
    while stack:
        current = stack.pop()
        names.update(field.alias for field in current.query_params)
        stack.extend(current.dependencies)
    return frozenset(names)


def _allowed(route: object) -> frozenset[str] | None:
    """The route's declared names, once per route (routes live as long as the app)."""
    if route is None:
        return None
    found = _ALLOWED.get(id(route))
    if found is None:
        dependant = getattr(route, "dependant", None)
        checked = isinstance(dependant, Dependant) and getattr(route, "include_in_schema", True)
        names = declared(dependant) if checked and dependant else None
        found = _ALLOWED[id(route)] = (route, names)
    return found[1]


def unknown_in(conn: HTTPConnection, reads: frozenset[str] = frozenset()) -> list[str]:
    """The query parameters of this request that its route neither declares nor
    ``reads`` by hand, in order."""
    allowed = _allowed(conn.scope.get("route"))
    if allowed is None:
        return []
    known = allowed | reads
    return list(dict.fromkeys(name for name in conn.query_params if name not in known))


def refuse(unknown: list[str]) -> None:
    """422 naming each of ``unknown`` (none: nothing happens)."""
    if unknown:
        raise InvalidFields(
            [{"loc": ("query", name), "msg": "unknown query parameter"} for name in unknown]
        )


def route_names(route: object) -> frozenset[str] | None:
    """The query parameter names an API route declares (None: a page outside the API,
    left alone); ``app.core.routing.ApiRoute`` checks each request against them."""
    return _allowed(route)
