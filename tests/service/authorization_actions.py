"""The actions of docs/authorization.md for the table flow (contests, group actions, long
tasks), fairness, events and export/import, kept apart from test_authorization.py, which
splices them into its ACTIONS in the document's order.

Each action takes the campaign (``Seats`` of the test, seen here through ``Table``), the
role acting (``who``) and the headers it acts with, and answers the response of the step
under test. What it needs beforehand is done by the storyteller with a login token; when
the step succeeds, the action also checks that it did what it claims."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from httpx import AsyncClient, Response

from tests.exchange import ndjson
from tests.service.table import Person, expect


class Table(Protocol):
    """What an action needs of the test's ``Seats``: one campaign and its people."""

    client: AsyncClient
    ruleset: str
    cid: str

    def __getitem__(self, role: str) -> Person: ...

    async def char(self, name: str) -> str: ...

    async def own_char(self, who: str) -> str: ...

    async def roll(
        self, roller: str, visibility: str = "public", *, pending: bool = False
    ) -> str: ...


Action = Callable[[Table, str, dict[str, str]], Awaitable[Response]]


def _checked(answer: Response, check: Callable[[Any], bool]) -> Response:
    """The answer, after checking that a success did what it claims."""
    if answer.is_success:
        assert check(answer.json()), answer.text
    return answer


async def _as_storyteller(t: Table, method: str, path: str, body: Any = None) -> Any:
    status = 200 if method == "GET" else 201
    answer = await t.client.request(method, path, json=body, headers=t["storyteller"].auth)
    return expect(answer, status)


def _ids(page: Any) -> list[str]:
    return [item["id"] for item in page["items"]]


# --- contests ------------------------------------------------------------------------------


async def _contest_body(t: Table, quality: str) -> dict[str, Any]:
    """The player's PC against the other player's; "weak" (score 0) makes every round a tie."""
    return {
        "a": {"character_id": await t.char("p_pc"), "quality": quality},
        "b": {"character_id": await t.char("other_pc"), "quality": quality},
    }


async def _contest(t: Table, quality: str = "strong") -> str:
    body = await _contest_body(t, quality)
    made = await _as_storyteller(t, "POST", f"/campaigns/{t.cid}/contests", body)
    return str(made["id"])


async def _open_contest(t: Table, who: str, h: dict[str, str]) -> Response:
    body = await _contest_body(t, "strong")
    answer = await t.client.post(f"/campaigns/{t.cid}/contests", json=body, headers=h)
    return _checked(answer, lambda c: c["status"] == "running" and c["rounds"] == [])


async def _play_round(t: Table, who: str, h: dict[str, str]) -> Response:
    contest = await _contest(t)
    answer = await t.client.post(f"/contests/{contest}/rounds", headers=h)
    return _checked(
        answer,
        lambda played: (
            played["round"]["number"] == 1
            and [r["id"] for r in played["rolls"]]
            == [played["round"]["roll_a"], played["round"]["roll_b"]]
            and len(played["contest"]["rounds"]) == 1
        ),
    )


def _contest_step(side: Callable[[Table, str], Awaitable[str]]) -> Action:
    """Step (finalize) side a's roll of a round the storyteller played, each side citing an
    item: "weak" (score 0) leaves both rolls pending. Side a is ``side``'s character, side
    b the NPC (or, for the NPC's own row, the other player's PC)."""

    async def act(t: Table, who: str, h: dict[str, str]) -> Response:
        a = await side(t, who)
        npc = await t.char("npc")
        b = npc if a != npc else await t.char("other_pc")
        body = {"a": {"character_id": a, "quality": "weak"},
                "b": {"character_id": b, "quality": "weak"}}  # fmt: skip
        made = await _as_storyteller(t, "POST", f"/campaigns/{t.cid}/contests", body)
        cite = {"rerolls": [{"source": "item", "name": "yarn"}]}
        path = f"/contests/{made['id']}/rounds"
        played = await _as_storyteller(t, "POST", path, {"a": cite, "b": cite})
        roll_a = played["rolls"][0]["id"]
        answer = await t.client.post(f"/rolls/{roll_a}/finalize", headers=h)
        return _checked(answer, lambda r: r["status"] == "final" and r["id"] == roll_a)

    return act


async def _resolve_tie(t: Table, who: str, h: dict[str, str]) -> Response:
    contest = await _contest(t, "weak")
    tied = await _as_storyteller(t, "POST", f"/contests/{contest}/rounds")
    assert tied["contest"]["status"] == "tie", tied
    body = {"decision": "draw"}
    answer = await t.client.post(f"/contests/{contest}/resolve", json=body, headers=h)
    return _checked(answer, lambda c: c["status"] == "drawn" and c["winner"] is None)


