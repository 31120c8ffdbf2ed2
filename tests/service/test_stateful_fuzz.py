"""Fuzzing that reaches the code: Schemathesis's stateful phase follows the OpenAPI links
(app.core.openapi.add_links) from answer to request — a created campaign's id into its
characters, a character's id into a roll, an invite's code into its acceptance — so the
random requests land on real resources. Any operation the stateful phase left without a
2xx (odds, sign-up: no link leads there) then gets a short stateless pass of its own, fed
with the ids the links carried; two of its cases in three are aimed by ``Table``, which
builds through the feature's own steps the state a random draw never reaches (a pending
3d6 test to reroll, choose, finalize or grant; a hidden roll to reveal; a tied contest; a
long task; a matrix PC to damage; a poisoned d20 PC; a deleted campaign's export). The run
counts, per operation, whether a 2xx was ever answered, and holds the API to: no server
error, no answer that breaks the document, and at least 90 % of operations reaching a 2xx.

Calls are authorised as a registered storyteller; accepting an invite as a second user
(the storyteller is a member already). ``VTT_FUZZ_EXAMPLES`` makes a longer hunt."""

from __future__ import annotations

import copy
import os
import secrets
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Flaky
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.generation.stateful import run_state_machine_as_test
from schemathesis.python import asgi

from app.core.settings import Settings
from app.main import create_app
from tests.service.fuzz_table import SHEETS, Table, aim_ids, json_of
from tests.service.table import PASSWORD


@schemathesis.serializer("application/x-ndjson")
def _ndjson(context: Any, value: Any) -> bytes:
    """An import in the line format: the aimed body is an export's text, sent as it is."""
    return value.encode() if isinstance(value, str) else b""


HUNT = int(os.environ.get("VTT_FUZZ_EXAMPLES", "0"))
SCENARIOS = HUNT or 80
STEPS = 25
STATELESS = 15
RESTARTS = 20
BUDGET_SECONDS = 60.0
TARGET = 0.90
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
ACCEPT = "POST /api/v1/invites/{code}/accept"
# Traits each ruleset's sheets use, to aim a roll's ``trait`` at one the character has.
SHEET_KEYS = ("qualities", "abilities", "rows", "columns")


@dataclass
class Tally:
    """What the fuzzing saw, per operation label, and what it learnt of the table: each
    campaign's ruleset, its characters and their traits and versions."""

    operations: set[str]
    reached: set[str] = field(default_factory=set)
    failures: list[str] = field(default_factory=list)
    statuses: dict[str, dict[int, int]] = field(default_factory=dict)
    rulesets: dict[str, str] = field(default_factory=dict)
    characters: dict[str, list[str]] = field(default_factory=dict)  # cid -> character ids
    traits: dict[str, list[str]] = field(default_factory=dict)
    versions: dict[str, int] = field(default_factory=dict)
    links: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=dict)
    contexts: list[dict[str, str]] = field(default_factory=list)
    calls: int = 0
    restarts: int = 0
    aimed: int = 0

    def learn(self, case: Any, status: int, body: Any) -> None:
        """What a 2xx answer feeds, by the document's own links: its path parameters and
        every ``$response.body#/...`` value its links point at, as one context."""
        context = {k: str(v) for k, v in (case.path_parameters or {}).items()}
        for param, pointer in self.links.get((case.operation.label, str(status)), []):
            value: Any = body
            for part in pointer.strip("/").split("/"):
                if isinstance(value, dict):
                    value = value.get(part)
                elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
                    value = value[int(part)]
                else:
                    value = None
            if isinstance(value, str):
                context[param] = value
        if context:
            self.contexts.append(context)

    def contexts_for(self, names: list[str], most: int = 4) -> list[dict[str, str]]:
        """The latest contexts that hold every one of ``names`` (none: nothing to feed)."""
        if not names:
            return []
        found: list[dict[str, str]] = []
        for context in reversed(self.contexts):
            picked = {name: context[name] for name in names if name in context}
            if len(picked) == len(names) and picked not in found:
                found.append(picked)
            if len(found) == most:
                break
        return found

    def record(self, case: Any, response: Any) -> None:
        self.calls += 1
        label = case.operation.label
        seen = self.statuses.setdefault(label, {})
        seen[response.status_code] = seen.get(response.status_code, 0) + 1
        if not 200 <= response.status_code < 300:
            return
        self.reached.add(label)
        body = json_of(response)
        self.learn(case, response.status_code, body)
        if not isinstance(body, dict) or not isinstance(body.get("id"), str):
            return
        if isinstance(body.get("ruleset"), str) and "sheet" not in body:
            self.rulesets[body["id"]] = body["ruleset"]
        if isinstance(body.get("sheet"), dict) and isinstance(body.get("campaign_id"), str):
            mine = self.characters.setdefault(body["campaign_id"], [])
            if body["id"] not in mine:
                mine.append(body["id"])
            sheet = body["sheet"]
            self.traits[body["id"]] = [
                str(k) for part in SHEET_KEYS for k in (sheet.get(part) or {})
            ]
            self.versions[body["id"]] = int(body.get("version", 0))

    def check(self, case: Any, response: Any) -> None:
        try:
            case.validate_response(response, checks=CHECKS)
        except Exception as failure:  # every failed check is reported
            text = str(failure).strip().splitlines()
            self.failures.append(
                f"{case.operation.label} -> {response.status_code}: {' '.join(text[:6])[:400]}"
                f"\n  {case.as_curl_command()[:600]}"
            )

    def crashed(self, case: Any, error: Exception) -> None:
        self.failures.append(
            f"{case.operation.label} -> server error {error!r}"[:400]
            + f"\n  {case.as_curl_command()[:600]}"
        )

    def aim(self, case: Any, player_id: str) -> None:
        """Two cases in three point what a random draw cannot guess at what the table
        holds: a sheet that fits the campaign's ruleset, its characters' ids and traits,
        a formula that parses, the character's current version, the player's user id.
        The third stays as drawn, so refusals are fuzzed too."""
        body = case.body
        self.aimed += 1
        if self.aimed % 3 == 0:
            return
        path = case.path_parameters or {}
        cid = path.get("cid")
        chars = self.characters.get(cid or "", [])
        if "user_id" in path:
            path["user_id"] = player_id
        if case.query is not None and "formula" in case.query:
            case.query = {**case.query, "formula": "2d6+1"}
        character = path.get("character_id")
        if (
            character in self.versions
            and case.headers is not None
            and "if-match" in {k.lower() for k in case.headers}
        ):
            case.headers = {k: v for k, v in case.headers.items() if k.lower() != "if-match"}
            case.headers["If-Match"] = str(self.versions[character])
        if not isinstance(body, dict):
            return
        ruleset = self.rulesets.get(cid or "")
        if "sheet" in body and ruleset in SHEETS:
            body["sheet"] = copy.deepcopy(SHEETS[ruleset])
        if body.get("kind") == "formula" and "formula" in body:
            body["formula"] = "2d6+1"
        aim_ids(body, chars, self.traits)


