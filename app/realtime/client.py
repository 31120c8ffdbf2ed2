"""One socket's state: who is at the other end, what they may see, and their queue."""

from __future__ import annotations

import asyncio
import math

from starlette.websockets import WebSocket, WebSocketDisconnect

from app.events.service import EventOut

# (seq or 0, the event or None, the text to send). Presence and pong carry no event.
Item = tuple[int, EventOut | None, str]
PONG = '{"type":"pong"}'


class Client:
    __slots__ = (
        "aborted",
        "after",
        "campaign_id",
        "closing",
        "credential",
        "expires_at",
        "last_sent",
        "queue",
        "role",
        "sender",
        "task",
        "user_id",
        "ws",
    )

    def __init__(
        self,
        ws: WebSocket,
        campaign_id: str,
        user_id: str,
        role: str,
        after: int | None,
        queue_size: int,
        credential: str | None = None,
        expires_at: float = math.inf,
    ) -> None:
        self.ws = ws
        self.campaign_id = campaign_id
        self.user_id = user_id
        self.role = role
        self.after = after
        # The keyed hash of the credential that opened it, and when that one expires.
        self.credential = credential
        self.expires_at = expires_at
        self.queue: asyncio.Queue[Item] = asyncio.Queue(queue_size)
        # The last seq this socket has passed (sent or filtered out): the dedupe point.
        self.last_sent = after or 0
        self.closing: tuple[int, str] | None = None
        self.aborted = False
        self.sender: asyncio.Task[None] | None = None
        self.task: asyncio.Task[object] | None = None

    def push(self, item: Item) -> None:
        """Called synchronously by the dispatch: never waits for this client."""
        if self.closing is not None:
            return
        try:
            self.queue.put_nowait(item)
        except asyncio.QueueFull:
            self.close_soon(1013, "too far behind; reconnect with after=")

    def close_soon(self, code: int, reason: str) -> None:
        if self.closing is not None:
            return
        self.closing = (code, reason)
        sender = self.sender
        if sender is not None and sender is not asyncio.current_task() and not sender.done():
            sender.cancel()  # it then closes the socket with ``code``

    def admit(self, event: EventOut) -> bool:
        """Whether to send ``event``, met in seq order. Skips what was already passed and
        applies membership changes of this client's own user from that seq on."""
        if event.seq <= self.last_sent:
            return False
        self.last_sent = event.seq
        visible = event.visible_to(self.user_id, self.role == "storyteller")
        if event.type in ("member.updated", "member.left"):
            data = event.data
            if data.get("user_id") == self.user_id:
                if event.type == "member.left":
                    self.closing = (4403, "no longer a member of this campaign")
                elif isinstance(data.get("role"), str):
                    self.role = data["role"]
        return visible

    @staticmethod
    def gone(exc: Exception) -> bool:
        """A send failed because the peer left (the receive loop cleans up)."""
        return isinstance(exc, WebSocketDisconnect | OSError | RuntimeError)

    async def finish(self, within: float) -> None:
        """Close with the recorded code; if the peer does not take the close frame in
        time (it stopped reading), stop serving it anyway."""
        if self.closing is None:
            return
        code, reason = self.closing
        try:
            await asyncio.wait_for(self.ws.close(code, reason), within)
        except Exception:  # timed out, or the peer is already gone
            self.aborted = True
            if self.task is not None and not self.task.done():
                self.task.cancel()
