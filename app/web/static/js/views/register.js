// Create an account (then logged in at once).

import { register } from "../api.js";
import { h, replace } from "../dom.js";
import { t } from "../i18n.js";
import { navigate } from "../router.js";
import { busy, errorBox, field, reactive } from "../ui.js";
import { safeNext } from "./login.js";

export function mount(root, _params, query) {
  const values = { username: "", password: "", display: "" };
  const bind = (key) => (e) => (values[key] = e.target.value);
  return reactive(() => {
    const username = h("input", { name: "username", autocomplete: "username", required: true, value: values.username, oninput: bind("username") });
    const display = h("input", { name: "display_name", autocomplete: "nickname", value: values.display, oninput: bind("display") });
    const password = h("input", { name: "password", type: "password", autocomplete: "new-password", required: true, minlength: 8, value: values.password, oninput: bind("password") });
    const box = errorBox();
    const submit = h("button", { type: "submit", class: "primary", text: t("register.submit") });
    replace(
      root,
      h(
        "form",
        {
          class: "card narrow",
          "aria-labelledby": "register-title",
          onsubmit: (event) => {
            event.preventDefault();
            busy(submit, box, async () => {
              await register(username.value, password.value, display.value.trim());
              navigate(safeNext(query), { replace: true });
            });
          },
        },
        h("h1", { id: "register-title", text: t("register.title") }),
        field(t("account.username"), username),
        field(t("account.display_name"), display),
        field(t("account.password"), password, t("register.password_hint")),
        box,
        submit,
        h("p", {}, h("a", { href: `/login${location.search}`, text: t("register.to_login") }))
      )
    );
  });
}
