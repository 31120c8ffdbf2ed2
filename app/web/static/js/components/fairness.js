// <ft-fairness>: the commitment the server made before rolling, a client seed the player
// draws in the browser (crypto.getRandomValues) to make it reveal and commit again, the
// storyteller's rotation, and the check marks of the rolls shown (js/table/checks.js).

import { api } from "../api.js";
import { h, replace } from "../dom.js";
import { fmtDate, plural, t } from "../i18n.js";
import { checkShownRolls } from "../table/checks.js";
import { busy, errorBox } from "../ui.js";
import { bytesToHex, failureKind } from "../verify.js";

/** 16 random bytes from the browser's CSPRNG, as 32 hex characters. */
export function newClientSeed() {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(16)));
}

class Fairness extends HTMLElement {
  connectedCallback() {
    this.onChange = (e) => {
      if (e.detail.what === "fairness") {
        this.render();
        if (e.detail.item && e.detail.item.rotated) this.check();
      }
      if (e.detail.what === "checks") this.render();
    };
    this.store.addEventListener("change", this.onChange);
    if (this.store.fairness && this.store.fairness.seeds.some((s) => s.server_seed)) this.check();
  }

  disconnectedCallback() {
    this.store.removeEventListener("change", this.onChange);
  }

  async check() {
    try {
      this.status = "checking";
      this.render();
      await checkShownRolls(this.store);
      this.status = null;
    } catch (error) {
      this.status = error.detail || error.message;
    }
    this.render();
  }

  render() {
    const store = this.store;
    const f = store.fairness;
    if (!f) return replace(this);
    const box = errorBox();
    const revealed = f.seeds.filter((s) => s.server_seed);
    const report = store.checkReport;
    const counts = store.checks ? [...store.checks.values()] : [];
    const summary = report
      ? report.ok
        ? h("p", { class: "chain-ok", id: "checks-summary", text: `✓ ${plural("fairness.checked_rolls", counts.filter((c) => c === "ok").length)}` })
        : h("p", { class: "chain-bad", id: "checks-summary", role: "alert", text: `✗ ${t("fairness.failed_at", { seq: report.failure.seq ?? "?", reason: t(failureKind(report.failure.reason)) })}` })
      : null;
    replace(
      this,
      h("h2", { id: "fairness-title", text: t("fairness.title") }),
      h("div", { class: "facts" }, h("dl", {},
        h("dt", { text: t("fairness.seed_number") }), h("dd", { text: String(f.seed_number) }),
        h("dt", { text: t("fairness.commitment") }), h("dd", { class: "mono", id: "commitment", text: f.commitment }),
        h("dt", { text: t("fairness.client_seed") }), h("dd", { class: "mono", id: "client-seed", text: f.client_seed }),
        h("dt", { text: t("fairness.next_nonce") }), h("dd", { text: String(f.next_nonce) }))),
      h("p", { class: "hint", text: t("fairness.explain") }),
      revealed.length ? h("p", { class: "muted", text: plural("fairness.revealed", revealed.length, { when: fmtDate(revealed[revealed.length - 1].revealed_at) }) }) : null,
      h("div", { class: "steps" },
        store.role !== "spectator" ? h("button", {
          type: "button",
          id: "set-client-seed",
          text: t("fairness.new_client_seed"),
          onclick: (e) => busy(e.currentTarget, box, async () => {
            store.fairness = await api(`/campaigns/${store.cid}/fairness/client-seed`, { method: "PUT", body: { client_seed: newClientSeed() } });
            store.changed("fairness", { rotated: true });
          }),
        }) : null,
        store.isStoryteller ? h("button", {
          type: "button",
          id: "rotate",
          text: t("fairness.rotate"),
          onclick: (e) => busy(e.currentTarget, box, async () => {
            store.fairness = await api(`/campaigns/${store.cid}/fairness/rotate`, { method: "POST" });
            store.changed("fairness", { rotated: true });
          }),
        }) : null,
        revealed.length ? h("button", { type: "button", id: "check-rolls", text: t("fairness.check_rolls"), onclick: () => this.check() }) : null,
        h("a", { href: `/c/${store.cid}/verify`, id: "verify-link", text: t("fairness.verify_all") })),
      this.status === "checking" ? h("p", { class: "muted", text: t("fairness.checking") }) : this.status ? h("p", { class: "error", text: this.status }) : summary,
      box
    );
  }
}

customElements.define("ft-fairness", Fairness);
