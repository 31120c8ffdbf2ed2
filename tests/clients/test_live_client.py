"""The checked-in client (clients/python, imported as it is) plays a short session against
a live server: an account, a login, a campaign, a character, rolls with typed results,
the log and the events; then the bot of its README rolls with an API key, as written."""

from __future__ import annotations

import inspect
import re
import secrets
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.realtime.live import LiveServer
from tests.service.table import PASSWORD, SHEET_3D6, SHEET_D20

CLIENT = Path(__file__).resolve().parents[2] / "clients" / "python"
sys.path.insert(0, str(CLIENT))

import fairtable_client.models as m  # noqa: E402  (not by name: pytest would collect m.TestBody)
from fairtable_client import AuthenticatedClient, Client  # noqa: E402
from fairtable_client.api.accounts import api_keys_create, auth_token, users_create  # noqa: E402
from fairtable_client.api.campaigns import campaigns_create  # noqa: E402
from fairtable_client.api.characters import characters_create, characters_get  # noqa: E402
from fairtable_client.api.events import events_list  # noqa: E402
from fairtable_client.api.odds import odds_3d6  # noqa: E402
from fairtable_client.api.rolls import rolls_create, rolls_get, rolls_list  # noqa: E402


@pytest.fixture(scope="module")
def server(database_url: str) -> Iterator[LiveServer]:
    live = LiveServer(database_url)
    live.start()
    yield live
    live.stop()


def base(server: LiveServer) -> str:
    return f"http://127.0.0.1:{server.port}"


def answered(value: Any) -> Any:
    assert value is not None, "no answer"
    assert not isinstance(value, m.Problem), f"{value.status} {value.type_}: {value.detail}"
    return value


def login(server: LiveServer) -> AuthenticatedClient:
    anonymous = Client(base_url=base(server), raise_on_unexpected_status=True)
    username = f"client_{secrets.token_hex(4)}"
    answered(
        users_create.sync(client=anonymous, body=m.UserCreate(username=username, password=PASSWORD))
    )
    token = answered(
        auth_token.sync(client=anonymous, body=m.TokenRequest(username=username, password=PASSWORD))
    )
    return AuthenticatedClient(base_url=base(server), token=token.access_token)


def test_logging_in_takes_no_bearer_credential() -> None:
    """Logging in is typed as open to a plain ``Client``; reading oneself is not."""
    from fairtable_client.api.accounts import users_me

    assert inspect.signature(auth_token.sync).parameters["client"].annotation == (
        AuthenticatedClient | Client
    )
    assert inspect.signature(users_me.sync).parameters["client"].annotation is AuthenticatedClient


def test_a_short_session_with_typed_answers(server: LiveServer) -> None:
    client = login(server)
    campaign = answered(
        campaigns_create.sync(client=client, body=m.CampaignCreate(name="Typed", ruleset="d20"))
    )
    hero = answered(
        characters_create.sync(
            campaign.id,
            client=client,
            body=m.CharacterCreate(name="Pip", sheet=m.SheetD20.from_dict(SHEET_D20)),
        )
    )
    assert isinstance(hero.sheet, m.SheetD20) and hero.sheet.abilities.dex == 12
    assert isinstance(hero.derived, m.DerivedD20) and hero.derived.modifiers.int_ == 4

    test = answered(
        rolls_create.sync(
            campaign.id,
            client=client,
            body=m.TestBody(kind="test", character_id=hero.id, trait="dex", advantage=True),
            idempotency_key=str(uuid.uuid4()),
        )
    )
    assert isinstance(test.result, m.D20TestResult) and isinstance(test.odds, m.D20Odds)
    assert test.result.mode == "advantage" and len(test.dice) == 2
    save = answered(
        rolls_create.sync(
            campaign.id,
            client=client,
            body=m.SaveBody(
                kind="save", character_id=hero.id, trait="con", difficulty=30, condition="stunned"
            ),
        )
    )
    assert isinstance(save.result, m.D20SaveResult) and save.result.condition == "stunned"
    formula = answered(
        rolls_create.sync(
            campaign.id, client=client, body=m.FormulaBody(kind="formula", formula="4d6kh3+2")
        )
    )
    assert isinstance(formula.result, m.FormulaResult) and isinstance(formula.odds, m.FormulaOdds)
    assert 5 <= formula.result.total <= 20
    assert answered(rolls_get.sync(formula.id, client=client)).result == formula.result

    log = answered(rolls_list.sync(campaign.id, client=client))
    assert [r.id for r in log.items] == [formula.id, save.id, test.id]
    changed = answered(characters_get.sync(hero.id, client=client))
    stunned = [] if save.result.success else ["stunned"]  # a natural 20 saves, whatever the DC
    assert isinstance(changed.sheet, m.SheetD20) and changed.sheet.conditions == stunned

    events = answered(events_list.sync(campaign.id, client=client))
    kinds = [(type(e).__name__, e.type_) for e in events.items]
    assert ("RollEvent", "roll.created") in kinds
    assert (("CharacterEvent", "character.updated") in kinds) == bool(stunned)
    assert all(isinstance(e, m.RollEvent | m.CharacterEvent) for e in events.items), kinds
    rolled = [e for e in events.items if isinstance(e, m.RollEvent)]
    assert isinstance(rolled[0].data.result, m.D20TestResult)

    odds = answered(odds_3d6.sync(client=Client(base_url=base(server)), score=3, difficulty="2"))
    assert isinstance(odds, m.Roll3D6Odds) and odds.outcomes["success"] > 0


