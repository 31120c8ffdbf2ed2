"""The cyclic garbage collector's settings, for the server and for its worker processes."""

from __future__ import annotations

import gc


def tune_garbage_collector() -> None:
    """Fewer, cheaper collections: the start-up heap (modules, routes, caches) is frozen out
    of every future collection, and the young generation is collected less often. With the
    defaults, full collections showed as 50-100 ms stalls in the roll benchmark's p99, and
    code that holds rows by the thousand spent a third of its time in them (an import's
    pass 2 made its rows in 32 µs a line, against 19 tuned). Called once a process has
    imported what it runs: the server, and every command (``fairtable import`` restores
    through that same pass 2)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 50)
