"""What a line import keeps of the records read so far, for the records after them
(app/exchange/records.py): the ids given, each once; the events' order; each roll the
chain links, to its character (for the grants), in about 20 bytes a roll; the chat
messages' events, until their records.

``Seen`` checks each fact as it comes, in file order. ``Noted`` is what a worker checking
a piece of the file apart (app/exchange/pieces.py) hands to the same checks: it cannot
know the records before its piece, so it notes each fact, and the join replays the notes
of every piece, in file order, on the import's one ``Seen`` (``replay``). The facts and
the refusals are thus the same ones, written once."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from app.core.errors import Unprocessable
from app.core.i18n import msg
from app.exchange.checks import grant_problem
from app.exchange.schemas import GrantPart
from app.rules.verify_rolls import RollCharacters

STAGES = {"member": 0, "character": 1, "event": 2, "roll": 2, "roll_request": 2, "message": 2,
          "contest": 3, "group_roll": 3, "task": 3, "grant": 4}  # fmt: skip
"""Each record type's place in the file: every record of a stage before the next's."""

Note = tuple[Any, ...]  # a ``Seen`` method's name, then its arguments after ``number``


def bad(number: int, why: str) -> Unprocessable:
    return Unprocessable(msg("line {number}: {why}", number=number, why=why))


class SeenLike(Protocol):
    def stage(self, number: int, kind: str) -> None: ...
    def once(self, number: int, kind: str, ident: str) -> None: ...
    def event_seq(self, number: int, seq: int) -> None: ...
    def linked(self, number: int, roll_id: str, acted_by: Any) -> None: ...
    def rolled(self, number: int, roll_id: str, acted_by: Any, character: str) -> None: ...
    def created(self, number: int, message_id: str, said: bytes) -> None: ...
    def deleted(self, number: int, message_id: str) -> None: ...
    def message(self, number: int, message_id: str, deleted: bool, said: bytes) -> None: ...
    def grant(self, number: int, grant: GrantPart, campaign_id: str) -> None: ...


@dataclass(slots=True)
class Seen:
    """The import's record of the lines read so far, checking each new fact against it."""

    members: set[str] = field(default_factory=set)
    characters: set[str] = field(default_factory=set)
    flows: set[str] = field(default_factory=set)
    grants: set[str] = field(default_factory=set)
    rolls: RollCharacters = field(default_factory=RollCharacters)
    last_stage: int = 0
    last_seq: int = 0
    # chat message id -> a digest of its message.created event (the data and who reads
    # it), until its message record; and the ids of the messages whose deletion was read
    said: dict[str, bytes] = field(default_factory=dict)
    gone: set[str] = field(default_factory=set)
    # The last roll link's (roll id, its data's ``acted_by``): the roll record right after
    # it must say the same (``acted_by`` is not chained).
    last_link: tuple[str, Any] | None = None

    def stage(self, number: int, kind: str) -> None:
        if STAGES[kind] < self.last_stage:
            raise bad(number, f"a {kind} record after the records that follow it")
        self.last_stage = STAGES[kind]

    def once(self, number: int, kind: str, ident: str) -> None:
        given = {"member": self.members, "character": self.characters,
                 "grant": self.grants}.get(kind, self.flows)  # fmt: skip
        if ident in given:
            raise bad(number, f"{kind} {ident} is given twice")
        given.add(ident)

    def event_seq(self, number: int, seq: int) -> None:
        if seq <= self.last_seq:
            raise bad(number, f"event seq {seq} does not follow seq {self.last_seq}")
        self.last_seq = seq

    def linked(self, number: int, roll_id: str, acted_by: Any) -> None:
        self.rolls.link(roll_id)
        self.last_link = (roll_id, acted_by)

    def rolled(self, number: int, roll_id: str, acted_by: Any, character: str) -> None:
        link = self.last_link
        if link is not None and link[0] == roll_id and link[1] != acted_by:
            raise bad(number, f"roll {roll_id}: acted_by is not its latest link's")
        self.rolls.place(roll_id, character)

    def created(self, number: int, message_id: str, said: bytes) -> None:
        if message_id in self.said:
            raise bad(number, f"message {message_id} is created twice")
        self.said[message_id] = said

    def deleted(self, number: int, message_id: str) -> None:
        if message_id not in self.said or message_id in self.gone:
            raise bad(number, f"message {message_id} is deleted without being there")
        self.gone.add(message_id)

    def message(self, number: int, message_id: str, deleted: bool, said: bytes) -> None:
        if deleted != (message_id in self.gone):
            raise bad(number, f"message {message_id} does not match its message.deleted event")
        if self.said.pop(message_id, None) != said:
            raise bad(number, f"message {message_id} does not match its message.created event")

    def grant(self, number: int, grant: GrantPart, campaign_id: str) -> None:
        problem = grant_problem(grant, campaign_id, self.characters, self.rolls)
        if problem is not None:
            raise bad(number, problem)


class Noted:
    """A ``Seen`` for a piece of the file checked apart: each fact noted, none checked
    (a stage only when it changes: the same stage again checks nothing)."""

    __slots__ = ("_stage", "notes")

    def __init__(self) -> None:
        self.notes: list[Note] = []
        self._stage = -1

    def stage(self, number: int, kind: str) -> None:
        if STAGES[kind] != self._stage:
            self._stage = STAGES[kind]
            self.notes.append(("stage", kind))

    def once(self, number: int, kind: str, ident: str) -> None:
        self.notes.append(("once", kind, ident))

    def event_seq(self, number: int, seq: int) -> None:
        self.notes.append(("event_seq", seq))

    def linked(self, number: int, roll_id: str, acted_by: Any) -> None:
        self.notes.append(("linked", roll_id, acted_by))

    def rolled(self, number: int, roll_id: str, acted_by: Any, character: str) -> None:
        self.notes.append(("rolled", roll_id, acted_by, character))

    def created(self, number: int, message_id: str, said: bytes) -> None:
        self.notes.append(("created", message_id, said))

    def deleted(self, number: int, message_id: str) -> None:
        self.notes.append(("deleted", message_id))

    def message(self, number: int, message_id: str, deleted: bool, said: bytes) -> None:
        self.notes.append(("message", message_id, deleted, said))

    def grant(self, number: int, grant: GrantPart, campaign_id: str) -> None:
        self.notes.append(("grant", grant, campaign_id))


def replay(seen: Seen, notes: Iterable[Note]) -> None:
    """A piece's notes checked on the import's ``Seen``, in order (``Unprocessable`` at the
    first that fails; its line number is not known here: the caller finds it)."""
    for name, *args in notes:
        getattr(seen, name)(0, *args)
