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
    by.addEventListener("change", () => {
      this.by = by.value;
      this.load();
    });
    period.addEventListener("change", () => {
      this.period = period.value;
      this.load();
    });
    const refresh = h("button", { type: "button", name: "refresh", text: t("dashboard.stats.refresh"), onclick: () => this.load() });
    return h("div", { class: "ftd-controls" }, field(t("dashboard.stats.by"), by), field(t("dashboard.stats.period"), period), refresh);
  }

  /** Formula totals against their expected sum, when any formula roll was counted. */
  totals(totals) {
    const cell = h("td", { class: "num", "data-field": "totals", "data-value": totals ? `${totals.rolls},${totals.observed},${totals.expected},${totals.z}` : "" });
    if (!totals?.rolls) cell.textContent = t("dashboard.stats.none");
    else {
      cell.textContent = plural("dashboard.stats.totals", totals.rolls, { observed: num(totals.observed), expected: num(totals.expected), z: num(totals.z) });
    }
    return cell;
  }

  rollerName(item) {
    const store = this._store;
    if (this.data.by === "character") {
      return item.character_id ? store.characterName(item.character_id) : t("dashboard.stats.no_character", { name: store.memberName(item.user_id) });
    }
    return store.memberName(item.user_id);
  }

  table() {
    const head = ["roller", "rolls", "tests", "observed", "expected", "z", "percentile", "totals", "faces"];
    const headings = {
      roller: t("dashboard.stats.col_roller"),
      rolls: t("dashboard.stats.col_rolls"),
      tests: t("dashboard.stats.col_tests"),
      totals: t("dashboard.stats.col_totals"),
      observed: t("dashboard.stats.col_observed"),
      expected: t("dashboard.stats.col_expected"),
      z: t("dashboard.stats.col_z"),
      percentile: t("dashboard.stats.col_percentile"),
      faces: t("dashboard.stats.col_faces"),
    };
    const table = h(
      "table",
      { class: "ftd-stats-table" },
      h("caption", { text: t(this.data.by === "character" ? "dashboard.stats.caption_character" : "dashboard.stats.caption_user") }),
      h("thead", {}, h("tr", {}, head.map((k) => h("th", { scope: "col", text: headings[k] })))),
    );
    const body = h("tbody");
    for (const item of this.data.items) {
      // Without a test there is no luck to tell (z is 0 for want of variance).
      const counted = item.tests === undefined ? item.rolls > 0 : item.tests > 0;
      const z = counted ? item.z : null;
      const luck = !z ? "" : z > 0 ? t("dashboard.stats.lucky") : t("dashboard.stats.unlucky");
      body.append(
        h(
          "tr",
          { "data-user": item.user_id, "data-character": item.character_id ?? "" },
          h("th", { scope: "row", text: this.rollerName(item) }),
          h("td", { class: "num", "data-field": "rolls", "data-value": String(item.rolls), text: fmtNumber(item.rolls) }),
          h("td", { class: "num", "data-field": "tests", "data-value": String(item.tests ?? ""), text: num(item.tests) }),
          h("td", { class: "num", "data-field": "observed", "data-value": String(item.observed), text: num(item.observed) }),
          h("td", { class: "num", "data-field": "expected", "data-value": String(item.expected), text: num(item.expected) }),
          h("td", { class: "num", "data-field": "z", "data-value": String(item.z), text: num(z) }),
          h(
            "td",
            { class: "num", "data-field": "percentile", "data-value": String(item.percentile) },
            z === null || z === undefined ? t("dashboard.stats.none") : fmtPercent(item.percentile / 100),
            luck ? h("small", { class: "ftd-luck", text: ` ${luck}` }) : null,
          ),
          this.totals(item.totals),
          h("td", { class: "ftd-faces" }, (item.faces ?? []).map(histogram)),
        ),
      );
    }
    table.append(body);
    return h("div", { class: "ftd-scroll", tabindex: "0", role: "region", "aria-label": t("dashboard.stats.title") }, table);
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
