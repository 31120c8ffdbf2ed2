"""Who may see a roll. One rule, used by every read path (single, log, filters, and
later events), so no path can leak what another hides.

| visibility  | storytellers | its roller | other players, spectators |
|-------------|--------------|------------|---------------------------|
| public      | yes          | yes        | yes                       |
| storyteller | yes          | yes        | no                        |
| blind       | yes          | no*        | no                        |
| private     | no**         | yes        | no                        |

(*) unless the roller is a storyteller; (**) unless the storyteller rolled it.
"""

from __future__ import annotations

from sqlalchemy import ColumnElement, and_, or_

from app.rolls.models import Roll


def can_see(visibility: str, roller_id: str, viewer_id: str, viewer_is_storyteller: bool) -> bool:
    own = roller_id == viewer_id
    if visibility == "public":
        return True
    if visibility == "storyteller":
        return own or viewer_is_storyteller
    if visibility == "blind":
        return viewer_is_storyteller
    return own  # private


def visible_filter(viewer_id: str, viewer_is_storyteller: bool) -> ColumnElement[bool]:
    """The same rule as ``can_see``, as a SQL condition on ``rolls``."""
    own = Roll.user_id == viewer_id
    if viewer_is_storyteller:
        return or_(Roll.visibility.in_(("public", "storyteller", "blind")), own)
    return or_(
        Roll.visibility == "public",
        and_(Roll.visibility.in_(("storyteller", "private")), own),
    )
