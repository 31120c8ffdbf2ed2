"""The OpenAPI ``operationId`` of every endpoint, in one table: ``resource-verb``, stable and
short, because generated clients name their functions after them (``rolls_create`` rather
than FastAPI's ``create_roll_api_v1_campaigns__cid__rolls_post``). A route missing from the
table stops the app at start-up, so a new endpoint cannot ship with a made-up name."""

from __future__ import annotations

from fastapi.routing import APIRoute
from fastapi.utils import generate_unique_id

OPERATION_IDS: dict[str, str] = {
    "POST /campaigns/{cid}/rolls": "rolls-create",
    "GET /campaigns/{cid}/rolls": "rolls-list",
    "GET /rolls/{roll_id}": "rolls-get",
    "POST /rolls/{roll_id}/reroll": "rolls-reroll",
    "POST /rolls/{roll_id}/choice": "rolls-choose",
    "POST /rolls/{roll_id}/finalize": "rolls-finalize",
    "POST /rolls/{roll_id}/grant": "rolls-grant",
    "POST /rolls/{roll_id}/reveal": "rolls-reveal",
    "POST /users": "users-create",
    "POST /auth/token": "auth-token",
    "POST /auth/logout": "auth-logout",
    "POST /auth/logout-all": "auth-logout-all",
    "GET /users/me": "users-me",
    "POST /api-keys": "api-keys-create",
    "GET /api-keys": "api-keys-list",
    "DELETE /api-keys/{key_id}": "api-keys-revoke",
    "POST /campaigns": "campaigns-create",
    "GET /campaigns": "campaigns-list",
    "GET /campaigns/{cid}": "campaigns-get",
    "PATCH /campaigns/{cid}": "campaigns-update",
    "DELETE /campaigns/{cid}": "campaigns-delete",
    "POST /campaigns/{cid}/invites": "invites-create",
    "POST /invites/{code}/accept": "invites-accept",
    "GET /campaigns/{cid}/members": "members-list",
    "PATCH /campaigns/{cid}/members/{user_id}": "members-update",
    "DELETE /campaigns/{cid}/members/{user_id}": "members-remove",
    "POST /campaigns/{cid}/delegations": "delegations-create",
    "GET /campaigns/{cid}/delegations": "delegations-list",
    "DELETE /delegations/{delegation_id}": "delegations-revoke",
    "POST /campaigns/{cid}/characters": "characters-create",
    "GET /campaigns/{cid}/characters": "characters-list",
    "GET /characters/{character_id}": "characters-get",
    "PATCH /characters/{character_id}": "characters-update",
    "DELETE /characters/{character_id}": "characters-delete",
    "POST /characters/{character_id}/damage": "characters-damage",
    "DELETE /characters/{character_id}/conditions/{condition}": "characters-remove-condition",
    "POST /characters/{character_id}/grants": "grants-create",
    "GET /characters/{character_id}/grants": "grants-list",
    "GET /campaigns/{cid}/export": "campaigns-export",
    "POST /campaigns/import": "campaigns-import",
    "GET /odds/3d6": "odds-3d6",
    "GET /odds/d20": "odds-d20",
    "GET /odds/matrix": "odds-matrix",
    "GET /odds/formula": "odds-formula",
    "POST /campaigns/{cid}/contests": "contests-create",
    "GET /campaigns/{cid}/contests": "contests-list",
    "GET /contests/{contest_id}": "contests-get",
    "POST /contests/{contest_id}/rounds": "contests-play-round",
    "POST /contests/{contest_id}/resolve": "contests-resolve",
    "POST /campaigns/{cid}/group-rolls": "group-rolls-create",
    "GET /campaigns/{cid}/group-rolls": "group-rolls-list",
    "GET /group-rolls/{group_id}": "group-rolls-get",
    "POST /campaigns/{cid}/tasks": "tasks-create",
    "GET /campaigns/{cid}/tasks": "tasks-list",
    "GET /tasks/{task_id}": "tasks-get",
    "POST /tasks/{task_id}/rolls": "tasks-roll",
    "POST /campaigns/{cid}/roll-requests": "roll-requests-create",
    "GET /campaigns/{cid}/roll-requests": "roll-requests-list",
    "GET /roll-requests/{request_id}": "roll-requests-get",
    "POST /roll-requests/{request_id}/cancel": "roll-requests-cancel",
    "POST /campaigns/{cid}/messages": "messages-create",
    "GET /campaigns/{cid}/messages": "messages-list",
    "GET /campaigns/{cid}/messages/{message_id}": "messages-get",
    "DELETE /campaigns/{cid}/messages/{message_id}": "messages-delete",
    "GET /campaigns/{cid}/fairness": "fairness-get",
    "PUT /campaigns/{cid}/fairness/client-seed": "fairness-set-client-seed",
    "POST /campaigns/{cid}/fairness/rotate": "fairness-rotate",
    "GET /campaigns/{cid}/audit": "fairness-audit",
    "GET /campaigns/{cid}/events": "events-list",
    "POST /campaigns/{cid}/webhooks": "webhooks-create",
    "GET /campaigns/{cid}/webhooks": "webhooks-list",
    "PATCH /webhooks/{webhook_id}": "webhooks-update",
    "DELETE /webhooks/{webhook_id}": "webhooks-delete",
    "GET /webhooks/{webhook_id}/deliveries": "webhooks-deliveries",
    "POST /campaigns/{cid}/ws-ticket": "realtime-ticket",
    "GET /campaigns/{cid}/overview": "campaigns-overview",
    "GET /campaigns/{cid}/stats": "rolls-stats",
    "GET /problems": "problems-list",
    "GET /problems/{slug}": "problems-get",
    "GET /healthz": "health-live",
    "GET /readyz": "health-ready",
}


def operation_id(route: APIRoute, prefix: str) -> str:
    """FastAPI's ``generate_unique_id_function`` (with ``prefix``, the API's path prefix,
    bound): the table's id for ``route``."""
    if not route.include_in_schema:  # the web pages and /docs: no client calls them
        return generate_unique_id(route)
    path = route.path_format.removeprefix(prefix)
    key = f"{min(route.methods or ())} {path}"
    try:
        return OPERATION_IDS[key]
    except KeyError:
        raise LookupError(f"{key} has no operationId in app/core/operation_ids.py") from None
