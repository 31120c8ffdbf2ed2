// ft-grants: a 3d6 character's open grants (rerolls the storyteller gave ahead of the
// roll, spent when the player cites one) and the form to grant another.
import { api } from "../api.js";
import { fmtDate, plural, t } from "../i18n.js";
import { field, h, run, statusLine } from "./ui.js";

export class FtGrants extends HTMLElement {
  set store(store) {
    this._store = store;
    this.render();
  }

  connectedCallback() {
    this._listener ??= (e) => {
      if (e.detail.part === "grants" && e.detail.id === this.getAttribute("character")) this.render();
    };
    this._store?.addEventListener("change", this._listener);
  }

  disconnectedCallback() {
    this._store?.removeEventListener("change", this._listener);
  }

  render() {
    const store = this._store;
    const id = this.getAttribute("character");
    const name = store.characterName(id);
    const open = store.grants.get(id) ?? [];
    const list = h("ul", { class: "ftd-grants", "aria-label": t("dashboard.grants.open_label", { name }) });
    for (const grant of open) {
      list.append(
        h("li", {}, h("span", { text: grant.name ?? t("dashboard.grants.unnamed") }), " ", h("small", { text: fmtDate(grant.created_at) })),
      );
    }
    const input = h("input", { name: "name", maxlength: 80, autocomplete: "off" });
    const status = statusLine();
    if (this._message) status.textContent = this._message;
    const form = h(
      "form",
      { class: "ftd-inline", "aria-label": t("dashboard.grants.form_label", { name }) },
      field(t("dashboard.grants.name"), input, t("dashboard.grants.name_hint")),
      h("button", { type: "submit", text: t("dashboard.grants.submit") }),
      status,
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this._message = "";
      run(form, status, async () => {
        const value = input.value.trim();
        const answer = await api(`/characters/${id}/grants`, {
          method: "POST",
          body: value ? { name: value } : {},
          idempotent: true,
        });
        store.grants.set(id, answer.items);
        this._message = t("dashboard.grants.done", { name });
        this._refocus = "name";
        store.changed("grants", { id });
        return "";
      });
    });
    // Keep the keyboard where it was: a redraw (this answer, then its event) replaces the form.
    const focused = this.contains(document.activeElement) ? document.activeElement.name || "name" : this._refocus;
    this._refocus = null;
    this.replaceChildren(
      h("h4", { text: plural("dashboard.grants.count", open.length) }),
      ...(open.length ? [list] : []),
      form,
    );
    if (focused) this.querySelector(`[name="${focused}"]`)?.focus();
  }
}

customElements.define("ft-grants", FtGrants);
