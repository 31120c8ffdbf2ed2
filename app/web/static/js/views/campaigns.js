// My campaigns, and a form to open a new one (its creator is its storyteller).

import { api } from "../api.js";
import { h, replace } from "../dom.js";
import { t, fmtDate } from "../i18n.js";
import { navigate } from "../router.js";
import { RULESETS, ROLES } from "../rulesets.js";
import { busy, errorBox, field, reactive, showError } from "../ui.js";

export async function mount(root) {
  let campaigns = [];
  let loadError = null;
  const values = { name: "", ruleset: "3d6" };
  const draw = () => {
    const name = h("input", { name: "name", required: true, maxlength: 100, value: values.name, oninput: (e) => (values.name = e.target.value) });
    const ruleset = h(
      "select",
      { name: "ruleset", onchange: (e) => (values.ruleset = e.target.value) },
      Object.entries(RULESETS).map(([code, key]) => h("option", { value: code, selected: code === values.ruleset, text: t(key) }))
    );
    const box = errorBox();
    const submit = h("button", { type: "submit", class: "primary", text: t("campaigns.create") });
    const list = campaigns.length
      ? h(
          "ul",
          { class: "campaigns", id: "campaign-list" },
          campaigns.map((c) =>
            h(
              "li",
              {},
              h("a", { href: `/c/${c.id}`, text: c.name }),
              " ",
              h("span", { class: "tag", text: t(RULESETS[c.ruleset]) }),
              " ",
              h("span", { class: "muted", text: t(ROLES[c.role]) }),
              c.role === "storyteller" ? [" ", h("a", { href: `/c/${c.id}/dashboard`, text: t("campaigns.dashboard") })] : null,
              h("small", { class: "muted block", text: fmtDate(c.created_at, { dateStyle: "long" }) })
            )
          )
        )
      : h("p", { class: "muted", text: t("campaigns.none") });
    const loadBox = errorBox();
    replace(
      root,
      h("section", { class: "card", "aria-labelledby": "campaigns-title" }, h("h1", { id: "campaigns-title", text: t("campaigns.title") }), loadBox, list),
      h(
        "form",
        {
          class: "card",
          "aria-labelledby": "new-campaign-title",
          onsubmit: (event) => {
            event.preventDefault();
            busy(submit, box, async () => {
              const created = await api("/campaigns", { method: "POST", body: { name: name.value.trim(), ruleset: ruleset.value } });
              navigate(`/c/${created.id}`);
            });
          },
        },
        h("h2", { id: "new-campaign-title", text: t("campaigns.new") }),
        field(t("campaigns.name"), name),
        field(t("campaigns.ruleset"), ruleset),
        box,
        submit
      )
    );
    if (loadError) showError(loadBox, loadError);
  };
  try {
    campaigns = (await api("/campaigns?limit=200")).items;
  } catch (error) {
    loadError = error;
  }
  return reactive(draw);
}
