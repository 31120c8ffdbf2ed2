// The two languages of the table (fr, en): message catalogues, plurals and Intl formats.
//
// Catalogues are static/i18n/<lang>.json, nested objects whose dotted paths are the keys
// ("roll.submit" is {"roll": {"submit": …}}). An object whose keys are all plural
// categories (zero, one, two, few, many, other) is one plural message for plural().
// Parameters are written {name} in the messages. Keys are written literally in the code
// ("t('roll.submit')"), or as literal strings in a lookup table when they depend on data,
// so tests/web/test_catalogues.py can find every key used and every key defined.

const LANGUAGES = ["en", "fr"];
const STORAGE_KEY = "fairtable.language";
const PLURAL_CATEGORIES = new Set(["zero", "one", "two", "few", "many", "other"]);

let current = "en";
let messages = {};
let fallback = {};
const listeners = new Set();
const loaded = new Map();

/** The language the browser prefers among ours (navigator.languages), else English. */
function preferred() {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

function flatten(tree, prefix = "", out = {}) {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const isPlural =
      value && typeof value === "object" && Object.keys(value).every((k) => PLURAL_CATEGORIES.has(k));
    if (value && typeof value === "object" && !isPlural) flatten(value, path, out);
    else out[path] = value;
  }
  return out;
}

async function catalogue(lang) {
  if (!loaded.has(lang)) {
    loaded.set(
      lang,
      fetch(`/static/i18n/${lang}.json`, { credentials: "same-origin" })
        .then((r) => (r.ok ? r.json() : {}))
        .then((tree) => flatten(tree))
    );
  }
  return loaded.get(lang);
}

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    name in params ? String(params[name]) : whole
  );
}

/** The UI language: "fr" or "en". */
export function language() {
  return current;
}

/** The BCP 47 locale for Intl (the browser's own region when it speaks that language). */
export function locale() {
  for (const tag of navigator.languages || []) {
    if (String(tag).toLowerCase().startsWith(current)) return tag;
  }
  return current === "fr" ? "fr-FR" : "en-US";
}

/** Load the catalogue of the preferred (or given) language; call once before rendering. */
export async function initI18n(lang) {
  fallback = await catalogue("en");
  await setLanguage(lang || preferred(), { remember: false });
}

/** Switch the language, remember it, and tell every listener (components re-render). */
export async function setLanguage(lang, { remember = true } = {}) {
  if (!LANGUAGES.includes(lang)) lang = "en";
  messages = await catalogue(lang);
  current = lang;
  if (remember) localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  for (const cb of listeners) cb(lang);
}

/** Call cb(lang) on every change; returns the function that stops it. */
export function onLanguageChange(cb) {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

/** The message for key, with {params} filled in; the key itself if no catalogue has it. */
export function t(key, params) {
  let text = messages[key] ?? fallback[key];
  if (text === undefined) return key;
  if (typeof text === "object") text = text.other ?? "";
  return fill(text, params);
}

/** The plural message for n ({n} is filled with n formatted for the locale). */
export function plural(key, n, params = {}) {
  const forms = messages[key] ?? fallback[key];
  if (forms === undefined) return key;
  if (typeof forms === "string") return fill(forms, { n: fmtNumber(n), ...params });
  const category = new Intl.PluralRules(locale()).select(n);
  const text = forms[category] ?? forms.other ?? "";
  return fill(text, { n: fmtNumber(n), ...params });
}

export function fmtNumber(n, options) {
  return new Intl.NumberFormat(locale(), options).format(n);
}

/** A percentage from a probability 0..1, with one decimal. */
export function fmtPercent(p) {
  return new Intl.NumberFormat(locale(), {
    style: "percent",
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(p);
}

export function fmtDate(value, options = { dateStyle: "medium", timeStyle: "short" }) {
  const date = value instanceof Date ? value : new Date(value);
  return new Intl.DateTimeFormat(locale(), options).format(date);
}

const UNITS = [
  ["year", 31536000],
  ["month", 2592000],
  ["week", 604800],
  ["day", 86400],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

/** "3 minutes ago" / « il y a 3 minutes » (Intl.RelativeTimeFormat). */
export function fmtRelative(value, now = Date.now()) {
  const date = value instanceof Date ? value : new Date(value);
  const seconds = Math.round((date.getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale(), { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === "second") {
      return format.format(Math.round(seconds / size), unit);
    }
  }
  return format.format(0, "second");
}
