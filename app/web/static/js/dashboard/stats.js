// ft-stats: luck statistics (GET /campaigns/{cid}/stats?by=user|character&since=): per
// roller, observed against expected successes from each roll's stored exact odds, the
// z-score and its percentile, and a histogram of the faces with its chi-square p-value.
// Recomputed by the server for what the viewer may see; refreshed after each final roll.
import { api, ApiError } from "../api.js";
import { fmtNumber, fmtPercent, plural, t } from "../i18n.js";
import { field, h, problemText, select, svg } from "./ui.js";

const PERIODS = [
  { value: "all", key: "dashboard.stats.period_all", seconds: 0 },
  { value: "session", key: "dashboard.stats.period_session", seconds: 6 * 3600 },
  { value: "day", key: "dashboard.stats.period_day", seconds: 86400 },
  { value: "week", key: "dashboard.stats.period_week", seconds: 7 * 86400 },
];
const BAR_W = 14;
const CHART_H = 60;

function num(value, digits = 2) {
  if (value === null || value === undefined || Number.isNaN(value)) return t("dashboard.stats.none");
  return fmtNumber(value, { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

/** A face histogram as SVG bars (attributes only: the CSP forbids inline styles), with
 * the counts in its accessible name and the p-value in words beside it. */
export function histogram(face) {
  const counts = face.counts ?? [];
  const top = Math.max(1, ...counts);
  const width = counts.length * BAR_W;
  const label = t("dashboard.stats.histogram_label", {
    sides: String(face.sides),
    counts: counts.map((c, i) => `${i + 1}: ${fmtNumber(c)}`).join(", "),
  });
  const chart = svg("svg", { viewBox: `0 0 ${width} ${CHART_H + 12}`, width, height: CHART_H + 12, role: "img", "aria-label": label, class: "ftd-hist" });
  chart.append(svg("title", {}, label));
  const expected = counts.reduce((a, b) => a + b, 0) / Math.max(1, counts.length);
  counts.forEach((count, i) => {
    const height = Math.round((count / top) * CHART_H);
    chart.append(svg("rect", { x: i * BAR_W + 1, y: CHART_H - height, width: BAR_W - 2, height, class: "ftd-bar" }));
    if (counts.length <= 20) {
      chart.append(svg("text", { x: i * BAR_W + BAR_W / 2, y: CHART_H + 10, "text-anchor": "middle", class: "ftd-axis" }, String(i + 1)));
    }
  });
  const line = CHART_H - Math.round((expected / top) * CHART_H);
  chart.append(svg("line", { x1: 0, x2: width, y1: line, y2: line, class: "ftd-expected" }));
  return h(
    "figure",
    { class: "ftd-face", "data-sides": String(face.sides), "data-counts": counts.join(","), "data-p": String(face.p_value) },
    chart,
    h("figcaption", {
      text: t("dashboard.stats.face_caption", {
        sides: String(face.sides),
        p: num(face.p_value, 3),
        chi: num(face.chi_square, 2),
      }),
    }),
  );
}

export class FtStats extends HTMLElement {
  set store(store) {
    this._store = store;
    this.by = "user";
    this.period = "all";
    this.data = null;
    this.error = null;
    store.addEventListener("change", (e) => {
      const { part, roll } = e.detail;
      if (part === "rolls" && roll?.status === "final") this.soon();
      else if (part === "language" || part === "members" || part === "characters") this.render();
    });
    this.load();
  }

  /** Refresh once the burst of events is over (a damage writes several rolls). */
  soon() {
    clearTimeout(this._timer);
    this._timer = setTimeout(() => this.load(), 400);
  }

  query() {
    const params = new URLSearchParams({ by: this.by });
    const seconds = PERIODS.find((p) => p.value === this.period)?.seconds ?? 0;
    if (seconds) params.set("since", new Date(Date.now() - seconds * 1000).toISOString());
    return params.toString();
  }

  async load() {
    const store = this._store;
    try {
      this.data = await api(`/campaigns/${store.cid}/stats?${this.query()}`);
      this.error = null;
    } catch (error) {
      this.data = null;
      this.error = error instanceof ApiError && error.status === 404 ? t("dashboard.stats.unavailable") : problemText(error);
    }
    this.render();
  }

  controls() {
    const by = select([["user", t("dashboard.stats.by_user")], ["character", t("dashboard.stats.by_character")]], this.by, "by");
    const period = select(PERIODS.map((p) => [p.value, t(p.key)]), this.period, "period");
    for (const control of [by, period]) {
      control.addEventListener("change", () => {
        this[control.name] = control.value;
        this.load();
      });
    }
    const refresh = h("button", { type: "button", name: "refresh", text: t("dashboard.stats.refresh"), onclick: () => this.load() });
    return h("div", { class: "ftd-controls" }, field(t("dashboard.stats.by"), by), field(t("dashboard.stats.period"), period), refresh);
  }

  rollerName(item) {
    const store = this._store;
    if (this.data.by !== "character") return store.memberName(item.user_id);
    return item.character_id ? store.characterName(item.character_id) : t("dashboard.stats.no_character", { name: store.memberName(item.user_id) });
  }

  row(item) {
    // Without a test there is no luck to tell (z is 0 for want of variance).
    const z = (item.tests ?? item.rolls) > 0 ? item.z : null;
    const luck = z > 0 ? "dashboard.stats.lucky" : z < 0 ? "dashboard.stats.unlucky" : null;
    const cell = (name, text, value = item[name]) => h("td", { class: "num", "data-field": name, "data-value": String(value ?? "") }, text);
    const tot = item.totals;
    return h("tr", { "data-user": item.user_id, "data-character": item.character_id ?? "" },
      h("th", { scope: "row", text: this.rollerName(item) }),
      cell("rolls", fmtNumber(item.rolls)),
      cell("tests", num(item.tests)),
      cell("observed", num(item.observed)),
      cell("expected", num(item.expected)),
      cell("z", num(z)),
      cell("percentile", [z === null ? t("dashboard.stats.none") : fmtPercent(item.percentile / 100), luck ? h("small", { class: "ftd-luck", text: ` ${t(luck)}` }) : null]),
      cell("totals", tot?.rolls ? plural("dashboard.stats.totals", tot.rolls, { observed: num(tot.observed), expected: num(tot.expected), z: num(tot.z) }) : t("dashboard.stats.none"),
        tot ? `${tot.rolls},${tot.observed},${tot.expected},${tot.z}` : ""),
      h("td", { class: "ftd-faces" }, (item.faces ?? []).map(histogram)));
  }

  table() {
    const headings = [t("dashboard.stats.col_roller"), t("dashboard.stats.col_rolls"), t("dashboard.stats.col_tests"), t("dashboard.stats.col_observed"),
      t("dashboard.stats.col_expected"), t("dashboard.stats.col_z"), t("dashboard.stats.col_percentile"), t("dashboard.stats.col_totals"), t("dashboard.stats.col_faces")];
    const caption = this.data.by === "character" ? t("dashboard.stats.caption_character") : t("dashboard.stats.caption_user");
    return h("div", { class: "ftd-scroll", tabindex: "0", role: "region", "aria-label": t("dashboard.stats.title") },
      h("table", { class: "ftd-stats-table" }, h("caption", { text: caption }),
        h("thead", {}, h("tr", {}, headings.map((text) => h("th", { scope: "col", text })))),
        h("tbody", {}, this.data.items.map((item) => this.row(item)))));
  }

  render() {
    if (!this._store?.campaign) return;
    const heading = h("h2", { text: t("dashboard.stats.title") });
    const parts = [heading, this.controls(), h("p", { class: "ftd-hint", text: t("dashboard.stats.explain") })];
    if (this.error) parts.push(h("p", { class: "ftd-status", role: "status", text: this.error }));
    else if (!this.data) parts.push(h("p", { text: t("dashboard.loading") }));
    else if (!this.data.items.length) parts.push(h("p", { text: t("dashboard.stats.empty") }));
    else parts.push(h("p", { text: plural("dashboard.stats.counted", this.data.items.reduce((a, i) => a + i.rolls, 0)) }), this.table());
    const focused = this.contains(document.activeElement) ? document.activeElement.name : null;
    this.replaceChildren(...parts);
    if (focused) this.querySelector(`[name="${focused}"]`)?.focus();
  }
}

customElements.define("ft-stats", FtStats);
