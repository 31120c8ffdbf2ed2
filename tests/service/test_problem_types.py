"""Each kind of error has its own ``type`` URI and one title, so a client matches on
``type``; the URI leads to a description, and ``GET /problems`` lists every kind."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from httpx import AsyncClient, Response

from app.core.errors import AppError
from app.core.problem_types import BY_TITLE, PROBLEM_TYPES
from tests.service.table import SHEET_D20, campaign, character, register

APP = Path(__file__).parents[2] / "app"
# A title given where an error is built: ``title="…"``, ``problem(500, "…"``.
TITLE_SITES = re.compile(r'title="([^"]+)"|problem\(\s*\d+,\s*"([^"]+)"')


def _subclasses(cls: type[AppError]) -> list[type[AppError]]:
    return [cls, *(sub for direct in cls.__subclasses__() for sub in _subclasses(direct))]


def _titles_in_the_code() -> set[str]:
    found = {cls.title for cls in _subclasses(AppError)}
    for source in APP.rglob("*.py"):
        for match in TITLE_SITES.finditer(source.read_text()):
            found |= {t for t in (match.group(1), match.group(2)) if t}
    found |= set(re.findall(r'\d{3}: "([^"]+)"', (APP / "core" / "errors.py").read_text()))
    return found - {"Fairtable"}  # the app's own title, in create_app


def test_every_title_the_code_answers_with_has_its_own_type() -> None:
    missing = _titles_in_the_code() - set(BY_TITLE)
    assert not missing, f"titles without a problem type: {sorted(missing)}"
    assert (
        len({k.slug for k in PROBLEM_TYPES})
        == len({k.title for k in PROBLEM_TYPES})
        == len(PROBLEM_TYPES)
    )


async def _described(client: AsyncClient, answer: Response, status: int) -> dict[str, Any]:
    """The answer's problem, after checking that its ``type`` describes it."""
    assert answer.status_code == status, answer.text
    body = answer.json()
    kind = await client.get(f"http://test{body['type']}")
    assert kind.status_code == 200, kind.text
    assert (kind.json()["title"], kind.json()["status"]) == (body["title"], status)
    return body


async def test_each_kind_of_error_carries_a_type_that_describes_it(client: AsyncClient) -> None:
    ada = await register(client, "ada")
    cid = (await campaign(client, ada, "d20"))["id"]
    pc = await character(client, ada, cid, SHEET_D20)
    unknown = await _described(
        client, await client.get(f"/campaigns/{cid}x", headers=ada.auth), 404
    )
    assert unknown["type"] == "/api/v1/problems/not-found"
    anonymous = await _described(client, await client.get("/users/me"), 401)
    assert anonymous["type"].endswith("/unauthorized")
    refused = await client.post(f"/campaigns/{cid}/rolls", json={"kind": "x"}, headers=ada.auth)
    assert (await _described(client, refused, 422))["type"].endswith("/validation-failed")
    roll = {"kind": "test", "trait": "nope", "character_id": pc["id"]}
    ruled = await client.post(f"/campaigns/{cid}/rolls", json=roll, headers=ada.auth)
    assert (await _described(client, ruled, 422))["type"].endswith("/rules-violation")
    wrong_method = await client.put("/users/me", headers=ada.auth)
    assert (await _described(client, wrong_method, 405))["type"].endswith("/method-not-allowed")


async def test_the_list_holds_every_kind_and_an_unknown_one_is_404(client: AsyncClient) -> None:
    listed = await client.get("/problems")
    assert listed.status_code == 200
    assert [k["type"] for k in listed.json()] == [k.uri for k in PROBLEM_TYPES]
    missing = await client.get("/problems/nothing-like-this")
    assert missing.status_code == 404
    assert missing.json()["type"] == "/api/v1/problems/not-found"


def test_the_api_page_lists_every_kind() -> None:
    page = (APP.parent / "docs" / "api.md").read_text()
    for kind in PROBLEM_TYPES:
        assert f"| `{kind.uri}` | {kind.status} | {kind.title} |" in page, kind.slug
