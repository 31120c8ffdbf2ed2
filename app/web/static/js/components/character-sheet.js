// <ft-character-sheet>: the characters of the table, each sheet in the ruleset's words,
// a form to create one, and editing with the version check: a PATCH carries If-Match with
// the version read, and a 412 shows "changed meanwhile, here is the new sheet" with the
// sheet as it now stands, to edit again.

import { api } from "../api.js";
import { h, replace } from "../dom.js";
import { t } from "../i18n.js";
import {
  D20_ABILITIES, MATRIX_COLUMNS, MATRIX_COUNTERS, MATRIX_ROWS, MATRIX_STATES, MATRIX_STATS,
} from "../rulesets.js";
import { busy, errorBox, field } from "../ui.js";

const EMPTY = {
  "3d6": () => ({ qualities: { strong: 3, clever: 3 }, items: [], gifts: [] }),
  matrix: () => ({ rows: { body: 5, mind: 5, soul: 5 }, columns: { power: 5, resistance: 5, maneuver: 5, precision: 5 } }),
  d20: () => ({ abilities: { str: 10, dex: 10, con: 10, wis: 10, cha: 10, int: 10 }, conditions: [] }),
};

const lines = (text) => text.split(/[\n,]/).map((s) => s.trim()).filter(Boolean);

function numberInput(name, value, min, max, label) {
  return field(label, h("input", { type: "number", name, min, max, value: String(value), inputmode: "numeric", required: true }));
}

/** The sheet as a definition list, in the table's language. */
function sheetView(character, ruleset) {
  const s = character.sheet;
  const d = character.derived || {};
  const pairs = [];
  if (ruleset === "3d6") {
    for (const [q, n] of Object.entries(s.qualities || {})) pairs.push([q, n]);
    if ((s.items || []).length) pairs.push([t("3d6.items"), s.items.join(", ")]);
    if ((s.gifts || []).length) pairs.push([t("3d6.gifts"), s.gifts.join(", ")]);
  } else if (ruleset === "matrix") {
    for (const [code, key] of Object.entries(MATRIX_STATS)) pairs.push([t(key), (d.stats || {})[code]]);
    for (const [code, key] of Object.entries(MATRIX_COUNTERS)) pairs.push([t(key), (s.counters || {})[code] ?? 0]);
    const states = Object.entries(MATRIX_STATES).filter(([code]) => (s.states || {})[code]).map(([, key]) => t(key));
    if (states.length) pairs.push([t("matrix.states"), states.join(", ")]);
  } else {
    for (const [code, key] of Object.entries(D20_ABILITIES)) {
      const m = (d.modifiers || {})[code] ?? 0;
      pairs.push([t(key), `${s.abilities[code]} (${m >= 0 ? "+" : ""}${m})`]);
    }
    if ((s.conditions || []).length) pairs.push([t("d20.conditions"), s.conditions.join(", ")]);
  }
  return h("dl", {}, pairs.flatMap(([k, v]) => [h("dt", { text: k }), h("dd", { text: String(v) })]));
}

/** The inputs of a sheet form; read(form) gives the sheet back. */
function sheetInputs(ruleset, sheet) {
  if (ruleset === "3d6") {
    const text = Object.entries(sheet.qualities || {}).map(([q, n]) => `${q} ${n}`).join("\n");
    return [
      field(t("3d6.qualities"), h("textarea", { name: "qualities", rows: 3, required: true, text }), t("3d6.qualities_hint")),
      field(t("3d6.items"), h("input", { name: "items", value: (sheet.items || []).join(", ") }), t("sheet.list_hint")),
      field(t("3d6.gifts"), h("input", { name: "gifts", value: (sheet.gifts || []).join(", ") }), t("sheet.list_hint")),
    ];
  }
  if (ruleset === "matrix") {
    return [
      h("fieldset", {}, h("legend", { text: t("matrix.rows") }), h("div", { class: "grid-inputs" }, Object.entries(MATRIX_ROWS).map(([code, key]) => numberInput(`row.${code}`, sheet.rows[code], 1, 10, t(key))))),
      h("fieldset", {}, h("legend", { text: t("matrix.columns") }), h("div", { class: "grid-inputs" }, Object.entries(MATRIX_COLUMNS).map(([code, key]) => numberInput(`column.${code}`, sheet.columns[code], 1, 10, t(key))))),
    ];
  }
  return [
    h("fieldset", {}, h("legend", { text: t("d20.abilities") }), h("div", { class: "grid-inputs" }, Object.entries(D20_ABILITIES).map(([code, key]) => numberInput(`ability.${code}`, sheet.abilities[code], 1, 30, t(key))))),
    field(t("d20.conditions"), h("input", { name: "conditions", value: (sheet.conditions || []).join(", ") }), t("sheet.list_hint")),
  ];
}

