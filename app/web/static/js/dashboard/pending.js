// ft-pending: the rolls still waiting for a step (a 3d6 test with rerolls or a partial to
// settle) and the hidden rolls a storyteller may reveal. A storyteller may add a reroll
// to a pending 3d6 test (POST /rolls/{id}/grant); the steps themselves are the player's.
import { api } from "../api.js";
import { plural, t } from "../i18n.js";
import { VISIBILITY } from "../rulesets.js";
import { rollNode } from "./rolls.js";
import { action, h, statusLine } from "./ui.js";

/** POST /rolls/{id}/<step> as the storyteller; the answer is the roll as it is now. */
const step = (store, roll, path) => async () => store.applyRoll(await api(`/rolls/${roll.id}/${path}`, { method: "POST", idempotent: true }));

export class FtPending extends HTMLElement {
  set store(store) {
    this._store = store;
    store.addEventListener("change", (e) => {
      if (["all", "rolls", "language", "characters", "members"].includes(e.detail.part)) this.render();
    });
    this.render();
  }

  /** A list of rolls, each with the storyteller's button (when `button` gives one). */
  list(rolls, empty, button) {
    if (!rolls.length) return h("p", { text: empty });
    return h("ul", { class: "ftd-list" }, rolls.map((roll) => {
      const status = statusLine();
      return h("li", { "data-roll": roll.id }, rollNode(roll, this._store), button(roll, status), status);
    }));
  }

  pendingList() {
    const store = this._store;
    const rolls = [...store.pending.values()].sort((a, b) => a.seq - b.seq);
    return this.list(rolls, t("dashboard.pending.empty"), (roll, status) =>
      roll.ruleset === "3d6" && roll.kind === "test"
        ? action(t("dashboard.pending.grant"), t("dashboard.pending.grant_label", { name: store.characterName(roll.character_id) }), status, step(store, roll, "grant"))
        : null);
  }

  hiddenList() {
    const store = this._store;
    const rolls = [...store.hidden.values()].sort((a, b) => b.seq - a.seq);
    return this.list(rolls, t("dashboard.reveal.empty"), (roll, status) => {
      if (roll.visibility === "private") return null;
      const name = roll.character_id ? store.characterName(roll.character_id) : store.memberName(roll.user_id);
      return action(t("dashboard.reveal.submit"), t("dashboard.reveal.label", { name, visibility: t(VISIBILITY[roll.visibility]) }), status, step(store, roll, "reveal"));
    });
  }

  render() {
    const store = this._store;
    if (!store?.campaign) return;
    const focused = this.contains(document.activeElement);
    this.replaceChildren(
      h("h2", { text: plural("dashboard.pending.title", store.pending.size) }),
      this.pendingList(),
      h("h2", { text: plural("dashboard.reveal.title", store.hidden.size) }),
      h("p", { class: "ftd-hint", text: t("dashboard.reveal.explain") }),
      this.hiddenList(),
    );
    if (focused) (this.querySelector("button") ?? this.querySelector("h2")).focus?.();
  }
}

customElements.define("ft-pending", FtPending);
