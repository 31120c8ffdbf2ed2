// The player's table (/c/<cid>): the live log of rolls and words, the roll form of the
// ruleset with its odds, the chat, roll requests, characters, the 3d6 table flow, presence
// and the fairness panel. A storyteller also gets the invite link here.

import { api } from "../api.js";
import { h, replace } from "../dom.js";
import { onLanguageChange, t } from "../i18n.js";
import { RULESETS, ROLES } from "../rulesets.js";
import { TableStore } from "../table/store.js";
import { busy, errorBox, errorText, field } from "../ui.js";
import "../components/log.js";
import "../components/roll-form.js";
import "../components/chat-input.js";
import "../components/character-sheet.js";
import "../components/fairness.js";
import "../components/presence.js";
import "../components/requests.js";
import "../components/flow.js";

const STATUS = { connecting: "live.connecting", connected: "live.connected", reconnecting: "live.reconnecting", closed: "live.closed" };

function component(tag, store, area) {
  const el = document.createElement(tag);
  el.store = store;
  el.className = `card area-${area}`;
  return el;
}

function invitePanel(store) {
  const panel = h("section", { class: "card area-invite", "aria-labelledby": "invite-title" });
  let link = "";
  const draw = () => {
    const box = errorBox();
    const output = h("input", { id: "invite-link", readonly: true, value: link, "aria-label": t("invite.link") });
    replace(
      panel,
      h("h2", { id: "invite-title", text: t("invite.title") }),
      h("div", { class: "row" },
        h("button", {
          type: "button",
          id: "invite-create",
          text: t("invite.create"),
          onclick: (e) => busy(e.currentTarget, box, async () => {
            const invite = await api(`/campaigns/${store.cid}/invites`, { method: "POST", body: { role: "player" } });
            link = `${location.origin}/join/${encodeURIComponent(invite.code)}`;
            draw();
          }),
        }),
        link ? h("button", { type: "button", id: "invite-copy", text: t("invite.copy"), onclick: async (e) => {
          const button = e.currentTarget;
          try {
            await navigator.clipboard.writeText(link);
            button.textContent = t("invite.copied");
          } catch {
            output.select();
          }
        } }) : null),
      link ? field(t("invite.link"), output) : null,
      box
    );
  };
  draw();
  panel.render = draw;
  return panel;
}

export async function mount(root, { cid }) {
  const store = new TableStore(cid);
  try {
    await store.load();
  } catch (error) {
    store.stop();
    replace(root, h("section", { class: "card narrow" }, h("p", { class: "error", role: "alert", text: errorText(error) }), h("p", {}, h("a", { href: "/", text: t("not_found.home") }))));
    return null;
  }
  const status = h("p", { class: "status", id: "live-status", role: "status" });
  const title = h("h1", { id: "table-title" });
  const sub = h("p", { class: "muted" });
  const dashboard = h("a", { href: `/c/${cid}/dashboard` });
  const parts = {
    log: component("ft-log", store, "log"),
    form: component("ft-roll-form", store, "form"),
    chat: component("ft-chat-input", store, "chat"),
    requests: component("ft-requests", store, "requests"),
    presence: component("ft-presence", store, "people"),
    sheets: component("ft-character-sheet", store, "sheets"),
    flow: component("ft-flow", store, "flow"),
    fairness: component("ft-fairness", store, "fairness"),
  };
  const invite = store.isStoryteller ? invitePanel(store) : null;
  const drawHead = () => {
    title.textContent = store.campaign.name;
    sub.textContent = t("table.subtitle", { ruleset: t(RULESETS[store.campaign.ruleset]), role: t(ROLES[store.campaign.role]) });
    status.textContent = t(STATUS[store.live.status]);
    status.dataset.state = store.live.status;
    dashboard.textContent = t("campaigns.dashboard");
    dashboard.hidden = !store.isStoryteller;
  };
  const drawAll = () => {
    drawHead();
    for (const el of Object.values(parts)) if (el.render) el.render();
    if (invite) invite.render();
  };
  if (store.campaign.ruleset !== "3d6") parts.flow.hidden = true;
  replace(
    root,
    h("div", { class: "table-head" }, title, sub, status, dashboard),
    h("div", { class: "table" }, parts.requests, parts.form, parts.chat, parts.log, parts.presence, invite, parts.sheets, parts.flow, parts.fairness)
  );
  drawAll();
  store.live.addEventListener("status", drawHead);
  store.addEventListener("change", (e) => {
    if (e.detail.what === "campaign") drawAll();
    if (e.detail.what === "members") drawHead();
  });
  const stop = onLanguageChange(drawAll);
  return () => {
    stop();
    store.stop();
  };
}
