// <ft-requests>: the storyteller's roll requests addressed to my characters, each answered
// with one button (the server rolls what the request asks, with its visibility).
import { api } from "../api.js";
import { h, replace } from "../dom.js";
import { fmtRelative, t } from "../i18n.js";
import { D20_ABILITIES, DIFFICULTY_3D6, MATRIX_STATS, VISIBILITY, termKey } from "../rulesets.js";
import { busy, errorBox } from "../ui.js";

const TRAITS = { "3d6": null, matrix: MATRIX_STATS, d20: D20_ABILITIES };

function what(request) {
  const table = TRAITS[request.ruleset];
  const key = table ? termKey(table, request.trait) : null;
  const parts = [key ? t(key) : request.trait];
  if (request.ruleset === "3d6" && request.difficulty) parts.push(t(DIFFICULTY_3D6[request.difficulty] || "roll.difficulty"));
  else if (request.difficulty !== null && request.difficulty !== undefined) parts.push(t("roll.difficulty_n", { n: request.difficulty }));
  if (request.kind === "save") parts.push(t("requests.save_condition", { condition: request.condition || "" }));
  return parts.join(", ");
}

class Requests extends HTMLElement {
  connectedCallback() {
    this.onChange = (e) => {
      if (["requests", "characters"].includes(e.detail.what)) this.render();
    };
    this.store.addEventListener("change", this.onChange);
  }

  disconnectedCallback() {
    this.store.removeEventListener("change", this.onChange);
  }

  render() {
    const store = this.store;
    const rows = [];
    for (const request of store.requests.values()) {
      for (const target of request.targets) {
        const character = store.characters.get(target.character_id);
        if (!character || target.status !== "waiting") continue;
        if (character.owner_id !== store.me.id && !store.isStoryteller) continue;
        const box = errorBox();
        rows.push(h("li", { "data-request-id": request.id },
          h("p", {}, h("b", { text: character.name }), ` — ${what(request)}`),
          h("p", { class: "muted", text: [t(VISIBILITY[request.visibility]), request.note, request.expires_at ? t("requests.expires", { when: fmtRelative(request.expires_at) }) : null].filter(Boolean).join(" · ") }),
          h("button", {
            type: "button",
            class: "primary",
            "data-action": "answer",
            text: t("requests.answer", { name: character.name }),
            onclick: (event) => busy(event.currentTarget, box, async () => {
              const roll = await api(`/campaigns/${store.cid}/rolls`, { method: "POST", body: { request_id: request.id, character_id: character.id }, idempotent: true });
              store.putRoll(roll);
              store.changed("log", { type: "roll", item: roll });
              target.status = "rolled";
              this.render();
            }),
          }),
          box));
      }
    }
    this.hidden = rows.length === 0;
    replace(this, h("h2", { id: "requests-title", text: t("requests.title") }), h("ul", { class: "campaigns", "aria-labelledby": "requests-title" }, rows));
  }
}

customElements.define("ft-requests", Requests);
