"""Randomised input to every endpoint never gets a 500: Schemathesis draws requests from the
OpenAPI document — valid ones and, as often, malformed ones — and sends them in-process
(ASGI) to a real app, as the storyteller or as a player of prepared campaigns.

Most cases aim at real resources (the caller's campaign, character, roll, a trait of the
sheet) so that the fuzzing reaches the rules and the database instead of stopping at a 404.
Besides never being a 5xx, every answer is documented: its status is one the operation
lists, its content type and body fit the document. (Operations of the features listed in
test_openapi.OTHER_FEATURES are held to "never a 5xx" only, until they document theirs.)"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.python import asgi

from app.core.settings import Settings
from app.main import create_app
from tests.service.table import PASSWORD, SHEET_3D6, SHEET_D20, SHEET_MATRIX
from tests.service.test_openapi import other_features_operations

# Cases per operation: the storyteller reaches every branch; a player's cases are mostly
# about what a player may not do, which fewer of them cover. VTT_FUZZ_EXAMPLES=500 makes a
# longer, freshly random hunt (the default run is the same every time).
HUNT = int(os.environ.get("VTT_FUZZ_EXAMPLES", "0"))
EXAMPLES = {"storyteller": HUNT or 25, "player": HUNT or 10}
ROLES = ("storyteller", "player")
SHEETS = {"3d6": SHEET_3D6, "matrix": SHEET_MATRIX, "d20": SHEET_D20}


def _runs() -> list[tuple[str, str, GenerationMode]]:
    """(operation, role, mode) to fuzz, from the document of an app that is never started.

    Valid input goes in as each role; malformed input as the storyteller only (a request
    that does not parse fails the same for everyone), and only to operations with something
    to malform besides a free-text path parameter."""
    document = create_app(
        Settings(environment="test", secret_key=secrets.token_hex(32), password_time_cost=1)
    ).openapi()
    runs: list[tuple[str, str, GenerationMode]] = []
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method not in {"get", "put", "post", "patch", "delete"}:
                continue
            label = f"{method.upper()} {path}"
            runs += [(label, role, GenerationMode.POSITIVE) for role in ROLES]
            inputs = [p for p in operation.get("parameters", []) if p["in"] != "path"]
            if inputs or "requestBody" in operation:
                runs.append((label, "storyteller", GenerationMode.NEGATIVE))
    return runs


@dataclass
class Seat:
    """What one caller may aim at: its credential and the ids of each prepared campaign."""

    headers: dict[str, str]
    tables: list[dict[str, str]] = field(default_factory=list)


@dataclass
class Fuzzing:
    schema: Any
    seats: dict[str, Seat]
    theirs: set[tuple[str, str]]


def _expect(response: Any, status: int) -> Any:
    assert response.status_code == status, f"{response.status_code}: {response.text}"
    return response.json()


def _person(client: asgi.ASGIClient, role: str) -> tuple[str, dict[str, str]]:
    username = f"fuzz_{role}_{secrets.token_hex(4)}"
    body = {"username": username, "password": PASSWORD}
    user = _expect(client.post("/api/v1/users", json=body), 201)
    token = _expect(client.post("/api/v1/auth/token", json=body), 200)["access_token"]
    return user["id"], {"Authorization": f"Bearer {token}"}


def _prepare(client: asgi.ASGIClient) -> dict[str, Seat]:
    """Per ruleset: a campaign, its storyteller, a player, the player's character, a roll."""
    st_id, st_auth = _person(client, "storyteller")
    pl_id, pl_auth = _person(client, "player")
    seats = {"storyteller": Seat(st_auth), "player": Seat(pl_auth)}
    for ruleset, sheet in SHEETS.items():
        api = "/api/v1"
        cid = _expect(
            client.post(
                f"{api}/campaigns", json={"name": ruleset, "ruleset": ruleset}, headers=st_auth
            ),
            201,
        )["id"]
        code = _expect(
            client.post(f"{api}/campaigns/{cid}/invites", json={"role": "player"}, headers=st_auth),
            201,
        )["code"]
        _expect(client.post(f"{api}/invites/{code}/accept", headers=pl_auth), 200)
        character = _expect(
            client.post(
                f"{api}/campaigns/{cid}/characters",
                json={"name": "Ficelle", "sheet": sheet},
                headers=pl_auth,
            ),
            201,
        )["id"]
        trait = {"3d6": "strong", "matrix": "strength", "d20": "str"}[ruleset]
        body: dict[str, Any] = {"kind": "test", "character_id": character, "trait": trait}
        if ruleset == "3d6":
            body["rerolls"] = [{"source": "item", "name": "ball of yarn"}]
        roll = _expect(client.post(f"{api}/campaigns/{cid}/rolls", json=body, headers=pl_auth), 201)
        ids = {
            "cid": cid,
            "character_id": character,
            "roll_id": roll["id"],
            "user_id": pl_id,
            "code": code,
            "trait": trait,
        }
        for seat, me in ((seats["storyteller"], st_id), (seats["player"], pl_id)):
            seat.tables.append({**ids, "me": me})
    return seats


