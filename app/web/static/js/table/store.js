// The state of one table in the browser: the campaign, its members and characters, and
// one log of rolls and chat messages in seq order, fed by HTTP pages and the LiveLog.
//
// The log holds the newest page at first (50 rolls, 50 messages); loadOlder() reads the
// next page of each and shows items down to the older of the two pages' ends, so rolls and
// messages always interleave correctly. Each change dispatches "change" with
// detail {what: "log" | "members" | "characters" | "requests" | "flow" | "fairness" |
// "campaign", item?}.

import { api, currentUser } from "../api.js";
import { LiveLog } from "../live.js";

const PAGE = 50;

/** The later of two states of one roll (a page may be older than a live event). */
function newer(a, b) {
  if (!a) return b;
  return (b.updated_at || "") >= (a.updated_at || "") ? b : a;
}

class Stream {
  constructor(path) {
    this.path = path;
    this.cursor = undefined; // undefined: not loaded; null: the end
    this.oldest = Infinity;
    this.available = true;
  }

  get more() {
    return this.available && this.cursor !== null;
  }

  async next() {
    const sep = this.path.includes("?") ? "&" : "?";
    const query = `${sep}limit=${PAGE}` + (this.cursor ? `&cursor=${encodeURIComponent(this.cursor)}` : "");
    const page = await api(this.path + query);
    this.cursor = page.next_cursor;
    for (const item of page.items) this.oldest = Math.min(this.oldest, item.seq);
    return page.items;
  }
}

export class TableStore extends EventTarget {
  constructor(cid) {
    super();
    this.cid = cid;
    this.me = currentUser();
    this.campaign = null;
    this.members = [];
    this.characters = new Map();
    this.rolls = new Map();
    this.messages = new Map();
    this.requests = new Map();
    this.contests = new Map();
    this.groups = new Map();
    this.tasks = new Map();
    this.fairness = null;
    this.chatAvailable = true;
    this.rollStream = new Stream(`/campaigns/${cid}/rolls`);
    this.messageStream = new Stream(`/campaigns/${cid}/messages`);
    this.live = new LiveLog(cid);
    this.live.addEventListener("event", (e) => this.apply(e.detail));
    this.live.addEventListener("presence", () => this.changed("members"));
  }

  changed(what, item) {
    this.dispatchEvent(new CustomEvent("change", { detail: { what, item } }));
  }

  get role() {
    return this.campaign ? this.campaign.role : null;
  }

  get isStoryteller() {
    return this.role === "storyteller";
  }

  /** Load everything, the socket first (so nothing committed meanwhile is missed). */
  async load() {
    this.campaign = await api(`/campaigns/${this.cid}`);
    await this.live.start(null);
    const ruleset = this.campaign.ruleset;
    const jobs = [
      this.loadMembers(),
      this.loadCharacters(),
      this.rollStream.next().then((items) => items.forEach((r) => this.putRoll(r))),
      this.messageStream
        .next()
        .then((items) => items.forEach((m) => this.putMessage(m)))
        .catch((error) => {
          if (error.status !== 404) throw error;
          this.chatAvailable = false; // the server has no chat (yet)
          this.messageStream.available = false;
        }),
      this.loadRequests(),
      this.loadFairness(),
    ];
    if (ruleset === "3d6") jobs.push(this.loadFlow());
    await Promise.all(jobs);
    let top = 0;
    for (const r of this.rolls.values()) top = Math.max(top, r.seq);
    for (const m of this.messages.values()) top = Math.max(top, m.seq);
    this.live.resumeFrom(top);
    this.changed("log");
  }

  stop() {
    this.live.stop();
  }

  async loadMembers() {
    // A list like the others ({items, next_cursor}): every page, in the order people joined.
    const members = [];
    let cursor = null;
    do {
      const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const page = await api(`/campaigns/${this.cid}/members?limit=200${after}`);
      if (Array.isArray(page)) {
        members.push(...page); // an older server's bare array
        break;
      }
      members.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor);
    this.members = members;
    this.changed("members");
  }

  async loadCharacters() {
    const page = await api(`/campaigns/${this.cid}/characters?limit=200`);
    this.characters = new Map(page.items.map((c) => [c.id, c]));
    this.changed("characters");
  }

  async loadRequests() {
    const page = await api(`/campaigns/${this.cid}/roll-requests?status=open&limit=50`);
    this.requests = new Map(page.items.map((r) => [r.id, r]));
    this.changed("requests");
  }

  async loadFairness() {
    this.fairness = await api(`/campaigns/${this.cid}/fairness`);
    this.changed("fairness");
  }