def readme_bot() -> str:
    """The code of the README's bot, as written there (its last snippet: the bot itself)."""
    text = (CLIENT / "README.md").read_text(encoding="utf-8")
    section = text.split("## A bot that rolls for a player", 1)[1].split("\n## ", 1)[0]
    found = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(found) == 2, "the section shows the player's link, then the bot"
    return str(found[1])


def test_the_readme_bot_rolls_for_a_consenting_players_character(server: LiveServer) -> None:
    """The bot has its own account and key; the player links it to their character, it
    rolls for that character with its own key, and stops when the link is revoked."""
    from fairtable_client.api.accounts import users_me
    from fairtable_client.api.delegations import delegations_create, delegations_revoke

    player = login(server)
    campaign = answered(
        campaigns_create.sync(client=player, body=m.CampaignCreate(name="Bots", ruleset="3d6"))
    )
    hero = answered(
        characters_create.sync(
            campaign.id,
            client=player,
            body=m.CharacterCreate(name="Ficelle", sheet=m.Sheet3D6.from_dict(SHEET_3D6)),
        )
    )
    bot_account = login(server)
    bot_id = answered(users_me.sync(client=bot_account)).id
    scopes: list[Any] = ["read", "roll"]
    key = answered(api_keys_create.sync(client=bot_account, body=m.ApiKeyCreate("bot", scopes)))
    link = answered(
        delegations_create.sync(
            campaign.id,
            client=player,
            body=m.DelegationCreate(bot_user_id=bot_id, character_ids=[hero.id], scopes=["roll"]),
        )
    )
    bot: dict[str, Any] = {}
    exec(readme_bot().replace("https://fairtable.example", base(server)), bot)  # noqa: S102
    said = bot["roll_for"](key.key, campaign.id, hero.id, "!roll strong 2")
    assert re.fullmatch(r"(success|partial|botch) with \d successes", said), said
    said = bot["roll_for"](key.key, campaign.id, hero.id, "!roll 4d6kh3+2")
    assert re.fullmatch(r"\d+ \(.*\)", said), said
    refused = bot["roll_for"](key.key, campaign.id, hero.id, "!roll mighty 2")
    assert refused.startswith("refused: "), refused

    log = answered(rolls_list.sync(campaign.id, client=player))
    assert isinstance(log.items[-1].result, m.Roll3D6TestResult)
    assert isinstance(log.items[-1].odds, m.Roll3D6Odds)
    assert isinstance(log.items[0].result, m.FormulaResult)
    me = answered(users_me.sync(client=player)).id
    assert all(r.user_id == me and r.acted_by == bot_id for r in log.items)

    delegations_revoke.sync_detailed(link.id, client=player)
    refused = bot["roll_for"](key.key, campaign.id, hero.id, "!roll strong 2")
    assert refused.startswith("refused: "), refused