@pytest.fixture(scope="module")
def fuzzing(settings: Settings) -> Iterator[Fuzzing]:
    """A real app of its own, started by Schemathesis on its event loop thread."""
    application = create_app(settings)
    schema = schemathesis.openapi.from_asgi("/openapi.json", application)
    try:
        with asgi.get_client(application) as client:
            seats = _prepare(client)
        yield Fuzzing(schema, seats, other_features_operations())
    finally:
        asgi.shutdown_lifespans()


def _cases(operation: Any, mode: GenerationMode, seat: Seat) -> st.SearchStrategy[Any]:
    """Cases with random path parameters, or with the caller's real ones (never for a
    DELETE: deleting the prepared campaign would leave the rest nothing to aim at)."""
    drawn = operation.as_strategy(generation_mode=mode)
    names = [p.name for p in operation.path_parameters]
    if operation.method.lower() == "delete" or not names:
        return drawn
    aimed = [
        operation.as_strategy(
            generation_mode=mode,
            path_parameters={name: ids[name] for name in names if name in ids},
        ).map(lambda case, ids=ids: (case, ids))
        for ids in seat.tables
    ]
    return st.one_of(drawn.map(lambda case: (case, None)), *aimed)


def _aim_body(case: Any, ids: dict[str, str] | None) -> None:
    """Point a body's ``character_id`` and ``trait`` at a real character and trait of the
    campaign, so that rolls get past the sheet to the rules; the rest stays random."""
    if ids is None or not isinstance(case.body, dict):
        return
    for name in ("character_id", "trait"):
        if name in case.body:
            case.body[name] = ids[name]


@pytest.mark.parametrize(("label", "role", "mode"), _runs())
def test_no_input_makes_the_server_fail(
    fuzzing: Fuzzing, label: str, role: str, mode: GenerationMode
) -> None:
    operation = fuzzing.schema.find_operation_by_label(label)
    assert operation is not None, label
    seat = fuzzing.seats[role]
    method, _, path = label.partition(" ")
    checks = [not_a_server_error]
    if (method.lower(), path) not in fuzzing.theirs:
        checks += [status_code_conformance, content_type_conformance, response_schema_conformance]

    @settings(
        max_examples=EXAMPLES[role],
        deadline=None,
        database=None,
        derandomize=not HUNT,
        phases=[Phase.explicit, Phase.generate, Phase.shrink],
        suppress_health_check=list(HealthCheck),
    )
    @given(drawn=_cases(operation, mode, seat))
    def fuzz(drawn: Any) -> None:
        case, ids = drawn if isinstance(drawn, tuple) else (drawn, None)
        _aim_body(case, ids)
        case.call_and_validate(headers=seat.headers, checks=checks)

    fuzz()
