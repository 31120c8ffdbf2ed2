// Tiny helpers to build elements. Text is always set with textContent: NEVER innerHTML
// with data (a message, a note, a name is a string to show, not markup to parse).

/**
 * h("button", {class: "primary", onclick: fn, "aria-label": "…"}, "text", child, …)
 * Attributes: "class", "text" (textContent), "on<event>" (listener), "dataset", boolean
 * values (present when true); children: strings (text nodes), nodes, arrays, null skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "text") el.textContent = String(value);
    else if (name === "class") el.className = value;
    else if (name === "dataset") Object.assign(el.dataset, value);
    else if (name.startsWith("on") && typeof value === "function") {
      el.addEventListener(name.slice(2), value);
    } else if (name === "value" || name === "checked" || name === "selected") el[name] = value;
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

/** Append strings (as text) and nodes, flattening arrays and skipping null/false. */
export function append(parent, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return parent;
}

/** Replace every child of parent. */
export function replace(parent, ...children) {
  parent.replaceChildren();
  return append(parent, children);
}

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/**
 * Text with its http(s) URLs made links (rel="noopener noreferrer", new tab). Built from
 * text nodes and <a> elements with textContent; nothing is parsed as HTML.
 */
export function linkify(text) {
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(
      h("a", { href: match[0], rel: "noopener noreferrer", target: "_blank", text: match[0] })
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** The element with this id, or throws: views are built, not searched for. */
export function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`no #${id}`);
  return el;
}
