"""``fairtable serve`` stopped by SIGTERM, as Docker and systemd stop it: the process ends
through its own exit path, with status 0, and nothing it made is left behind."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.realtime.live import LiveServer, http_client
from tests.service.table import campaign, expect, register, roll


@pytest.mark.parametrize("workers", [1, 2])
async def test_a_server_stopped_after_an_import_leaves_no_folder_behind(
    database_url: str, tmp_path: Path, workers: int
) -> None:
    """The import's worker processes come from a fork server, whose socket lives in a
    ``pymp-`` folder that only the process's exit path removes: once SIGTERM's default
    action killed the server after its graceful shutdown, and every restart left one more."""
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    server = LiveServer(database_url, workers=workers, TMPDIR=str(temporary))
    server.start()
    try:
        async with http_client(server) as http:
            keeper = await register(http, "keeper")
            cid = (await campaign(http, keeper, "d20"))["id"]
            await roll(http, keeper, cid, kind="formula", formula="1d20")
            exported = await http.get(f"/campaigns/{cid}/export", headers=keeper.auth)
            expect(await http.delete(f"/campaigns/{cid}", headers=keeper.auth), 204)
            headers = {**keeper.auth, "Content-Type": "application/x-ndjson"}
            body = exported.content
            expect(await http.post("/campaigns/import", content=body, headers=headers), 201)
        assert "pymp-" in {p.name[:5] for p in temporary.iterdir()}
        process = server.process
        assert process is not None
    finally:
        server.stop()
    assert list(temporary.iterdir()) == []
    assert process.returncode == 0, "a graceful stop, with or without a supervisor"
