"""Roll requests in the hash chain, for ``app.rules.verify`` and ``verify_lines`` (standard
library only, like them).

A roll request's creation and its cancellation are links (events ``roll_request.created``
and ``roll_request.cancelled``) whose record has the fields of every link, filled as a
roll that rolls nothing: ``kind: "request"``, no dice, no draws, the storyteller who asked
as ``user_id``, ``status`` ``open`` or ``cancelled``, and the request's terms in
``result`` (``kind``, ``trait``, ``difficulty``, ``advantage``, ``disadvantage``,
``condition``, ``character_ids``, ``expires_at``; after a cancel also ``cancelled``, the
characters it left unanswered, and ``cancelled_by``). Its answers are ordinary roll links
whose ``result.request_id`` names it. In chain order the verifier checks that

- a request's record holds no dice and no draws;
- an answer's first link names a request linked before it, a character it addresses, its
  kind and visibility; that no character answers twice; and that none answers after the
  request's cancellation left it unanswered.

A request whose link is redacted for the viewer lets its answers be checked for nothing
more than following it. A line-format file also gives each request's ``roll_request``
record right after its latest link: it must hash to that link (``request_record``), and the
characters it says ``rolled`` must be, at the end, exactly the answers the chain holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["REQUEST_KIND", "Requests", "is_link_type", "is_request", "request_record"]

REQUEST_KIND = "request"


def is_link_type(event_type: Any) -> bool:
    """Whether events of this type carry a link (when they have a hash)."""
    return isinstance(event_type, str) and event_type.startswith(("roll.", "roll_request."))


def is_request(record: Mapping[str, Any]) -> bool:
    return record.get("kind") == REQUEST_KIND


def request_record(request: Mapping[str, Any]) -> dict[str, Any]:
    """The record of a request's latest link, from the request as stored: its columns
    (times in RFC 3339) and its ``targets`` in the order it named them."""
    targets = request["targets"]
    cancelled_at = request["cancelled_at"]
    result: dict[str, Any] = {
        "kind": request["kind"],
        "trait": request["trait"],
        **request["terms"],
        "character_ids": [t["character_id"] for t in targets],
        "expires_at": request["expires_at"],
    }
    if cancelled_at is not None:
        result["cancelled"] = [t["character_id"] for t in targets if t["status"] == "cancelled"]
        result["cancelled_by"] = request["cancelled_by"]
    return {
        "id": request["id"],
        "campaign_id": request["campaign_id"],
        "seq": request["seq"],
        "ruleset": request["ruleset"],
        "kind": REQUEST_KIND,
        "character_id": None,
        "user_id": request["created_by"],
        "visibility": request["visibility"],
        "note": request["note"],
        "status": "open" if cancelled_at is None else "cancelled",
        "dice": [],
        "result": result,
        "proof": [],
        "created_at": request["created_at"],
        "updated_at": cancelled_at or request["created_at"],
    }


class Requests:
    """What the chain has said so far of its requests and of their answers."""

    def __init__(self) -> None:
        self.latest: dict[str, Mapping[str, Any]] = {}  # request id -> its latest record
        self.hidden: set[str] = set()  # ids of links redacted for the viewer
        self.answers: dict[tuple[str, str], str] = {}  # (request, character) -> roll id

    def hide(self, link_id: str) -> None:
        """A link redacted for the viewer: an answer to it is checked for nothing more."""
        self.hidden.add(link_id)

    def problem(self, record: Mapping[str, Any], seq: int) -> str | None:
        """Why this shown record breaks the rules above, or None."""
        if is_request(record):
            if record.get("dice") != [] or record.get("proof") != []:
                return "a roll request's record holds dice or draws: a request rolls nothing"
            result = record.get("result")
            if not isinstance(result, Mapping) or not isinstance(result.get("character_ids"), list):
                return "a roll request's record names no characters"
            self.latest[str(record["id"])] = record
            return None
        result = record.get("result")
        asked = result.get("request_id") if isinstance(result, Mapping) else None
        if asked is None or record.get("seq") != seq:  # not an answer, or a later state
            return None
        request = self.latest.get(str(asked))
        if request is None:
            return None if asked in self.hidden else f"it answers {asked}, linked nowhere before"
        terms = request["result"]
        character = record.get("character_id")
        if character not in terms["character_ids"]:
            return f"it answers request {asked}, which does not address {character}"
        if (record.get("kind"), record.get("visibility")) != (
            terms.get("kind"),
            request.get("visibility"),
        ):
            return f"its kind or visibility is not what request {asked} asked for"
        if character in terms.get("cancelled", ()):
            return f"it answers request {asked} after its cancellation"
        if (str(asked), str(character)) in self.answers:
            return f"{character} answered request {asked} already"
        self.answers[(str(asked), str(character))] = str(record["id"])
        return None

    def note(self) -> str | None:
        if not self.latest:
            return None
        answers = len(self.answers)
        return (
            f"note: {len(self.latest)} roll requests (links that roll nothing) and {answers} "
            "answers checked against them"
        )
