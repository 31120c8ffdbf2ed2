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
