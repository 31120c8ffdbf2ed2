"""Where a problem's ``type`` points: a description of each kind of error, so the URI in an
answer leads somewhere a person can read and a program can list."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, Field

from app.core.errors import NotFound
from app.core.i18n import msg
from app.core.openapi import ok, problems
from app.core.problem_types import BY_SLUG, PROBLEM_TYPES, ProblemType
from app.core.routing import ApiRoute

router = APIRouter(prefix="/problems", tags=["errors"], route_class=ApiRoute)


class ProblemTypeRead(BaseModel):
    type: str = Field(description="The URI error answers of this kind carry as `type`.")
    title: str = Field(description="The `title` of every error of this kind.")
    status: int = Field(description="The HTTP status errors of this kind have.")
    description: str


def _read(kind: ProblemType) -> ProblemTypeRead:
    return ProblemTypeRead(
        type=kind.uri, title=kind.title, status=kind.status, description=kind.description
    )


NOT_FOUND_EXAMPLE = _read(BY_SLUG["not-found"]).model_dump()


@router.get(
    "",
    summary="Every kind of error",
    responses={**ok(200, [NOT_FOUND_EXAMPLE], "Every kind, by status."), **problems(429)},
)
def list_problem_types() -> list[ProblemTypeRead]:
    """Every `type` an error answer of this API may carry, with its one `title` and
    status. Match errors on `type`: `detail` is for people and is translated. Needs no
    credential."""
    return [_read(kind) for kind in PROBLEM_TYPES]


@router.get(
    "/{slug}",
    summary="One kind of error",
    responses={
        **ok(200, NOT_FOUND_EXAMPLE, "The kind `not-found`."),
        **problems(404, 422, 429, s404="no such problem type"),
    },
)
def get_problem_type(slug: str) -> ProblemTypeRead:
    """What the error answers whose `type` is this URI mean. Needs no credential."""
    kind = BY_SLUG.get(slug)
    if kind is None:
        raise NotFound(msg("no such problem type"))
    return _read(kind)
