// <ft-flow>: the 3d6 table flow (docs/table-flow.md): contests, group actions and long
// tasks, live. The storyteller opens them and plays contest rounds; a player rolls for
// their own participant of a task. The rolls themselves appear in the log, where their
// players take their pending steps.

import { api } from "../api.js";
import { h, replace } from "../dom.js";
import { plural, t } from "../i18n.js";
import { DIFFICULTY_3D6 } from "../rulesets.js";
import { busy, errorBox, field } from "../ui.js";

const CONTEST_STATUS = { running: "flow.status.running", tie: "flow.status.tie", won: "flow.status.won", drawn: "flow.status.drawn" };
const TASK_STATUS = { running: "flow.status.running", completed: "flow.status.completed", failed: "flow.status.failed" };
const GROUP_STATUS = { pending: "flow.status.pending", succeeded: "flow.status.succeeded", failed: "flow.status.failed" };

function choose(name, characters, selected) {
  return h("select", { name }, characters.map((c) => h("option", { value: c.id, selected: c.id === selected, text: c.name })));
}

class Flow extends HTMLElement {
  connectedCallback() {
    this.onChange = (e) => {
      if (e.detail.what === "flow" || e.detail.what === "characters") this.render();
    };
    this.store.addEventListener("change", this.onChange);
  }

  disconnectedCallback() {
    this.store.removeEventListener("change", this.onChange);
  }

  name(id) {
    const c = this.store.characters.get(id);
    return c ? c.name : id;
  }

  post(box, path, body, after) {
    return (event) =>
      busy(event.currentTarget, box, async () => {
        const answer = await api(path, { method: "POST", body, idempotent: true });
        if (after) after(answer);
      });
  }

  render() {
    const store = this.store;
    if (store.campaign.ruleset !== "3d6") return replace(this);
    const box = errorBox();
    const st = store.isStoryteller;
    const contests = [...store.contests.values()].map((c) => {
      const line = t("flow.contest_line", { a: this.name(c.a.character_id), b: this.name(c.b.character_id), wa: c.wins_a, wb: c.wins_b, status: t(CONTEST_STATUS[c.status] || "flow.status.running") });
      const actions = [];
      if (st && c.status === "running" && !c.pending_round) actions.push(h("button", { type: "button", "data-action": "round", onclick: this.post(box, `/contests/${c.id}/rounds`, undefined, (a) => this.apply("contest", a.contest)), text: t("flow.play_round") }));
      if (st && c.status === "tie") {
        actions.push(h("button", { type: "button", onclick: this.post(box, `/contests/${c.id}/resolve`, { decision: "reroll" }, (a) => this.apply("contest", a)), text: t("flow.tie_reroll") }));
        actions.push(h("button", { type: "button", onclick: this.post(box, `/contests/${c.id}/resolve`, { decision: "draw" }, (a) => this.apply("contest", a)), text: t("flow.tie_draw") }));
      }
      return h("li", { "data-contest-id": c.id }, h("p", { text: line }), c.pending_round ? h("p", { class: "muted", text: t("flow.pending_round") }) : null, h("div", { class: "steps" }, actions));
    });
    const groups = [...store.groups.values()].map((g) =>
      h("li", { "data-group-id": g.id }, h("p", { text: t("flow.group_line", { quality: g.quality, difficulty: t(DIFFICULTY_3D6[g.difficulty] || "roll.difficulty"), status: t(GROUP_STATUS[g.status] || "flow.status.pending"), n: g.succeeded ?? 0, of: g.participants ?? (g.members || []).length }) }))
    );
    const tasks = [...store.tasks.values()].map((task) => {
      const p = task.progress || {};
      const mine = task.participants.filter((id) => {
        const c = store.characters.get(id);
        return c && (st || c.owner_id === store.me.id);
      });
      const waiting = new Set(p.waiting_for || task.participants);
      const rolls = task.status === "running" && !task.pending_roll
        ? mine.filter((id) => task.mode !== "together" || waiting.has(id)).map((id) =>
            h("button", { type: "button", "data-action": "task-roll", onclick: this.post(box, `/tasks/${task.id}/rolls`, { character_id: id }, (a) => this.apply("task", a.task)), text: t("flow.task_roll", { name: this.name(id) }) }))
        : [];
      return h("li", { "data-task-id": task.id },
        h("p", {}, h("b", { text: task.name }), " — ", t(TASK_STATUS[task.status] || "flow.status.running")),
        h("p", { class: "muted", text: [t("flow.task_progress", { successes: p.successes ?? 0, target: task.target }), plural("flow.periods_elapsed", p.periods_elapsed ?? 0), p.periods_left !== undefined && p.periods_left !== null ? plural("flow.periods_left", p.periods_left) : null].filter(Boolean).join(" · ") }),
        h("div", { class: "steps" }, rolls));
    });
    const parts = [h("h2", { text: t("flow.title") })];
    if (contests.length) parts.push(h("h3", { text: t("flow.contests") }), h("ul", { class: "campaigns" }, contests));
    if (groups.length) parts.push(h("h3", { text: t("flow.groups") }), h("ul", { class: "campaigns" }, groups));
    if (tasks.length) parts.push(h("h3", { text: t("flow.tasks") }), h("ul", { class: "campaigns" }, tasks));
    if (!contests.length && !groups.length && !tasks.length) parts.push(h("p", { class: "muted", text: t("flow.none") }));
    if (st) parts.push(this.storytellerForms(box));
    parts.push(box);
    replace(this, ...parts);
  }

