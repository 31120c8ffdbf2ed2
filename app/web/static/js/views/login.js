// Log in, then go where the visitor was heading (?next=), or to the campaigns.

import { login } from "../api.js";
import { h, replace } from "../dom.js";
import { t } from "../i18n.js";
import { navigate } from "../router.js";
import { busy, errorBox, field, reactive } from "../ui.js";

export function safeNext(query) {
  const next = query.get("next") || "/";
  return next.startsWith("/") && !next.startsWith("//") ? next : "/";
}

export function mount(root, _params, query) {
  const values = { username: "", password: "" };
  return reactive(() => {
    const username = h("input", { name: "username", autocomplete: "username", required: true, value: values.username, oninput: (e) => (values.username = e.target.value) });
    const password = h("input", { name: "password", type: "password", autocomplete: "current-password", required: true, value: values.password, oninput: (e) => (values.password = e.target.value) });
    const box = errorBox();
    const submit = h("button", { type: "submit", class: "primary", text: t("login.submit") });
    const form = h(
      "form",
      {
        class: "card narrow",
        "aria-labelledby": "login-title",
        onsubmit: (event) => {
          event.preventDefault();
          busy(submit, box, async () => {
            await login(username.value, password.value);
            navigate(safeNext(query), { replace: true });
          });
        },
      },
      h("h1", { id: "login-title", text: t("login.title") }),
      field(t("account.username"), username),
      field(t("account.password"), password),
      box,
      submit,
      h("p", {}, h("a", { href: `/register${location.search}`, text: t("login.to_register") }))
    );
    replace(root, form);
  });
}