function readSheet(ruleset, form, previous) {
  const get = (name) => form.elements.namedItem(name).value;
  if (ruleset === "3d6") {
    const qualities = {};
    for (const line of get("qualities").split("\n")) {
      const m = line.trim().match(/^(\S+)\s+(-?\d+)$/);
      if (m) qualities[m[1]] = Number(m[2]);
      else if (line.trim()) qualities[line.trim()] = NaN; // the server names what is wrong
    }
    return { qualities, items: lines(get("items")), gifts: lines(get("gifts")) };
  }
  if (ruleset === "matrix") {
    const sheet = { ...(previous || {}), rows: {}, columns: {} };
    for (const code of Object.keys(MATRIX_ROWS)) sheet.rows[code] = Number(get(`row.${code}`));
    for (const code of Object.keys(MATRIX_COLUMNS)) sheet.columns[code] = Number(get(`column.${code}`));
    return sheet;
  }
  const abilities = {};
  for (const code of Object.keys(D20_ABILITIES)) abilities[code] = Number(get(`ability.${code}`));
  return { abilities, conditions: lines(get("conditions")) };
}

class CharacterSheet extends HTMLElement {
  constructor() {
    super();
    this.editing = null; // a character id, "new", or null
    this.notice = null; // {id, text}: the 412 notice
  }

  connectedCallback() {
    this.onChange = (e) => {
      if (e.detail.what === "characters" && !this.editing) this.render();
    };
    this.store.addEventListener("change", this.onChange);
  }

  disconnectedCallback() {
    this.store.removeEventListener("change", this.onChange);
  }

  render() {
    const store = this.store;
    const ruleset = store.campaign.ruleset;
    const mine = (c) => c.owner_id === store.me.id || store.isStoryteller;
    const items = [...store.characters.values()].map((c) => {
      const body = [h("h3", { text: c.npc ? t("sheet.npc_name", { name: c.name }) : c.name }), h("p", { class: "muted", text: t("sheet.owner", { name: store.memberName(c.owner_id) }) })];
      if (this.notice && this.notice.id === c.id) body.push(h("p", { class: "notice", role: "alert", text: this.notice.text }));
      if (this.editing === c.id) body.push(this.form(c));
      else {
        body.push(sheetView(c, ruleset));
        if (mine(c)) body.push(h("button", { type: "button", "data-action": "edit", "aria-label": t("sheet.edit_label", { name: c.name }), text: t("sheet.edit"), onclick: () => { this.editing = c.id; this.notice = null; this.render(); } }));
      }
      return h("li", { class: "sheet", "data-character-id": c.id }, body);
    });
    const create = store.role === "spectator"
      ? null
      : this.editing === "new"
        ? this.form(null)
        : h("button", { type: "button", id: "new-character", text: t("sheet.new"), onclick: () => { this.editing = "new"; this.render(); } });
    replace(this, h("h2", { text: t("sheet.title") }), items.length ? h("ul", { class: "campaigns" }, items) : h("p", { class: "muted", text: t("sheet.none") }), create);
  }

  form(character) {
    const store = this.store;
    const ruleset = store.campaign.ruleset;
    const sheet = character ? character.sheet : EMPTY[ruleset]();
    const box = errorBox();
    const submit = h("button", { type: "submit", class: "primary", text: character ? t("sheet.save") : t("sheet.create") });
    const npc = store.isStoryteller && !character ? h("label", { class: "check" }, h("input", { type: "checkbox", name: "npc" }), t("sheet.npc")) : null;
    const form = h(
      "form",
      {
        class: "character-form",
        "aria-label": character ? t("sheet.edit_label", { name: character.name }) : t("sheet.new"),
        onsubmit: (event) => {
          event.preventDefault();
          busy(submit, box, () => this.save(character, form));
        },
      },
      field(t("sheet.name"), h("input", { name: "name", required: true, maxlength: 80, value: character ? character.name : "" })),
      npc,
      sheetInputs(ruleset, sheet),
      box,
      h("div", { class: "row" }, submit, h("button", { type: "button", text: t("sheet.cancel"), onclick: () => { this.editing = null; this.notice = null; this.render(); } }))
    );
    return form;
  }

  async save(character, form) {
    const store = this.store;
    const ruleset = store.campaign.ruleset;
    const sheet = readSheet(ruleset, form, character && character.sheet);
    const name = form.elements.namedItem("name").value.trim();
    if (!character) {
      const body = { name, sheet };
      if (form.elements.namedItem("npc") && form.elements.namedItem("npc").checked) body.npc = true;
      const made = await api(`/campaigns/${store.cid}/characters`, { method: "POST", body });
      store.characters.set(made.id, made);
    } else {
      try {
        const saved = await api(`/characters/${character.id}`, { method: "PATCH", body: { name, sheet }, headers: { "If-Match": `"${character.version}"` } });
        store.characters.set(saved.id, saved);
      } catch (error) {
        if (error.status !== 412) throw error;
        const fresh = await api(`/characters/${character.id}`);
        store.characters.set(fresh.id, fresh);
        this.notice = { id: fresh.id, text: t("sheet.changed_meanwhile") };
        this.render();
        return;
      }
    }
    this.editing = null;
    this.notice = null;
    store.changed("characters");
    this.render();
  }
}

customElements.define("ft-character-sheet", CharacterSheet);
