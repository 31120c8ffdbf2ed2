"""Webhooks over HTTP, against a receiver on 127.0.0.1: signatures checked with the
``standardwebhooks`` package (an implementation independent of the server's), hidden
events kept from public targets, retries and disabling, Discord's documented schema, and
addresses refused. Both databases (``VTT_TEST_DATABASE_URL``)."""

from __future__ import annotations

import ast
import asyncio
from pathlib import Path
from typing import Any

import httpx
import jsonschema_rs
import pytest
import standardwebhooks

from app.core import metrics
from app.webhooks import client
from app.webhooks.schemas import EVENT_TYPES
from tests.service.table import (
    SHEET_3D6,
    SHEET_D20,
    SHEET_MATRIX,
    Person,
    campaign,
    character,
    db_run,
    expect,
    join,
    register,
    roll,
)
from tests.webhooks.conftest import Delivering
from tests.webhooks.receiver import Received, Receiver, free_port, receiving

ROOT = Path(__file__).resolve().parents[2]

# Discord's documented limits for an Execute Webhook body (the channel resource's embed
# limits): content 2,000; 10 embeds; title 256; description 4,096; 25 fields of a name of
# 256 and a value of 1,024; 6,000 characters over all embeds (checked beside the schema).
FIELD = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "minLength": 1, "maxLength": 256},
        "value": {"type": "string", "minLength": 1, "maxLength": 1024},
        "inline": {"type": "boolean"},
    },
    "required": ["name", "value"],
    "additionalProperties": False,
}
EMBED = {
    "type": "object",
    "properties": {
        "title": {"type": "string", "maxLength": 256},
        "description": {"type": "string", "maxLength": 4096},
        "color": {"type": "integer", "minimum": 0, "maximum": 0xFFFFFF},
        "timestamp": {"type": "string", "format": "date-time"},
        "fields": {"type": "array", "maxItems": 25, "items": FIELD},
    },
    "additionalProperties": False,
}
DISCORD = {
    "type": "object",
    "properties": {
        "content": {"type": "string", "maxLength": 2000},
        "embeds": {"type": "array", "maxItems": 10, "items": EMBED},
        "allowed_mentions": {
            "type": "object",
            "properties": {
                "parse": {"type": "array", "items": {"enum": ["roles", "users", "everyone"]}}
            },
            "additionalProperties": False,
        },
    },
    "anyOf": [{"required": ["content"]}, {"required": ["embeds"]}],
    "additionalProperties": False,
}
DISCORD_VALIDATOR = jsonschema_rs.Draft202012Validator(DISCORD, validate_formats=True)


def check_discord(body: dict[str, Any]) -> None:
    errors = [e.message for e in DISCORD_VALIDATOR.iter_errors(body)]
    assert not errors, (errors, body)
    total = 0
    for embed in body.get("embeds", []):
        total += len(embed.get("title", "")) + len(embed.get("description", ""))
        total += sum(len(f["name"]) + len(f["value"]) for f in embed.get("fields", []))
    assert total <= 6000


async def hook(
    http: httpx.AsyncClient, who: Person, cid: str, url: str, status: int = 201, **body: Any
) -> Any:
    payload = {"url": url, "format": "standard", **body}
    return expect(
        await http.post(f"/campaigns/{cid}/webhooks", json=payload, headers=who.auth), status
    )


async def formula(
    http: httpx.AsyncClient, who: Person, cid: str, visibility: str = "public"
) -> int:
    made = await roll(http, who, cid, kind="formula", formula="1d6", visibility=visibility)
    return int(made["seq"])


def verified(secret: str, got: Received) -> Any:
    """The body, once ``standardwebhooks`` accepts its signature (it raises otherwise)."""
    return standardwebhooks.Webhook(secret).verify(got.body, got.headers)


async def table(
    http: httpx.AsyncClient, ruleset: str = "3d6", **settings: Any
) -> tuple[Person, Person, str]:
    st, player = await register(http, "st"), await register(http, "player")
    cid = (await campaign(http, st, ruleset, settings or None))["id"]
    await join(http, st, cid, player)
    return st, player, cid


