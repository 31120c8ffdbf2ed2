"""The aimed table of the stateful fuzz (test_stateful_fuzz.py): what each feature's own
steps build so that a fuzzed request lands on a state a random draw never reaches."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from tests.service.table import GIFT, ITEM, SHEET_3D6, SHEET_D20, SHEET_MATRIX

# A quality of 0: no die of a test on it is ever a success, so citing rerolls leaves it pending.
SHEET_PENDING = {**SHEET_3D6, "qualities": {**SHEET_3D6["qualities"], "weak": 0}}
SHEETS = {"3d6": SHEET_3D6, "matrix": SHEET_MATRIX, "d20": SHEET_D20}
API = "/api/v1"


def json_of(response: Any) -> Any:
    """The answer's JSON, or None when it is not JSON (nothing to learn from it)."""
    try:
        return response.json()
    except Exception:
        return None


def aim_ids(value: Any, chars: list[str], traits: dict[str, list[str]]) -> None:
    """Every ``character_id(s)`` in the body names one of the campaign's characters, and a
    ``trait`` or ``quality`` beside it one of that character's."""
    if isinstance(value, list):
        for item in value:
            aim_ids(item, chars, traits)
        return
    if not isinstance(value, dict):
        return
    if chars and "character_id" in value:
        value["character_id"] = chars[len(str(value["character_id"])) % len(chars)]
    if chars and isinstance(value.get("character_ids"), list):
        value["character_ids"] = chars[: max(1, len(value["character_ids"]))]
    known = traits.get(str(value.get("character_id"))) or (
        traits.get(chars[0]) if chars and "character_ids" in value else None
    )
    for name in ("trait", "quality"):
        if known and name in value:
            value[name] = known[len(str(value[name])) % len(known)]
    for item in value.values():
        if isinstance(item, dict | list):
            aim_ids(item, chars, traits)


Aimed = tuple[dict[str, str], Any]  # path parameters, and the body (None: as drawn)


