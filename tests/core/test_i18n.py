"""Problem answers in the request's language, over HTTP: same ``type``, ``title`` and
status for programs, a ``detail`` (and validation ``msg``) in French or English for people,
``Content-Language`` on every answer; campaigns speak their creator's language."""

from __future__ import annotations

from typing import Any

import pytest
from httpx import AsyncClient, Response

from app.core.i18n import campaign_language, msg, negotiate, plural, translate
from tests.service.table import campaign, expect, register

FR = {"Accept-Language": "fr"}
EN = {"Accept-Language": "en"}


def problem(answer: Response, status: int, language: str) -> dict[str, Any]:
    assert answer.status_code == status, answer.text
    assert answer.headers["content-type"].startswith("application/problem+json")
    assert answer.headers["content-language"] == language
    body: dict[str, Any] = answer.json()
    return body


async def test_a_missing_roll_is_told_in_french_and_in_english(client: AsyncClient) -> None:
    st = await register(client, "conteur")
    cid = (await campaign(client, st, "3d6"))["id"]
    fr = problem(await client.get(f"/rolls/nope-{cid}", headers={**st.auth, **FR}), 404, "fr")
    en = problem(await client.get(f"/rolls/nope-{cid}", headers={**st.auth, **EN}), 404, "en")
    assert (fr["type"], fr["title"], fr["status"]) == (en["type"], en["title"], en["status"])
    assert en["detail"] == "no such roll"
    assert fr["detail"] == "jet introuvable"


async def test_a_detail_with_parameters_is_filled_in_each_language(client: AsyncClient) -> None:
    st = await register(client, "conteur")
    cid = (await campaign(client, st, "3d6"))["id"]
    body = {"kind": "test", "character_id": "ghost", "trait": "strong", "difficulty": 2}
    url = f"/campaigns/{cid}/rolls"
    fr = problem(await client.post(url, json=body, headers={**st.auth, **FR}), 404, "fr")
    en = problem(await client.post(url, json=body, headers={**st.auth, **EN}), 404, "en")
    assert en["detail"] == "no character ghost in this campaign"
    assert fr["detail"] == "aucun personnage ghost dans cette campagne"
    assert fr["title"] == en["title"] == "Not found"


async def test_an_engine_refusal_is_translated_with_its_parts(client: AsyncClient) -> None:
    fr = problem(await client.get("/odds/formula?formula=2d0", headers=FR), 422, "fr")
    en = problem(await client.get("/odds/formula?formula=2d0", headers=EN), 422, "en")
    assert fr["title"] == en["title"] == "Rules violation"
    assert en["detail"] == "cannot roll a 0-sided die at position 2 of '2d0'"
    assert fr["detail"] == "impossible de lancer un dé à 0 face à la position 2 de '2d0'"


async def test_an_unknown_language_gets_english(client: AsyncClient) -> None:
    answer = await client.get("/rolls/nope", headers={"Accept-Language": "de-DE, ja;q=0.5"})
    body = problem(answer, 401, "en")
    assert body["detail"] == "missing or invalid credentials"
    assert problem(await client.get("/rolls/nope"), 401, "en")["detail"] == body["detail"]


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("fr;q=0.1, en", "en"),
        ("en;q=0.5, fr-CA;q=0.9", "fr"),
        ("fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7", "fr"),
        ("FR", "fr"),
        ("fr;q=0", "en"),
        ("*", "en"),
        ("de, fr;q=0.2", "fr"),
        ("fr;q=abc, en;q=0.3", "en"),
        ("", "en"),
    ],
)
def test_accept_language_q_values_are_honoured(header: str, language: str) -> None:
    assert negotiate(header) == language


async def test_q_values_are_honoured_over_http(client: AsyncClient) -> None:
    answer = await client.get("/rolls/nope", headers={"Accept-Language": "fr;q=0.1, en"})
    assert problem(answer, 401, "en")["detail"] == "missing or invalid credentials"
    answer = await client.get("/rolls/nope", headers={"Accept-Language": "en;q=0.1, fr"})
    assert problem(answer, 401, "fr")["detail"] == "identifiants absents ou invalides"


async def test_validation_errors_are_told_in_french(client: AsyncClient) -> None:
    body = {"username": "", "password": "kittens-at-sea", "colour": "blue"}
    fr = problem(await client.post("/users", json=body, headers=FR), 422, "fr")
    en = problem(await client.post("/users", json=body, headers=EN), 422, "en")
    assert fr["title"] == en["title"] == "Validation failed"
    assert [e["loc"] for e in fr["errors"]] == [e["loc"] for e in en["errors"]]
    by_loc = {tuple(e["loc"]): e["msg"] for e in fr["errors"]}
    assert by_loc[("body", "username")] == "le texte doit faire au moins 3 caractères"
    assert by_loc[("body", "colour")] == "champ inconnu\u00a0: il n'est pas accepté"
    assert fr["detail"] == "body.username\u00a0: le texte doit faire au moins 3 caractères"
    assert en["detail"] == "body.username: String should have at least 3 characters"