async def test_a_signed_event_verifies_with_standardwebhooks(hooks: Delivering) -> None:
    http = hooks.http
    st, player, cid = await table(http)
    before = await formula(http, st, cid)  # made before the target: not sent
    async with receiving() as rx:
        made = await hook(http, st, cid, rx.url())
        assert made["secret"].startswith("whsec_") and made["delivered_seq"] == before
        assert {"id", "url", "format", "events", "include_hidden", "enabled"} <= set(made)
        seq = await formula(http, player, cid)
        (got,) = await rx.wait_for(1)
    body = verified(made["secret"], got)
    assert body["type"] == "roll.created" and body["seq"] == seq and body["campaign_id"] == cid
    assert body["data"]["seq"] == seq and body["data"]["user_id"] == player.id
    assert got.headers["webhook-id"] == f"msg_{cid}_{seq}"
    with pytest.raises(standardwebhooks.WebhookVerificationError):
        standardwebhooks.Webhook(made["secret"]).verify(got.body + b" ", got.headers)
    # The secret is shown once: never in a list.
    listed = expect(await http.get(f"/campaigns/{cid}/webhooks", headers=st.auth), 200)
    assert [w["id"] for w in listed["items"]] == [made["id"]]
    assert "secret" not in listed["items"][0]
    log = expect(await http.get(f"/webhooks/{made['id']}/deliveries", headers=st.auth), 200)
    (attempt,) = log["items"]
    assert attempt["seq"] == seq and attempt["outcome"] == "delivered"
    assert attempt["status_code"] == 204 and attempt["attempt"] == 1


async def test_hidden_events_never_reach_a_public_target(hooks: Delivering) -> None:
    """A public target gets what the whole table reads; one with ``include_hidden`` what its
    storyteller reads (not another's private roll, nor a whisper the storytellers do not
    read), and it is that storyteller's alone."""
    http = hooks.http
    st, player, cid = await table(http, storyteller_reads_whispers=False)
    other_st = await register(http, "st2")
    await join(http, st, cid, other_st, "storyteller")
    async with receiving() as rx:
        public = await hook(http, st, cid, rx.url("/public"))
        hidden = await hook(http, st, cid, rx.url("/hidden"), include_hidden=True)
        seqs: dict[str, int] = {}
        for visibility in ("public", "storyteller", "blind", "private"):
            seqs[f"player {visibility}"] = await formula(http, player, cid, visibility)
        seqs["st private"] = await formula(http, st, cid, "private")
        said = await http.post(
            f"/campaigns/{cid}/messages", json={"text": "to the table"}, headers=player.auth
        )
        seqs["message"] = expect(said, 201)["seq"]
        whisper = await http.post(
            f"/campaigns/{cid}/messages",
            json={"text": "psst", "to": [other_st.id]},
            headers=player.auth,
        )
        seqs["sealed whisper"] = expect(whisper, 201)["seq"]
        to_st = await http.post(
            f"/campaigns/{cid}/messages", json={"text": "hi", "to": [st.id]}, headers=player.auth
        )
        seqs["whisper to st"] = expect(to_st, 201)["seq"]
        last = await formula(http, player, cid)
        await rx.wait_for(3, "/public")
        await rx.wait_for(7, "/hidden")
        await asyncio.sleep(0.5)  # nothing else comes
    got_public = [verified(public["secret"], r)["seq"] for r in rx.on("/public")]
    got_hidden = [verified(hidden["secret"], r)["seq"] for r in rx.on("/hidden")]
    assert got_public == [seqs["player public"], seqs["message"], last]
    assert got_hidden == [
        seqs["player public"],
        seqs["player storyteller"],
        seqs["player blind"],
        seqs["st private"],
        seqs["message"],
        seqs["whisper to st"],
        last,
    ]
    # The other storyteller neither lists nor touches the hidden target.
    theirs = expect(await http.get(f"/campaigns/{cid}/webhooks", headers=other_st.auth), 200)
    assert [w["id"] for w in theirs["items"]] == [public["id"]]
    for answer in (
        await http.patch(
            f"/webhooks/{hidden['id']}", json={"enabled": False}, headers=other_st.auth
        ),
        await http.delete(f"/webhooks/{hidden['id']}", headers=other_st.auth),
        await http.get(f"/webhooks/{hidden['id']}/deliveries", headers=other_st.auth),
    ):
        assert answer.status_code == 404, answer.text
    # A player manages none.
    expect(await http.get(f"/campaigns/{cid}/webhooks", headers=player.auth), 403)
    expect(
        await http.patch(f"/webhooks/{public['id']}", json={"enabled": False}, headers=player.auth),
        403,
    )
    await hook(http, player, cid, "http://127.0.0.1:9/", status=403)


