// The storyteller's dashboard (/c/<cid>/dashboard). Placeholder of the shell: the board
// helper replaces this module; it keeps the same export, mount(root, {cid}) → unmount.
import { h, replace } from "../dom.js";
import { t } from "../i18n.js";
import { reactive } from "../ui.js";

export function mount(root, { cid }) {
  return reactive(() =>
    replace(root, h("section", { class: "card" }, h("h1", { text: t("dashboard.title") }), h("p", {}, h("a", { href: `/c/${cid}`, text: t("dashboard.to_table") }))))
  );
}