class Crashed(Exception):
    """The app raised instead of answering; recorded, and the state machine restarts."""


@dataclass
class Fuzz:
    schema: Any
    client: Any
    storyteller: dict[str, str]
    player: dict[str, str]
    player_id: str
    spare: dict[str, str]  # username and password of a user whose tokens logout may end
    tally: Tally
    table: Table

    def headers(self, label: str) -> dict[str, str]:
        """The storyteller's token; the player's to accept an invite (the storyteller sits
        at the table already); a fresh token of a spare user for a logout, which would
        end the storyteller's session for every later call."""
        if label == ACCEPT:
            return dict(self.player)
        if "/auth/logout" in label:
            answer = self.client.post("/api/v1/auth/token", json=self.spare)
            return {"Authorization": f"Bearer {answer.json().get('access_token', '')}"}
        return dict(self.storyteller)


def _person(client: asgi.ASGIClient, role: str) -> tuple[str, dict[str, str], dict[str, str]]:
    body = {"username": f"sf_{role}_{secrets.token_hex(4)}", "password": PASSWORD}
    created = client.post("/api/v1/users", json=body)
    assert created.status_code == 201, created.text
    answer = client.post("/api/v1/auth/token", json=body)
    assert answer.status_code == 200, answer.text
    return created.json()["id"], {"Authorization": f"Bearer {answer.json()['access_token']}"}, body


@pytest.fixture(scope="module")
def fuzz(settings: Settings) -> Iterator[Fuzz]:
    application = create_app(settings)
    schema = schemathesis.openapi.from_asgi("/openapi.json", application)
    # Valid input only: the point here is reaching the code; test_fuzz.py sends the
    # malformed input (and a negative case would drop the credential, a 401 wasted).
    schema.config.generation.update(modes=[GenerationMode.POSITIVE])
    try:
        with asgi.get_client(application) as client:
            _, storyteller, _ = _person(client, "teller")
            player_id, player, _ = _person(client, "player")
            _, _, spare = _person(client, "spare")
            labels = {
                result.ok().label for result in schema.get_all_operations() if hasattr(result, "ok")
            }
            tally = Tally(labels, links=_links(client.get("/openapi.json").json()))
            table = Table(client, storyteller, player, player_id)
            yield Fuzz(schema, client, storyteller, player, player_id, spare, tally, table)
    finally:
        asgi.shutdown_lifespans()


def _links(document: dict[str, Any]) -> dict[tuple[str, str], list[tuple[str, str]]]:
    """(operation label, status) -> (path parameter, JSON pointer into the answer)."""
    found: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for path, item in document["paths"].items():
        for method, operation in item.items():
            for status, response in operation.get("responses", {}).items():
                pairs = found.setdefault((f"{method.upper()} {path}", status), [])
                for link in response.get("links", {}).values():
                    for name, expression in link.get("parameters", {}).items():
                        if str(expression).startswith("$response.body#"):
                            pair = (name.removeprefix("path."), expression.split("#", 1)[1])
                            if pair not in pairs:
                                pairs.append(pair)
    return found


