"""``ApiRoute``: the route class of every API router.

It does two things on every request, before FastAPI's own handler:

- **Refuses unknown query parameters** (app/core/query_params.py): a 422 naming each one,
  checked against the names the route declares, computed once per route.
- **Serves simple endpoints directly.** FastAPI solves an endpoint's parameters and
  dependencies generically on every request, which cost a roll ~120 µs, more than the
  roll's own database work. An endpoint made only of what a write needs (path parameters,
  optional header parameters, one JSON body, dependencies of the request alone that
  ``direct`` marks, a ``Response`` answered) is served by a plan worked out once, when the
  route is built: the body parsed and validated, each dependency called, the endpoint
  called, exactly as FastAPI would. Whenever the plan meets anything else (a body that does
  not parse or validate, a missing header, a query string, a dependency override) it steps
  aside before calling the endpoint, and FastAPI's handler answers, errors and all: the
  direct path never answers differently, it only answers sooner.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from typing import Any, TypeVar

import fastapi.routing
from fastapi import APIRouter, Request, Response
from fastapi.dependencies.models import Dependant
from fastapi.dependencies.utils import get_typed_return_annotation
from fastapi.params import Header
from fastapi.routing import APIRoute

from app.core.query_params import refuse, route_names

Handler = Callable[[Request], Coroutine[Any, Any, Response]]
F = TypeVar("F", bound=Callable[..., Awaitable[Any]])


def direct(dependency: F) -> F:
    """Marks a dependency that ``ApiRoute`` may call by itself: an ``async def`` taking the
    request alone, calling nothing FastAPI would inject, and safe to call again for the
    same request (FastAPI's handler calls it once more when the direct path steps aside)."""
    dependency.direct = True  # type: ignore[attr-defined]
    return dependency


class ApiRoute(APIRoute):
    def get_route_handler(self) -> Handler:
        handler = super().get_route_handler()
        allowed = route_names(self)
        plan = _Plan.of(_effective(self))

        async def serve(request: Request) -> Response:
            if allowed is not None and request.scope["query_string"]:
                refuse([n for n in dict.fromkeys(request.query_params) if n not in allowed])
            elif plan is not None:
                response = await plan.serve(request)
                if response is not None:
                    return response
            return await handler(request)

        return serve


def _effective(route: APIRoute) -> Any:
    """The route as FastAPI builds its handler: an included router's route is built with
    the dependencies and prefix of every router and app that includes it (FastAPI ≥ 0.16x
    says which through a context variable while it builds the handler)."""
    context = getattr(fastapi.routing, "_effective_route_context_var", None)
    found = context.get() if context is not None else None
    if found is not None and found.original_route is route:
        return found
    return route


def require_api_routes(routers: Iterable[APIRouter]) -> None:
    """Start-up check: every API route is an ``ApiRoute``."""
    for router in routers:
        for route in router.routes:
            if isinstance(route, APIRoute) and not isinstance(route, ApiRoute):
                raise RuntimeError(f"{route.path}: its router needs route_class=ApiRoute")


class _StepAside(Exception):
    """The plan cannot serve this request: FastAPI's handler will."""


class _Plan:
    """How to call one simple endpoint without FastAPI's generic solving."""

    def __init__(self, route: Any) -> None:
        dependant = route.dependant
        self.call: Callable[..., Awaitable[Response]] = dependant.call
        self.request_name = dependant.request_param_name
        self.dependencies = [(d.name, d.call) for d in dependant.dependencies]
        # A plain ``str`` path parameter is what the path matched, as validation answers it.
        self.path = [(f.name, f.alias, None if _plain_str(f) else f) for f in dependant.path_params]
        self.headers = [
            (f.name, _header_key(f), f, f.field_info.get_default(call_default_factory=True))
            for f in dependant.header_params
        ]
        body = dependant.body_params[0] if dependant.body_params else None
        self.body = (body.name, body) if body is not None else None

    @classmethod
    def of(cls, route: Any) -> _Plan | None:
        """The plan of ``route``, or None when it is not simple (see the module doc)."""
        d = route.dependant
        if not (
            route.include_in_schema
            and d.call is not None
            and getattr(route, "_embed_body_fields", True) is False
            and _answers_a_response(d.call)
            and not (d.query_params or d.cookie_params)
            and len(d.body_params) <= 1
            and not (
                d.websocket_param_name
                or d.http_connection_param_name
                or d.response_param_name
                or d.background_tasks_param_name
                or d.security_scopes_param_name
            )
            and all(_direct_dependency(sub) for sub in d.dependencies)
            and all(_plain_header(f) for f in d.header_params)
            and all(f.field_info.validation_alias is None for f in d.path_params)
        ):
            return None
        return cls(route)

    async def serve(self, request: Request) -> Response | None:
        """The endpoint's answer, or None to let FastAPI's handler answer."""
        if request.app.dependency_overrides:  # a test's, say: FastAPI applies them
            return None
        try:
            values = await self._values(request)
        except _StepAside:
            return None
        return await self.call(**values)

    async def _values(self, request: Request) -> dict[str, Any]:
        values: dict[str, Any] = {}
        body: Any = None
        if self.body is not None:  # parsed first, as FastAPI does, before any dependency
            if not _is_json(request.headers.get("content-type")):
                raise _StepAside
            raw = await request.body()
            try:
                body = json.loads(raw) if raw else None
            except ValueError:
                raise _StepAside from None
        if self.request_name is not None:
            values[self.request_name] = request
        for name, call in self.dependencies:
            values[name] = await call(request)  # raises as it would under FastAPI
        path_params = request.path_params
        for name, alias, field in self.path:
            value = path_params[alias]
            values[name] = value if field is None else _valid(field, value, ("path", alias))
        headers = request.headers
        for name, key, field, default in self.headers:
            value = headers.get(key)
            values[name] = default if value is None else _valid(field, value, ("header", key))
        if self.body is not None:
            if body is None:
                raise _StepAside
            name, field = self.body
            values[name] = _valid(field, body, ("body",))
        return values


def _valid(field: Any, value: Any, loc: tuple[str, ...]) -> Any:
    checked, errors = field.validate(value, {}, loc=loc)
    if errors:
        raise _StepAside
    return checked


def _plain_str(field: Any) -> bool:
    info = field.field_info
    return info.annotation is str and not info.metadata


def _answers_a_response(call: Callable[..., Any]) -> bool:
    answer = get_typed_return_annotation(call)
    return isinstance(answer, type) and issubclass(answer, Response)


def _direct_dependency(sub: Dependant) -> bool:
    return (
        getattr(sub.call, "direct", False) is True
        and sub.request_param_name is not None
        and not (
            sub.dependencies
            or sub.path_params
            or sub.query_params
            or sub.header_params
            or sub.cookie_params
            or sub.body_params
        )
    )


def _plain_header(field: Any) -> bool:
    """An optional header read by its name, as FastAPI reads one: no alias choices, not a
    list of values."""
    info = field.field_info
    return (
        isinstance(info, Header)
        and info.validation_alias is None
        and info.default_factory is None  # a default worked out once serves every request
        and not info.is_required()
        and info.annotation in (str | None,)
    )


def _header_key(field: Any) -> str:
    alias: str = field.alias
    info = field.field_info
    if getattr(info, "convert_underscores", True) and alias == field.name:
        return alias.replace("_", "-")
    return alias


def _is_json(content_type: str | None) -> bool:
    """``application/json`` or ``application/…+json``, with any parameters (FastAPI's rule;
    a request without a content type goes to FastAPI, which decides)."""
    if not content_type:
        return False
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json" or (
        media.startswith("application/") and media.endswith("+json")
    )
