// "Verify the whole chain" (/c/<cid>/verify): every audit page from the first link, walked
// in the browser (js/verify.js): chaining, salts, hashes, draws recomputed from revealed
// seeds, dice against draws, the chain head, commitments.

import { h, replace } from "../dom.js";
import { plural, t } from "../i18n.js";
import { auditLinks } from "../table/checks.js";
import { errorText, reactive } from "../ui.js";
import { failureKind, verifyChain } from "../verify.js";

export function mount(root, { cid }) {
  let state = { phase: "idle", fetched: 0, report: null, error: null };
  const run = async () => {
    state = { phase: "fetching", fetched: 0, report: null, error: null };
    draw();
    try {
      const { fairness, links } = await auditLinks(cid, 0, (n) => {
        state.fetched = n;
        draw();
      });
      state.phase = "checking";
      draw();
      state.report = await verifyChain(fairness, links, { campaignId: cid });
      state.phase = "done";
    } catch (error) {
      state.error = error;
      state.phase = "error";
    }
    draw();
  };
  const draw = () => {
    const r = state.report;
    const result = [];
    if (state.phase === "fetching") result.push(h("p", { role: "status", text: plural("verify.fetched", state.fetched) }));
    if (state.phase === "checking") result.push(h("p", { role: "status", text: t("verify.checking") }));
    if (state.phase === "error") result.push(h("p", { class: "error", role: "alert", text: errorText(state.error) }));
    if (r && r.ok) {
      result.push(h("p", { class: "chain-ok", id: "verify-result", role: "status", text: `✓ ${t("verify.ok")}` }));
      result.push(h("ul", {}, h("li", { text: plural("verify.links", r.links) }), h("li", { text: plural("verify.draws", r.draws) }),
        r.pendingDraws ? h("li", { text: plural("verify.pending_draws", r.pendingDraws) }) : null,
        r.redacted ? h("li", { text: plural("verify.redacted", r.redacted) }) : null));
    }
    if (r && !r.ok) {
      result.push(h("p", { class: "chain-bad", id: "verify-result", role: "alert", text: `✗ ${t("verify.failed", { seq: r.failure.seq ?? "?" })}` }));
      result.push(h("p", { text: t(failureKind(r.failure.reason)) }));
      result.push(h("p", { class: "mono", lang: "en", text: r.failure.reason }));
    }
    replace(
      root,
      h("section", { class: "card", "aria-labelledby": "verify-title" },
        h("h1", { id: "verify-title", text: t("verify.title") }),
        h("p", { text: t("verify.explain") }),
        h("div", { class: "steps" },
          h("button", { type: "button", class: "primary", id: "verify-run", disabled: state.phase === "fetching" || state.phase === "checking", onclick: run, text: t("verify.run") }),
          h("a", { href: `/c/${cid}`, text: t("dashboard.to_table") })),
        result)
    );
  };
  const stop = reactive(draw);
  run();
  return stop;
}
