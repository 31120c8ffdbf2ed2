// The player's table (/c/<cid>): shell version, the campaign's name and its live status.
import { api } from "../api.js";
import { h, replace } from "../dom.js";
import { t } from "../i18n.js";
import { LiveLog } from "../live.js";
import { reactive } from "../ui.js";

const STATUS = { connecting: "live.connecting", connected: "live.connected", reconnecting: "live.reconnecting", closed: "live.closed" };

export async function mount(root, { cid }) {
  const campaign = await api(`/campaigns/${cid}`);
  const live = new LiveLog(cid);
  const status = h("p", { class: "status", role: "status" });
  const draw = () => {
    status.textContent = t(STATUS[live.status]);
    replace(root, h("section", { class: "card" }, h("h1", { text: campaign.name }), status));
  };
  live.addEventListener("status", draw);
  const stop = reactive(draw);
  live.start(null);
  return () => {
    stop();
    live.stop();
  };
}
