"""Imports every feature's tables so that ``Base.metadata`` is complete (Alembic, tests)."""

from app.accounts import models as accounts_models
from app.campaigns import models as campaigns_models
from app.characters import models as characters_models
from app.core import idempotency
from app.core.db import Base
from app.delegations import models as delegations_models
from app.events import models as events_models
from app.fairness import models as fairness_models
from app.grants import models as grants_models
from app.messages import models as messages_models
from app.realtime import models as realtime_models
from app.roll_requests import models as roll_requests_models
from app.rolls import models as rolls_models
from app.stats import models as stats_models
from app.table import models as table_models
from app.webhooks import models as webhooks_models

__all__ = [
    "Base",
    "accounts_models",
    "campaigns_models",
    "characters_models",
    "delegations_models",
    "events_models",
    "fairness_models",
    "grants_models",
    "idempotency",
    "messages_models",
    "realtime_models",
    "roll_requests_models",
    "rolls_models",
    "stats_models",
    "table_models",
    "webhooks_models",
]
