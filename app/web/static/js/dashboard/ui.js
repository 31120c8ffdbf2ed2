// Small building blocks shared by the dashboard's custom elements. Text always goes in
// through textContent (never innerHTML), every visible word through the catalogue.
import { h } from "../dom.js";
import { errorText, field } from "../ui.js";

export { field, h };

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element (the histogram is drawn with plain SVG: no style attribute, which the
 * page's Content-Security-Policy would refuse). */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  for (const child of children.flat()) {
    if (child) node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}



/** A `<select name>` of `[value, label]` pairs. */
export function select(options, value, name) {
  const node = h("select", { name });
  for (const [optionValue, label] of options) {
    node.append(h("option", { value: optionValue, text: label, selected: optionValue === value }));
  }
  return node;
}

/** The problem's `detail` (already in the page's language) or a generic message. */
export function problemText(error) {
  if (error && !error.status && typeof error.detail === "string") return error.detail;
  return errorText(error);
}

/** A status line announced to screen readers (role=status is a polite live region). */
export function statusLine() {
  return h("p", { class: "ftd-status", role: "status" });
}

/** Run a form action: disable the submit button meanwhile, show the error's detail. */
export async function run(form, statusNode, action) {
  const buttons = form.querySelectorAll("button");
  buttons.forEach((b) => (b.disabled = true));
  statusNode.textContent = "";
  statusNode.classList.remove("ftd-error");
  try {
    const message = await action();
    if (message) statusNode.textContent = message;
    return true;
  } catch (error) {
    statusNode.textContent = problemText(error);
    statusNode.classList.add("ftd-error");
    return false;
  } finally {
    buttons.forEach((b) => (b.disabled = false));
  }
}

/** A small button running one API call; a refusal's detail goes to `status`. */
export function action(text, label, status, work) {
  const button = h("button", {
    type: "button",
    class: "ftd-small",
    text,
    "aria-label": label,
    onclick: async () => {
      button.disabled = true;
      status.textContent = "";
      try {
        await work();
      } catch (error) {
        status.textContent = problemText(error);
        button.disabled = false;
      }
    },
  });
  return button;
}
