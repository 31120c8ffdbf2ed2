"""The kinds of error this API answers, each with its own ``type`` URI and one title, so a
client matches on ``type`` instead of on ``detail`` text (which is translated). A problem's
``type`` is ``/api/v1/problems/<slug>``, a URI reference resolved against the server; a
``GET`` there describes the kind (``app.core.problem_routes``)."""

from __future__ import annotations

from dataclasses import dataclass

PROBLEMS_PATH = "/api/v1/problems"


@dataclass(frozen=True, slots=True)
class ProblemType:
    slug: str
    status: int
    title: str
    description: str

    @property
    def uri(self) -> str:
        return f"{PROBLEMS_PATH}/{self.slug}"


PROBLEM_TYPES: tuple[ProblemType, ...] = (
    ProblemType("bad-request", 400, "Bad request",
                "The body cannot be read as JSON text (it is not UTF-8, say)."),
    ProblemType("unauthorized", 401, "Unauthorized",
                "No credential, or an invalid, expired or revoked one; or a wrong password."),
    ProblemType("forbidden", 403, "Forbidden",
                "The caller's role or the API key's scopes do not allow the action; the"
                " detail names the role or scope needed."),
    ProblemType("not-found", 404, "Not found",
                "Nothing there, or nothing the caller may see: a campaign the caller is not"
                " a member of is not found either."),
    ProblemType("method-not-allowed", 405, "Method not allowed",
                "The path exists but not with this method; `Allow` lists those it has."),
    ProblemType("conflict", 409, "Conflict",
                "The request is valid but the state it acts on does not allow it now (a"
                " roll already final, a name taken)."),
    ProblemType("precondition-failed", 412, "Precondition failed",
                "`If-Match` names a version that is no longer the current one; read the"
                " resource again."),
    ProblemType("content-too-large", 413, "Content too large",
                "The body is larger than the server accepts."),
    ProblemType("validation-failed", 422, "Validation failed",
                "A field, parameter or header does not parse or is out of range; `errors`"
                " lists every refused one."),
    ProblemType("rules-violation", 422, "Rules violation",
                "The request parses but the game's rules refuse it (a trait the sheet does"
                " not have, a difficulty out of range)."),
    ProblemType("unprocessable", 422, "Unprocessable content",
                "The request parses and the rules allow it, but it cannot be done as asked"
                " (an Idempotency-Key reused for another request, a target that is gone)."),
    ProblemType("precondition-required", 428, "Precondition required",
                "This change needs `If-Match` with the resource's current version."),
    ProblemType("too-many-requests", 429, "Too many requests",
                "A rate limit was reached; `Retry-After` says when to try again."),
    ProblemType("internal-server-error", 500, "Internal server error",
                "A fault of the server, logged there; the request may be retried."),
    ProblemType("unavailable", 503, "Unavailable",
                "The server cannot reach its database or broker, or lost a worker process, "
                "for now."),
)  # fmt: skip

BY_TITLE = {kind.title: kind for kind in PROBLEM_TYPES}
BY_SLUG = {kind.slug: kind for kind in PROBLEM_TYPES}


def type_of(title: str) -> str:
    """The ``type`` of a problem titled ``title`` (``about:blank`` for one not listed, which
    a test keeps from happening)."""
    kind = BY_TITLE.get(title)
    return kind.uri if kind is not None else "about:blank"
