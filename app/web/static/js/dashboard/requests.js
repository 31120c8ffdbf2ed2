// ft-roll-requests: a storyteller asks one or several characters for a roll
// (POST /campaigns/{cid}/roll-requests) and follows the open requests: who rolled, who
// is still waiting, the deadline; a request can be cancelled. Answers arrive as events.
import { api } from "../api.js";
import { fmtNumber, fmtRelative, t } from "../i18n.js";
import { D20_ABILITIES, D20_DIFFICULTIES, DIFFICULTY_3D6, MATRIX_STATS, VISIBILITY } from "../rulesets.js";
import { traitName } from "./rolls.js";
import { action, field, h, run, select, statusLine } from "./ui.js";

const TARGET = {
  waiting: "dashboard.requests.target_waiting",
  rolled: "dashboard.requests.target_rolled",
  expired: "dashboard.requests.target_expired",
  cancelled: "dashboard.requests.target_cancelled",
};
const EXPIRIES = [
  { value: "", key: "dashboard.requests.expires_never" },
  { value: "120", key: "dashboard.requests.expires_2m" },
  { value: "300", key: "dashboard.requests.expires_5m" },
  { value: "900", key: "dashboard.requests.expires_15m" },
  { value: "3600", key: "dashboard.requests.expires_1h" },
];
const EDGES = [
  { value: "", key: "dashboard.requests.edge_free" },
  { value: "advantage", key: "dashboard.requests.edge_advantage" },
  { value: "disadvantage", key: "dashboard.requests.edge_disadvantage" },
  { value: "neither", key: "dashboard.requests.edge_neither" },
];

function difficultyText(ruleset, value) {
  const difficulty = ruleset === "d20" ? value ?? 12 : value; // a d20 test defaults to 12
  if (difficulty === null || difficulty === undefined || (ruleset === "matrix" && difficulty === 0)) {
    return t(ruleset === "3d6" ? "dashboard.requests.no_difficulty" : "dashboard.requests.difficulty_none");
  }
  if (ruleset === "3d6") return t(DIFFICULTY_3D6[difficulty] ?? "dashboard.requests.no_difficulty");
  if (ruleset === "d20" && D20_DIFFICULTIES[difficulty]) return `${t(D20_DIFFICULTIES[difficulty])} (${fmtNumber(difficulty)})`;
  return fmtNumber(difficulty);
}

export class FtRequests extends HTMLElement {
  set store(store) {
    this._store = store;
    store.addEventListener("change", (e) => {
      const { part } = e.detail;
      if (part === "requests") this.renderOpen();
      else if (part === "all" || part === "language") this.render();
      else if (part === "characters" && this.roster() !== this._roster) this.render();
    });
    this.render();
  }

  /** Which characters the form offers (redrawn when one comes or goes, not on edits). */
  roster() {
    return [...this._store.characters.values()].map((c) => `${c.id}:${c.name}`).sort().join(",");
  }

  traitOptions(chosen) {
    const store = this._store;
    const ruleset = store.campaign.ruleset;
    if (ruleset === "matrix") return Object.keys(MATRIX_STATS).map((s) => [s, traitName("matrix", s)]);
    if (ruleset === "d20") return Object.keys(D20_ABILITIES).map((a) => [a, traitName("d20", a)]);
    // 3d6: the qualities every chosen character has (a request is checked on each sheet).
    const sheets = [...store.characters.values()].filter((c) => !chosen.length || chosen.includes(c.id)).map((c) => Object.keys(c.sheet.qualities ?? {}));
    const common = sheets.length ? sheets.reduce((a, b) => a.filter((q) => b.includes(q))) : [];
    return common.sort().map((q) => [q, q]);
  }

  difficultyControl() {
    const ruleset = this._store.campaign.ruleset;
    if (ruleset === "matrix") return h("input", { type: "number", name: "difficulty", min: 0, max: 20, value: "0", inputmode: "numeric" });
    const presets = ruleset === "3d6" ? [["", t("dashboard.requests.no_difficulty")], ...Object.entries(DIFFICULTY_3D6).map(([v, key]) => [v, t(key)])] : Object.entries(D20_DIFFICULTIES).map(([v, key]) => [v, `${t(key)} (${v})`]);
    return select(presets, ruleset === "3d6" ? "2" : "12", "difficulty");
  }