async def test_a_target_whose_storyteller_steps_down_carries_only_public_events(
    hooks: Delivering,
) -> None:
    http = hooks.http
    st, player, cid = await table(http)
    other_st = await register(http, "st2")
    await join(http, st, cid, other_st, "storyteller")
    async with receiving() as rx:
        hidden = await hook(http, other_st, cid, rx.url(), include_hidden=True)
        first = await formula(http, player, cid, "blind")
        await rx.wait_for(1)
        expect(
            await http.patch(
                f"/campaigns/{cid}/members/{other_st.id}", json={"role": "player"}, headers=st.auth
            ),
            200,
        )
        stepped_down = first + 1
        await formula(http, player, cid, "blind")
        shown = await formula(http, player, cid)
        await rx.wait_for(3)
        await asyncio.sleep(0.3)
    got = [verified(hidden["secret"], r) for r in rx.on()]
    assert [(b["seq"], b["type"]) for b in got] == [
        (first, "roll.created"),
        (stepped_down, "member.updated"),
        (shown, "roll.created"),
    ]


async def test_a_receiver_down_for_a_while_then_gets_every_event_once_in_order(
    hooks: Delivering,
) -> None:
    http = hooks.http
    st, player, cid = await table(http)
    rx = Receiver()
    made = await hook(http, st, cid, rx.url())
    seqs = [await formula(http, player if i % 2 else st, cid) for i in range(15)]
    await asyncio.sleep(1.0)  # every attempt fails meanwhile: connection refused
    log = expect(await http.get(f"/webhooks/{made['id']}/deliveries", headers=st.auth), 200)
    assert log["items"] and {a["outcome"] for a in log["items"]} == {"unreachable"}
    assert {a["seq"] for a in log["items"]} == {seqs[0]}  # stuck on the first, in order
    await rx.start()
    try:
        seqs += [await formula(http, st, cid) for _ in range(5)]
        got = await rx.wait_for(len(seqs))
        await asyncio.sleep(0.5)
    finally:
        await rx.stop()
    assert [verified(made["secret"], r)["seq"] for r in rx.on()] == seqs
    state = expect(await http.get(f"/campaigns/{cid}/webhooks", headers=st.auth), 200)["items"][0]
    assert state["delivered_seq"] == seqs[-1] and state["failures"] == 0
    assert len(got) == len(seqs)


async def test_repeated_failures_disable_the_target_with_an_event_and_it_resumes_when_enabled(
    make: Any,
) -> None:
    async with make(webhook_max_failures=3, webhook_retry_seconds=0) as d:
        http = d.http
        st, player, cid = await table(http)
        async with receiving(status=500) as rx:
            made = await hook(http, st, cid, rx.url(), events=["roll.created"])
            first = await formula(http, player, cid)
            await rx.wait_for(3)
            for _ in range(100):
                state = expect(await http.get(f"/campaigns/{cid}/webhooks", headers=st.auth), 200)
                if not state["items"][0]["enabled"]:
                    break
                await asyncio.sleep(0.05)
            target = state["items"][0]
            assert (target["enabled"], target["disabled_reason"]) == (False, "failures")
            assert target["delivered_seq"] == first - 1
            log = expect(await http.get(f"/webhooks/{made['id']}/deliveries", headers=st.auth), 200)
            assert [a["attempt"] for a in log["items"]] == [3, 2, 1]
            assert {(a["outcome"], a["status_code"]) for a in log["items"]} == {("rejected", 500)}
            # The storytellers are told, in the log; the players are not.
            events = expect(await http.get(f"/campaigns/{cid}/events", headers=st.auth), 200)
            (disabled,) = [e for e in events["items"] if e["type"] == "webhook.disabled"]
            assert disabled["data"]["webhook_id"] == made["id"]
            assert disabled["data"]["reason"] == "failures" and disabled["data"]["failures"] == 3
            theirs = expect(await http.get(f"/campaigns/{cid}/events", headers=player.auth), 200)
            assert "webhook.disabled" not in [e["type"] for e in theirs["items"]]
            # Disabled: nothing more is tried.
            second = await formula(http, player, cid)
            await asyncio.sleep(0.5)
            assert len(rx.on()) == 3
            # Enabled again, it resumes with the event it stopped at.
            rx.status = 200
            back = await http.patch(
                f"/webhooks/{made['id']}", json={"enabled": True}, headers=st.auth
            )
            assert expect(back, 200)["enabled"] is True and back.json()["failures"] == 0
            got = await rx.wait_for(5)
            await asyncio.sleep(0.3)
        assert [verified(made["secret"], r)["seq"] for r in got] == [first] * 4 + [second]


