// The admin API (docs/admin-api.md), with the page's `?token=` passed on when the server wants one.
const token = new URLSearchParams(location.search).get("token");

export function adminURL(path, parameters = {}) {
  const url = new URL(path, location.origin);
  for (const [name, value] of Object.entries(parameters)) {
    if (value !== undefined && value !== null && value !== "") url.searchParams.set(name, value);
  }
  if (token) url.searchParams.set("token", token);
  return url.pathname + url.search;
}

async function json(response) {
  const text = await response.text();
  let body = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    throw new Error(`${response.status}: ${text.slice(0, 200)}`);
  }
  if (!response.ok) {
    const error = body && body.error;
    throw new Error(error ? `${error.status} ${error.code}: ${error.message}` : `${response.status}`);
  }
  return body;
}

export async function listRequests(filters) {
  return json(await fetch(adminURL("/__admin/requests", filters), { headers: { Accept: "application/json" } }));
}

export async function getRequest(id) {
  return json(await fetch(adminURL(`/__admin/requests/${id}`), { headers: { Accept: "application/json" } }));
}

export async function listSessions() {
  return json(await fetch(adminURL("/__admin/sessions"), { headers: { Accept: "application/json" } }));
}

export async function clearRequests(session) {
  return json(await fetch(adminURL("/__admin/requests", { session }), { method: "DELETE" }));
}

export async function mappings() {
  return json(await fetch(adminURL("/__admin/mappings"), { headers: { Accept: "application/json" } }));
}

export async function tls() {
  return json(await fetch(adminURL("/__admin/tls"), { headers: { Accept: "application/json" } }));
}

// The page's own fetch of the catalogue: X-Boomerang-Page keeps it out of the history (only on /scenarios).
export async function scenarios() {
  return json(await fetch("/scenarios", { headers: { Accept: "application/json", "X-Boomerang-Page": "scenarios" } }));
}

// The live feed, resuming after `lastEventId` (the list's newestId) when given: nothing recorded
// between reading the list and the feed's start is missed.
export function eventsURL({ session, lastEventId } = {}) {
  return adminURL("/__admin/events", { session, lastEventId });
}
