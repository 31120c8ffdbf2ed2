// The fairness checks of docs/fairness.md, in the browser with WebCrypto: the dice stream
// (HMAC-SHA256 under the revealed server seed), canonical JSON, link salts and hashes, and
// the chain walk of app/rules/verify.py. No DOM here: tests/web/test_verify_js.py runs this
// module under Node against the server's own verifier.

const enc = new TextEncoder();
const GENESIS = "0".repeat(64);
const WORD = 2 ** 32;
const RECORD_FIELDS = [
  "id", "campaign_id", "seq", "ruleset", "kind", "character_id", "user_id", "visibility",
  "note", "status", "dice", "result", "proof", "created_at", "updated_at",
];

const subtle = () => globalThis.crypto.subtle;

export function hexToBytes(hex) {
  if (typeof hex !== "string" || hex.length % 2 || /[^0-9a-fA-F]/.test(hex)) {
    throw new Error("not hex");
  }
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export function bytesToHex(bytes) {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function sha256Hex(bytes) {
  return bytesToHex(await subtle().digest("SHA-256", bytes));
}

const keys = new Map();
async function hmacKey(secretHex) {
  if (!keys.has(secretHex)) {
    keys.set(
      secretHex,
      subtle().importKey("raw", hexToBytes(secretHex), { name: "HMAC", hash: "SHA-256" }, false, ["sign"])
    );
  }
  return keys.get(secretHex);
}

async function hmac(secretHex, message) {
  return new Uint8Array(await subtle().sign("HMAC", await hmacKey(secretHex), enc.encode(message)));
}

/** The dice of one draw: faces(sides, count) reads the stream of (seed, client seed, nonce). */
export class SeededDice {
  constructor(serverSeedHex, clientSeed, nonce) {
    this.seed = serverSeedHex;
    this.prefix = `${clientSeed}:${nonce}:`;
    this.block = 0;
    this.words = [];
  }

  async nextWord() {
    if (!this.words.length) {
      const bytes = await hmac(this.seed, this.prefix + this.block);
      this.block += 1;
      const view = new DataView(bytes.buffer);
      for (let i = 0; i < 32; i += 4) this.words.push(view.getUint32(i, false));
    }
    return this.words.shift();
  }

  async roll(sides, count = 1) {
    const limit = WORD - (WORD % sides);
    const faces = [];
    while (faces.length < count) {
      const word = await this.nextWord();
      if (word < limit) faces.push((word % sides) + 1);
    }
    return faces;
  }
}

function codePointCompare(a, b) {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d) return d;
  }
  return x.length - y.length;
}

