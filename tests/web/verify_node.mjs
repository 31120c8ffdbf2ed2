// Runs app/web/static/js/verify.js under Node (WebCrypto is globalThis.crypto) on the
// cases of tests/web/test_verify_js.py: reads {vectors, bundles} as JSON on stdin, writes
// {faces, salts, hashes, verdicts} as JSON on stdout.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const module = await import(pathToFileURL(process.argv[2]).href);
const input = JSON.parse(readFileSync(0, "utf8"));
const out = { faces: [], salts: [], hashes: [], verdicts: [] };
for (const v of input.vectors) {
  const dice = new module.SeededDice(v.seed, v.client_seed, v.nonce);
  out.faces.push(await dice.roll(v.sides, v.count));
}
for (const s of input.salts) out.salts.push(await module.linkSalt(s.seed, s.campaign_id, s.link_seq));
for (const h of input.hashes) out.hashes.push(await module.linkHash(h.prev, h.record, h.salt));
for (const bundle of input.bundles) {
  const report = await module.verifyChain(bundle.fairness, bundle.audit, { campaignId: bundle.campaign_id });
  out.verdicts.push({ ok: report.ok, failure: report.failure, draws: report.draws, links: report.links, rolls: Object.fromEntries(report.rolls) });
}
process.stdout.write(JSON.stringify(out));
