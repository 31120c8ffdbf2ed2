"""An imported roll's latest link is stored compact (app/exchange/preparing.py) exactly when
its data is, to the byte, the body its roll's row rebuilds (``roll_body``): else the
export would give it back otherwise. Held to that definition on a real line edited in
every field of the body, with the values as a compact event's roll shares them."""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable
from typing import Any

import orjson

from app.events.repository import EVENTS, roll_body
from app.exchange.preparing import prepare
from app.exchange.records import values
from app.exchange.schemas import EventPart, RollPart
from app.rules.chain import roll_event_data

_ROLL = {
    "id": "01m6g46m4m7j4bgkn34b4gm8a3", "campaign_id": "01m99h7bzgs3te779d4m9w57dv",
    "seq": 4, "ruleset": "3d6", "kind": "test", "character_id": "01m99h7bzh2emfv3zbh0fmqgjw",
    "user_id": "01m99h7bw219p53rnhaf4h0g90", "visibility": "public", "note": None,
    "status": "final",
    "dice": [{"sides": 6, "value": 3, "history": [], "success": True},
             {"sides": 6, "value": 5, "history": [], "success": False}],
    "result": {"successes": 1, "outcome": "open", "boon": False, "rerolls": []},
    "odds": {"outcomes": {"open": 0.875, "botch": 0.125}, "boon": 0.027777777777777776},
    "state": {"trait": "strong", "effects": [{"kind": "fatigue", "amount": 1}]},
    "proof": [{"nonce": 1, "seed": 1, "rolls": [{"sides": 6, "faces": [3]}]}],
    "prev_hash": "d" * 64, "hash": "4" * 64,
    "created_at": "2026-11-03T07:15:58.532000Z", "updated_at": "2026-11-03T07:15:58.532000Z",
    "acted_by": None,
}  # fmt: skip
_EVENT = {"seq": 4, "type": "roll.created", "at": "2026-11-03T07:15:58.532000Z",
          "visibility": "public", "user_id": _ROLL["user_id"]}  # fmt: skip
_BODY_FIELDS = ("id", "seq", "note", "dice", "result", "odds", "proof", "effects", "created_at",
              "updated_at", "hash", "redacted", "acted_by")  # fmt: skip
_VARIANTS: list[Callable[[Any], Any]] = [
    lambda v: copy.deepcopy(v),  # equal, not the same object: compact all the same
    lambda v: None,
    lambda v: [v],
    lambda v: float(v) if type(v) is int else v,
    lambda v: True if v == 1 else v,
    lambda v: v.replace(".532000Z", ".532Z") if isinstance(v, str) else v,
    lambda v: dict(reversed(v.items())) if isinstance(v, dict) else v,
    lambda v: v[:-1] if isinstance(v, list) else v,  # the same objects, one fewer
]


def _compact(data: dict[str, Any], raw_roll: dict[str, Any]) -> bool:
    """Whether ``prepare`` stores the link before the roll compact."""
    event = values("event", EventPart.model_validate({**_EVENT, "data": data,
                   "prev_hash": raw_roll["prev_hash"], "hash": raw_roll["hash"]}))  # fmt: skip
    roll = values("roll", RollPart.model_validate(raw_roll))
    rows = dict(prepare(raw_roll["campaign_id"], [("event", event), ("roll", roll)]).tables)
    [stored] = rows[EVENTS.name]
    return stored[EVENTS.columns.index("data")] is None


def _spelled_alike(data: dict[str, Any], raw_roll: dict[str, Any]) -> bool:
    """The definition: the body the stored roll rebuilds, spelled as the data is."""
    roll = values("roll", RollPart.model_validate(raw_roll))
    return orjson.dumps(roll_body(roll)) == orjson.dumps(data)


def test_a_compact_events_data_is_stored_compact() -> None:
    data = roll_event_data(_ROLL)  # what the line's compact event is given
    assert _spelled_alike(data, _ROLL) and _compact(data, _ROLL)


def test_a_link_is_stored_compact_exactly_when_its_roll_rebuilds_its_data_to_the_byte() -> None:
    """Every field of the body, edited every way, in the roll's line or in the event's
    data, the data's keys in order or not."""
    for field, variant, in_roll, reorder in itertools.product(
        _BODY_FIELDS, _VARIANTS, (False, True), (False, True)
    ):
        raw_roll = copy.deepcopy(_ROLL)
        data = roll_event_data(raw_roll)
        edited = raw_roll if in_roll and field in raw_roll else data
        edited[field] = variant(edited[field])
        if edited is raw_roll:
            data = roll_event_data(raw_roll)  # a compact event's data: the roll's own values
        if reorder:
            data = dict(reversed(data.items()))
        try:
            expected = _spelled_alike(data, raw_roll)
        except ValueError:  # the roll line itself is refused by its part model
            continue
        assert _compact(data, raw_roll) == expected, (field, _VARIANTS.index(variant), in_roll)
