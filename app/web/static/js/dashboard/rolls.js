// How the dashboard writes a roll in one line (who, what, the dice, the outcome in words:
// readable without colour), and ft-recent, the newest rolls as they arrive.
import { fmtNumber, fmtRelative, plural, t } from "../i18n.js";
import { D20_ABILITIES, DIFFICULTY_3D6, MATRIX_STATS, OUTCOME_3D6, VISIBILITY, termKey } from "../rulesets.js";
import { h } from "./ui.js";

const KEEP = 20;

function termOf(table, code) {
  const key = termKey(table, code);
  return key ? t(key) : String(code ?? "");
}

/** The trait in the table's words: a 3d6 quality is the sheet's own name. */
export function traitName(ruleset, trait) {
  if (ruleset === "matrix") return termOf(MATRIX_STATS, trait);
  if (ruleset === "d20") return termOf(D20_ABILITIES, String(trait).toLowerCase());
  return String(trait ?? "");
}

/** The outcome of a roll, in words. */
export function outcomeText(roll) {
  const r = roll.result ?? {};
  if (roll.redacted || roll.status === "hidden") return t("dashboard.roll.hidden");
  if (roll.kind === "formula") return t("dashboard.roll.total", { total: fmtNumber(r.total) });
  if (roll.kind === "damage") {
    return t("dashboard.roll.damage", { mortality: fmtNumber(r.mortality), fatigue: fmtNumber(r.fatigue), madness: fmtNumber(r.madness) });
  }
  if (roll.ruleset === "3d6") {
    const outcome = r.choice ? termOf(OUTCOME_3D6, r.choice) : termOf(OUTCOME_3D6, r.outcome);
    const parts = [plural("dashboard.roll.successes", r.successes ?? 0), outcome];
    if (r.boon) parts.push(t("dashboard.roll.boon"));
    if (roll.status === "pending") parts.push(plural("dashboard.roll.rerolls_left", r.rerolls_left ?? 0));
    return parts.join(" · ");
  }
  if (roll.ruleset === "d20") {
    const verdict = r.critical === "success" ? t("d20.critical.success") : r.critical === "failure" ? t("d20.critical.failure") : t(r.success ? "dashboard.roll.success" : "dashboard.roll.failure");
    return `${t("dashboard.roll.against", { total: fmtNumber(r.total), difficulty: fmtNumber(r.difficulty) })} · ${verdict}`;
  }
  if (roll.ruleset === "matrix") {
    return `${t("dashboard.roll.face", { face: fmtNumber(r.face), stat: fmtNumber(r.stat) })} · ${t(r.success ? "dashboard.roll.success" : "dashboard.roll.failure")}`;
  }
  return "";
}

/** The dice faces as text: "4 ✓, 2, 6 ✓" (a tick marks a success die, not a colour). */
export function diceText(roll) {
  return (roll.dice ?? [])
    .map((d) => `${d.value}${d.success ? "✓" : ""}${d.kept === false ? "×" : ""}`)
    .join(", ");
}

/** "Pelote (Lise): Clever — 2 successes · success", with its visibility and time. */
export function rollLine(roll, store) {
  const who = roll.character_id ? `${store.characterName(roll.character_id)} (${store.memberName(roll.user_id)})` : store.memberName(roll.user_id);
  const r = roll.result ?? {};
  let what = traitName(roll.ruleset, r.trait ?? r.ability);
  if (roll.kind === "formula") what = r.formula ?? "";
  else if (roll.kind === "damage") what = t("dashboard.roll.kind_damage");
  else if (roll.ruleset === "3d6") what = r.difficulty ? termOf(DIFFICULTY_3D6, r.difficulty) : termOf(OUTCOME_3D6, "open");
  const dice = diceText(roll);
  return [
    h("span", { class: "ftd-who", text: who }),
    h("span", { class: "ftd-what", text: what }),
    dice ? h("span", { class: "ftd-dice", text: t("dashboard.roll.dice", { dice }) }) : null,
    h("strong", { class: "ftd-outcome", text: outcomeText(roll) }),
    roll.visibility !== "public" ? h("span", { class: "ftd-badge", text: t(VISIBILITY[roll.visibility] ?? "visibility.public") }) : null,
    roll.note ? h("q", { class: "ftd-note", text: roll.note }) : null,
    h("time", { datetime: roll.updated_at, class: "ftd-time", "data-relative": "", text: fmtRelative(roll.updated_at) }),
  ];
}

export class FtRecent extends HTMLElement {
  set store(store) {
    this._store = store;
    this.rolls = new Map((store.recent ?? []).map((r) => [r.id, r]));
    store.addEventListener("change", (e) => {
      const { part, roll } = e.detail;
      if (part === "rolls" && roll) {
        this.rolls.delete(roll.id);
        this.rolls.set(roll.id, roll);
        while (this.rolls.size > KEEP) this.rolls.delete(this.rolls.keys().next().value);
        this.render();
      } else if (["all", "language", "characters", "members"].includes(part)) {
        if (part === "all") this.rolls = new Map((store.recent ?? []).map((r) => [r.id, r]));
        this.render();
      }
    });
    this.render();
  }

  render() {
    const store = this._store;
    if (!store?.campaign) return;
    const list = h("ol", { class: "ftd-rolls", "aria-label": t("dashboard.recent.title") });
    const newest = [...this.rolls.values()].sort((a, b) => b.seq - a.seq);
    for (const roll of newest) list.append(h("li", { "data-roll": roll.id, "data-seq": String(roll.seq), "data-status": roll.status }, rollLine(roll, store)));
    this.replaceChildren(h("h2", { text: t("dashboard.recent.title") }), newest.length ? list : h("p", { text: t("dashboard.recent.empty") }));
  }
}

customElements.define("ft-recent", FtRecent);
