// "Verify the whole chain" (/c/<cid>/verify). Shell placeholder.
import { h, replace } from "../dom.js";
import { t } from "../i18n.js";
import { reactive } from "../ui.js";

export function mount(root, { cid }) {
  return reactive(() => replace(root, h("section", { class: "card" }, h("h1", { text: t("verify.title") }), h("p", {}, h("a", { href: `/c/${cid}`, text: t("dashboard.to_table") })))));
}
