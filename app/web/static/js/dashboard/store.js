// The dashboard's state: one campaign as its storyteller sees it, loaded in one call
// (GET /overview, or the individual lists while that endpoint is not deployed) and kept
// current from the websocket's events. Components listen for "change" with a `part`.
import { api, ApiError, currentUser } from "../api.js";

const PAGE = 50;

/** Why a roll is shown among the reveals: it is hidden from someone and not yet public. */
export function isHidden(roll) {
  return roll.visibility !== "public" && !roll.redacted && roll.kind !== "damage";
}

export class DashboardStore extends EventTarget {
  constructor(cid) {
    super();
    this.cid = cid;
    this.me = currentUser();
    this.campaign = null;
    this.members = new Map(); // user_id -> {user_id, display_name, role, online}
    this.characters = new Map(); // id -> character answer
    this.pending = new Map(); // roll id -> roll (status pending)
    this.hidden = new Map(); // roll id -> roll not public yet (to reveal)
    this.requests = new Map(); // request id -> open request
    this.grants = new Map(); // character id -> [open grants]
    this.lastSeq = 0;
    this.overview = false; // true when the overview endpoint answered
  }

  changed(part, detail = {}) {
    this.dispatchEvent(new CustomEvent("change", { detail: { part, ...detail } }));
  }

  /** Everything the page shows first, in as few calls as the server allows. */
  async load() {
    try {
      const view = await api(`/campaigns/${this.cid}/overview`);
      this.overview = true;
      this.campaign = view.campaign;
      this.setMembers(view.members);
      this.setCharacters(view.characters);
      this.pending = new Map(view.pending_rolls.map((r) => [r.id, r]));
      this.requests = new Map(view.open_requests.map((r) => [r.id, r]));
      this.lastSeq = view.last_seq ?? 0;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404 || this.campaign) throw error;
      await this.loadPieces();
    }
    await Promise.all([this.loadHidden(), this.loadGrants()]);
    this.changed("all");
  }

  /** The same view from the individual endpoints (a server without /overview). */
  async loadPieces() {
    const [campaign, members, characters, requests] = await Promise.all([
      api(`/campaigns/${this.cid}`),
      this.allMembers(),
      api(`/campaigns/${this.cid}/characters`),
      api(`/campaigns/${this.cid}/roll-requests?status=open&limit=200`),
    ]);
    this.campaign = campaign;
    this.setMembers(members);
    this.setCharacters(characters.items ?? characters);
    this.requests = new Map(requests.items.map((r) => [r.id, r]));
    // Without /overview the pending filter may be missing too: an unknown parameter is
    // then ignored, so the answer is filtered here as well.
    const log = await this.rolls("?status=pending&limit=200");
    this.pending = new Map(log.filter((r) => r.status === "pending").map((r) => [r.id, r]));
    this.lastSeq = Math.max(0, ...log.map((r) => r.seq), ...requests.items.map((r) => r.seq));
  }

  async rolls(query) {
    const page = await api(`/campaigns/${this.cid}/rolls${query}`);
    return page.items;
  }

  /** The newest page of the log, for the rolls still waiting for a reveal. */
  async loadHidden() {
    const items = await this.rolls(`?limit=${PAGE}`);
    this.recent = items.slice(0, 20);
    this.hidden = new Map(items.filter(isHidden).map((r) => [r.id, r]));
    if (!this.overview) this.lastSeq = Math.max(this.lastSeq, ...items.map((r) => r.seq));
  }

  async loadGrants() {
    this.grants = new Map();
    if (this.campaign?.ruleset !== "3d6") return;
    const lists = await Promise.all(
      [...this.characters.keys()].map((id) =>
        api(`/characters/${id}/grants`).catch(() => ({ character_id: id, items: [] })),
      ),
    );
    for (const list of lists) this.grants.set(list.character_id, list.items);
  }

  /** Every member, page after page ({items, next_cursor}; a bare array from an older server). */
  async allMembers() {
    const members = [];
    let cursor = null;
    do {
      const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const page = await api(`/campaigns/${this.cid}/members?limit=200${after}`);
      if (Array.isArray(page)) return page;
      members.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor);
    return members;
  }

  setMembers(list) {
    const online = new Map([...this.members.values()].map((m) => [m.user_id, m.online]));
    this.members = new Map(
      list.map((m) => [m.user_id, { ...m, online: m.online ?? online.get(m.user_id) ?? false }]),
    );
  }

  setCharacters(list) {
    this.characters = new Map(list.map((c) => [c.id, c]));
  }

  memberName(userId) {
    return this.members.get(userId)?.display_name ?? "?";
  }

  characterName(characterId) {
    return this.characters.get(characterId)?.name ?? "?";
  }

  /** Fold one websocket (or replayed) event into the state. */
  async apply(event) {
    if (typeof event.seq === "number") this.lastSeq = Math.max(this.lastSeq, event.seq);
    const data = event.data ?? {};
    switch (event.type) {
      case "roll.created":
      case "roll.updated":
        this.applyRoll(data);
        break;
      case "character.created":
      case "character.updated":
        // The event carries the row as every member reads it; a storyteller's read also
        // shows the effects that hidden rolls hold, so read it again.
        this.characters.set(data.id, await api(`/characters/${data.id}`).catch(() => data));
        this.changed("characters", { id: data.id });
        break;
      case "character.deleted":
        this.characters.delete(data.id);
        this.grants.delete(data.id);
        this.changed("characters", { id: data.id });
        break;
      case "grant.created":
      case "grant.used":
        await this.refreshGrants(data.character_id);
        break;
      case "member.joined":
      case "member.updated":
      case "member.left":
        this.setMembers(await this.allMembers());
        this.changed("members");
        break;
      case "campaign.updated":
        this.campaign = { ...this.campaign, name: data.name, settings: data.settings };
        this.changed("campaign");
        break;
      default:
        if (event.type?.startsWith("roll_request.")) this.applyRequest(data.request ?? data);
    }
  }

  applyRoll(roll) {
    if (!roll || !roll.id) return;
    if (roll.status === "pending") this.pending.set(roll.id, roll);
    else this.pending.delete(roll.id);
    if (isHidden(roll)) this.hidden.set(roll.id, roll);
    else this.hidden.delete(roll.id);
    this.changed("rolls", { roll });
  }

  applyRequest(request) {
    if (!request?.id) return;
    if (request.status === "open") this.requests.set(request.id, request);
    else this.requests.delete(request.id);
    this.changed("requests", { request });
  }

  async refreshGrants(characterId) {
    if (!characterId) return;
    const list = await api(`/characters/${characterId}/grants`).catch(() => null);
    if (list) this.grants.set(characterId, list.items);
    this.changed("grants", { id: characterId });
  }

  presence(userId, online) {
    const member = this.members.get(userId);
    if (!member) return;
    member.online = online;
    this.changed("members");
  }
}
