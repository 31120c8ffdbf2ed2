// The entry point: languages first, then the header, then the router's first view.

import { currentUser, logout } from "./api.js";
import { h, replace, byId } from "./dom.js";
import { initI18n, onLanguageChange, t } from "./i18n.js";
import { fallbackRoute, navigate, render, route, startRouter } from "./router.js";
import "./components/index.js";

let unmount = null;

/** Show a view: views export mount(root, params, query) → optional unmount function. */
function view(load) {
  return async (params, query) => {
    if (unmount) unmount();
    unmount = null;
    const root = byId("view");
    replace(root);
    const module = await load();
    unmount = (await module.mount(root, params, query)) || null;
    renderNav();
  };
}

/** Views that need a login send anonymous visitors to /login?next=<here>. */
function authed(load) {
  const show = view(load);
  return (params, query) => {
    if (!currentUser()) {
      const next = encodeURIComponent(location.pathname + location.search);
      return navigate(`/login?next=${next}`, { replace: true });
    }
    return show(params, query);
  };
}

function renderNav() {
  const nav = byId("nav");
  const user = currentUser();
  if (!user) {
    replace(
      nav,
      h("a", { href: "/login", text: t("nav.login") }),
      h("a", { href: "/register", text: t("nav.register") })
    );
    return;
  }
  replace(
    nav,
    h("a", { href: "/", text: t("nav.campaigns") }),
    h("span", { class: "who", text: t("nav.signed_in", { name: user.display_name }) }),
    h("button", {
      type: "button",
      class: "link",
      text: t("nav.logout"),
      onclick: async () => {
        await logout();
        navigate("/login");
      },
    })
  );
}

/** Static texts of index.html: data-i18n (text) and data-i18n-aria (aria-label). */
function translateStatic() {
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-aria]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nAria));
  }
  document.title = t("app.name");
}

route("/", authed(() => import("./views/campaigns.js")));
route("/campaigns", authed(() => import("./views/campaigns.js")));
route("/login", view(() => import("./views/login.js")));
route("/register", view(() => import("./views/register.js")));
route("/join/:code", authed(() => import("./views/join.js")));
route("/c/:cid", authed(() => import("./views/table.js")));
route("/c/:cid/dashboard", authed(() => import("./views/dashboard.js")));
route("/c/:cid/verify", authed(() => import("./views/verify.js")));
fallbackRoute(view(() => import("./views/not-found.js")));

await initI18n();
translateStatic();
onLanguageChange(() => {
  translateStatic();
  renderNav();
});
renderNav();
startRouter();
export { render };
