// <ft-presence>: who sits at the table, and who is here now (a word and a symbol each).
import { h, replace } from "../dom.js";
import { t } from "../i18n.js";
import { ROLES } from "../rulesets.js";

class Presence extends HTMLElement {
  connectedCallback() {
    this.onChange = (e) => {
      if (e.detail.what === "members") this.render();
    };
    this.store.addEventListener("change", this.onChange);
  }

  disconnectedCallback() {
    this.store.removeEventListener("change", this.onChange);
  }

  render() {
    const store = this.store;
    replace(
      this,
      h("h2", { id: "presence-title", text: t("presence.title") }),
      h("ul", { class: "presence", "aria-labelledby": "presence-title" },
        store.members.map((m) => {
          const online = store.isOnline(m.user_id);
          return h("li", { "data-online": String(online), "data-user-id": m.user_id },
            `${m.display_name} (${t(ROLES[m.role])}) — `, online ? t("presence.online") : t("presence.offline"));
        }))
    );
  }
}

customElements.define("ft-presence", Presence);
