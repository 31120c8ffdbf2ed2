// <ft-log>: the one log of the table, rolls and chat messages interleaved in seq order.
// Only the newest page is loaded at first; older pages come as the reader scrolls to the
// end of the list (or presses "older"). New items are announced in the ARIA live region.
//
//   const log = document.createElement("ft-log"); log.store = store; log.render();

import { api } from "../api.js";
import { h, linkify, replace } from "../dom.js";
import { fmtDate, fmtRelative, t } from "../i18n.js";
import { announce, busy, errorBox, unannounce } from "../ui.js";
import { rollAnnouncement } from "./roll-card.js";
import "./roll-card.js";

function canDelete(message, store) {
  if (message.text === null) return false;
  if (store.isStoryteller) return true;
  if (message.user_id !== store.me.id) return false;
  const minutes = (store.campaign.settings || {}).message_delete_minutes ?? 5;
  return Date.now() - new Date(message.created_at).getTime() < minutes * 60000;
}

function messageItem(message, store) {
  const li = h("li", { class: "message", "data-message-id": message.id, "data-seq": message.seq });
  if (message.text === null) {
    const by = message.deleted ? store.memberName(message.deleted.by) : "";
    const at = message.deleted ? fmtDate(message.deleted.at) : "";
    li.classList.add("tombstone");
    replace(li, h("p", { text: t("chat.deleted", { who: by, at }) }));
    return li;
  }
  const character = message.character_id ? store.characters.get(message.character_id) : null;
  const author = message.in_character && character ? character.name : store.memberName(message.user_id);
  li.dataset.whisper = String(Array.isArray(message.to));
  li.dataset.inCharacter = String(Boolean(message.in_character));
  const meta = [
    h("span", { class: "author", text: author }),
    message.in_character ? h("span", { class: "badge", text: t("chat.in_character") }) : null,
    Array.isArray(message.to)
      ? h("span", { class: "badge", text: t("chat.whisper_to", { names: message.to.map((id) => store.memberName(id)).join(", ") }) })
      : null,
    h("time", { datetime: message.created_at, title: fmtDate(message.created_at), text: fmtRelative(message.created_at) }),
  ];
  const parts = [h("div", { class: "meta" }, meta), h("p", { class: "text" }, linkify(message.text))];
  if (canDelete(message, store)) {
    const box = errorBox();
    parts.push(
      h("button", {
        type: "button",
        class: "link",
        "data-action": "delete-message",
        "aria-label": t("chat.delete_label", { who: author }),
        text: t("chat.delete"),
        onclick: (event) =>
          busy(event.currentTarget, box, async () => {
            await api(`/campaigns/${store.cid}/messages/${message.id}`, { method: "DELETE" });
          }),
      }),
      box
    );
  }
  replace(li, ...parts);
  return li;
}

class Log extends HTMLElement {
  connectedCallback() {
    this.onChange = (event) => this.update(event.detail);
    this.store.addEventListener("change", this.onChange);
    // "2 minutes ago" stays true: every time of the log is written again each 30 s
    this.clock = setInterval(() => {
      for (const time of this.querySelectorAll("time[datetime]")) time.textContent = fmtRelative(time.dateTime);
    }, 30000);
  }

  disconnectedCallback() {
    this.store.removeEventListener("change", this.onChange);
    if (this.observer) this.observer.disconnect();
    clearInterval(this.clock);
  }

  update({ what, item }) {
    if (what === "log" && item && item.item) {
      const existing = this.list && this.list.querySelector(item.type === "roll" ? `[data-roll-id="${item.item.id}"]` : `[data-message-id="${item.item.id}"]`);
      const row = existing && existing.closest("li");
      if (row) {
        row.replaceWith(this.row({ type: item.type, item: item.item }));
      } else this.render();
      if (item.created) {
        if (item.type === "roll") announce(rollAnnouncement(item.item, this.store));
        else if (item.item.text !== null) announce(t("announce.message", { who: this.store.memberName(item.item.user_id), text: item.item.text }), item.item.id);
      }
      if (item.type === "message" && item.item.text === null) unannounce(item.item.id);
      return;
    }
    if (what === "log" || what === "characters" || what === "members" || what === "fairness" || what === "checks") this.render();
  }

  row(entry) {
    if (entry.type === "message") return messageItem(entry.item, this.store);
    const card = document.createElement("ft-roll-card");
    card.roll = entry.item;
    card.store = this.store;
    card.render();
    return h("li", { "data-seq": entry.seq }, card);
  }

  render() {
    const store = this.store;
    const entries = store.entries().reverse(); // newest first, as a chat reads on a table
    const status = errorBox();
    this.list = h(
      "ol",
      { class: "log", id: "log", "aria-label": t("log.label"), reversed: true },
      entries.length ? entries.map((e) => this.row(e)) : h("li", { class: "muted", text: t("log.empty") })
    );
    const older = store.hasOlder
      ? h("li", { class: "older" }, h("button", { type: "button", id: "log-older", text: t("log.older"), onclick: (event) => busy(event.currentTarget, status, () => store.loadOlder()) }))
      : null;
    if (older) this.list.append(older);
    replace(this, h("h2", { id: "log-title", text: t("log.title") }), this.list, status);
    if (this.observer) this.observer.disconnect();
    if (older && "IntersectionObserver" in window) {
      this.observer = new IntersectionObserver((seen) => {
        if (seen.some((s) => s.isIntersecting) && !this.loading) {
          this.loading = true;
          store.loadOlder().finally(() => (this.loading = false));
        }
      });
      this.observer.observe(older);
    }
  }
}

customElements.define("ft-log", Log);
