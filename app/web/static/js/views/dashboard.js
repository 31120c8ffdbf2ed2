// The storyteller's dashboard (/c/<cid>/dashboard): the ft-dashboard element of
// js/dashboard/ (party, presence, pending rolls and reveals, roll requests, luck stats).
// Its stylesheet is added once here, so index.html stays the shell's.
import { h, replace } from "../dom.js";
import "../dashboard/dashboard.js";

function stylesheet() {
  if (document.querySelector('link[data-ftd="css"]')) return;
  document.head.append(h("link", { rel: "stylesheet", href: "/static/css/dashboard.css", dataset: { ftd: "css" } }));
}

export function mount(root, { cid }) {
  stylesheet();
  replace(root, h("ft-dashboard", { cid, class: "ftd" }));
}
