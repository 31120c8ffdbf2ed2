// <ft-chat-input>: say something at the table: to everyone or whispered to chosen
// members, as oneself or in character. Enter sends, Shift+Enter starts a new line.
// The text is sent as typed; it is only ever shown with textContent.

import { api } from "../api.js";
import { h, replace } from "../dom.js";
import { t } from "../i18n.js";
import { busy, errorBox, field, showError } from "../ui.js";

class ChatInput extends HTMLElement {
  constructor() {
    super();
    this.values = { text: "", to: new Set(), inCharacter: false, characterId: "" };
  }

  connectedCallback() {
    this.onChange = (e) => {
      if (e.detail.what === "members" || e.detail.what === "characters") this.render();
    };
    this.store.addEventListener("change", this.onChange);
  }

  disconnectedCallback() {
    this.store.removeEventListener("change", this.onChange);
  }

  render() {
    const store = this.store;
    const v = this.values;
    if (!store.chatAvailable) {
      replace(this, h("h2", { text: t("chat.title") }), h("p", { class: "muted", text: t("chat.unavailable") }));
      return;
    }
    const others = store.members.filter((m) => m.user_id !== store.me.id);
    const mine = store.myCharacters();
    if (!mine.some((c) => c.id === v.characterId)) v.characterId = mine[0] ? mine[0].id : "";
    const text = h("textarea", {
      name: "text",
      id: "chat-text",
      rows: 2,
      maxlength: 2000,
      required: true,
      text: v.text,
      oninput: (e) => (v.text = e.target.value),
      onkeydown: (e) => {
        if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
          e.preventDefault();
          form.requestSubmit();
        }
      },
    });
    const whisper = others.length
      ? h("fieldset", {}, h("legend", { text: t("chat.whisper") }),
          others.map((m) => h("label", { class: "check" },
            h("input", { type: "checkbox", name: "to", value: m.user_id, checked: v.to.has(m.user_id), onchange: (e) => { if (e.target.checked) v.to.add(m.user_id); else v.to.delete(m.user_id); } }),
            m.display_name)))
      : null;
    const inCharacter = mine.length
      ? h("div", { class: "row" },
          h("label", { class: "check" }, h("input", { type: "checkbox", name: "in_character", checked: v.inCharacter, onchange: (e) => { v.inCharacter = e.target.checked; this.render(); } }), t("chat.in_character_toggle")),
          v.inCharacter ? field(t("chat.as_character"), h("select", { name: "character_id", onchange: (e) => (v.characterId = e.target.value) }, mine.map((c) => h("option", { value: c.id, selected: c.id === v.characterId, text: c.name })))) : null)
      : null;
    const box = errorBox();
    const submit = h("button", { type: "submit", class: "primary", id: "chat-send", text: t("chat.send") });
    const form = h(
      "form",
      {
        "aria-labelledby": "chat-title",
        onsubmit: (event) => {
          event.preventDefault();
          if (!v.text.trim()) return;
          busy(submit, box, async () => {
            const body = { text: v.text };
            if (v.to.size) body.to = [...v.to];
            if (v.inCharacter && v.characterId) Object.assign(body, { in_character: true, character_id: v.characterId });
            const message = await api(`/campaigns/${store.cid}/messages`, { method: "POST", body, idempotent: true });
            store.putMessage(message);
            store.changed("log", { type: "message", item: message });
            v.text = "";
            text.value = "";
            showError(box, null);
            text.focus();
          });
        },
      },
      h("h2", { id: "chat-title", text: t("chat.title") }),
      field(t("chat.message"), text, t("chat.hint")),
      whisper,
      inCharacter,
      box,
      submit
    );
    replace(this, form);
  }
}

customElements.define("ft-chat-input", ChatInput);
