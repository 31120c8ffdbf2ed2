// ft-damage-form: a storyteller deals physical or mental damage to a matrix character
// (POST /characters/{id}/damage). The server rolls the dice and the checks; the form shows
// what they did and the party card takes the new sheet from the answer.
import { api } from "../api.js";
import { fmtNumber, t } from "../i18n.js";
import { term } from "./terms.js";
import { field, h, run, select, statusLine } from "./ui.js";

function outcome(answer) {
  const parts = [
    t("dashboard.damage.points", {
      mortality: fmtNumber(answer.mortality),
      fatigue: fmtNumber(answer.fatigue),
      madness: fmtNumber(answer.madness),
    }),
  ];
  for (const check of answer.checks ?? []) {
    const r = check.result;
    parts.push(
      t(r.success ? "dashboard.damage.check_passed" : "dashboard.damage.check_failed", {
        counter: term("matrix", "counter", r.counter),
        face: fmtNumber(r.face),
        stat: fmtNumber(r.stat),
      }),
    );
    if (!r.success && r.state_set) parts.push(t("dashboard.damage.state_set", { state: term("matrix", "state", r.state_set) }));
  }
  return parts.join(" ");
}

export class FtDamageForm extends HTMLElement {
  set store(store) {
    this._store = store;
    this.render();
  }

  render() {
    const store = this._store;
    const id = this.getAttribute("character");
    const name = store.characterName(id);
    const kind = select([["physical", t("dashboard.damage.physical")], ["mental", t("dashboard.damage.mental")]], "physical", "type");
    const formula = h("input", { name: "formula", required: true, maxlength: 200, value: "1d6+1d6", autocomplete: "off", spellcheck: "false" });
    const status = statusLine();
    const form = h(
      "form",
      { class: "ftd-inline", "aria-label": t("dashboard.damage.form_label", { name }) },
      field(t("dashboard.damage.type"), kind),
      field(t("dashboard.damage.formula"), formula, t("dashboard.damage.formula_hint")),
      h("button", { type: "submit", text: t("dashboard.damage.submit") }),
      status,
    );
    kind.addEventListener("change", () => {
      formula.value = kind.value === "mental" ? "1d6" : "1d6+1d6";
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      run(form, status, async () => {
        const answer = await api(`/characters/${id}/damage`, {
          method: "POST",
          body: { type: kind.value, formula: formula.value.trim() },
          idempotent: true,
        });
        store.characters.set(id, answer.character);
        store.refocus = { id, name: "formula" };
        const message = outcome(answer);
        store.changed("characters", { id, message });
        store.lastDamage = { id, message };
        return message;
      });
    });
    const details = h("details", { class: "ftd-damage", open: store.lastDamage?.id === id }, h("summary", { text: t("dashboard.damage.title") }), form);
    if (store.lastDamage?.id === id) status.textContent = store.lastDamage.message;
    this.replaceChildren(details);
  }
}

customElements.define("ft-damage-form", FtDamageForm);
