"""The allocator's setting that keeps a long import's memory flat (app/core/heap.py)."""

from __future__ import annotations

import platform

import pytest

from app.core.heap import fix_mmap_threshold


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="mallopt is glibc's")
def test_large_blocks_get_pages_of_their_own_on_glibc() -> None:
    assert fix_mmap_threshold()
