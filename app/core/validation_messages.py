"""pydantic's validation messages, translatable.

pydantic writes its messages in English only. Each error also carries a stable ``type``
(``string_too_short``…, documented by pydantic as its contract) and the ``ctx`` that filled
the English text, so each message is remade here as a ``Msg``: its English text is
pydantic's own, unchanged, and its template (one per type, in the catalogue) is said in the
request's language when the answer is rendered. An error type missing from this table stays
English. Chosen over pydantic-i18n, which matches the rendered English text with regular
expressions (so it breaks when pydantic rewords a message) and reads compiled catalogues.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.rules.message import N_, Msg, N_plural, msg

# type -> template: pydantic's English template for that type, ``{}`` named after its ctx.
TEMPLATES: dict[str, str] = {
    "missing": N_("Field required"),
    "extra_forbidden": N_("Extra inputs are not permitted"),
    "string_type": N_("Input should be a valid string"),
    "string_pattern_mismatch": N_("String should match pattern '{pattern}'"),
    "string_unicode": N_(
        "Input should be a valid string, unable to parse raw data as a unicode string"
    ),
    "int_type": N_("Input should be a valid integer"),
    "int_parsing": N_("Input should be a valid integer, unable to parse string as an integer"),
    "int_from_float": N_("Input should be a valid integer, got a number with a fractional part"),
    "int_parsing_size": N_("Unable to parse input string as an integer, exceeded maximum size"),
    "float_type": N_("Input should be a valid number"),
    "float_parsing": N_("Input should be a valid number, unable to parse string as a number"),
    "finite_number": N_("Input should be a finite number"),
    "bool_type": N_("Input should be a valid boolean"),
    "bool_parsing": N_("Input should be a valid boolean, unable to interpret input"),
    "greater_than": N_("Input should be greater than {gt}"),
    "greater_than_equal": N_("Input should be greater than or equal to {ge}"),
    "less_than": N_("Input should be less than {lt}"),
    "less_than_equal": N_("Input should be less than or equal to {le}"),
    "multiple_of": N_("Input should be a multiple of {multiple_of}"),
    "literal_error": N_("Input should be {expected}"),
    "enum": N_("Input should be {expected}"),
    "list_type": N_("Input should be a valid list"),
    "dict_type": N_("Input should be a valid dictionary"),
    "model_type": N_("Input should be a valid dictionary or instance of {class_name}"),
    "model_attributes_type": N_(
        "Input should be a valid dictionary or object to extract fields from"
    ),
    "json_invalid": N_("Invalid JSON: {error}"),
    "json_type": N_("JSON input should be string, bytes or bytearray"),
    "value_error": N_("Value error, {error}"),
    "assertion_error": N_("Assertion failed, {error}"),
    "uuid_parsing": N_("Input should be a valid UUID, {error}"),
    "uuid_type": N_("UUID input should be a string, bytes or UUID object"),
    "datetime_type": N_("Input should be a valid datetime"),
    "datetime_parsing": N_("Input should be a valid datetime, {error}"),
    "datetime_from_date_parsing": N_("Input should be a valid datetime or date, {error}"),
    "date_type": N_("Input should be a valid date"),
    "date_parsing": N_("Input should be a valid date in the format YYYY-MM-DD, {error}"),
    "timezone_aware": N_("Input should have timezone info"),
    "timezone_naive": N_("Input should not have timezone info"),
    "url_type": N_("URL input should be a string or URL"),
    "url_parsing": N_("Input should be a valid URL, {error}"),
    "url_scheme": N_("URL scheme should be {expected_schemes}"),
    "union_tag_invalid": N_(
        "Input tag '{tag}' found using {discriminator} does not match any of the expected "
        "tags: {expected_tags}"
    ),
    "union_tag_not_found": N_("Unable to extract tag using discriminator {discriminator}"),
    "set_type": N_("Input should be a valid set"),
    "tuple_type": N_("Input should be a valid tuple"),
    "string_not_ascii": N_("String should contain only ASCII characters"),
    "frozen_field": N_("Field is frozen"),
    # Fairtable's own error types (PydanticCustomError)
    "set_by_request": N_("the request sets the {field}; an answer does not send it"),
}

# Python's json module's reasons (json.JSONDecodeError.msg), the ``{error}`` of json_invalid.
JSON_REASONS: frozenset[str] = frozenset(
    (
        N_("Expecting value"),
        N_("Expecting property name enclosed in double quotes"),
        N_("Expecting ':' delimiter"),
        N_("Expecting ',' delimiter"),
        N_("Unterminated string starting at"),
        N_("Invalid control character at"),
        N_("Invalid \\escape"),
        N_("Invalid \\uXXXX escape"),
        N_("Extra data"),
        N_("Illegal trailing comma before end of object"),
        N_("Illegal trailing comma before end of array"),
    )
)

# type -> ((singular, plural), the ctx key that counts): the messages with a number of things.
PLURALS: dict[str, tuple[tuple[str, str], str]] = {
    "string_too_short": (
        N_plural(
            "String should have at least {min_length} character",
            "String should have at least {min_length} characters",
        ),
        "min_length",
    ),
    "string_too_long": (
        N_plural(
            "String should have at most {max_length} character",
            "String should have at most {max_length} characters",
        ),
        "max_length",
    ),
    "too_short": (
        N_plural(
            "{field_type} should have at least {min_length} item after validation, not "
            "{actual_length}",
            "{field_type} should have at least {min_length} items after validation, not "
            "{actual_length}",
        ),
        "min_length",
    ),
    "too_long": (
        N_plural(
            "{field_type} should have at most {max_length} item after validation, not "
            "{actual_length}",
            "{field_type} should have at most {max_length} items after validation, not "
            "{actual_length}",
        ),
        "max_length",
    ),
}


def _choices(expected: str) -> str:
    """pydantic's ``'a', 'b' or 'c'`` with its English "or" translatable."""
    head, sep, last = expected.rpartition("' or '")
    if not sep:
        return expected
    return msg("{choices} or {last}", choices=head + "'", last="'" + last)


def _param(value: Any) -> Any:
    """A ctx value as a template parameter: an exception raised in a validator gives its
    message (still translatable when it is a ``Msg``)."""
    if isinstance(value, BaseException):
        if len(value.args) == 1 and isinstance(value.args[0], Msg):
            return value.args[0]
        return str(value)
    return value


def pydantic_message(error: Mapping[str, Any]) -> str:
    """The ``msg`` of one pydantic (or hand-made ``{"loc", "msg"}``) error, translatable:
    a message already made with ``msg`` is kept, a known pydantic type is remade from its
    template, anything else is its English text."""
    text = error.get("msg", "")
    if isinstance(text, Msg):
        return text
    english = str(text)
    kind = error.get("type")
    ctx = {k: _param(v) for k, v in (error.get("ctx") or {}).items()}
    if kind == "json_invalid" and ctx.get("error") in JSON_REASONS:
        ctx["error"] = Msg(ctx["error"])
    if kind in ("literal_error", "enum") and isinstance(ctx.get("expected"), str):
        ctx["expected"] = _choices(ctx["expected"])
    if isinstance(kind, str) and kind in TEMPLATES:
        return Msg(TEMPLATES[kind], ctx, english=english)
    if isinstance(kind, str) and kind in PLURALS:
        (singular, plural_id), key = PLURALS[kind]
        count = ctx.get(key)
        if isinstance(count, int):
            return Msg(singular, ctx, english=english, plural_id=plural_id, count=count)
    return english