async def test_a_410_gone_disables_at_once(make: Any) -> None:
    async with make(webhook_max_failures=50) as d:
        http = d.http
        st, _, cid = await table(http)
        async with receiving(status=410) as rx:
            made = await hook(http, st, cid, rx.url())
            await formula(http, st, cid)
            await rx.wait_for(1)
            for _ in range(100):
                target = expect(await http.get(f"/campaigns/{cid}/webhooks", headers=st.auth), 200)
                if not target["items"][0]["enabled"]:
                    break
                await asyncio.sleep(0.05)
        assert target["items"][0]["disabled_reason"] == "gone"
        assert made["id"] == target["items"][0]["id"]


async def test_retry_after_and_backoff_space_the_attempts(make: Any) -> None:
    async with make(webhook_backoff_base_seconds=0.01, webhook_backoff_max_seconds=5) as d:
        http = d.http
        st, _, cid = await table(http)
        async with receiving(status=429) as rx:
            rx.headers = [(b"retry-after", b"1")]
            made = await hook(http, st, cid, rx.url())
            await formula(http, st, cid)
            await rx.wait_for(1)
            await asyncio.sleep(0.6)
            assert len(rx.on()) == 1  # Retry-After: 1 s
            rx.status, rx.headers = 204, []
            await rx.wait_for(2, within=5)
        target = expect(await http.get(f"/campaigns/{cid}/webhooks", headers=st.auth), 200)
        assert target["items"][0]["failures"] == 0 and made["enabled"]


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_a_discord_message_matches_discords_documented_schema(
    hooks: Delivering, language: str
) -> None:
    http = hooks.http
    st = await register(http, "st")
    async with receiving() as rx:
        expected = 0
        for ruleset, sheet, body in (
            ("3d6", SHEET_3D6, {"kind": "test", "trait": "strong", "difficulty": 2}),
            ("matrix", SHEET_MATRIX, {"kind": "test", "trait": "strength", "difficulty": 2}),
            (
                "d20",
                SHEET_D20,
                {"kind": "save", "trait": "con", "difficulty": 14, "condition": "poisoned"},
            ),
            (
                "d20",
                SHEET_D20,
                {"kind": "formula", "formula": "4d6kh3+2", "note": "@everyone " * 40},
            ),
        ):
            cid = (await campaign(http, st, ruleset, {"language": language}))["id"]
            hero = await character(http, st, cid, sheet, name="Zoë " + "x" * 70)
            made = await hook(http, st, cid, rx.url(), format="discord")
            if body["kind"] != "formula":
                body = {**body, "character_id": hero["id"]}
            await roll(http, st, cid, **body)
            said = await http.post(
                f"/campaigns/{cid}/messages", json={"text": "ok " * 600}, headers=st.auth
            )
            expect(said, 201)
            expected += 2
            got = await rx.wait_for(expected)
            verified(made["secret"], got[-1])  # signed too (Discord ignores the headers)
    for received in got:
        check_discord(received.json)
        assert received.json["allowed_mentions"] == {"parse": []}
    rolls = [r.json for r in got if r.json.get("embeds")]
    assert len(rolls) == 4
    for index, message in enumerate(rolls):
        (embed,) = message["embeds"]
        assert "Zoë" in embed["title"] or "4d6kh3+2" in embed["title"]
        names = [f["name"] for f in embed["fields"]]
        assert ("Dés" if language == "fr" else "Dice") in names
        if index < 3:  # tests and saves have an outcome; the formula, its total
            assert ("Résultat" if language == "fr" else "Outcome") in names
        else:
            assert "Total" in names
    assert ("lance" if language == "fr" else "rolls") in rolls[0]["content"]


async def test_a_private_address_is_refused(make: Any) -> None:
    async with make(webhook_allow_private=False) as d:
        http = d.http
        st, _, cid = await table(http)
        for url in (
            "http://127.0.0.1:8080/hook",
            "http://localhost/hook",
            "http://10.1.2.3/",
            "http://192.168.0.10/",
            "http://169.254.169.254/latest/meta-data/",
            "http://[::1]/",
            "http://[::ffff:127.0.0.1]/",
            "http://0.0.0.0/",
            "http://100.64.0.1/",
            "http://224.0.0.1/",
            "http://[fe80::1]/",
        ):
            refused = await http.post(
                f"/campaigns/{cid}/webhooks",
                json={"url": url, "format": "standard"},
                headers=st.auth,
            )
            assert refused.status_code == 422, (url, refused.text)
            assert refused.headers["content-type"] == "application/problem+json"
            assert "public addresses only" in refused.json()["detail"]
        for url in ("ftp://example.com/", "not a url", "http://user:pw@example.com/", "http:///x"):
            refused = await http.post(
                f"/campaigns/{cid}/webhooks",
                json={"url": url, "format": "standard"},
                headers=st.auth,
            )
            assert refused.status_code == 422, (url, refused.text)