# --- group actions -------------------------------------------------------------------------


async def _group_body(t: Table) -> dict[str, Any]:
    pcs = [await t.char("p_pc"), await t.char("other_pc")]
    return {"character_ids": pcs, "quality": "strong", "difficulty": "easy"}


async def _group(t: Table) -> str:
    made = await _as_storyteller(t, "POST", f"/campaigns/{t.cid}/group-rolls", await _group_body(t))
    return str(made["id"])


async def _roll_group(t: Table, who: str, h: dict[str, str]) -> Response:
    body = await _group_body(t)
    answer = await t.client.post(f"/campaigns/{t.cid}/group-rolls", json=body, headers=h)
    return _checked(
        answer,
        lambda g: (
            [m["character_id"] for m in g["members"]] == body["character_ids"]
            and [r["id"] for r in g["rolls"]] == [m["roll_id"] for m in g["members"]]
        ),
    )


# --- long tasks ----------------------------------------------------------------------------


def _task_body(participant: str) -> dict[str, Any]:
    """A relay task no roll completes: a target of 1000 successes, without a time limit."""
    return {
        "name": "Open the pantry",
        "quality": "strong",
        "target": 1000,
        "period": "PT1H",
        "mode": "relay",
        "participants": [participant],
    }


async def _task(t: Table, participant: str) -> str:
    made = await _as_storyteller(t, "POST", f"/campaigns/{t.cid}/tasks", _task_body(participant))
    return str(made["id"])


async def _set_task(t: Table, who: str, h: dict[str, str]) -> Response:
    body = _task_body(await t.char("p_pc"))
    answer = await t.client.post(f"/campaigns/{t.cid}/tasks", json=body, headers=h)
    return _checked(
        answer,
        lambda task: (
            task["status"] == "running"
            and task["participants"] == body["participants"]
            and task["rolls"] == []
        ),
    )


def _task_roll(participant: Callable[[Table, str], Awaitable[str]]) -> Action:
    """A roll for the task's one participant, ``participant(t, who)``."""

    async def act(t: Table, who: str, h: dict[str, str]) -> Response:
        character = await participant(t, who)
        task = await _task(t, character)
        body = {"character_id": character}
        answer = await t.client.post(f"/tasks/{task}/rolls", json=body, headers=h)
        return _checked(
            answer,
            lambda rolled: (
                rolled["roll"]["character_id"] == character
                and [r["roll_id"] for r in rolled["task"]["rolls"]] == [rolled["roll"]["id"]]
            ),
        )

    return act


# --- lists and single reads of contests, group actions and tasks --------------------------

Make = Callable[[Table], Awaitable[str]]


def _lists(make: Make, collection: str) -> Action:
    """``GET /campaigns/{cid}/<collection>`` holds the one thing ``make`` made."""

    async def act(t: Table, who: str, h: dict[str, str]) -> Response:
        made = await make(t)
        answer = await t.client.get(f"/campaigns/{t.cid}/{collection}", headers=h)
        return _checked(answer, lambda page: _ids(page) == [made])

    return act


def _reads(make: Make, collection: str) -> Action:
    """``GET /<collection>/{id}`` answers the thing ``make`` made."""

    async def act(t: Table, who: str, h: dict[str, str]) -> Response:
        made = await make(t)
        answer = await t.client.get(f"/{collection}/{made}", headers=h)
        return _checked(answer, lambda found: found["id"] == made)

    return act


async def _pc_task(t: Table) -> str:
    return await _task(t, await t.char("p_pc"))


# --- roll requests -------------------------------------------------------------------------

_REQUEST_TRAITS = {"3d6": "strong", "matrix": "strength", "d20": "str"}


async def _roll_request(t: Table, character: str, visibility: str = "public") -> str:
    body = {"character_ids": [character], "kind": "test", "trait": _REQUEST_TRAITS[t.ruleset],
            "visibility": visibility}  # fmt: skip
    made = await _as_storyteller(t, "POST", f"/campaigns/{t.cid}/roll-requests", body)
    return str(made["id"])


async def _request_roll(t: Table, who: str, h: dict[str, str]) -> Response:
    pc = await t.char("p_pc")
    body = {"character_ids": [pc], "kind": "test", "trait": _REQUEST_TRAITS[t.ruleset]}
    answer = await t.client.post(f"/campaigns/{t.cid}/roll-requests", json=body, headers=h)
    return _checked(
        answer, lambda r: [(x["character_id"], x["status"]) for x in r["targets"]] == [
            (pc, "waiting")]
    )  # fmt: skip


