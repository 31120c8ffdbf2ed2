// The live log of one campaign over its websocket (docs/realtime.md).
//
//   const live = new LiveLog(cid);
//   live.addEventListener("event", (e) => e.detail);      // {seq, type, campaign_id, at, data}
//   live.addEventListener("presence", (e) => e.detail);   // {user_id, online}
//   live.addEventListener("status", (e) => e.detail);     // "connecting" | "connected" | "reconnecting" | "closed"
//   await live.start(afterSeq);  // resolves once the socket is registered (after its replay)
//
// Each socket is opened with a fresh ticket (POST ws-ticket, subprotocols ["fairtable",
// ticket]) and `after=<last seq>`; on any close but 4401/4403/4429 it reconnects with a
// backoff (0.5 s doubling to 30 s, with jitter), first catching up over
// GET /campaigns/{cid}/events?after= (so a gap is filled even while the socket is down),
// and every event is dispatched once, in seq order: anything at or below the last seq is
// dropped as a duplicate. Presence messages carry no seq and are passed on as they come.

import { api } from "./api.js";

const FINAL_CODES = new Set([4401, 4403, 4429, 4400]);

export class LiveLog extends EventTarget {
  constructor(cid) {
    super();
    this.cid = cid;
    this.lastSeq = 0;
    this.socket = null;
    this.stopped = false;
    this.attempt = 0;
    this.status = "closed";
    this.online = new Map(); // user_id → true
    this._timer = null;
  }

  /** Open the socket after `afterSeq` (null: live from now); resolves once registered. */
  async start(afterSeq = null) {
    this.stopped = false;
    if (afterSeq !== null) this.lastSeq = Math.max(this.lastSeq, afterSeq);
    this._fromNow = afterSeq === null;
    return this._connect();
  }

  /** Close for good (leaving the page). */
  stop() {
    this.stopped = true;
    clearTimeout(this._timer);
    if (this.socket) this.socket.close(1000, "bye");
    this.socket = null;
    this._setStatus("closed");
  }

  /** After the page's first load: reconnections resume after `seq` (or the last seq seen). */
  resumeFrom(seq) {
    // Once the socket has delivered an event, lastSeq already follows the live stream (and
    // an event still in flight must not be taken for a duplicate); before that, the page's
    // newest item is where a reconnection resumes.
    if (this.lastSeq === 0) this.lastSeq = seq;
    this._fromNow = false;
  }

  /** Raise lastSeq (an item the page loaded over HTTP): later duplicates are dropped. */
  seen(seq) {
    if (seq > this.lastSeq) this.lastSeq = seq;
  }

  _setStatus(status) {
    if (status === this.status) return;
    this.status = status;
    this.dispatchEvent(new CustomEvent("status", { detail: status }));
  }

  _deliver(message) {
    if (typeof message.seq !== "number") return;
    if (message.seq <= this.lastSeq) return; // a duplicate: already dispatched
    this.lastSeq = message.seq;
    this.dispatchEvent(new CustomEvent("event", { detail: message }));
  }

  /** Everything after lastSeq over HTTP, page by page (fills a gap while disconnected). */
  async catchUp() {
    let after = this.lastSeq;
    for (;;) {
      const page = await api(`/campaigns/${this.cid}/events?after=${after}&limit=500`);
      for (const item of page.items) this._deliver(item);
      if (page.next_after === null) return;
      after = page.next_after;
    }
  }

  async _connect() {
    this._setStatus(this.attempt === 0 ? "connecting" : "reconnecting");
    let ticket;
    try {
      if (this.attempt > 0 && !this._fromNow) await this.catchUp();
      ({ ticket } = await api(`/campaigns/${this.cid}/ws-ticket`, { method: "POST" }));
    } catch (error) {
      if (error.status === 401 || error.status === 403 || error.status === 404) {
        this._setStatus("closed");
        return;
      }
      return this._retry();
    }
    if (this.stopped) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = this._fromNow ? "" : `?after=${this.lastSeq}`;
    const url = `${scheme}://${location.host}/api/v1/campaigns/${this.cid}/ws${query}`;
    const socket = new WebSocket(url, ["fairtable", ticket]);
    this.socket = socket;
    return new Promise((resolve) => {
      let registered = false;
      socket.addEventListener("open", () => socket.send(JSON.stringify({ type: "ping" })));
      socket.addEventListener("message", (event) => {
        let message;
        try {
          message = JSON.parse(event.data);
        } catch {
          return;
        }
        if (message.type === "pong") {
          if (!registered) {
            registered = true;
            this._fromNow = false; // from now on, resume from lastSeq
            this.attempt = 0;
            this._setStatus("connected");
            resolve();
          }
          return;
        }
        if (message.type === "presence") {
          const { user_id, online } = message.data;
          if (online) this.online.set(user_id, true);
          else this.online.delete(user_id);
          this.dispatchEvent(new CustomEvent("presence", { detail: message.data }));
          return;
        }
        this._deliver(message);
      });
      socket.addEventListener("close", (event) => {
        if (this.socket === socket) this.socket = null;
        resolve();
        if (this.stopped) return;
        if (FINAL_CODES.has(event.code)) {
          this._setStatus("closed");
          return;
        }
        this.online.clear();
        this.dispatchEvent(new CustomEvent("presence", { detail: { reset: true } }));
        this._retry();
      });
    });
  }

  _retry() {
    if (this.stopped) return;
    this.attempt += 1;
    this._setStatus("reconnecting");
    const base = Math.min(30000, 500 * 2 ** Math.min(this.attempt - 1, 6));
    const delay = base / 2 + Math.random() * (base / 2);
    this._timer = setTimeout(() => this._connect(), delay);
  }
}
