"""The per-campaign queue of write jobs: first come, first served, and a place in it that
something else may answer first (a parked batch written before its job's turn)."""

from __future__ import annotations

import asyncio

import pytest

from app.core.keyed import TURN, KeyedLocks


async def _settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_jobs_of_one_campaign_take_their_turns_in_the_order_they_came() -> None:
    locks, order = KeyedLocks(), []
    await locks.acquire("c")

    async def job(name: str) -> None:
        await locks.acquire("c")
        order.append(name)
        locks.release("c")

    jobs = [asyncio.ensure_future(job(name)) for name in "abc"]
    await _settle()
    assert order == []
    locks.release("c")
    await asyncio.gather(*jobs)
    assert order == ["a", "b", "c"]
    assert locks._entries == {}  # nothing kept once nobody holds or waits


async def test_a_released_lock_is_handed_over_so_nobody_barges_in() -> None:
    locks = KeyedLocks()
    await locks.acquire("c")
    first = asyncio.ensure_future(locks.acquire("c"))
    await _settle()
    locks.release("c")  # handed to ``first``, which has not run yet
    late = asyncio.ensure_future(locks.acquire("c"))
    await _settle()
    assert first.done() and not late.done()
    locks.release("c")
    await late
    locks.release("c")


async def test_a_place_answered_otherwise_is_skipped_and_left() -> None:
    locks = KeyedLocks()
    await locks.acquire("c")
    woken = locks.queue("c")
    behind = asyncio.ensure_future(locks.acquire("c"))
    await _settle()
    woken.set_result(None)  # its batch was written meanwhile
    locks.leave("c", woken)
    locks.release("c")
    await behind  # the turn went past the answered place
    assert locks.waited_for("c") is False
    locks.release("c")
    assert locks._entries == {}


async def test_a_place_handed_the_lock_passes_it_on_when_left() -> None:
    locks = KeyedLocks()
    await locks.acquire("c")
    woken = locks.queue("c")
    behind = asyncio.ensure_future(locks.acquire("c"))
    await _settle()
    locks.release("c")
    assert woken.result() is TURN
    locks.leave("c", woken)  # e.g. its job was cancelled before it could take its turn
    await behind
    locks.release("c")
    assert locks._entries == {}


async def test_a_cancelled_waiter_neither_holds_nor_blocks_the_lock() -> None:
    locks = KeyedLocks()
    await locks.acquire("c")
    gone = asyncio.ensure_future(locks.acquire("c"))
    behind = asyncio.ensure_future(locks.acquire("c"))
    await _settle()
    gone.cancel()
    with pytest.raises(asyncio.CancelledError):
        await gone
    locks.release("c")
    await behind
    locks.release("c")
    assert locks._entries == {}


async def test_a_waiter_cancelled_after_its_turn_came_hands_the_lock_on() -> None:
    locks = KeyedLocks()
    await locks.acquire("c")
    first = asyncio.ensure_future(locks.acquire("c"))
    behind = asyncio.ensure_future(locks.acquire("c"))
    await _settle()
    locks.release("c")  # handed to ``first``…
    first.cancel()  # …which is cancelled before it runs again
    with pytest.raises(asyncio.CancelledError):
        await first
    await behind
    locks.release("c")
    assert locks._entries == {}