  async loadFlow() {
    const [contests, groups, tasks] = await Promise.all([
      api(`/campaigns/${this.cid}/contests?limit=20`),
      api(`/campaigns/${this.cid}/group-rolls?limit=20`),
      api(`/campaigns/${this.cid}/tasks?limit=20`),
    ]);
    this.contests = new Map(contests.items.map((c) => [c.id, c]));
    this.groups = new Map(groups.items.map((g) => [g.id, g]));
    this.tasks = new Map(tasks.items.map((x) => [x.id, x]));
    this.changed("flow");
  }

  /** The seq down to which the log is complete (both streams loaded at least that far). */
  get floor() {
    const ends = [];
    if (this.rollStream.more) ends.push(this.rollStream.oldest);
    if (this.messageStream.more) ends.push(this.messageStream.oldest);
    return ends.length ? Math.max(...ends) : 0;
  }

  get hasOlder() {
    return this.rollStream.more || this.messageStream.more;
  }

  /** The next older page of whichever stream ends higher (the one that limits the floor). */
  async loadOlder() {
    const streams = [this.rollStream, this.messageStream].filter((s) => s.more);
    if (!streams.length) return;
    streams.sort((a, b) => b.oldest - a.oldest);
    const stream = streams[0];
    const items = await stream.next();
    for (const item of items) {
      if (stream === this.rollStream) this.putRoll(item);
      else this.putMessage(item);
    }
    this.changed("log");
  }

  /** Every log item at or above the floor, oldest first: {type: "roll"|"message", item}. */
  entries() {
    const floor = this.floor;
    const out = [];
    for (const roll of this.rolls.values()) if (roll.seq >= floor) out.push({ type: "roll", seq: roll.seq, item: roll });
    for (const m of this.messages.values()) if (m.seq >= floor) out.push({ type: "message", seq: m.seq, item: m });
    out.sort((a, b) => a.seq - b.seq);
    return out;
  }

  putRoll(roll) {
    const kept = newer(this.rolls.get(roll.id), roll);
    this.rolls.set(roll.id, kept);
    return kept;
  }

  putMessage(message) {
    const known = this.messages.get(message.id);
    // a tombstone wins over the text, whichever arrives first
    if (known && known.text === null && message.text !== null) return known;
    this.messages.set(message.id, message);
    return message;
  }

  memberName(userId) {
    const member = this.members.find((m) => m.user_id === userId);
    return member ? member.display_name : userId;
  }

  isOnline(userId) {
    return this.live.online.has(userId);
  }

  /** The characters the user may roll for: their own, and every one for a storyteller. */
  myCharacters() {
    const all = [...this.characters.values()];
    return this.isStoryteller ? all : all.filter((c) => c.owner_id === this.me.id);
  }

  /** One event from the socket (or its catch-up over HTTP), in seq order. */
  apply(event) {
    const data = event.data || {};
    switch (event.type) {
      case "roll.created":
      case "roll.updated": {
        const roll = this.putRoll(data);
        this.changed("log", { type: "roll", item: roll, created: event.type === "roll.created" });
        break;
      }
      case "message.created": {
        const message = this.putMessage(data);
        this.changed("log", { type: "message", item: message, created: true });
        break;
      }
      case "message.deleted": {
        const known = this.messages.get(data.id);
        const tomb = { ...(known || { id: data.id, seq: event.seq }), text: null, deleted: { by: data.deleted_by, at: data.deleted_at } };
        this.messages.set(data.id, tomb);
        this.changed("log", { type: "message", item: tomb });
        break;
      }
      case "character.created":
      case "character.updated":
        this.characters.set(data.id, data);
        this.changed("characters", data);
        break;
      case "character.deleted":
        this.characters.delete(data.id);
        this.changed("characters");
        break;
      case "member.joined":
      case "member.updated":
      case "member.left":
        if (event.type !== "member.joined" && data.user_id === this.me.id) {
          this.reloadCampaign();
        }
        this.loadMembers();
        break;
      case "campaign.updated":
        this.reloadCampaign();
        break;
      case "roll_request.created":
      case "roll_request.answered":
      case "roll_request.cancelled":
      case "roll_request.expired": {
        const request = data.request;
        if (request && request.status === "open") this.requests.set(request.id, request);
        else if (request) this.requests.delete(request.id);
        this.changed("requests", request);
        break;
      }
      case "contest.updated":
        this.contests.set(data.id, data);
        this.changed("flow");
        break;
      case "group.rolled":
      case "group.updated":
        this.groups.set(data.id, { ...(this.groups.get(data.id) || {}), ...data });
        this.changed("flow");
        break;
      case "task.updated":
        this.tasks.set(data.id, data);
        this.changed("flow");
        break;
      case "fairness.rotated":
        this.loadFairness().then(() => this.changed("fairness", { rotated: true }));
        break;
      default:
        break; // a type this page does not show
    }
  }

  async reloadCampaign() {
    this.campaign = await api(`/campaigns/${this.cid}`);
    this.changed("campaign");
  }
}
