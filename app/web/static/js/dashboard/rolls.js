// Rolls on the dashboard: each drawn by the table's own <ft-roll-card> (the same words,
// dice and outcome as on the players' pages; a storyteller takes an NPC roll's steps
// there), damage in one line of its own; and ft-recent, the newest rolls as they come.
import { fmtNumber, t } from "../i18n.js";
import { rollAnnouncement } from "../components/roll-card.js";
import { D20_ABILITIES, MATRIX_STATS, termKey } from "../rulesets.js";
import { h } from "./ui.js";

const KEEP = 20;

/** A trait in the table's words (a 3d6 quality is the sheet's own name). */
export function traitName(ruleset, trait) {
  const table = ruleset === "matrix" ? MATRIX_STATS : ruleset === "d20" ? D20_ABILITIES : {};
  const key = termKey(table, String(trait).toLowerCase());
  return key ? t(key) : String(trait ?? "");
}

/** What ft-roll-card reads of a store, from the dashboard's (the viewer is a storyteller). */
function cardView(store) {
  return {
    campaign: store.campaign,
    characters: store.characters,
    members: [...store.members.values()],
    me: store.me ?? { id: null },
    isStoryteller: true,
    memberName: (id) => store.memberName(id),
    checks: null,
    putRoll: (roll) => store.applyRoll(roll),
    changed: () => {},
  };
}

/** One roll as a node: the table's card, or the line of a hit. */
export function rollNode(roll, store) {
  if (roll.kind === "damage") {
    const r = roll.result ?? {};
    return h("p", { class: "ftd-damage-line", "data-roll-id": roll.id },
      h("b", { text: store.characterName(roll.character_id) }), " — ",
      t("dashboard.roll.damage", { mortality: fmtNumber(r.mortality), fatigue: fmtNumber(r.fatigue), madness: fmtNumber(r.madness) }));
  }
  const card = document.createElement("ft-roll-card");
  card.roll = roll;
  card.store = cardView(store);
  card.render();
  return card;
}

/** The words announced in the live region for a new roll. */
export function announcement(roll, store) {
  if (roll.kind === "damage") return t("dashboard.live.damage", { name: store.characterName(roll.character_id) });
  return rollAnnouncement(roll, cardView(store));
}

export class FtRecent extends HTMLElement {
  set store(store) {
    this._store = store;
    const reset = () => (this.rolls = new Map((store.recent ?? []).map((r) => [r.id, r])));
    reset();
    store.addEventListener("change", (e) => {
      const { part, roll } = e.detail;
      if (part === "rolls" && roll) {
        this.rolls.delete(roll.id);
        this.rolls.set(roll.id, roll);
        while (this.rolls.size > KEEP) this.rolls.delete(this.rolls.keys().next().value);
      } else if (part === "all") reset();
      else if (!["language", "characters", "members"].includes(part)) return;
      this.render();
    });
    this.render();
  }

  render() {
    const store = this._store;
    if (!store?.campaign) return;
    const newest = [...this.rolls.values()].sort((a, b) => b.seq - a.seq);
    const list = h("ol", { class: "ftd-rolls", "aria-label": t("dashboard.recent.title") },
      newest.map((roll) => h("li", { "data-roll": roll.id }, rollNode(roll, store))));
    this.replaceChildren(h("h2", { text: t("dashboard.recent.title") }), newest.length ? list : h("p", { text: t("dashboard.recent.empty") }));
  }
}

customElements.define("ft-recent", FtRecent);
