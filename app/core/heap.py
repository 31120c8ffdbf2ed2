"""The heap's settings, for the server and for its worker processes: the cyclic garbage
collector's, and the C allocator's."""

from __future__ import annotations

import ctypes
import gc

_M_MMAP_THRESHOLD = -3  # glibc's malloc.h
MMAP_THRESHOLD = 256 * 1024


def tune_garbage_collector() -> None:
    """Fewer, cheaper collections: the start-up heap (modules, routes, caches) is frozen
    out of every future collection, and the young generation is collected less often.
    With the defaults, full collections showed as 50-100 ms stalls in the roll benchmark's
    p99, and code that holds rows by the thousand spent a third of its time in them (an
    import's pass 2 made its rows in 32 µs a line, against 19 tuned). Called once a process
    has imported what it runs: the server, its worker processes, and every command
    (``fairtable import`` restores through that same pass 2)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 50)


def fix_mmap_threshold() -> bool:
    """Blocks of ``MMAP_THRESHOLD`` bytes or more each get pages of their own, given back
    whole when freed. glibc's default moves that threshold up to the largest block freed
    so far: once an import had freed its first piece of a MiB, every later piece, and the
    growing arrays of the roll ids it keeps, came from the heap, which they riddled with
    holes; a million-roll import then took the server 89 MB at its peak and kept 37 MB,
    against 45 and 3 with the threshold fixed. The price, a mapping and its page faults
    for each such block, is paid by whoever allocates them often: the server and
    ``fairtable import`` fix it, ``fairtable verify`` (7 % slower with it) does not.
    False where the C library has no ``mallopt`` (not glibc): nothing changes there."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (AttributeError, OSError):
        return False
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD))
