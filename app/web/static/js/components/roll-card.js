// <ft-roll-card>: one roll of the log, readable without colour (every outcome is written
// out and marked with a symbol), with the steps its player may take while it is pending
// (reroll a chosen die, fail or complication, finalize) and its fairness check mark.
//
//   const card = document.createElement("ft-roll-card");
//   card.roll = roll; card.store = store; card.render();

import { api } from "../api.js";
import { h, replace } from "../dom.js";
import { fmtDate, fmtRelative, plural, t } from "../i18n.js";
import {
  D20_ABILITIES, D20_CRITICAL, DIFFICULTY_3D6, MATRIX_STATS, OUTCOME_3D6, VISIBILITY, termKey,
} from "../rulesets.js";
import { busy, errorBox } from "../ui.js";

const CHECK = {
  ok: "fairness.check.ok",
  failed: "fairness.check.failed",
  pending: "fairness.check.pending",
};

function term(table, code) {
  const key = termKey(table, code);
  return key ? t(key) : String(code);
}

/** What the roll tested, in words: "Ficelle — strong, medium". */
function describe(roll, store) {
  const character = roll.character_id ? store.characters.get(roll.character_id) : null;
  const who = character ? character.name : store.memberName(roll.user_id);
  const r = roll.result || {};
  const parts = [];
  if (roll.kind === "formula") parts.push(r.formula || t("roll.kind.formula"));
  else if (roll.ruleset === "3d6") {
    parts.push(r.trait || (r.quality ?? "") || t("roll.kind.test"));
    if (r.difficulty) parts.push(term(DIFFICULTY_3D6, r.difficulty));
  } else if (roll.ruleset === "matrix") {
    parts.push(term(MATRIX_STATS, r.trait));
    if (r.difficulty) parts.push(t("roll.difficulty_n", { n: r.difficulty }));
  } else if (roll.ruleset === "d20") {
    parts.push(roll.kind === "save" ? t("roll.save_of", { ability: term(D20_ABILITIES, r.ability) }) : term(D20_ABILITIES, r.ability));
    if (r.difficulty !== undefined) parts.push(t("roll.difficulty_n", { n: r.difficulty }));
  }
  return { who, what: parts.filter(Boolean).join(", ") };
}

function outcome(roll) {
  const r = roll.result || {};
  if (roll.kind === "formula") return { text: t("roll.total", { n: r.total }), good: null };
  if (roll.ruleset === "3d6") {
    const bits = [plural("roll.successes", r.successes ?? 0)];
    let good = null;
    if (r.choice) {
      bits.unshift(term(OUTCOME_3D6, r.choice));
      good = r.choice === "complication" ? "mixed" : "false";
    } else {
      bits.unshift(term(OUTCOME_3D6, r.outcome));
      good = { success: "true", botch: "false", partial: "mixed", open: null }[r.outcome] ?? null;
    }
    if (r.boon) bits.push(t("3d6.boon"));
    return { text: bits.join(" · "), good };
  }
  if (roll.ruleset === "matrix") {
    const text = [
      r.success ? t("roll.success") : t("roll.failure"),
      t("matrix.face_vs_stat", { face: r.face, stat: r.stat }),
      t("matrix.margin", { n: r.margin }),
    ];
    return { text: text.join(" · "), good: r.success ? "true" : "false" };
  }
  if (roll.ruleset === "d20") {
    const text = [r.success ? t("roll.success") : t("roll.failure")];
    if (r.critical) text[0] = term(D20_CRITICAL, r.critical);
    text.push(t("d20.total_vs", { total: r.total, kept: r.kept, modifier: r.modifier >= 0 ? `+${r.modifier}` : r.modifier, difficulty: r.difficulty }));
    if (r.condition_applied) text.push(t("d20.condition_applied", { condition: r.condition }));
    return { text: text.join(" · "), good: r.success ? "true" : "false" };
  }
  return { text: "", good: null };
}

/** Whether the viewer takes this pending roll's steps (the server has the last word). */
function decides(roll, store) {
  if (roll.status !== "pending" || roll.redacted) return false;
  const character = roll.character_id ? store.characters.get(roll.character_id) : null;
  if (character && character.owner_id === store.me.id) return true;
  if (!store.isStoryteller) return false;
  if (!character) return roll.user_id === store.me.id;
  if (character.npc || !character.owner_id) return true;
  const owner = store.members.find((m) => m.user_id === character.owner_id);
  return !owner || owner.role === "spectator";
}

