"""ISO 8601 durations as a long task's period and limit: ``PnW`` or ``PnDTnHnMnS``.

Parsed here rather than by a library because only fixed-length units make sense for a
game clock: a year or a month has no fixed number of seconds, so they are refused with a
message that says what to write instead. Pure: no I/O.
"""

from __future__ import annotations

import re

from app.core.i18n import msg

_DURATION = re.compile(
    r"P(?:(?P<weeks>\d+)W|(?:(?P<days>\d+)D)?(?:T(?:(?P<hours>\d+)H)?(?:(?P<minutes>\d+)M)?"
    r"(?:(?P<seconds>\d+)S)?)?)",
    re.IGNORECASE,
)
_UNIT_SECONDS = {"weeks": 604_800, "days": 86_400, "hours": 3_600, "minutes": 60, "seconds": 1}
_MAX_DIGITS = 9
"""Nine digits per number: enough for any game clock, short of numbers that only waste CPU."""


def parse_duration(text: str) -> int:
    """Seconds in ``text``; ``ValueError`` with a readable reason when it is not one."""
    value = text.strip()
    match = _DURATION.fullmatch(value)
    if match is None or value.upper() in ("P", "PT") or value.upper().endswith("T"):
        raise ValueError(_why_not(value))
    total = 0
    for unit, number in match.groupdict().items():
        if number is None:
            continue
        if len(number) > _MAX_DIGITS:
            raise ValueError(msg("{number} is too large a number in a duration", number=number))
        total += int(number) * _UNIT_SECONDS[unit]
    return total


def _why_not(value: str) -> str:
    upper = value.upper()
    if "." in upper or "," in upper:
        return msg(
            "{value!r}: fractions are not supported in durations (write PT30M, not PT0.5H)",
            value=value,
        )
    if upper.startswith("P") and re.search(r"\d[YM]", upper.split("T")[0]):
        return msg(
            "{value!r}: years and months have no fixed length; count days (P30D) instead",
            value=value,
        )
    return msg(
        "{value!r} is not an ISO 8601 duration such as PT30M, PT1H, P1D or P1DT12H", value=value
    )


def format_duration(seconds: int) -> str:
    """The shortest ISO 8601 form of ``seconds`` in days, hours, minutes and seconds."""
    days, rest = divmod(seconds, 86_400)
    hours, rest = divmod(rest, 3_600)
    minutes, secs = divmod(rest, 60)
    date = f"{days}D" if days else ""
    time = "".join(f"{n}{u}" for n, u in ((hours, "H"), (minutes, "M"), (secs, "S")) if n)
    if not date and not time:
        return "PT0S"
    return f"P{date}" + (f"T{time}" if time else "")
