"""Messages count against the per-user write rate limit that rolls use (one quota for
every write of a user): past it a message is a 429 and nothing is sent."""

from __future__ import annotations

from httpx import ASGITransport, AsyncClient

from app.core.settings import Settings
from app.main import create_app
from tests.service.table import SHEET_3D6, campaign, character, expect, register


async def test_messages_and_rolls_share_the_write_limit_and_a_refused_one_sends_nothing(
    settings: Settings,
) -> None:
    limited = settings.model_copy(update={"rate_limits": True,
                                          "rate_limit_writes": "6 per 1 hour"})  # fmt: skip
    application = create_app(limited)
    async with application.router.lifespan_context(application):
        transport = ASGITransport(app=application, client=("10.0.0.7", 40000))
        async with AsyncClient(transport=transport, base_url="http://test/api/v1") as client:
            teller = await register(client, "teller")
            cid = (await campaign(client, teller, "3d6"))["id"]  # write 1
            npc = await character(client, teller, cid, SHEET_3D6, npc=True)  # write 2
            roll = {"kind": "test", "trait": "strong", "difficulty": 2, "character_id": npc["id"]}
            url = f"/campaigns/{cid}/messages"
            expect(await client.post(f"/campaigns/{cid}/rolls", json=roll,
                                     headers=teller.auth), 201)  # fmt: skip
            for n in range(3):  # writes 4 to 6
                expect(await client.post(url, json={"text": f"m{n}"}, headers=teller.auth), 201)
            refused = await client.post(url, json={"text": "one too many"}, headers=teller.auth)
            assert refused.status_code == 429, refused.text
            assert refused.headers["content-type"] == "application/problem+json"
            assert int(refused.headers["retry-after"]) >= 1
            deleting = await client.delete(f"{url}/01jd8mf2g3h4j5k6m7n8p9q0r1", headers=teller.auth)
            assert deleting.status_code == 429
            page = expect(await client.get(url, headers=teller.auth), 200)
            assert [m["text"] for m in page["items"]] == ["m2", "m1", "m0"]