class RollCard extends HTMLElement {
  render() {
    const roll = this.roll;
    const store = this.store;
    this.dataset.rollId = roll.id;
    this.dataset.status = roll.status;
    const { who, what } = describe(roll, store);
    const time = h("time", { datetime: roll.created_at, title: fmtDate(roll.created_at), text: fmtRelative(roll.created_at) });
    const badges = [];
    if (roll.visibility !== "public") badges.push(h("span", { class: "badge", text: t(VISIBILITY[roll.visibility]) }));
    const mark = store.checks ? store.checks.get(roll.id) : null;
    if (mark) {
      badges.push(h("span", { class: "check-mark", "data-ok": mark === "ok" ? "true" : mark === "failed" ? "false" : "pending", title: t(CHECK[mark]), text: mark === "ok" ? `✓ ${t("fairness.check.short_ok")}` : mark === "failed" ? `✗ ${t("fairness.check.short_failed")}` : "…" }));
    }
    if (roll.redacted) {
      this.classList.add("hidden-roll");
      replace(this, h("div", { class: "meta" }, h("span", { text: who }), time), h("p", { class: "roll-title", text: t("roll.redacted") }));
      return;
    }
    this.classList.toggle("hidden-roll", roll.visibility === "blind" || roll.visibility === "private");
    const res = outcome(roll);
    const mixed = new Set((roll.dice || []).map((d) => d.sides)).size > 1; // e.g. 3d6+1d20
    const dice = h(
      "ul",
      { class: "dice", "aria-label": t("roll.dice") },
      (roll.dice || []).map((die, index) =>
        h(
          "li",
          {
            class: "die",
            "data-success": die.success === undefined ? null : String(die.success),
            "data-kept": die.kept === undefined ? null : String(die.kept),
            "aria-label": t(die.success === true ? "roll.die_success" : die.kept === false ? "roll.die_dropped" : "roll.die", { n: index + 1, value: die.value, sides: die.sides }),
          },
          die.history && die.history.length ? die.history.map((old) => h("span", { class: "was", text: old })) : null,
          String(die.value),
          mixed ? h("small", { class: "sides", "aria-hidden": "true", text: ` d${die.sides}` }) : null
        )
      )
    );
    const parts = [
      h("div", { class: "meta" }, h("span", { class: "who", text: who }), time, badges),
      h("p", { class: "roll-title" }, h("span", { text: what })),
      dice,
      h("p", { class: "outcome", "data-good": res.good, text: res.text }),
    ];
    if (roll.note) parts.push(h("p", { class: "note", text: roll.note }));
    if (roll.status === "pending") parts.push(h("p", { class: "muted", text: t("roll.pending") }));
    if (decides(roll, store)) parts.push(this.steps(roll, store));
    replace(this, ...parts);
  }

  steps(roll, store) {
    const r = roll.result || {};
    const box = errorBox();
    const step = (path, body) => (event) =>
      busy(event.currentTarget, box, async () => {
        const updated = await api(`/rolls/${roll.id}/${path}`, { method: "POST", body, idempotent: true });
        store.putRoll(updated);
        store.changed("log", { type: "roll", item: updated });
      });
    const anyDie = store.campaign && store.campaign.settings && store.campaign.settings.reroll_any_die;
    const buttons = [];
    if (r.rerolls_left > 0) {
      (roll.dice || []).forEach((die, index) => {
        if (die.success && !anyDie) return;
        buttons.push(h("button", { type: "button", "data-step": "reroll", "data-die": index, onclick: step("reroll", { die: index }), text: t("roll.step.reroll", { n: index + 1, value: die.value }) }));
      });
      buttons.push(h("button", { type: "button", "data-step": "finalize", onclick: step("finalize"), text: t("roll.step.finalize") }));
    }
    if (r.outcome === "partial" && !r.choice) {
      buttons.push(h("button", { type: "button", "data-step": "fail", onclick: step("choice", { choice: "fail" }), text: t("3d6.outcome.fail") }));
      buttons.push(h("button", { type: "button", "data-step": "complication", onclick: step("choice", { choice: "complication" }), text: t("3d6.outcome.complication") }));
    }
    return h("div", { class: "steps", role: "group", "aria-label": t("roll.steps") }, buttons, box);
  }
}

customElements.define("ft-roll-card", RollCard);

/** The words of a roll for the live region ("Ficelle: success · 2 successes"). */
export function rollAnnouncement(roll, store) {
  const { who } = describe(roll, store);
  if (roll.redacted) return t("announce.redacted", { who });
  return t("announce.roll", { who, outcome: outcome(roll).text });
}
