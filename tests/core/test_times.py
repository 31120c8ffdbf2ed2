"""A time is spelled one way in every answer (``rfc3339``), whether it was read as a
datetime or, by a streamed export on SQLite, as the text SQLite stores."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from hypothesis import given
from hypothesis import strategies as st

from app.core.db import api_time, rfc3339, rfc3339_of_text
from app.core.sqlite import sqlite_time

INSTANTS = st.datetimes(
    min_value=datetime(1000, 1, 1), max_value=datetime(9999, 12, 30), timezones=st.just(UTC)
)


@given(INSTANTS, st.booleans())
def test_the_stored_text_of_a_time_spells_it_as_the_datetime_does(
    moment: datetime, whole_second: bool
) -> None:
    if whole_second:  # isoformat leaves out zero microseconds
        moment = moment.replace(microsecond=0)
    stored = sqlite_time(moment)
    assert rfc3339_of_text(stored) == rfc3339(moment)


@given(INSTANTS)
def test_a_time_stored_another_way_is_spelled_as_its_converter_reads_it(moment: datetime) -> None:
    """SQLite's converter reads any ISO text, naive as UTC: so does the export's."""
    for stored in (
        moment.strftime("%Y-%m-%d %H:%M:%S"),
        moment.replace(tzinfo=None).isoformat(),
        moment.replace(tzinfo=None).isoformat(" ", "milliseconds"),
    ):
        read = datetime.fromisoformat(stored).replace(tzinfo=UTC)
        assert rfc3339_of_text(stored) == rfc3339(read)


def test_a_time_already_spelled_for_the_api_is_kept() -> None:
    moment = datetime(2026, 12, 7, 9, 30, 0, 123456, tzinfo=timezone(timedelta(hours=1)))
    assert api_time(moment) == "2026-12-07T08:30:00.123456Z"
    assert api_time("2026-12-07T08:30:00.123456Z") == "2026-12-07T08:30:00.123456Z"
