"""Who may see a roll. One rule, used by every read path (single, log, filters, events;
the log's SQL condition in app/rolls/repository.py says the same), so no path can leak
what another hides.

| visibility  | storytellers | its roller | other players, spectators |
|-------------|--------------|------------|---------------------------|
| public      | yes          | yes        | yes                       |
| storyteller | yes          | yes        | no                        |
| blind       | yes          | no*        | no                        |
| private     | no**         | yes        | no                        |

(*) unless the roller is a storyteller; (**) unless the storyteller rolled it.

A chat whisper (app/messages/) is read by its *audience* (its sender and recipients), a
list stored with the message and with each of its events; who else reads it was decided
when it was sent, from the campaign's ``storyteller_reads_whispers``:

| visibility  | storytellers   | its audience | every other member |
|-------------|----------------|--------------|--------------------|
| whisper     | yes            | yes          | no                 |
| sealed      | only if in it  | yes          | no                 |

``can_read`` is the rule of every event, whisper or roll.
"""

from __future__ import annotations


def can_see(visibility: str, roller_id: str, viewer_id: str, viewer_is_storyteller: bool) -> bool:
    own = roller_id == viewer_id
    if visibility == "public":
        return True
    if visibility == "storyteller":
        return own or viewer_is_storyteller
    if visibility == "blind":
        return viewer_is_storyteller
    return own  # private


def can_read(
    visibility: str,
    user_id: str,
    audience: list[str] | None,
    viewer_id: str,
    viewer_is_storyteller: bool,
) -> bool:
    """Whether the viewer may read an event: a whisper's by its audience (and the
    storytellers when it is a ``whisper``, not ``sealed``), any other by ``can_see``."""
    if audience is not None:
        return viewer_id in audience or (viewer_is_storyteller and visibility == "whisper")
    return can_see(visibility, user_id, viewer_id, viewer_is_storyteller)
