// A client path nobody knows.
import { h, replace } from "../dom.js";
import { t } from "../i18n.js";
import { reactive } from "../ui.js";

export function mount(root) {
  return reactive(() =>
    replace(root, h("section", { class: "card narrow" }, h("h1", { text: t("not_found.title") }), h("p", {}, h("a", { href: "/", text: t("not_found.home") }))))
  );
}
