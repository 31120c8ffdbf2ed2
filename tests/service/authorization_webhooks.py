"""The actions of docs/authorization.md for webhooks, spliced by test_authorization.py into
its ACTIONS in the document's order (after the chat). The shared app delivers nothing and
allows 127.0.0.1, so the targets here are made and never called."""

from __future__ import annotations

from typing import Any

from httpx import Response

from tests.service.authorization_actions import Action, Table
from tests.service.table import expect, join, register

URL = "http://127.0.0.1:9/hook"


def _made(answer: Response, **expected: Any) -> Response:
    if answer.is_success:
        made = answer.json()
        assert made["secret"].startswith("whsec_"), answer.text
        assert all(made[k] == v for k, v in expected.items()), answer.text
    return answer


async def _hook(t: Table, who: str = "storyteller", **body: Any) -> str:
    payload = {"url": URL, "format": "standard", **body}
    made = await t.client.post(f"/campaigns/{t.cid}/webhooks", json=payload, headers=t[who].auth)
    return str(expect(made, 201)["id"])


async def _create(t: Table, who: str, h: dict[str, str]) -> Response:
    body = {"url": URL, "format": "standard"}
    return _made(await t.client.post(f"/campaigns/{t.cid}/webhooks", json=body, headers=h))


async def _create_hidden(t: Table, who: str, h: dict[str, str]) -> Response:
    body = {"url": URL, "format": "discord", "include_hidden": True}
    answer = await t.client.post(f"/campaigns/{t.cid}/webhooks", json=body, headers=h)
    return _made(answer, include_hidden=True)


async def _list(t: Table, who: str, h: dict[str, str]) -> Response:
    made = await _hook(t)
    answer = await t.client.get(f"/campaigns/{t.cid}/webhooks", headers=h)
    if answer.is_success:
        assert [w["id"] for w in answer.json()["items"]] == [made], answer.text
    return answer


async def _change(t: Table, who: str, h: dict[str, str]) -> Response:
    made = await _hook(t)
    answer = await t.client.patch(f"/webhooks/{made}", json={"enabled": False}, headers=h)
    if answer.is_success:
        assert answer.json()["enabled"] is False, answer.text
    return answer


async def _delete(t: Table, who: str, h: dict[str, str]) -> Response:
    made = await _hook(t)
    answer = await t.client.delete(f"/webhooks/{made}", headers=h)
    if answer.is_success:
        listed = await t.client.get(f"/campaigns/{t.cid}/webhooks", headers=t["storyteller"].auth)
        assert expect(listed, 200)["items"] == [], listed.text
    return answer


async def _deliveries(t: Table, who: str, h: dict[str, str]) -> Response:
    made = await _hook(t)
    answer = await t.client.get(f"/webhooks/{made}/deliveries", headers=h)
    if answer.is_success:
        assert answer.json() == {"items": [], "next_cursor": None}, answer.text
    return answer


async def _another_storytellers_hidden(t: Table, who: str, h: dict[str, str]) -> Response:
    """A second storyteller's ``include_hidden`` target: theirs alone."""
    second = await register(t.client, "second")
    await join(t.client, t["storyteller"], t.cid, second, "storyteller")
    payload = {"url": URL, "format": "standard", "include_hidden": True}
    made = await t.client.post(f"/campaigns/{t.cid}/webhooks", json=payload, headers=second.auth)
    hook_id = expect(made, 201)["id"]
    return await t.client.patch(f"/webhooks/{hook_id}", json={"enabled": False}, headers=h)


ACTIONS: dict[str, Action] = {
    "add a webhook `POST /campaigns/{cid}/webhooks`": _create,
    "add a webhook that carries hidden events (`include_hidden`)": _create_hidden,
    "list the webhooks `GET /campaigns/{cid}/webhooks`": _list,
    "change a webhook `PATCH /webhooks/{id}`": _change,
    "delete a webhook `DELETE /webhooks/{id}`": _delete,
    "read a webhook's deliveries `GET /webhooks/{id}/deliveries`": _deliveries,
    "change or read another storyteller's `include_hidden` webhook": (_another_storytellers_hidden),
}