async def test_the_delivery_client_refuses_a_private_address_when_it_connects() -> None:
    """DNS rebinding: a name that resolved to a public address at creation and a private
    one later is refused by the client itself, at the connection."""
    async with receiving() as rx:
        guarded = client.Sender(allow_private=False, timeout=2)
        with pytest.raises(client.Refused):
            await guarded.post(rx.url(), b"{}", {})
        with pytest.raises(client.Refused):
            await guarded.post(f"http://localhost:{rx.port}/hook", b"{}", {})
        allowed = client.Sender(allow_private=True, timeout=2)
        try:
            for _ in range(3):  # the connection is kept alive between them
                assert (await allowed.post(rx.url(), b"{}", {"x-a": "b"})).status == 204
            rx.status = 500
            answer = await allowed.post(rx.url() + "?q=1", b"[]", {})
            assert answer.status == 500
        finally:
            await allowed.close()
        with pytest.raises(client.Unreachable):
            await client.Sender(allow_private=True, timeout=2).post(
                f"http://127.0.0.1:{free_port()}/", b"{}", {}
            )
    assert len(rx.on()) == 4 and rx.got[0].headers["x-a"] == "b"


async def test_bad_input_is_a_problem_never_a_500(hooks: Delivering) -> None:
    http = hooks.http
    st, _, cid = await table(http)
    bad = [
        {"url": "http://127.0.0.1:9/"},  # no format
        {"url": "http://127.0.0.1:9/", "format": "slack"},
        {"url": "http://127.0.0.1:9/", "format": "standard", "events": ["roll.rolled"]},
        {"url": "http://127.0.0.1:9/", "format": "standard", "events": []},
        {"url": "http://127.0.0.1:9/", "format": "standard", "include_hidden": "yes"},
        {"url": "x" * 3000, "format": "standard"},
        {"url": "http://127.0.0.1:9/", "format": "standard", "secret": "mine"},
    ]
    for body in bad:
        answer = await http.post(f"/campaigns/{cid}/webhooks", json=body, headers=st.auth)
        assert answer.status_code == 422, (body, answer.text)
        assert answer.headers["content-type"] == "application/problem+json"
    made = await hook(http, st, cid, "http://127.0.0.1:9/")
    for body in ({"include_hidden": True}, {"enabled": None}, {"url": None}, {"events": ["x.y"]}):
        answer = await http.patch(f"/webhooks/{made['id']}", json=body, headers=st.auth)
        assert answer.status_code == 422, (body, answer.text)
    for path in ("/webhooks/" + "0" * 26, "/webhooks/" + "0" * 26 + "/deliveries"):
        assert (
            await http.get(path + ("" if "deliveries" in path else "/deliveries"), headers=st.auth)
        ).status_code == 404
    cursor = await http.get(f"/webhooks/{made['id']}/deliveries?cursor=%%%", headers=st.auth)
    assert cursor.status_code == 422
    # At most ten a campaign.
    for _ in range(9):
        await hook(http, st, cid, "http://127.0.0.1:9/")
    await hook(http, st, cid, "http://127.0.0.1:9/", status=409)
    changed = await http.patch(
        f"/webhooks/{made['id']}",
        json={"events": None, "format": "discord", "enabled": False},
        headers=st.auth,
    )
    assert expect(changed, 200)["events"] is None and changed.json()["format"] == "discord"
    expect(await http.delete(f"/webhooks/{made['id']}", headers=st.auth), 204)
    expect(await http.delete(f"/webhooks/{made['id']}", headers=st.auth), 404)


