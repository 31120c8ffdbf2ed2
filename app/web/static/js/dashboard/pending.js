// ft-pending: the rolls still waiting for a step (a 3d6 test with rerolls or a partial to
// settle) and the hidden rolls a storyteller may reveal. A storyteller may add a reroll
// to a pending 3d6 test (POST /rolls/{id}/grant); the steps themselves are the player's.
import { api } from "../api.js";
import { plural, t } from "../i18n.js";
import { VISIBILITY } from "../rulesets.js";
import { rollNode } from "./rolls.js";
import { h, problemText } from "./ui.js";

async function act(button, status, action) {
  button.disabled = true;
  status.textContent = "";
  try {
    await action();
  } catch (error) {
    status.textContent = problemText(error);
    button.disabled = false;
  }
}

export class FtPending extends HTMLElement {
  set store(store) {
    this._store = store;
    store.addEventListener("change", (e) => {
      if (["all", "rolls", "language", "characters", "members"].includes(e.detail.part)) this.render();
    });
    this.render();
  }

  item(roll, buttons) {
    const status = h("span", { class: "ftd-status", role: "status" });
    return h("li", { "data-roll": roll.id, "data-status": roll.status }, rollNode(roll, this._store), h("span", { class: "ftd-actions" }, buttons(status)), status);
  }

  pendingList() {
    const store = this._store;
    const rolls = [...store.pending.values()].sort((a, b) => a.seq - b.seq);
    const list = h("ul", { class: "ftd-list" });
    for (const roll of rolls) {
      list.append(
        this.item(roll, (status) => {
          if (roll.ruleset !== "3d6" || roll.kind !== "test") return [];
          const who = store.characterName(roll.character_id);
          const grant = h("button", {
            type: "button",
            class: "ftd-small",
            text: t("dashboard.pending.grant"),
            "aria-label": t("dashboard.pending.grant_label", { name: who }),
            onclick: () => act(grant, status, async () => store.applyRoll(await api(`/rolls/${roll.id}/grant`, { method: "POST", idempotent: true }))),
          });
          return [grant];
        }),
      );
    }
    return rolls.length ? list : h("p", { text: t("dashboard.pending.empty") });
  }

  hiddenList() {
    const store = this._store;
    const rolls = [...store.hidden.values()].sort((a, b) => b.seq - a.seq);
    const list = h("ul", { class: "ftd-list" });
    for (const roll of rolls) {
      list.append(
        this.item(roll, (status) => {
          if (roll.visibility === "private") return [];
          const reveal = h("button", {
            type: "button",
            class: "ftd-small",
            text: t("dashboard.reveal.submit"),
            "aria-label": t("dashboard.reveal.label", { name: roll.character_id ? store.characterName(roll.character_id) : store.memberName(roll.user_id), visibility: t(VISIBILITY[roll.visibility]) }),
            onclick: () => act(reveal, status, async () => store.applyRoll(await api(`/rolls/${roll.id}/reveal`, { method: "POST", idempotent: true }))),
          });
          return [reveal];
        }),
      );
    }
    return rolls.length ? list : h("p", { text: t("dashboard.reveal.empty") });
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
