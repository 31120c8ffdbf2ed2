// <ft-roll-form>: the roll form of the campaign's ruleset (or a free formula), with the
// exact odds read from GET /odds/... before rolling, the visibility choice and a note.
// Every roll is sent with an Idempotency-Key, so a retried click never rolls twice.
//
//   const form = document.createElement("ft-roll-form"); form.store = store; form.render();

import { api } from "../api.js";
import { h, replace } from "../dom.js";
import { fmtNumber, fmtPercent, t } from "../i18n.js";
import {
  D20_ABILITIES, D20_DIFFICULTIES, DIFFICULTY_3D6, MATRIX_STATS, OUTCOME_3D6, VISIBILITY, termKey,
} from "../rulesets.js";
import { busy, errorBox, field, showError } from "../ui.js";

const ODDS_3D6 = { success: "3d6.outcome.success", partial: "3d6.outcome.partial", botch: "3d6.outcome.botch", open: "3d6.outcome.open" };

function options(entries, selected) {
  return entries.map(([value, label]) => h("option", { value, selected: String(value) === String(selected), text: label }));
}

function check(name, label, values, onchange) {
  const input = h("input", { type: "checkbox", name, checked: Boolean(values[name]), onchange: (e) => { values[name] = e.target.checked; onchange(); } });
  return h("label", { class: "check" }, input, label);
}

class RollForm extends HTMLElement {
  constructor() {
    super();
    this.values = { mode: "test", visibility: "public", note: "", formula: "2d6", difficulty: "", trait: "", kind: "test", d20difficulty: "12" };
    this.oddsTimer = null;
  }

  connectedCallback() {
    this.onChange = (e) => {
      if (e.detail.what === "characters" || e.detail.what === "campaign") this.render();
    };
    this.store.addEventListener("change", this.onChange);
  }

  disconnectedCallback() {
    this.store.removeEventListener("change", this.onChange);
  }

  render() {
    const store = this.store;
    const v = this.values;
    const ruleset = store.campaign.ruleset;
    const characters = store.myCharacters();
    // a test while there is a character to roll for, unless the player chose the formula
    if (!this.chosen) v.mode = characters.length ? "test" : "formula";
    if (!characters.length) v.mode = "formula";
    if (!v.character_id || !store.characters.has(v.character_id)) v.character_id = characters[0] ? characters[0].id : "";
    const character = store.characters.get(v.character_id);
    const again = () => this.render();
    const bind = (key, redraw = false) => (e) => {
      v[key] = e.target.value;
      if (redraw) this.render();
      else this.refreshOdds();
    };
    const modes = h(
      "div",
      { class: "tabs", role: "radiogroup", "aria-label": t("roll.mode") },
      [["test", t("roll.kind.test")], ["formula", t("roll.kind.formula")]].map(([mode, label]) =>
        h("label", { class: "check" }, h("input", { type: "radio", name: "mode", value: mode, checked: v.mode === mode, disabled: mode === "test" && !characters.length, onchange: () => { v.mode = mode; this.chosen = true; again(); } }), label)
      )
    );
    const fields = [];
    if (v.mode === "test") {
      fields.push(field(t("roll.character"), h("select", { name: "character_id", onchange: bind("character_id", true) }, options(characters.map((c) => [c.id, c.name]), v.character_id))));
      if (ruleset === "3d6") fields.push(...this.fields3d6(character, bind, again));
      if (ruleset === "matrix") fields.push(...this.fieldsMatrix(character, bind));
      if (ruleset === "d20") fields.push(...this.fieldsD20(character, bind, again));
    } else {
      fields.push(field(t("roll.formula"), h("input", { name: "formula", value: v.formula, required: true, maxlength: 200, autocomplete: "off", spellcheck: "false", oninput: bind("formula") }), t("roll.formula_hint")));
    }
    fields.push(
      h("div", { class: "row" },
        field(t("roll.visibility"), h("select", { name: "visibility", onchange: bind("visibility") }, options(Object.entries(VISIBILITY).map(([code, key]) => [code, t(key)]), v.visibility))),
        field(t("roll.note"), h("input", { name: "note", value: v.note, maxlength: 500, oninput: (e) => (v.note = e.target.value) }))
      )
    );
    this.oddsBox = h("div", { class: "odds-box", "aria-live": "polite" });
    this.box = errorBox();
    const submit = h("button", { type: "submit", class: "primary", id: "roll-submit", text: t("roll.submit") });
    const form = h(
      "form",
      { "aria-labelledby": "roll-title", onsubmit: (event) => { event.preventDefault(); busy(submit, this.box, () => this.roll()); } },
      h("h2", { id: "roll-title", text: t("roll.title") }),
      modes,
      fields,
      h("h3", { text: t("odds.title") }),
      this.oddsBox,
      this.box,
      submit
    );
    replace(this, form);
    this.refreshOdds(true);
  }

