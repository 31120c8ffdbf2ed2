// The client routes, with the History API. app/web/routes.py answers index.html for each
// path listed there; this module maps the path to a view.
//
//   /                    campaigns (or log in)
//   /login, /register    accounts
//   /join/<code>         accept an invite, then open its campaign
//   /c/<cid>             the table of a campaign (player page)
//   /c/<cid>/dashboard   the storyteller's dashboard
//   /c/<cid>/verify      "verify the whole chain"

const routes = [];
let notFound = () => {};

/** route("/c/:cid/dashboard", (params) => …): first match wins, in order of declaration. */
export function route(pattern, view) {
  const names = [];
  const source = pattern
    .split("/")
    .map((part) => {
      if (part.startsWith(":")) {
        names.push(part.slice(1));
        return "([^/]+)";
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  routes.push({ regex: new RegExp(`^${source}/?$`), names, view });
}

export function fallbackRoute(view) {
  notFound = view;
}

/** The view and parameters for a path. */
export function match(path) {
  for (const { regex, names, view } of routes) {
    const found = regex.exec(path);
    if (found) {
      const params = {};
      names.forEach((name, i) => (params[name] = decodeURIComponent(found[i + 1])));
      return { view, params };
    }
  }
  return { view: notFound, params: {} };
}

/** Show the view of the current location. */
export function render() {
  const { view, params } = match(location.pathname);
  return view(params, new URLSearchParams(location.search));
}

/** Go to a path of the client (pushState, then render). */
export function navigate(path, { replace = false } = {}) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  return render();
}

/** Start: follow back/forward, and turn clicks on same-origin links into navigate(). */
export function startRouter() {
  addEventListener("popstate", () => render());
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("a[href]");
    if (!link || link.target || link.hasAttribute("download")) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
    if (url.pathname.startsWith("/static/") || url.pathname.startsWith("/docs")) return;
    event.preventDefault();
    navigate(url.pathname + url.search);
  });
  return render();
}