  apply(kind, value) {
    if (!value) return;
    const map = kind === "contest" ? this.store.contests : this.store.tasks;
    map.set(value.id, value);
    this.render();
  }

  storytellerForms(box) {
    const store = this.store;
    const all = [...store.characters.values()];
    if (all.length < 1) return null;
    const difficulty = () => h("select", { name: "difficulty" }, Object.entries(DIFFICULTY_3D6).map(([n, key]) => h("option", { value: n, selected: n === "2", text: t(key) })));
    const submit = (label) => h("button", { type: "submit", text: label });
    const onSubmit = (build, path, kind) => (event) => {
      event.preventDefault();
      const form = event.currentTarget;
      busy(form.querySelector("button[type=submit]"), box, async () => {
        const answer = await api(path, { method: "POST", body: build(form.elements), idempotent: true });
        if (kind === "group") store.groups.set(answer.id, answer);
        else this.apply(kind, answer);
        this.render();
      });
    };
    const contest = all.length >= 2
      ? h("form", { "aria-label": t("flow.new_contest"), onsubmit: onSubmit((e) => ({ a: { character_id: e.a.value, quality: e.qa.value.trim() }, b: { character_id: e.b.value, quality: e.qb.value.trim() }, rounds_to_win: Number(e.rounds.value) }), `/campaigns/${store.cid}/contests`, "contest") },
          h("h3", { text: t("flow.new_contest") }),
          h("div", { class: "row" }, field(t("flow.side_a"), choose("a", all, all[0].id)), field(t("3d6.quality"), h("input", { name: "qa", required: true, value: "strong" }))),
          h("div", { class: "row" }, field(t("flow.side_b"), choose("b", all, all[1].id)), field(t("3d6.quality"), h("input", { name: "qb", required: true, value: "strong" }))),
          field(t("flow.rounds_to_win"), h("select", { name: "rounds" }, [1, 2, 3].map((n) => h("option", { value: n, text: String(n) })))),
          submit(t("flow.open_contest")))
      : null;
    const group = h("form", { "aria-label": t("flow.new_group"), onsubmit: onSubmit((e) => ({ character_ids: [...e.members.selectedOptions].map((o) => o.value), quality: e.quality.value.trim(), difficulty: Number(e.difficulty.value) }), `/campaigns/${store.cid}/group-rolls`, "group") },
      h("h3", { text: t("flow.new_group") }),
      field(t("flow.members"), h("select", { name: "members", multiple: true, size: Math.min(4, all.length) }, all.map((c) => h("option", { value: c.id, selected: true, text: c.name })))),
      h("div", { class: "row" }, field(t("3d6.quality"), h("input", { name: "quality", required: true, value: "strong" })), field(t("roll.difficulty"), difficulty())),
      submit(t("flow.roll_group")));
    const task = h("form", { "aria-label": t("flow.new_task"), onsubmit: onSubmit((e) => ({ name: e.name.value.trim(), quality: e.quality.value.trim() || undefined, target: Number(e.target.value), period: e.period.value.trim(), mode: e.mode.value, participants: [...e.participants.selectedOptions].map((o) => o.value) }), `/campaigns/${store.cid}/tasks`, "task") },
      h("h3", { text: t("flow.new_task") }),
      field(t("flow.task_name"), h("input", { name: "name", required: true, maxlength: 100 })),
      h("div", { class: "row" }, field(t("3d6.quality"), h("input", { name: "quality", value: "strong" })), field(t("flow.target"), h("input", { name: "target", type: "number", min: 1, max: 1000, value: "4" })), field(t("flow.period"), h("input", { name: "period", value: "PT1H" }), t("flow.period_hint"))),
      h("div", { class: "row" }, field(t("flow.mode"), h("select", { name: "mode" }, h("option", { value: "together", text: t("flow.mode_together") }), h("option", { value: "relay", text: t("flow.mode_relay") }))),
        field(t("flow.participants"), h("select", { name: "participants", multiple: true, size: Math.min(4, all.length) }, all.map((c) => h("option", { value: c.id, selected: true, text: c.name }))))),
      submit(t("flow.set_task")));
    return h("details", {}, h("summary", { text: t("flow.storyteller") }), contest, group, task);
  }
}

customElements.define("ft-flow", Flow);
