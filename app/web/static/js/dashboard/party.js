// ft-party: every character of the campaign at a glance, as the storyteller reads it
// (held effects of hidden rolls included), with the storyteller's actions on each card:
// matrix damage, 3d6 grants, lifting a d20 condition.
import { api } from "../api.js";
import { fmtNumber, t, plural } from "../i18n.js";
import { MATRIX_STATS } from "../rulesets.js";
import { term } from "./terms.js";
import { action, h, statusLine } from "./ui.js";
import "./damage.js";
import "./grants.js";

const ROWS = ["body", "mind", "soul"];
const COLUMNS = ["power", "resistance", "maneuver", "precision"];
const COUNTERS = ["fatigue", "mortality", "madness"];
const STATES = ["unconscious", "dead", "panicked"];
const ABILITIES = ["str", "dex", "con", "wis", "cha", "int"];

function signed(n) {
  return n > 0 ? `+${fmtNumber(n)}` : fmtNumber(n);
}

/** A titled two-column list: each term and its value, readable without colour. */
function pairs(title, entries, extraClass = "") {
  return [h("h4", { text: title }), h("dl", { class: `ftd-pairs ${extraClass}`, "aria-label": title },
    entries.map(([name, value]) => h("div", {}, h("dt", { text: name }), h("dd", { text: value }))))];
}

function matrixCard(ch) {
  const { rows, columns, counters = {}, states = {} } = ch.sheet;
  const eff = ch.derived?.effective_rows ?? rows;
  const set = STATES.filter((s) => states[s]);
  const show = (r) => (eff[r] === rows[r] ? fmtNumber(eff[r]) : t("dashboard.party.effective", { value: fmtNumber(eff[r]), base: fmtNumber(rows[r]) }));
  return [
    pairs(t("dashboard.party.rows"), ROWS.map((r) => [term("matrix", "row", r), show(r)])),
    pairs(t("dashboard.party.columns"), COLUMNS.map((c) => [term("matrix", "column", c), fmtNumber(columns[c])])),
    h("details", {}, h("summary", { text: t("dashboard.party.stats") }),
      h("dl", { class: "ftd-pairs" }, Object.keys(MATRIX_STATS).map((s) => h("div", {}, h("dt", { text: term("matrix", "stat", s) }), h("dd", { text: fmtNumber(ch.derived?.stats?.[s] ?? 0) }))))),
    pairs(t("dashboard.party.counters"), COUNTERS.map((c) => [term("matrix", "counter", c), fmtNumber(counters[c] ?? 0)]), "ftd-counters"),
    h("p", {}, h("span", { class: "ftd-label", text: t("dashboard.party.states") }), " ",
      set.length ? set.map((s) => h("span", { class: `ftd-badge ftd-state-${s}`, text: term("matrix", "state", s) })) : t("dashboard.party.none")),
  ];
}

function d20Card(ch, store) {
  const mods = ch.derived?.modifiers ?? {};
  const conditions = ch.sheet.conditions ?? [];
  const status = statusLine();
  const lift = (condition) => action(t("dashboard.party.lift"), t("dashboard.party.lift_label", { condition, name: ch.name }), status, async () => {
    store.characters.set(ch.id, await api(`/characters/${ch.id}/conditions/${encodeURIComponent(condition)}`, { method: "DELETE" }));
    store.refocus = { id: ch.id, name: "heading" }; // the card's heading keeps the focus
    store.changed("characters", { id: ch.id });
  });
  const list = h("ul", { "aria-label": t("dashboard.party.conditions") },
    conditions.map((c) => h("li", {}, h("span", { class: "ftd-badge", text: c }), " ", lift(c))));
  return [
    pairs(t("dashboard.party.abilities"), ABILITIES.map((a) => [term("d20", "ability", a), t("dashboard.party.ability", { score: fmtNumber(ch.sheet.abilities[a]), modifier: signed(mods[a] ?? 0) })])),
    h("h4", { text: t("dashboard.party.conditions") }),
    conditions.length ? list : h("p", { text: t("dashboard.party.none") }),
    status,
  ];
}

function threed6Card(ch, store) {
  const qualities = Object.entries(ch.sheet.qualities ?? {});
  const sources = ch.derived?.reroll_sources ?? 0;
  return [
    pairs(t("dashboard.party.qualities"), qualities.map(([name, score]) => [name, fmtNumber(score)])),
    h("p", { text: plural("dashboard.party.reroll_sources", sources) }),
    h("ft-grants", { character: ch.id }),
  ];
}

export class FtParty extends HTMLElement {
  set store(store) {
    this._store = store;
    store.addEventListener("change", (e) => {
      const { part, id } = e.detail;
      if (part === "characters" && id && store.characters.has(id) && this.cardOf(id)) this.renderCard(id);
      else if (["all", "characters", "members", "language"].includes(part)) this.render();
    });
    this.render();
  }

  render() {
    const store = this._store;
    if (!store?.campaign) return;
    const heading = h("h2", { id: "ftd-party-title", text: t("dashboard.party.title") });
    const list = h("ul", { class: "ftd-cards", "aria-labelledby": heading.id });
    const characters = [...store.characters.values()].sort((a, b) => Number(a.npc) - Number(b.npc) || a.name.localeCompare(b.name));
    for (const ch of characters) list.append(this.card(ch, store));
    this.replaceChildren(heading, characters.length ? list : h("p", { text: t("dashboard.party.empty") }));
  }

  cardOf(id) {
    return [...this.querySelectorAll("li.ftd-card")].find((li) => li.dataset.character === id);
  }

  /** Redraw one card, keeping the keyboard focus on the same control. */
  renderCard(id) {
    const old = this.cardOf(id);
    const fresh = this.card(this._store.characters.get(id), this._store);
    const focused = old.contains(document.activeElement) ? document.activeElement : null;
    const wanted = this._store.refocus?.id === id ? this._store.refocus.name : null;
    const key = focused ? focused.name || focused.className : wanted;
    this._store.refocus = null;
    old.replaceWith(fresh);
    if (key) {
      const target = [...fresh.querySelectorAll("input, select, button")].find((n) => (n.name || n.className) === key);
      (target ?? fresh.querySelector("h3")).focus();
    }
  }

  card(ch, store) {
    const ruleset = store.campaign.ruleset;
    const owner = ch.owner_id ? store.memberName(ch.owner_id) : null;
    const who = ch.npc ? t("dashboard.party.npc") : t("dashboard.party.played_by", { name: owner ?? "?" });
    const body =
      ruleset === "matrix" ? matrixCard(ch) : ruleset === "d20" ? d20Card(ch, store) : threed6Card(ch, store);
    const card = h(
      "li",
      { class: "ftd-card", "data-character": ch.id },
      h("h3", { tabindex: "-1" }, h("span", { text: ch.name }), " ", h("small", { text: who })),
      ...body,
    );
    if (ruleset === "matrix") card.append(h("ft-damage-form", { character: ch.id }));
    for (const child of card.querySelectorAll("ft-damage-form, ft-grants")) child.store = store;
    return card;
  }
}

customElements.define("ft-party", FtParty);
