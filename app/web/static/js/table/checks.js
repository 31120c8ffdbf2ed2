// The check marks of the log: once a seed is revealed, the audit links of the rolls shown
// are fetched page by page and walked in the browser (js/verify.js), and each roll shown
// is hashed again from what the page displays, so its mark vouches for the very roll read.

import { api } from "../api.js";
import { chainRecord, linkHash, verifyChain } from "../verify.js";

/** Every audit page after `after`, concatenated; `onPage(count)` reports progress. */
export async function auditLinks(cid, after = 0, onPage = () => {}) {
  const links = [];
  let fairness = null;
  for (;;) {
    const page = await api(`/campaigns/${cid}/audit?after=${after}&limit=1000`);
    links.push(...page.audit);
    fairness = page.fairness;
    onPage(links.length);
    if (page.next_after === null || page.next_after === undefined) return { fairness, links };
    after = page.next_after;
  }
}

/** Mark every roll of the store: store.checks = Map(rollId → "ok" | "pending" | "failed"). */
export async function checkShownRolls(store) {
  const fairness = store.fairness;
  if (!fairness || !fairness.seeds.some((s) => s.server_seed)) return null;
  const shown = [...store.rolls.values()].filter((r) => !r.redacted);
  if (!shown.length) return null;
  const from = Math.min(...shown.map((r) => r.seq)) - 1;
  const { fairness: state, links } = await auditLinks(store.cid, from);
  if (!links.length) return null;
  const report = await verifyChain(state, links, { campaignId: store.cid, from: { seq: from, prevHash: links[0].prev_hash } });
  const checks = new Map();
  const brokenAt = report.failure ? report.failure.seq ?? 0 : Infinity;
  for (const roll of shown) {
    const latest = report.latest.get(roll.id);
    if (report.rolls.get(roll.id) === "failed" || (!latest && roll.seq >= brokenAt)) {
      checks.set(roll.id, "failed"); // its link failed, or comes after the break
      continue;
    }
    if (!latest) continue;
    let mark = report.rolls.get(roll.id) || "failed";
    if (latest.seq >= brokenAt) mark = "failed";
    if (mark !== "failed") {
      const again = await linkHash(latest.prevHash, chainRecord(roll, latest.seq), latest.salt);
      if (again !== latest.hash) mark = "failed"; // the page shows something else than the chain
    }
    checks.set(roll.id, mark);
  }
  store.checks = checks;
  store.checkReport = report;
  store.changed("checks");
  return report;
}