async def _list_requests(t: Table, who: str, h: dict[str, str]) -> Response:
    made = await _roll_request(t, await t.char("other_pc"))
    answer = await t.client.get(f"/campaigns/{t.cid}/roll-requests", headers=h)
    return _checked(answer, lambda page: _ids(page) == [made])


def _read_request(character: Callable[[Table, str], Awaitable[str]]) -> Action:
    """``GET /roll-requests/{id}`` of a ``storyteller`` request to ``character(t, who)``."""

    async def act(t: Table, who: str, h: dict[str, str]) -> Response:
        made = await _roll_request(t, await character(t, who), "storyteller")
        answer = await t.client.get(f"/roll-requests/{made}", headers=h)
        return _checked(answer, lambda found: found["id"] == made)

    return act


def _answer_request(character: Callable[[Table, str], Awaitable[str]]) -> Action:
    """The roll answering a public request to ``character(t, who)``."""

    async def act(t: Table, who: str, h: dict[str, str]) -> Response:
        pc = await character(t, who)
        made = await _roll_request(t, pc)
        body = {"request_id": made, "character_id": pc}
        answer = await t.client.post(f"/campaigns/{t.cid}/rolls", json=body, headers=h)
        return _checked(
            answer, lambda roll: roll["result"]["request_id"] == made and roll["kind"] == "test"
        )

    return act


async def _cancel_request(t: Table, who: str, h: dict[str, str]) -> Response:
    made = await _roll_request(t, await t.char("p_pc"))
    answer = await t.client.post(f"/roll-requests/{made}/cancel", headers=h)
    return _checked(answer, lambda r: r["status"] == "cancelled")


# --- fairness ------------------------------------------------------------------------------


async def _fairness(t: Table, who: str, h: dict[str, str]) -> Response:
    answer = await t.client.get(f"/campaigns/{t.cid}/fairness", headers=h)
    return _checked(
        answer,
        lambda state: (
            state["campaign_id"] == t.cid
            and state["seed_number"] == 1
            and state["seeds"][0]["server_seed"] is None
        ),
    )


async def _client_seed(t: Table, who: str, h: dict[str, str]) -> Response:
    body = {"client_seed": "my lucky socks"}
    answer = await t.client.put(f"/campaigns/{t.cid}/fairness/client-seed", json=body, headers=h)
    return _checked(
        answer,
        lambda state: (
            state["client_seed"] == "my lucky socks"
            and state["seed_number"] == 2
            and state["seeds"][0]["server_seed"] is not None
        ),
    )


async def _rotate(t: Table, who: str, h: dict[str, str]) -> Response:
    answer = await t.client.post(f"/campaigns/{t.cid}/fairness/rotate", headers=h)
    return _checked(
        answer,
        lambda state: (
            state["seed_number"] == 2
            and state["client_seed"] == t.cid
            and state["seeds"][0]["server_seed"] is not None
        ),
    )


async def _audit(t: Table, who: str, h: dict[str, str]) -> Response:
    roll_id = await t.roll("other")
    answer = await t.client.get(f"/campaigns/{t.cid}/audit", headers=h)
    return _checked(
        answer,
        lambda bundle: (
            [(link["roll_id"], link["record"]["id"]) for link in bundle["audit"]]
            == [(roll_id, roll_id)]
        ),
    )


# --- events --------------------------------------------------------------------------------


async def _events(t: Table, who: str, h: dict[str, str]) -> Response:
    roll_id = await t.roll("other")
    answer = await t.client.get(f"/campaigns/{t.cid}/events", headers=h)
    return _checked(
        answer,
        lambda page: (
            [e["data"]["id"] for e in page["items"] if e["type"] == "roll.created"] == [roll_id]
        ),
    )


async def _ws_ticket(t: Table, who: str, h: dict[str, str]) -> Response:
    answer = await t.client.post(f"/campaigns/{t.cid}/ws-ticket", headers=h)
    return _checked(answer, lambda made: made["ticket"].startswith("ftw_"))


# --- export and import ---------------------------------------------------------------------


async def _export(t: Table, who: str, h: dict[str, str]) -> Response:
    answer = await t.client.get(f"/campaigns/{t.cid}/export", headers=h)
    if answer.is_success:
        document = ndjson.view(answer.content)
        assert document["campaign"]["id"] == t.cid and len(document["members"]) == 4
    return answer


