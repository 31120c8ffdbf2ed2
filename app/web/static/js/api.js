// The API client: every call goes through api(), which prefixes /api/v1, sends the login
// token and the UI language, and turns problem+json answers into a thrown ApiError.
//
// The login token is kept in localStorage (key "fairtable.token"): a reload, a second tab
// and an invite link opened from a chat keep the session, as players expect of a table.
// The price is that a script running in the page could read it; the page's
// Content-Security-Policy forbids inline and foreign scripts, and every piece of data is
// rendered with textContent, so no such script can get in. Log out revokes the token on
// the server (POST /auth/logout) and removes it here.

import { language } from "./i18n.js";

const PREFIX = "/api/v1";
const TOKEN_KEY = "fairtable.token";
const USER_KEY = "fairtable.user";

export class ApiError extends Error {
  constructor({ status, title, detail, errors, type, headers, body }) {
    super(detail || title || `HTTP ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.title = title;
    this.detail = detail;
    this.errors = errors || null;
    this.type = type;
    this.headers = headers;
    this.body = body;
  }
}

export function token() {
  return localStorage.getItem(TOKEN_KEY);
}

function storeSession(accessToken, user) {
  localStorage.setItem(TOKEN_KEY, accessToken);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

function clearSession() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}

/** The logged-in user as stored at login ({id, username, display_name}), or null. */
export function currentUser() {
  if (!token()) return null;
  try {
    return JSON.parse(localStorage.getItem(USER_KEY) || "null");
  } catch {
    return null;
  }
}

/**
 * api(path, {method, body, headers, idempotent}) → the parsed JSON answer (null for 204).
 * `idempotent`: send an Idempotency-Key (crypto.randomUUID()), as every dice-rolling POST
 * should, so a retry never rolls twice. Answers with `raw: true` return the Response.
 */
export async function api(
  path,
  { method = "GET", body, headers = {}, idempotent = false, raw = false, anonymous = false } = {}
) {
  const sent = { Accept: "application/json", "Accept-Language": language(), ...headers };
  const stored = token();
  if (stored && !anonymous && !("Authorization" in sent)) sent.Authorization = `Bearer ${stored}`;
  if (body !== undefined) sent["Content-Type"] = "application/json";
  if (idempotent && !("Idempotency-Key" in sent)) sent["Idempotency-Key"] = crypto.randomUUID();
  const response = await fetch(PREFIX + path, {
    method,
    headers: sent,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "omit",
  });
  if (raw && response.ok) return response;
  const text = await response.text();
  let parsed = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  if (!response.ok) {
    const problem = parsed && typeof parsed === "object" ? parsed : {};
    const sentStored = stored && sent.Authorization === `Bearer ${stored}`;
    if (response.status === 401 && sentStored && stored === token()) clearSession(); // expired or revoked
    throw new ApiError({
      status: response.status,
      title: problem.title || response.statusText,
      detail: problem.detail || "",
      errors: problem.errors,
      type: problem.type || "about:blank",
      headers: response.headers,
      body: problem,
    });
  }
  return parsed;
}

/** Log in: stores the token and the user, returns the user. */
export async function login(username, password) {
  const answer = await api("/auth/token", {
    method: "POST",
    body: { username, password },
    anonymous: true,
  });
  const me = await api("/users/me", { headers: { Authorization: `Bearer ${answer.access_token}` } });
  storeSession(answer.access_token, me);
  return me;
}

/** Register then log in. */
export async function register(username, password, displayName) {
  const body = { username, password };
  if (displayName) body.display_name = displayName;
  await api("/users", { method: "POST", body, anonymous: true });
  return login(username, password);
}

/** Revoke the token on the server (best effort) and forget it here. */
export async function logout() {
  try {
    if (token()) await api("/auth/logout", { method: "POST" });
  } catch {
    // an expired token is logged out already
  } finally {
    clearSession();
  }
}
