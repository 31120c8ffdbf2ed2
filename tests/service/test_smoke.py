from httpx import AsyncClient

from tests.service.table import SHEET_3D6, campaign, character, expect, register, roll


async def test_a_storyteller_rolls_a_3d6_test_for_their_npc(client: AsyncClient) -> None:
    st = await register(client, "teller")
    camp = await campaign(client, st, "3d6")
    npc = await character(client, st, camp["id"], SHEET_3D6, npc=True)
    answer = await roll(
        client, st, camp["id"], kind="test", character_id=npc["id"], trait="strong", difficulty=2
    )
    assert len(answer["dice"]) == 3
    got = expect(await client.get(f"/rolls/{answer['id']}", headers=st.auth), 200)
    assert got == answer
