// <ft-language-switch>: the language of the page, on every page (remembered).

import { h, replace } from "../dom.js";
import { language, onLanguageChange, setLanguage, t } from "../i18n.js";

const NAMES = { en: "language.en", fr: "language.fr" };

class LanguageSwitch extends HTMLElement {
  connectedCallback() {
    this.stop = onLanguageChange(() => this.render());
    this.render();
  }

  disconnectedCallback() {
    if (this.stop) this.stop();
  }

  render() {
    const select = h(
      "select",
      { id: "language", onchange: (e) => setLanguage(e.target.value) },
      Object.entries(NAMES).map(([code, key]) =>
        h("option", { value: code, selected: code === language(), lang: code, text: t(key) })
      )
    );
    replace(this, h("label", { for: "language", class: "visually-hidden", text: t("language.label") }), select);
  }
}

customElements.define("ft-language-switch", LanguageSwitch);