async def test_broken_json_and_a_weak_password_are_told_in_french(client: AsyncClient) -> None:
    """Python's JSON reasons and zxcvbn's advice are English only: the catalogue says them."""
    broken = {**FR, "Content-Type": "application/json"}
    answer = await client.post("/users", content=b'{"username": "ada",', headers=broken)
    (error,) = problem(answer, 422, "fr")["errors"]
    assert (
        error["msg"]
        == "JSON invalide\u00a0: un nom de propriété entre guillemets doubles est attendu"
    )
    weak = {"username": "ada", "password": "qwertyuiop1"}
    fr = problem(await client.post("/users", json=weak, headers=FR), 422, "fr")["errors"][0]
    en = problem(await client.post("/users", json=weak, headers=EN), 422, "en")["errors"][0]
    assert en["msg"].startswith("This is similar to a commonly used password. Add another word")
    assert fr["msg"].startswith("Ce mot de passe ressemble à un mot de passe courant. Ajoutez")
    assert fr["loc"] == en["loc"] == ["body", "password"]


async def test_a_missing_field_and_a_wrong_choice_are_told_in_french(client: AsyncClient) -> None:
    st = await register(client, "conteur")
    answer = await client.post(
        "/campaigns", json={"name": "Le Bateau", "ruleset": "chess"}, headers={**st.auth, **FR}
    )
    errors = problem(answer, 422, "fr")["errors"]
    assert errors[0]["msg"] == "la valeur doit être '3d6', 'matrix' ou 'd20'"
    answer = await client.post("/campaigns", json={"ruleset": "3d6"}, headers={**st.auth, **FR})
    assert problem(answer, 422, "fr")["errors"][0]["msg"] == "champ obligatoire"


async def test_every_answer_says_its_language(client: AsyncClient) -> None:
    answer = await client.get("/odds/3d6?score=3&dice=3&rerolls=0&difficulty=2", headers=FR)
    assert answer.status_code == 200
    assert answer.headers["content-language"] == "fr"
    unknown = await client.get("/no-such-page", headers=FR)
    assert problem(unknown, 404, "fr")["detail"] == "Introuvable"


async def test_a_campaign_speaks_its_creators_language(client: AsyncClient) -> None:
    st = await register(client, "conteur")
    made = expect(
        await client.post(
            "/campaigns",
            json={"name": "Le Bateau", "ruleset": "3d6"},
            headers={**st.auth, "Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"},
        ),
        201,
    )
    assert made["settings"]["language"] == "fr"
    english = await campaign(client, st, "matrix")  # no Accept-Language: English
    assert english["settings"]["language"] == "en"
    chosen = await campaign(client, st, "d20", {"language": "en"})
    assert chosen["settings"]["language"] == "en"


async def test_a_campaign_language_must_have_a_catalogue(client: AsyncClient) -> None:
    st = await register(client, "conteur")
    body = {"name": "Das Boot", "ruleset": "3d6", "settings": {"language": "xx"}}
    answer = await client.post("/campaigns", json=body, headers={**st.auth, **FR})
    error = problem(answer, 422, "fr")["errors"][0]
    assert error["loc"] == ["body", "settings", "language"]
    refused = "'xx' n'est pas une langue de ce serveur\u00a0: en, fr"
    assert error["msg"] == f"valeur refusée\u00a0: {refused}"


def test_translate_says_a_message_in_the_campaign_language() -> None:
    settings = {"language": "fr"}
    assert translate("no such roll", campaign_language(settings)) == "jet introuvable"
    assert translate("no such roll", campaign_language({})) == "no such roll"
    assert campaign_language({"language": "tlh"}) == "en"
    made = msg("no character {character_id} in this campaign", character_id="c1")
    assert made == "no character c1 in this campaign"  # the English value, unchanged
    assert translate(made, "fr") == "aucun personnage c1 dans cette campagne"
    assert translate(made, "tlh") == made


def test_a_message_not_in_the_catalogue_falls_back_to_english() -> None:
    new = msg("a message written {when} by another feature", when="today")
    assert translate(new, "fr") == "a message written today by another feature"


def test_plural_forms_follow_each_language() -> None:
    one = plural(
        "String should have at least {min_length} character",
        "String should have at least {min_length} characters",
        0,
        min_length=0,
    )
    assert one == "String should have at least 0 characters"
    assert translate(one, "fr") == "le texte doit faire au moins 0 caractère"  # French: 0 is one


def test_the_notes_the_server_writes_on_rolls_read_in_the_campaign_language() -> None:
    french = campaign_language({"language": "fr"})
    note = translate(
        "task {task_id} ({name}), period {period}", french, task_id="t1", name="Nage", period=2
    )
    assert note == "tâche t1 (Nage), période 2"
    english = translate(
        "task {task_id} ({name}), period {period}", "en", task_id="t1", name="Swim", period=2
    )
    assert english == "task t1 (Swim), period 2"
