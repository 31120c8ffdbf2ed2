"""Imports every feature's tables so that ``Base.metadata`` is complete (Alembic, tests)."""

from app.accounts import models as accounts_models
from app.campaigns import models as campaigns_models
from app.characters import models as characters_models
from app.core import idempotency
from app.core.db import Base
from app.rolls import models as rolls_models

__all__ = [
    "Base",
    "accounts_models",
    "campaigns_models",
    "characters_models",
    "idempotency",
    "rolls_models",
]