async def _import(t: Table, who: str, h: dict[str, str]) -> Response:
    """The storyteller exports the campaign and deletes it; ``who`` imports it back, and
    then sits at it as its storyteller."""
    got = await t.client.get(f"/campaigns/{t.cid}/export", headers=t["storyteller"].auth)
    assert got.status_code == 200, got.text
    gone = await t.client.delete(f"/campaigns/{t.cid}", headers=t["storyteller"].auth)
    expect(gone, 204)
    headers = {**h, "Content-Type": "application/x-ndjson"}
    answer = await t.client.post("/campaigns/import", content=got.content, headers=headers)
    if answer.is_success:
        assert answer.json()["id"] == t.cid, answer.text
        seated = await t.client.get(f"/campaigns/{t.cid}/members", headers=t[who].auth)
        roles = {m["user_id"]: m["role"] for m in expect(seated, 200)}
        assert roles[t[who].id] == "storyteller", roles
    return answer


async def flow_paths(t: Table) -> list[str]:
    """A contest, a group action and a long task, set by the storyteller: their paths."""
    contest, group = await _contest(t), await _group(t)
    task = await _task(t, await t.char("p_pc"))
    return [f"/contests/{contest}", f"/group-rolls/{group}", f"/tasks/{task}"]


# In the order of the document's rows, after "grant a reroll".
ACTIONS: dict[str, Action] = {
    "open a contest `POST /campaigns/{cid}/contests`": _open_contest,
    "list contests `GET /campaigns/{cid}/contests`": _lists(_contest, "contests"),
    "read a contest `GET /contests/{id}`": _reads(_contest, "contests"),
    "play a contest round `POST /contests/{id}/rounds`": _play_round,
    "step one's own character's roll in a contest round (`POST /rolls/{id}/…`)": _contest_step(
        lambda t, who: t.own_char(who)
    ),
    "step another's character's roll in a contest round": _contest_step(
        lambda t, who: t.char("other_pc")
    ),
    "step an NPC's roll in a contest round": _contest_step(lambda t, who: t.char("npc")),
    "resolve a tied round `POST /contests/{id}/resolve`": _resolve_tie,
    "roll a group action `POST /campaigns/{cid}/group-rolls`": _roll_group,
    "list group actions `GET /campaigns/{cid}/group-rolls`": _lists(_group, "group-rolls"),
    "read a group action `GET /group-rolls/{id}`": _reads(_group, "group-rolls"),
    "set a long task `POST /campaigns/{cid}/tasks`": _set_task,
    "list long tasks `GET /campaigns/{cid}/tasks`": _lists(_pc_task, "tasks"),
    "read a long task `GET /tasks/{id}`": _reads(_pc_task, "tasks"),
    "roll in a long task for one's own participant `POST /tasks/{id}/rolls`": _task_roll(
        lambda t, who: t.own_char(who)
    ),
    "roll in a long task for another's participant": _task_roll(lambda t, who: t.char("other_pc")),
    "roll in a long task for an NPC participant": _task_roll(lambda t, who: t.char("npc")),
    "request a roll `POST /campaigns/{cid}/roll-requests`": _request_roll,
    "list roll requests `GET /campaigns/{cid}/roll-requests`": _list_requests,
    "read a roll request addressed to one's character `GET /roll-requests/{id}`": _read_request(
        lambda t, who: t.own_char(who)
    ),
    "read a hidden roll request addressed to another's character": _read_request(
        lambda t, who: t.char("other_pc")
    ),
    "answer a roll request for one's own character (a roll citing `request_id`)": (
        _answer_request(lambda t, who: t.own_char(who))
    ),
    "answer a roll request for another's character": _answer_request(
        lambda t, who: t.char("other_pc")
    ),
    "cancel a roll request `POST /roll-requests/{id}/cancel`": _cancel_request,
    "read the seed commitments `GET /campaigns/{cid}/fairness`": _fairness,
    "set the client seed `PUT /campaigns/{cid}/fairness/client-seed`": _client_seed,
    "rotate the server seed `POST /campaigns/{cid}/fairness/rotate`": _rotate,
    "read the audit chain `GET /campaigns/{cid}/audit`": _audit,
    "read the events `GET /campaigns/{cid}/events`": _events,
    "get a websocket ticket `POST /campaigns/{cid}/ws-ticket`": _ws_ticket,
    "export a campaign `GET /campaigns/{cid}/export`": _export,
    "import a campaign `POST /campaigns/import`": _import,
}
