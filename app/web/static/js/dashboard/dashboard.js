// ft-dashboard: the storyteller's page of one campaign. It loads the state once
// (DashboardStore), opens the campaign's LiveLog after the last seq it read, and folds
// every event in; the sections below are custom elements that redraw what changed.
import { LiveLog } from "../live.js";
import { fmtRelative, onLanguageChange, plural, t } from "../i18n.js";
import { RULESETS, ROLES } from "../rulesets.js";
import { announce } from "../ui.js";
import { DashboardStore } from "./store.js";
import { announcement } from "./rolls.js";
import { h, problemText } from "./ui.js";
import "./party.js";
import "./pending.js";
import "./requests.js";
import "./rolls.js";
import "./stats.js";

const STATUS = {
  connecting: "dashboard.live.connecting",
  connected: "dashboard.live.connected",
  reconnecting: "dashboard.live.reconnecting",
  closed: "dashboard.live.closed",
};

/** ft-online: who sits at the table and who is here now (in words, not only a dot). */
export class FtOnline extends HTMLElement {
  set store(store) {
    this._store = store;
    store.addEventListener("change", (e) => {
      if (["all", "members", "language"].includes(e.detail.part)) this.render();
    });
    this.render();
  }

  render() {
    const store = this._store;
    if (!store?.campaign) return;
    const members = [...store.members.values()];
    const here = members.filter((m) => m.online).length;
    const list = h("ul", { class: "ftd-online" });
    for (const m of members) {
      list.append(
        h(
          "li",
          { "data-user": m.user_id, "data-online": String(Boolean(m.online)) },
          h("span", { class: "ftd-dot", "aria-hidden": "true", text: m.online ? "●" : "○" }),
          h("span", { text: m.display_name }),
          " ",
          h("small", { text: `${t(ROLES[m.role] ?? "role.player")} · ${t(m.online ? "dashboard.online.here" : "dashboard.online.away")}` }),
        ),
      );
    }
    this.replaceChildren(h("h2", { text: plural("dashboard.online.title", here) }), list);
  }
}
customElements.define("ft-online", FtOnline);

export class FtDashboard extends HTMLElement {
  async connectedCallback() {
    const cid = this.getAttribute("cid");
    this.store = new DashboardStore(cid);
    this.live = new LiveLog(cid);
    this.status = h("p", { class: "ftd-live", role: "status" });
    this.header = h("div", { class: "ftd-head" });
    this.replaceChildren(this.header, h("p", { text: t("dashboard.loading") }));
    this.stopLanguage = onLanguageChange(() => {
      this.renderHeader();
      this.store.changed("language");
    });
    try {
      await this.store.load();
    } catch (error) {
      this.replaceChildren(h("p", { class: "error", role: "alert", text: problemText(error) }));
      return;
    }
    if (!this.isConnected) return;
    this.layout();
    if (this.store.campaign.role !== "storyteller") return;
    this.follow();
    // "2 minutes ago" keeps telling the truth while the page stays open.
    this.clock = setInterval(() => {
      for (const node of this.querySelectorAll("ft-roll-card time[datetime]")) node.textContent = fmtRelative(node.dateTime);
    }, 30000);
  }

  disconnectedCallback() {
    clearInterval(this.clock);
    this.live?.stop();
    this.stopLanguage?.();
  }

  layout() {
    const store = this.store;
    this.renderHeader();
    if (store.campaign.role !== "storyteller") {
      this.replaceChildren(this.header, h("p", { role: "alert", text: t("dashboard.storyteller_only") }));
      return;
    }
    const section = (tag, label) => {
      const node = h(tag, { class: `ftd-section ${tag}` });
      const wrap = h("section", { "aria-label": label }, node);
      return [wrap, node];
    };
    const parts = [
      section("ft-party", t("dashboard.party.title")),
      section("ft-online", t("dashboard.online.label")),
      section("ft-recent", t("dashboard.recent.title")),
      section("ft-pending", t("dashboard.pending.label")),
      section("ft-roll-requests", t("dashboard.requests.title")),
      section("ft-stats", t("dashboard.stats.title")),
    ];
    const [party, online, recent, pending, requests, stats] = parts.map(([wrap]) => wrap);
    this.replaceChildren(
      this.header,
      h("div", { class: "ftd-layout" }, h("div", { class: "ftd-main" }, party, requests), h("div", { class: "ftd-side" }, online, recent, pending)),
      stats,
    );
    for (const [, node] of parts) node.store = store;
  }

  renderHeader() {
    const c = this.store.campaign;
    if (!c) return;
    this.header.replaceChildren(
      h("h1", {}, h("span", { text: c.name }), " ", h("small", { class: "ftd-kind", text: t("dashboard.title") })),
      h("p", { class: "ftd-sub" }, h("span", { text: t(RULESETS[c.ruleset] ?? "ruleset.3d6") }), " · ", h("a", { href: `/c/${c.id}`, text: t("dashboard.to_table") })),
      this.status,
    );
    this.status.textContent = t(STATUS[this.live.status] ?? STATUS.closed);
  }

  follow() {
    const { store, live } = this;
    live.addEventListener("status", (e) => {
      this.status.textContent = t(STATUS[e.detail] ?? STATUS.closed);
      this.dataset.live = e.detail;
    });
    live.addEventListener("presence", (e) => {
      if (e.detail.reset) {
        for (const m of store.members.values()) m.online = false;
        store.changed("members");
      } else store.presence(e.detail.user_id, e.detail.online);
    });
    // One event at a time, in seq order: apply() may read a character again.
    let queue = Promise.resolve();
    live.addEventListener("event", (e) => {
      const event = e.detail;
      queue = queue.then(() => store.apply(event)).catch(() => {});
      if (event.type === "roll.created" && event.data?.id) announce(announcement(event.data, store));
    });
    live.start(store.lastSeq);
  }
}
customElements.define("ft-dashboard", FtDashboard);