/** Python's json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False). */
export function canonical(value) {
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isInteger(value)) throw new Error("a record holds integers only");
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const names = Object.keys(value).sort(codePointCompare);
  return `{${names.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
}

export function linkSalt(serverSeedHex, campaignId, linkSeq) {
  return hmac(serverSeedHex, `link\n${campaignId}\n${linkSeq}`).then(bytesToHex);
}

export function linkHash(prevHash, record, salt) {
  const body = canonical(record);
  const text = salt == null ? `${prevHash}\n${body}` : `v2\n${prevHash}\n${salt}\n${body}`;
  return sha256Hex(enc.encode(text));
}

/** The record of a roll as the API answers it (plus proof), at link seq `linkSeq`. */
export function chainRecord(roll, linkSeq) {
  const record = {};
  for (const name of RECORD_FIELDS) record[name] = roll[name];
  record.link_seq = linkSeq;
  return record;
}

class Failure extends Error {
  constructor(seq, rollId, reason) {
    super(reason);
    this.seq = seq;
    this.rollId = rollId;
    this.reason = reason;
  }
}

function need(condition, reason, seq = null, rollId = null) {
  if (!condition) throw new Failure(seq, rollId, reason);
}

const isInt = (v) => Number.isInteger(v);
const isMap = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** The seeds of a fairness state, by number, checked as app/rules/verify.py reads them. */
function readSeeds(fairness) {
  const seeds = new Map();
  need(Array.isArray(fairness.seeds) && fairness.seeds.length, "'fairness.seeds' must list the seeds");
  const current = fairness.seed_number;
  let previousEnd = null;
  for (const seed of fairness.seeds) {
    need(isMap(seed) && isInt(seed.number) && typeof seed.commitment === "string", `seed ${seed && seed.number}: malformed`);
    let end = seed.end_nonce;
    if (seed.number === current) {
      need(end === null || end === undefined, `seed ${seed.number} is current but has an end nonce`);
      end = fairness.next_nonce;
    }
    need(isInt(end), `seed ${seed.number} is not current but has no end nonce`);
    need(seed.first_nonce <= end, `seed ${seed.number}: first nonce after end nonce`);
    need(previousEnd === null || seed.first_nonce === previousEnd, `seed ${seed.number} starts at nonce ${seed.first_nonce}, not where the last one ended`);
    previousEnd = end;
    seeds.set(seed.number, { ...seed, end, secret: seed.server_seed || null });
  }
  need(seeds.has(current), `the current seed ${current} is not listed`);
  if (fairness.commitment != null) {
    need(fairness.commitment === seeds.get(current).commitment, "the current commitment differs from the current seed's");
  }
  return seeds;
}

function interleaves(draws, tails) {
  const memo = new Map();
  const go = (positions) => {
    const done = positions.reduce((a, b) => a + b, 0);
    if (done === draws.length) return true;
    const key = positions.join(",");
    if (memo.has(key)) return memo.get(key);
    let found = false;
    for (let i = 0; i < tails.length && !found; i++) {
      const at = positions[i];
      if (at < tails[i].length && tails[i][at][0] === draws[done][0] && tails[i][at][1] === draws[done][1]) {
        const moved = positions.slice();
        moved[i] += 1;
        found = go(moved);
      }
    }
    memo.set(key, found);
    return found;
  };
  return go(tails.map(() => 0));
}

/** Why a record's dice are not what its draws gave, or null (app/rules/verify_dice.py). */
export function diceProblem(record) {
  const dice = record.dice;
  const proof = record.proof;
  const faces = dice.map((d) => [...d.history, d.value]);
  const sides = dice.map((d) => d.sides);
  if (!proof.length) return dice.length ? "the roll shows dice but has no draw" : null;
  if (record.kind === "formula") return formulaProblem(record);
  const drawn = proof[0].rolls.flatMap((e) => e.faces.map((f) => [e.sides, f]));
  const initial = faces.map((f, i) => [sides[i], f[0]]);
  if (drawn.length !== initial.length || drawn.some((d, i) => d[0] !== initial[i][0] || d[1] !== initial[i][1])) {
    return `the dice start with ${initial.map((x) => x[1])}, but the first draw (nonce ${proof[0].nonce}) gave ${drawn.map((x) => x[1])}`;
  }
  const rerolls = [];
  let unused = 0;
  for (const draw of proof.slice(1)) {
    if (draw.unused === true && !draw.rolls.length) {
      unused += 1;
      continue;
    }
    if (unused) return `draw nonce ${draw.nonce} follows an unused draw`;
    if (draw.rolls.length !== 1 || draw.rolls[0].faces.length !== 1) return `draw nonce ${draw.nonce} is not a reroll of one die`;
    rerolls.push([draw.rolls[0].sides, draw.rolls[0].faces[0]]);
  }
  if (unused && !dice.every((d) => d.success === true)) return "a draw was left unused while a die without success could take it";
  const spent = isMap(record.result) ? record.result.rerolls : null;
  if (Array.isArray(spent) && spent.every((s) => isMap(s) && "die" in s)) {
    if (spent.length !== rerolls.length) return `${spent.length} rerolls spent but ${rerolls.length} reroll draws`;
    const replay = faces.map((f) => [f[0]]);
    for (let k = 0; k < spent.length; k++) {
      const die = spent[k].die;
      const [dieSides, face] = rerolls[k];
      if (!isInt(die) || die < 0 || die >= faces.length || dieSides !== sides[die]) return `reroll ${k + 1} names die ${die}, which the roll does not have`;
      if (spent[k].old !== replay[die][replay[die].length - 1] || spent[k].new !== face) return `reroll ${k + 1} of die ${die} does not show the face its draw gave (${face})`;
      replay[die].push(face);
    }
    for (let i = 0; i < faces.length; i++) {
      if (replay[i].join() !== faces[i].join()) return `die ${i} shows faces ${faces[i]}, but its draws gave ${replay[i]}`;
    }
    return null;
  }
  const tails = faces.map((f, i) => f.slice(1).map((x) => [sides[i], x]));
  if (tails.reduce((a, t) => a + t.length, 0) !== rerolls.length || !interleaves(rerolls, tails)) {
    return "the dice's later faces are not the faces of the roll's later draws";
  }
  return null;
}

// A formula is one draw that may reroll and explode within itself; the server's verifier
// replays the formula. Here: every face a die shows (history then value) is a face of the
// draw, die size by die size, and the draw has no face left over (fudge and percentile
// dice, drawn as d3 and d10, are counted by their draw only).
function formulaProblem(record) {
  if (record.proof.length !== 1) return "a formula roll is one draw";
  const drawn = new Map();
  for (const entry of record.proof[0].rolls) {
    const list = drawn.get(entry.sides) || [];
    list.push(...entry.faces);
    drawn.set(entry.sides, list);
  }
  const shown = new Map();
  for (const die of record.dice) {
    if (!drawn.has(die.sides)) return null; // a fudge or percentile die: the draw is what counts
    const list = shown.get(die.sides) || [];
    list.push(...die.history, die.value);
    shown.set(die.sides, list);
  }
  for (const [sides, faces] of shown) {
    const a = [...faces].sort((x, y) => x - y).join();
    const b = [...drawn.get(sides)].sort((x, y) => x - y).join();
    if (a !== b) return `the d${sides} faces shown are not the faces the draw gave`;
  }
  return null;
}

/**
 * Walk an audit chain (its pages concatenated) as app/rules/verify.py does:
 * → {ok, failure: {seq, rollId, reason} | null, links, draws, pendingDraws, rolls: Map(rollId → "ok" | "pending" | "failed")}.
 * `from`: the chain starts after this seq with this prev hash (a partial walk), and then
 * the end is not compared with the campaign's chain head.
 */
export async function verifyChain(fairness, links, { campaignId = fairness.campaign_id, from = null } = {}) {
  const report = { ok: false, failure: null, links: 0, draws: 0, pendingDraws: 0, redacted: 0, rolls: new Map(), latest: new Map() };
  const nonces = new Map();
  const proofs = new Map();
  let current = null;
  try {
    const seeds = readSeeds(fairness);
    const checked = new Set();
    // A revealed seed's SHA-256 must be its commitment: checked where it is first used.
    const checkSeed = async (seed, seq = null, rollId = null) => {
      checked.add(seed.number);
      if (!seed.secret) return;
      const actual = await sha256Hex(hexToBytes(seed.secret));
      need(actual === seed.commitment, `seed ${seed.number}: SHA-256 of the revealed server seed is ${actual}, not its commitment ${seed.commitment}`, seq, rollId);
    };
    const salters = [...seeds.values()].filter((s) => isInt(s.links_from)).sort((a, b) => a.links_from - b.links_from);
    const salterOf = (seq) => {
      let found = null;
      for (const s of salters) if (s.links_from <= seq) found = s.number;
      return found;
    };
    let prev = from ? from.prevHash : GENESIS;
    let lastSeq = from ? from.seq : 0;
    for (const link of links) {
      need(isMap(link) && isInt(link.seq) && typeof link.roll_id === "string", "a link lacks seq or roll_id");
      const { seq, roll_id: rollId } = link;
      current = rollId;
      need(seq > lastSeq, `seq ${seq} does not follow seq ${lastSeq}`, seq, rollId);
      need(link.prev_hash === prev, `prev_hash ${link.prev_hash} is not the previous link's hash ${prev}: a link before this one is missing, reordered or changed`, seq, rollId);
      const version = link.version ?? 1;
      const salter = salterOf(seq);
      let salt = null;
      need(version === 1 || version === 2, `unknown link version ${version}`, seq, rollId);
      if (version === 1) {
        need(link.salt == null && link.salt_seed == null, "a v1 link has no salt", seq, rollId);
        need(salter === null, `a v1 (unsalted) link where seed ${salter} salts the chain: a downgraded link`, seq, rollId);
      } else {
        need(seeds.has(link.salt_seed), "the salting seed is unknown", seq, rollId);
        need(salter === null || salter === link.salt_seed, `the link names seed ${link.salt_seed} as its salt, but seed ${salter} salts this seq`, seq, rollId);
        const seed = seeds.get(link.salt_seed);
        salt = link.salt ?? null;
        if (seed.secret) {
          if (!checked.has(seed.number)) await checkSeed(seed, seq, rollId);
          const computed = await linkSalt(seed.secret, campaignId, seq);
          need(salt === null || salt === computed, `the salt is not the one revealed seed ${seed.number} gives for this link`, seq, rollId);
          salt = computed;
        }
      }
      const record = link.record;
      if (record == null) {
        report.redacted += 1;
      } else {
        need(isMap(record), "the record is not an object", seq, rollId);
        need(salt !== null || version === 1, "a salted (v2) link shows its record without its salt", seq, rollId);
        let computed;
        try {
          computed = await linkHash(prev, record, salt);
        } catch (error) {
          computed = `unhashable (${error.message})`;
        }
        need(computed === link.hash, "the record does not hash to its link: its content was changed", seq, rollId);
        report.latest.set(rollId, { seq, prevHash: prev, salt, hash: link.hash });
        need(record.id === rollId, "the record is of another roll", seq, rollId);
        need(record.link_seq === seq, "the record names another link seq", seq, rollId);
        need(record.campaign_id === campaignId, "another campaign's roll", seq, rollId);
        if (record.kind !== "request") {
          const proof = record.proof;
          need(Array.isArray(proof), "the record has no proof list", seq, rollId);
          const earlier = proofs.get(rollId) || [];
          need(canonical(proof.slice(0, earlier.length)) === canonical(earlier), "the proof differs from the roll's earlier link (a draw was changed)", seq, rollId);
          let pending = false;
          for (const draw of proof.slice(earlier.length)) {
            const seed = seeds.get(draw.seed);
            need(seed, `draw nonce ${draw.nonce} names an unknown seed ${draw.seed}`, seq, rollId);
            need(draw.commitment === seed.commitment && draw.client_seed === seed.client_seed, `draw nonce ${draw.nonce} does not show its seed's commitment and client seed`, seq, rollId);
            need(isInt(draw.nonce) && draw.nonce >= seed.first_nonce && draw.nonce < seed.end, `nonce ${draw.nonce} is outside seed ${seed.number}'s range`, seq, rollId);
            need(!nonces.has(draw.nonce) || nonces.get(draw.nonce) === rollId, `nonce ${draw.nonce} was drawn by another roll too`, seq, rollId);
            nonces.set(draw.nonce, rollId);
            if (!seed.secret) {
              report.pendingDraws += 1;
              pending = true;
              continue;
            }
            if (!checked.has(seed.number)) await checkSeed(seed, seq, rollId);
            const source = new SeededDice(seed.secret, seed.client_seed, draw.nonce);
            for (const entry of draw.rolls) {
              const faces = await source.roll(entry.sides, entry.faces.length);
              need(faces.join() === entry.faces.join(), `draw nonce ${draw.nonce} gives ${faces}, not the recorded ${entry.faces}`, seq, rollId);
            }
            report.draws += 1;
          }
          proofs.set(rollId, proof);
          const problem = diceProblem(record);
          need(problem === null, problem, seq, rollId);
          const before = report.rolls.get(rollId);
          report.rolls.set(rollId, pending || before === "pending" ? "pending" : "ok");
        }
      }
      need(!("stored" in link), "the roll as the log stores it does not match its latest link (changed or deleted)", seq, rollId);
      prev = link.hash;
      lastSeq = seq;
      report.links += 1;
    }
    if (!from && fairness.chain_head != null) {
      const last = links.length ? links[links.length - 1] : {};
      need(prev === fairness.chain_head, `the chain ends at ${prev} but the campaign's head is ${fairness.chain_head}: links are missing or changed at the end`, last.seq ?? null, last.roll_id ?? null);
    }
    for (const seed of seeds.values()) if (!checked.has(seed.number)) await checkSeed(seed);
    report.ok = true;
  } catch (error) {
    const failure = error instanceof Failure ? error : new Failure(null, current, String(error && error.message));
    report.failure = { seq: failure.seq, rollId: failure.rollId, reason: failure.reason };
    if (failure.rollId) report.rolls.set(failure.rollId, "failed");
  }
  return report;
}

// What a failure is about, for the page to say it in its language (the reason itself is
// the verifier's technical text, shown beside it as data).
const KINDS = [
  [/prev_hash|does not follow|missing, reordered/, "verify.kind.order"],
  [/salt|downgraded|salting seed/, "verify.kind.salt"],
  [/does not hash|match its latest link|another roll|another link seq|another campaign/, "verify.kind.content"],
  [/chain ends/, "verify.kind.head"],
  [/SHA-256 of the revealed|commitment|starts at nonce|end nonce|seed \d+ is|seeds/, "verify.kind.seed"],
  [/draw|nonce|faces|dice|die|reroll|proof/, "verify.kind.dice"],
];

/** The catalogue key of what a failure reason is about. */
export function failureKind(reason) {
  for (const [pattern, key] of KINDS) if (pattern.test(reason || "")) return key;
  return "verify.kind.other";
}
