// /join/<code>: accept the invite and open its campaign. Someone already seated there is
// told so, with a link to the campaigns.

import { api } from "../api.js";
import { h, replace } from "../dom.js";
import { t } from "../i18n.js";
import { navigate } from "../router.js";
import { errorText, reactive } from "../ui.js";

export async function mount(root, { code }) {
  let failure = null;
  try {
    const joined = await api(`/invites/${encodeURIComponent(code)}/accept`, { method: "POST" });
    return navigate(`/c/${joined.campaign_id}`, { replace: true });
  } catch (error) {
    failure = error;
  }
  return reactive(() =>
    replace(
      root,
      h(
        "section",
        { class: "card narrow" },
        h("h1", { text: t("join.title") }),
        h("p", { class: "error", role: "alert", text: errorText(failure) }),
        h("p", {}, h("a", { href: "/", text: t("join.back") }))
      )
    )
  );
}