async def test_deliveries_are_paged_and_counted(hooks: Delivering) -> None:
    http = hooks.http
    st, _, cid = await table(http)
    counter = metrics.WEBHOOK_DELIVERIES.labels("standard", "delivered")
    before = counter._value.get()
    async with receiving() as rx:
        made = await hook(http, st, cid, rx.url())
        seqs = [await formula(http, st, cid) for _ in range(5)]
        await rx.wait_for(5)
        await asyncio.sleep(0.2)
    assert counter._value.get() - before == 5
    seen: list[int] = []
    cursor = None
    while True:
        params = {"limit": 2, **({"cursor": cursor} if cursor else {})}
        page = expect(
            await http.get(f"/webhooks/{made['id']}/deliveries", params=params, headers=st.auth),
            200,
        )
        seen += [a["seq"] for a in page["items"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert seen == seqs[::-1]


def test_every_event_type_the_code_records_can_be_filtered() -> None:
    """A type passed to ``Ledger.record`` (or ``record_change``) is one ``events`` accepts."""
    recorded: set[str] = set()
    for path in (ROOT / "app").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and node.args:
                name = getattr(node.func, "attr", getattr(node.func, "id", ""))
                first = node.args[0]
                value = first.value if isinstance(first, ast.Constant) else None
                if name in ("record", "record_change") and isinstance(value, str) and "." in value:
                    recorded.add(value)
    assert recorded, "no recorded event type found"
    assert recorded <= set(EVENT_TYPES), recorded - set(EVENT_TYPES)


def test_logs_never_show_a_webhook_secret_or_a_discord_token() -> None:
    from app.core.log_redaction import redact

    line = redact(
        "made whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw4uBA3SyjSlI= for "
        "https://discord.com/api/webhooks/123456789012345678/AbC-dEf_gHi.jKl?wait=true"
    )
    assert "whsec_" not in line and "AbC-dEf" not in line, line
    assert "/api/webhooks/123456789012345678/[redacted]" in line


async def test_deliveries_give_way_while_the_server_is_saturated(
    monkeypatch: pytest.MonkeyPatch, hooks: Delivering
) -> None:
    from app.core import observe
    from app.webhooks import delivery

    worker: delivery.DeliveryWorker = hooks.app.state.webhooks
    rests: list[float] = []

    async def rest(seconds: float) -> None:
        rests.append(seconds)

    monkeypatch.setattr(delivery.asyncio, "sleep", rest)
    monkeypatch.setattr(observe, "in_flight", lambda: 1)
    await worker._give_way(0.002)
    assert rests == []  # not saturated: no rest
    monkeypatch.setattr(observe, "in_flight", lambda: delivery.BUSY_REQUESTS)
    await worker._give_way(0.002)
    assert rests == [pytest.approx(0.002 * (1 / delivery.BUSY_SHARE - 1))]


async def test_a_hidden_target_stops_when_its_storyteller_leaves(hooks: Delivering) -> None:
    http = hooks.http
    st, player, cid = await table(http)
    other_st = await register(http, "st2")
    await join(http, st, cid, other_st, "storyteller")
    async with receiving() as rx:
        hidden = await hook(http, other_st, cid, rx.url(), include_hidden=True)
        blind = await formula(http, player, cid, "blind")
        await rx.wait_for(1)
        expect(await http.delete(f"/campaigns/{cid}/members/{other_st.id}", headers=st.auth), 204)
        await formula(http, player, cid, "blind")
        await formula(http, player, cid)
        for _ in range(100):
            (row,) = await db_run(
                hooks.app,
                "SELECT enabled, disabled_reason FROM webhooks WHERE id = ?",
                hidden["id"],
            )
            if not row[0]:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.3)
    assert (bool(row[0]), row[1]) == (False, "owner_left")
    # Nothing after it left: not even its leaving.
    assert [verified(hidden["secret"], r)["seq"] for r in rx.on()] == [blind]
    # Its event is for its storyteller alone, who left: the others never see it.
    events = expect(await http.get(f"/campaigns/{cid}/events", headers=st.auth), 200)
    assert "webhook.disabled" not in [e["type"] for e in events["items"]]


async def test_old_delivery_attempts_leave_the_log(make: Any) -> None:
    async with make(webhook_log_seconds=0.01) as d:
        http = d.http
        st, _, cid = await table(http)
        async with receiving() as rx:
            made = await hook(http, st, cid, rx.url())
            await formula(http, st, cid)
            await rx.wait_for(1)
            await asyncio.sleep(0.3)
        path = f"/webhooks/{made['id']}/deliveries"
        assert len(expect(await http.get(path, headers=st.auth), 200)["items"]) == 1
        await d.app.state.webhooks._purge()
        assert expect(await http.get(path, headers=st.auth), 200)["items"] == []