@dataclass
class Table:
    """What a feature's own steps build, as the storyteller, for the stateless pass: the
    state a random draw never reaches (a pending 3d6 test, a tied contest, a long task, a
    poisoned d20 PC, an exported then deleted campaign...). One campaign per ruleset;
    every aimed case gets a fresh resource, so no earlier case has used it up."""

    client: Any
    auth: dict[str, str]
    player: dict[str, str]
    player_id: str
    cids: dict[str, str] = field(default_factory=dict)

    def send(self, method: str, path: str, body: Any = None) -> Any:
        answer = self.client.request(method, API + path, json=body, headers=self.auth)
        assert 200 <= answer.status_code < 300, f"{method} {path}: {answer.text}"
        return json_of(answer)

    def cid(self, ruleset: str) -> str:
        if ruleset not in self.cids:
            made = self.send("POST", "/campaigns", {"name": f"fuzz {ruleset}", "ruleset": ruleset})
            self.cids[ruleset] = made["id"]
        return self.cids[ruleset]

    def char(self, ruleset: str, sheet: dict[str, Any] | None = None) -> str:
        body = {"name": "Ficelle", "sheet": copy.deepcopy(sheet or SHEETS[ruleset])}
        return str(self.send("POST", f"/campaigns/{self.cid(ruleset)}/characters", body)["id"])

    def roll(self, body: dict[str, Any]) -> dict[str, Any]:
        return dict(self.send("POST", f"/campaigns/{self.cid('3d6')}/rolls", body))

    def pending(self) -> str:
        """A 3d6 test of a quality of 0 (no die a success) citing two rerolls: pending."""
        body = {"kind": "test", "character_id": self.char("3d6", SHEET_PENDING)}
        return str(self.roll({**body, "trait": "weak", "rerolls": [ITEM, GIFT]})["id"])

    def partial(self) -> str:
        """A 3d6 test without rerolls that is pending for its choice (dice are drawn:
        tried until one is a partial)."""
        body = {"kind": "test", "character_id": self.char("3d6"), "trait": "strong"}
        for _ in range(40):
            made = self.roll({**body, "difficulty": "medium"})
            if made["status"] == "pending":
                return str(made["id"])
        return str(made["id"])

    def contest(self, quality: str = "strong") -> str:
        a, b = self.char("3d6", SHEET_PENDING), self.char("3d6", SHEET_PENDING)
        body = {
            "a": {"character_id": a, "quality": quality},
            "b": {"character_id": b, "quality": quality},
        }
        return str(self.send("POST", f"/campaigns/{self.cid('3d6')}/contests", body)["id"])

    def tied(self) -> str:
        """A contest of two qualities of 0: its first round is a tie, to resolve."""
        contest = self.contest("weak")
        self.send("POST", f"/contests/{contest}/rounds")
        return contest

    def group_body(self) -> dict[str, Any]:
        pcs = [self.char("3d6"), self.char("3d6")]
        return {"character_ids": pcs, "quality": "strong", "difficulty": "easy"}

    def group(self) -> str:
        return str(
            self.send("POST", f"/campaigns/{self.cid('3d6')}/group-rolls", self.group_body())["id"]
        )

    def task_body(self, participant: str) -> dict[str, Any]:
        """A relay task no roll completes: 1000 successes to reach, no time limit."""
        return {
            "name": "Open the pantry",
            "quality": "strong",
            "target": 1000,
            "period": "PT1H",
            "mode": "relay",
            "participants": [participant],
        }

    def task(self, participant: str) -> str:
        body = self.task_body(participant)
        return str(self.send("POST", f"/campaigns/{self.cid('3d6')}/tasks", body)["id"])

    def request_body(self) -> dict[str, Any]:
        """A roll request to a fresh 3d6 character: open, so it can be read and cancelled."""
        return {"character_ids": [self.char("3d6")], "kind": "test", "trait": "strong"}

    def roll_request(self) -> str:
        path = f"/campaigns/{self.cid('3d6')}/roll-requests"
        return str(self.send("POST", path, self.request_body())["id"])

    def exported(self) -> Any:
        """The export of a fresh campaign that is then deleted: an import brings it back."""
        made = self.send("POST", "/campaigns", {"name": "fuzz import", "ruleset": "3d6"})
        answer = self.client.get(f"{API}/campaigns/{made['id']}/export", headers=self.auth)
        assert answer.status_code == 200, answer.text
        self.send("DELETE", f"/campaigns/{made['id']}")
        return answer.text  # the line format: sent as application/x-ndjson

    def seated(self) -> dict[str, str]:
        """A fresh campaign the player has joined by an invite, as path parameters."""
        cid = self.send("POST", "/campaigns", {"name": "fuzz seats", "ruleset": "3d6"})["id"]
        code = self.send("POST", f"/campaigns/{cid}/invites", {"role": "player"})["code"]
        answer = self.client.post(f"{API}/invites/{code}/accept", headers=self.player)
        assert answer.status_code == 200, answer.text
        return {"cid": cid, "user_id": self.player_id}

    def hooked(self) -> str:
        """A fresh campaign: a campaign holds at most 10 webhooks."""
        return str(self.send("POST", "/campaigns", {"name": "fuzz hooks", "ruleset": "3d6"})["id"])

    def webhook(self) -> str:
        """A webhook of a fresh campaign (to 127.0.0.1: the test settings allow it)."""
        body = {"url": "http://127.0.0.1:9/fairtable", "format": "standard"}
        return str(self.send("POST", f"/campaigns/{self.hooked()}/webhooks", body)["id"])

    def delegation_body(self) -> dict[str, Any]:
        """The player's account as a bot, for a fresh character of the storyteller's."""
        return {
            "bot_user_id": self.player_id,
            "character_ids": [self.char("3d6")],
            "scopes": ["read", "roll"],
        }

    def delegation(self) -> str:
        path = f"/campaigns/{self.cid('3d6')}/delegations"
        return str(self.send("POST", path, self.delegation_body())["id"])

    def invite(self) -> str:
        cid = self.send("POST", "/campaigns", {"name": "fuzz invite", "ruleset": "3d6"})["id"]
        return str(self.send("POST", f"/campaigns/{cid}/invites", {"role": "player"})["code"])

    def aim(self, label: str) -> Aimed | None:
        """Path parameters and body that a feature's own steps make valid, for ``label``."""
        cid = self.cid("3d6")
        pc = self.char("3d6") if "tasks" in label else ""
        aims: dict[str, Any] = {
            "POST /api/v1/campaigns/{cid}/contests": lambda: (
                {"cid": cid},
                {
                    "a": {"character_id": self.char("3d6"), "quality": "strong"},
                    "b": {"character_id": self.char("3d6"), "quality": "clever"},
                },
            ),
            "GET /api/v1/contests/{contest_id}": lambda: ({"contest_id": self.contest()}, None),
            "POST /api/v1/contests/{contest_id}/rounds": lambda: (
                {"contest_id": self.contest()},
                None,
            ),
            "POST /api/v1/contests/{contest_id}/resolve": lambda: (
                {"contest_id": self.tied()},
                {"decision": "draw"},
            ),
            "POST /api/v1/campaigns/{cid}/group-rolls": lambda: ({"cid": cid}, self.group_body()),
            "GET /api/v1/group-rolls/{group_id}": lambda: ({"group_id": self.group()}, None),
            "POST /api/v1/campaigns/{cid}/tasks": lambda: ({"cid": cid}, self.task_body(pc)),
            "GET /api/v1/tasks/{task_id}": lambda: ({"task_id": self.task(pc)}, None),
            "POST /api/v1/tasks/{task_id}/rolls": lambda: (
                {"task_id": self.task(pc)},
                {"character_id": pc},
            ),
            "POST /api/v1/rolls/{roll_id}/reroll": lambda: (
                {"roll_id": self.pending()},
                {"die": 0},
            ),
            "POST /api/v1/rolls/{roll_id}/finalize": lambda: ({"roll_id": self.pending()}, None),
            "POST /api/v1/rolls/{roll_id}/grant": lambda: ({"roll_id": self.pending()}, {}),
            "POST /api/v1/rolls/{roll_id}/choice": lambda: (
                {"roll_id": self.partial()},
                {"choice": "complication"},
            ),
            "POST /api/v1/rolls/{roll_id}/reveal": lambda: (
                {
                    "roll_id": str(
                        self.roll(
                            {"kind": "formula", "formula": "2d6", "visibility": "storyteller"}
                        )["id"]
                    )
                },
                None,
            ),
            "POST /api/v1/characters/{character_id}/damage": lambda: (
                {"character_id": self.char("matrix")},
                {"type": "physical", "formula": "2+3"},
            ),
            "DELETE /api/v1/characters/{character_id}/conditions/{condition}": lambda: (
                {
                    "character_id": self.char("d20", {**SHEET_D20, "conditions": ["poisoned"]}),
                    "condition": "poisoned",
                },
                None,
            ),
            "POST /api/v1/campaigns/{cid}/roll-requests": lambda: (
                {"cid": cid},
                self.request_body(),
            ),
            "GET /api/v1/roll-requests/{request_id}": lambda: (
                {"request_id": self.roll_request()},
                None,
            ),
            "POST /api/v1/roll-requests/{request_id}/cancel": lambda: (
                {"request_id": self.roll_request()},
                None,
            ),
            "POST /api/v1/campaigns/import": lambda: ({}, self.exported()),
            "PATCH /api/v1/campaigns/{cid}/members/{user_id}": lambda: (
                self.seated(),
                {"role": "spectator"},
            ),
            "DELETE /api/v1/campaigns/{cid}/members/{user_id}": lambda: (self.seated(), None),
            "POST /api/v1/campaigns/{cid}/webhooks": lambda: (
                {"cid": self.hooked()},
                {"url": "http://127.0.0.1:9/fairtable", "format": "discord"},
            ),
            "PATCH /api/v1/webhooks/{webhook_id}": lambda: (
                {"webhook_id": self.webhook()},
                {"enabled": False},
            ),
            "DELETE /api/v1/webhooks/{webhook_id}": lambda: ({"webhook_id": self.webhook()}, None),
            "GET /api/v1/webhooks/{webhook_id}/deliveries": lambda: (
                {"webhook_id": self.webhook()},
                None,
            ),
            "POST /api/v1/campaigns/{cid}/delegations": lambda: (
                {"cid": cid},
                self.delegation_body(),
            ),
            "DELETE /api/v1/delegations/{delegation_id}": lambda: (
                {"delegation_id": self.delegation()},
                None,
            ),
            "DELETE /api/v1/characters/{character_id}": lambda: (
                {"character_id": self.char("3d6")},
                None,
            ),
            "GET /api/v1/characters/{character_id}/grants": lambda: (
                {"character_id": self.char("3d6")},
                None,
            ),
            "POST /api/v1/characters/{character_id}/grants": lambda: (
                {"character_id": self.char("3d6")},
                {},
            ),
            "GET /api/v1/rolls/{roll_id}": lambda: ({"roll_id": self.pending()}, None),
            "GET /api/v1/problems/{slug}": lambda: ({"slug": "not-found"}, None),
            "POST /api/v1/invites/{code}/accept": lambda: ({"code": self.invite()}, None),
        }
        make = aims.get(label)
        return make() if make is not None else None