  form() {
    const store = this._store;
    const ruleset = store.campaign.ruleset;
    const characters = [...store.characters.values()].sort((a, b) => Number(a.npc) - Number(b.npc) || a.name.localeCompare(b.name));
    const boxes = characters.map((c) => h("input", { type: "checkbox", name: "character", value: c.id, checked: !c.npc }));
    const targets = h("fieldset", { class: "ftd-targets" }, h("legend", { text: t("dashboard.requests.targets") }),
      characters.map((c, i) => h("label", {}, boxes[i], ` ${c.name}`)));
    const chosen = () => boxes.filter((b) => b.checked).map((b) => b.value);
    const trait = select(this.traitOptions(chosen()), null, "trait");
    const refreshTraits = () => {
      if (ruleset !== "3d6") return;
      const before = trait.value;
      trait.replaceChildren(...this.traitOptions(chosen()).map(([v, label]) => h("option", { value: v, text: label, selected: v === before })));
    };
    boxes.forEach((b) => b.addEventListener("change", refreshTraits));
    const kind = select([["test", t("dashboard.requests.kind_test")], ...(ruleset === "d20" ? [["save", t("dashboard.requests.kind_save")]] : [])], "test", "kind");
    const condition = h("input", { name: "condition", maxlength: 60, autocomplete: "off" });
    const conditionField = field(t("dashboard.requests.condition"), condition, t("dashboard.requests.condition_hint"));
    conditionField.hidden = true;
    kind.addEventListener("change", () => (conditionField.hidden = kind.value !== "save"));
    const difficulty = this.difficultyControl();
    const edge = select(EDGES.map((e) => [e.value, t(e.key)]), "", "edge");
    const visibility = select(["public", "storyteller", "blind"].map((v) => [v, t(VISIBILITY[v])]), "public", "visibility");
    const note = h("input", { name: "note", maxlength: 500, autocomplete: "off" });
    const expires = select(EXPIRIES.map((e) => [e.value, t(e.key)]), "", "expires");
    const status = statusLine();
    const form = h("form", { "aria-labelledby": "ftd-request-title" },
      h("h3", { id: "ftd-request-title", text: t("dashboard.requests.new") }),
      targets,
      h("div", { class: "ftd-grid" },
        field(t("dashboard.requests.kind"), kind),
        field(t("dashboard.requests.trait"), trait),
        field(t("dashboard.requests.difficulty"), difficulty),
        ruleset === "matrix" ? null : field(t("dashboard.requests.edge"), edge),
        field(t("dashboard.requests.visibility"), visibility),
        field(t("dashboard.requests.expires"), expires),
        conditionField,
        field(t("dashboard.requests.note"), note)),
      h("button", { type: "submit", class: "primary", text: t("dashboard.requests.submit") }),
      status);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      run(form, status, async () => {
        const ids = chosen();
        if (!ids.length) throw { detail: t("dashboard.requests.need_target") };
        const body = { character_ids: ids, kind: kind.value, trait: trait.value, visibility: visibility.value };
        if (difficulty.value !== "") body.difficulty = Number(difficulty.value);
        if (edge.value) Object.assign(body, { advantage: edge.value === "advantage", disadvantage: edge.value === "disadvantage" });
        if (kind.value === "save" && condition.value.trim()) body.condition = condition.value.trim();
        if (note.value.trim()) body.note = note.value.trim();
        if (expires.value) body.expires_in = Number(expires.value);
        const request = await api(`/campaigns/${store.cid}/roll-requests`, { method: "POST", body, idempotent: true });
        store.applyRequest(request);
        note.value = "";
        return t("dashboard.requests.sent", { n: fmtNumber(ids.length), trait: traitName(ruleset, request.trait) });
      });
    });
    return form;
  }

  openList() {
    const store = this._store;
    const ruleset = store.campaign.ruleset;
    const requests = [...store.requests.values()].sort((a, b) => b.seq - a.seq);
    if (!requests.length) return h("p", { text: t("dashboard.requests.empty") });
    return h("ul", { class: "ftd-list" }, requests.map((r) => {
      const status = statusLine();
      const trait = traitName(ruleset, r.trait);
      const cancel = action(t("dashboard.requests.cancel"), t("dashboard.requests.cancel_label", { trait }), status, async () =>
        store.applyRequest(await api(`/roll-requests/${r.id}/cancel`, { method: "POST", idempotent: true })));
      return h("li", { "data-request": r.id },
        h("span", { class: "ftd-what", text: `${trait} · ${difficultyText(ruleset, r.difficulty)}` }),
        r.visibility !== "public" ? h("span", { class: "ftd-badge", text: t(VISIBILITY[r.visibility]) }) : null,
        r.note ? h("q", { class: "ftd-note", text: r.note }) : null,
        r.expires_at ? h("time", { class: "ftd-time", text: t("dashboard.requests.expires_at", { when: fmtRelative(r.expires_at) }) }) : null,
        h("ul", { class: "ftd-target-list" }, r.targets.map((x) =>
          h("li", { "data-status": x.status }, `${store.characterName(x.character_id)} — `, h("strong", { text: t(TARGET[x.status]) })))),
        cancel, status);
    }));
  }

  renderOpen() {
    const region = this.querySelector(".ftd-open");
    if (!region) return this.render();
    const focused = region.contains(document.activeElement);
    region.replaceChildren(h("h3", { text: t("dashboard.requests.open") }), this.openList());
    if (focused) (region.querySelector("button") ?? this.querySelector("form button")).focus();
  }

  render() {
    if (!this._store?.campaign) return;
    this._roster = this.roster();
    this.replaceChildren(h("h2", { text: t("dashboard.requests.title") }), this.form(), h("div", { class: "ftd-open" }));
    this.renderOpen();
  }
}

customElements.define("ft-roll-requests", FtRequests);
