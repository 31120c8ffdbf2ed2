"""The luck tallies of new rolls, summed in bulk (an import's piece, a generator's order)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from app.stats import tally

START = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)
MINUTES = range(0, 150, 10)  # few, so that rolls share their hour and the kept minute

rolls = st.lists(
    st.builds(
        lambda user, minute, second, status, total, faces: {
            "user_id": user,
            "character_id": None,
            "visibility": "public",
            "status": status,
            "kind": "formula",
            "created_at": START + timedelta(minutes=minute, seconds=second),
            "result": {"total": total},
            "odds": {"totals": {"3": 0.5, "4": 0.5}},  # sums stay exact in any order
            "proof": [{"rolls": [{"sides": 6, "faces": faces}]}],
        },
        st.sampled_from(["u1", "u2"]),
        st.sampled_from(MINUTES),
        st.integers(0, 59),
        st.sampled_from(["final", "final", "pending"]),
        st.integers(3, 4),
        st.lists(st.integers(1, 6), max_size=3),
    ),
    max_size=40,
)


@given(rolls, st.sampled_from(MINUTES))
def test_rolls_before_the_kept_minutes_count_in_their_hour_only(
    made: list[dict[str, Any]], minutes: int
) -> None:
    """Summing with ``minutes_from`` gives the rows that summing every minute gives, less
    the minutes before it: the hours whole, no minute before it, every minute after."""
    floor = START + timedelta(minutes=minutes)
    kept = tally.Tallies("c1")
    tally.add_new(kept, made, minutes_from=floor)
    whole = tally.Tallies("c1")
    tally.add_new(whole, made)

    def past(key: tally.Key) -> bool:
        return key[3] == tally.MINUTE and key[4] < floor

    assert kept.rows == {key: sums for key, sums in whole.rows.items() if not past(key)}
    assert kept.faces == {at: n for at, n in whole.faces.items() if not past(at[0])}
