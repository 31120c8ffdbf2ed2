// Shared pieces of the views: language-reactive drawing, labelled fields, error boxes,
// and the ARIA live regions of index.html.

import { h, replace, byId } from "./dom.js";
import { onLanguageChange, t } from "./i18n.js";

/** draw() now and again on every language change; returns the function that stops it. */
export function reactive(draw) {
  draw();
  return onLanguageChange(() => draw());
}

let fieldCount = 0;

/** A labelled control: <label for=id>text</label> + control (given an id if it has none). */
export function field(label, control, hint) {
  if (!control.id) control.id = `f${++fieldCount}`;
  const parts = [h("label", { for: control.id, text: label }), control];
  if (hint) {
    const hintEl = h("small", { id: `${control.id}-hint`, class: "hint", text: hint });
    control.setAttribute("aria-describedby", hintEl.id);
    parts.push(hintEl);
  }
  return h("div", { class: "field" }, parts);
}

/** The text of an error for a person: the server's detail (in the requested language). */
export function errorText(error) {
  if (error && error.status) {
    const detail = error.detail || error.title;
    if (error.errors && error.errors.length && !error.detail) {
      return error.errors.map((e) => e.msg).join("; ");
    }
    return detail || t("error.generic");
  }
  if (error instanceof TypeError) return t("error.network");
  return t("error.generic");
}

/** Show an error in a box (role=alert), or clear it when error is null. */
export function showError(box, error) {
  if (!error) {
    replace(box);
    box.hidden = true;
    return;
  }
  box.hidden = false;
  replace(box, errorText(error));
}

export function errorBox() {
  return h("p", { class: "error", role: "alert", hidden: true });
}

/** Announce text politely in the live region (new rolls, new messages). */
export function announce(text, id = null) {
  const region = byId("announcer");
  region.append(h("p", { text, "data-about": id }));
  while (region.childNodes.length > 5) region.firstChild.remove();
}

/** Take back what was announced about `id` (a deleted message leaves no text behind). */
export function unannounce(id) {
  for (const p of byId("announcer").querySelectorAll("p[data-about]")) {
    if (p.dataset.about === id) p.remove();
  }
}

/** Run an async action from a button: disabled meanwhile, errors into box. */
export async function busy(button, box, action) {
  if (button) button.disabled = true;
  if (box) showError(box, null);
  try {
    return await action();
  } catch (error) {
    if (box) showError(box, error);
    else throw error;
    return undefined;
  } finally {
    if (button) button.disabled = false;
  }
}