  fields3d6(character, bind, again) {
    const v = this.values;
    const sheet = character ? character.sheet : { qualities: {}, items: [], gifts: [] };
    const qualities = Object.keys(sheet.qualities || {});
    if (!qualities.includes(v.trait)) v.trait = qualities[0] || "";
    v.rerolls = (v.rerolls || []).filter((r) => (sheet[r.source === "item" ? "items" : "gifts"] || []).includes(r.name) || r.source === "storyteller");
    const helpers = [...this.store.characters.values()].filter((c) => c.id !== v.character_id);
    const rerollBoxes = [
      ...(sheet.items || []).map((name) => ["item", name]),
      ...(sheet.gifts || []).map((name) => ["gift", name]),
    ].map(([source, name]) => {
      const on = v.rerolls.some((r) => r.source === source && r.name === name);
      return h("label", { class: "check" },
        h("input", { type: "checkbox", name: "reroll", checked: on, onchange: (e) => {
          v.rerolls = v.rerolls.filter((r) => !(r.source === source && r.name === name));
          if (e.target.checked) v.rerolls.push({ source, name });
          this.refreshOdds();
        } }),
        t(source === "item" ? "3d6.source.item_named" : "3d6.source.gift_named", { name }));
    });
    const out = [
      h("div", { class: "row" },
        field(t("3d6.quality"), h("select", { name: "trait", onchange: bind("trait") }, options(qualities.map((q) => [q, `${q} (${sheet.qualities[q]})`]), v.trait))),
        field(t("roll.difficulty"), h("select", { name: "difficulty", onchange: bind("difficulty") }, options([["", t("3d6.difficulty.none")], ...Object.entries(DIFFICULTY_3D6).map(([n, key]) => [n, `${t(key)} (${n})`])], v.difficulty)))
      ),
      h("div", { class: "row" }, check("advantage", t("roll.advantage"), v, () => this.refreshOdds()), check("disadvantage", t("roll.disadvantage"), v, () => this.refreshOdds())),
      field(t("3d6.helper"), h("select", { name: "helper_id", onchange: bind("helper_id") }, options([["", t("3d6.no_helper")], ...helpers.map((c) => [c.id, c.name])], v.helper_id || ""))),
    ];
    if (rerollBoxes.length) out.push(h("fieldset", {}, h("legend", { text: t("3d6.rerolls") }), rerollBoxes));
    void again;
    return out;
  }

  fieldsMatrix(character, bind) {
    const v = this.values;
    const stats = (character && character.derived && character.derived.stats) || {};
    if (!(v.trait in MATRIX_STATS)) v.trait = "strength";
    return [
      h("div", { class: "row" },
        field(t("matrix.stat_label"), h("select", { name: "trait", onchange: bind("trait") }, options(Object.entries(MATRIX_STATS).map(([code, key]) => [code, `${t(key)} (${stats[code] ?? "?"})`]), v.trait))),
        field(t("roll.difficulty"), h("input", { name: "difficulty", type: "number", min: 0, max: 20, value: v.difficulty || "0", inputmode: "numeric", oninput: bind("difficulty") }), t("matrix.difficulty_hint"))
      ),
    ];
  }

  fieldsD20(character, bind, again) {
    const v = this.values;
    const mods = (character && character.derived && character.derived.modifiers) || {};
    if (!(v.trait in D20_ABILITIES)) v.trait = "str";
    const fmtMod = (n) => (n >= 0 ? `+${n}` : String(n));
    const out = [
      h("div", { class: "row" },
        field(t("d20.kind"), h("select", { name: "kind", onchange: bind("kind", true) }, options([["test", t("roll.kind.test")], ["save", t("roll.kind.save")]], v.kind))),
        field(t("d20.ability_label"), h("select", { name: "trait", onchange: bind("trait") }, options(Object.entries(D20_ABILITIES).map(([code, key]) => [code, `${t(key)} (${fmtMod(mods[code] ?? 0)})`]), v.trait))),
        field(t("roll.difficulty"), h("select", { name: "difficulty", onchange: bind("d20difficulty") }, options(Object.entries(D20_DIFFICULTIES).map(([n, key]) => [n, `${t(key)} (${n})`]), v.d20difficulty)))
      ),
      h("div", { class: "row" }, check("advantage", t("roll.advantage"), v, () => this.refreshOdds()), check("disadvantage", t("roll.disadvantage"), v, () => this.refreshOdds())),
    ];
    if (v.kind === "save") out.push(field(t("d20.condition"), h("input", { name: "condition", required: true, maxlength: 40, value: v.condition || "", oninput: (e) => (v.condition = e.target.value) })));
    void again;
    return out;
  }