def _settings(examples: int, attempt: int = 0) -> settings:
    return settings(
        max_examples=examples,
        stateful_step_count=STEPS,
        deadline=None,
        database=None,
        derandomize=not HUNT and attempt == 0,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )


def _stateful(fuzz: Fuzz) -> None:
    tally = fuzz.tally

    class Workflow(fuzz.schema.as_state_machine()):  # type: ignore[misc]
        def call(self, case: Any, **kwargs: Any) -> Any:
            try:
                return super().call(case, **kwargs)
            except Exception as error:  # the app raised: a 500, reported with its input
                tally.crashed(case, error)
                raise Crashed from error

        def get_call_kwargs(self, case: Any) -> dict[str, Any]:
            return {"headers": fuzz.headers(case.operation.label)}

        def before_call(self, case: Any) -> None:
            tally.aim(case, fuzz.player_id)

        def after_call(self, response: Any, case: Any) -> None:
            super().after_call(response, case)
            tally.record(case, response)

        def validate_response(self, response: Any, case: Any, *_: Any, **__: Any) -> None:
            tally.check(case, response)

    # The server's state changes under Hypothesis: replaying a prefix may find a bundle
    # empty that was full (a 2xx that is now a 409). Hypothesis calls that flaky and stops;
    # Schemathesis's own runner restarts, and so does this, within a budget of scenarios.
    deadline = time.monotonic() + BUDGET_SECONDS
    for attempt in range(RESTARTS):
        try:
            run_state_machine_as_test(Workflow, settings=_settings(SCENARIOS, attempt))
        except (Flaky, Crashed):
            tally.restarts += 1
            if time.monotonic() < deadline:
                continue
        break


def _stateless(fuzz: Fuzz, label: str) -> None:
    """A few valid cases for an operation the stateful phase left without a 2xx: no link
    leads to it (odds, sign-up...), or the scenarios ended before they got there. Its
    path parameters come from what the links fed during the stateful phase (the latest
    resources first), or are drawn at random when nothing fed them; two cases in three,
    when ``Table`` knows the feature, take its fresh resource and body instead."""
    operation = fuzz.schema.find_operation_by_label(label)
    tally = fuzz.tally
    names = [p.name for p in operation.path_parameters]
    drawn = operation.as_strategy(generation_mode=GenerationMode.POSITIVE)
    fed = [
        operation.as_strategy(generation_mode=GenerationMode.POSITIVE, path_parameters=known)
        for known in tally.contexts_for(names)
    ]
    cases = st.one_of(*fed) if fed else drawn

    turn = [0]

    @_settings(HUNT or STATELESS)
    @given(case=cases)
    def run(case: Any) -> None:
        tally.aim(case, fuzz.player_id)
        turn[0] += 1
        aimed = fuzz.table.aim(label) if turn[0] % 3 else None
        if aimed is not None:
            path, body = aimed
            if path:
                case.path_parameters = {**(case.path_parameters or {}), **path}
            if isinstance(body, str):  # an export in the line format
                case.media_type = "application/x-ndjson"
            if body is not None:
                case.body = body
        if label == "POST /api/v1/auth/token" and isinstance(case.body, dict):
            case.body = {**case.body, **fuzz.spare} if len(repr(case.body)) % 2 else case.body
        try:
            response = case.call(headers=fuzz.headers(label))
        except Exception as error:  # the app raised: a 500, reported with its input
            tally.crashed(case, error)
            return
        tally.record(case, response)
        tally.check(case, response)

    run()


@pytest.fixture(scope="module")
def fuzzed(fuzz: Fuzz) -> tuple[Tally, str]:
    """One run for the module: the stateful phase, then the stateless pass for whatever it
    left without a 2xx; the figures as one line, printed and put in every assertion."""
    _stateful(fuzz)
    stateful = set(fuzz.tally.reached)
    for label in sorted(fuzz.tally.operations - stateful):
        _stateless(fuzz, label)
    tally = fuzz.tally
    missed = sorted(tally.operations - tally.reached)
    share = len(tally.reached & tally.operations) / len(tally.operations)
    report = (
        f"{len(tally.operations)} operations, {len(tally.reached)} reached a 2xx "
        f"({share:.0%}; {len(stateful)} in the stateful phase), {tally.calls} calls, "
        f"{tally.restarts} restarts, {len(tally.failures)} failures; never a 2xx: "
        + ", ".join(f"{label} {tally.statuses.get(label)}" for label in missed)
    )
    print(report)
    return tally, report


def test_fuzzing_finds_no_server_error_and_no_undocumented_answer(
    fuzzed: tuple[Tally, str],
) -> None:
    tally, report = fuzzed
    assert not tally.failures, "\n".join([report, *tally.failures[:20]])


def test_fuzzing_reaches_nine_operations_in_ten(fuzzed: tuple[Tally, str]) -> None:
    tally, report = fuzzed
    share = len(tally.reached & tally.operations) / len(tally.operations)
    assert share >= TARGET, report