  /** The odds query for the form as it stands, or null. */
  oddsPath() {
    const v = this.values;
    const store = this.store;
    if (v.mode === "formula") return v.formula.trim() ? `/odds/formula?formula=${encodeURIComponent(v.formula.trim())}` : null;
    const character = store.characters.get(v.character_id);
    if (!character) return null;
    const ruleset = store.campaign.ruleset;
    if (ruleset === "3d6") {
      const score = (character.sheet.qualities || {})[v.trait];
      if (score === undefined) return null;
      const up = v.advantage || v.helper_id ? 1 : 0;
      const down = v.disadvantage ? 1 : 0;
      const dice = 3 + up - down;
      let path = `/odds/3d6?score=${score}&dice=${dice}&rerolls=${(v.rerolls || []).length}`;
      if (v.difficulty) path += `&difficulty=${v.difficulty}`;
      return path;
    }
    if (ruleset === "matrix") {
      const stat = (character.derived.stats || {})[v.trait];
      return stat === undefined ? null : `/odds/matrix?stat=${stat}&difficulty=${Number(v.difficulty) || 0}`;
    }
    const modifier = (character.derived.modifiers || {})[v.trait] ?? 0;
    let path = `/odds/d20?modifier=${modifier}&difficulty=${v.d20difficulty}`;
    if (v.advantage && !v.disadvantage) path += "&advantage=true";
    if (v.disadvantage && !v.advantage) path += "&disadvantage=true";
    return path;
  }

  refreshOdds(now = false) {
    clearTimeout(this.oddsTimer);
    this.oddsTimer = setTimeout(() => this.showOdds(), now ? 0 : 200);
  }

  async showOdds() {
    const path = this.oddsPath();
    const box = this.oddsBox;
    if (!path) return replace(box, h("p", { class: "muted", text: t("odds.none") }));
    this.oddsFor = path;
    let odds;
    try {
      odds = await api(path);
    } catch (error) {
      if (this.oddsFor === path) replace(box, h("p", { class: "muted", text: error.detail || t("odds.none") }));
      return;
    }
    if (this.oddsFor !== path) return; // a newer request is on its way
    if (this.oddsPath() !== path) return this.refreshOdds(true); // the form changed meanwhile
    if (!this.oddsBox.isConnected || box !== this.oddsBox) return this.showOdds();
    const item = (label, p) => h("li", {}, `${label} `, h("b", { text: fmtPercent(p) }));
    let list;
    if (this.values.mode === "formula") {
      list = [h("li", {}, `${t("odds.range")} `, h("b", { text: `${fmtNumber(odds.min)}–${fmtNumber(odds.max)}` })), odds.mean !== undefined && odds.mean !== null ? h("li", {}, `${t("odds.mean")} `, h("b", { text: fmtNumber(odds.mean, { maximumFractionDigits: 2 }) })) : null];
    } else if (this.store.campaign.ruleset === "3d6") {
      list = Object.entries(odds.outcomes).map(([code, p]) => item(t(termKey(ODDS_3D6, code) || OUTCOME_3D6.open), p));
      list.push(item(t("3d6.boon"), odds.boon));
    } else if (this.store.campaign.ruleset === "matrix") {
      list = [item(t("roll.success"), odds.success), item(t("roll.failure"), odds.failure)];
    } else {
      list = [item(t("roll.success"), odds.success), item(t("d20.critical.success"), odds.critical_success), item(t("d20.critical.failure"), odds.critical_failure)];
    }
    replace(box, h("ul", { class: "odds", id: "odds" }, list));
  }

  body() {
    const v = this.values;
    const ruleset = this.store.campaign.ruleset;
    const body = { visibility: v.visibility };
    if (v.note.trim()) body.note = v.note.trim();
    if (v.mode === "formula") return { ...body, kind: "formula", formula: v.formula.trim() };
    Object.assign(body, { kind: "test", character_id: v.character_id, trait: v.trait });
    if (ruleset === "3d6") {
      if (v.difficulty) body.difficulty = Number(v.difficulty);
      if (v.advantage) body.advantage = true;
      if (v.disadvantage) body.disadvantage = true;
      if (v.helper_id) body.helper_id = v.helper_id;
      if (v.rerolls && v.rerolls.length) body.rerolls = v.rerolls;
      if (v.visibility === "blind" && body.rerolls) body.spend_rerolls = true;
    } else if (ruleset === "matrix") {
      if (Number(v.difficulty)) body.difficulty = Number(v.difficulty);
    } else {
      body.kind = v.kind;
      body.difficulty = Number(v.d20difficulty);
      if (v.advantage) body.advantage = true;
      if (v.disadvantage) body.disadvantage = true;
      if (v.kind === "save") body.condition = (v.condition || "").trim();
    }
    return body;
  }

  async roll() {
    const answer = await api(`/campaigns/${this.store.cid}/rolls`, { method: "POST", body: this.body(), idempotent: true });
    const roll = this.store.putRoll(answer);
    this.store.changed("log", { type: "roll", item: roll });
    this.values.note = "";
    const note = this.querySelector("input[name=note]");
    if (note) note.value = "";
    showError(this.box, null);
    this.refreshOdds(true);
  }
}

customElements.define("ft-roll-form", RollForm);
