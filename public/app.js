// The page: a live list of exchanges, the detail of one, the request builder and the scenarios.
import * as api from "./api.js";
import { setUpBuilder } from "./builder.js";
import { renderTabs } from "./detail.js";
import { clear, el, formatBytes, formatTime } from "./dom.js";
import * as snippets from "./snippets.js";

// newestId: the highest id the page has seen (the list's newestId, then the feed's), where the
// live feed resumes. arriving: for each reload waiting for its list, the feed's summaries that came
// meanwhile, which a list read before them lacks.
const state = { entries: new Map(), order: [], selected: null, entry: null, tab: 0, source: null, newestId: null, arriving: new Set() };
const listBody = document.querySelector("#requests tbody");
const statusLine = document.getElementById("status");
const maxRows = 500;

function filters() {
  return {
    q: document.getElementById("filter-text").value.trim(),
    method: document.getElementById("filter-method").value,
    status: document.getElementById("filter-status").value,
    session: document.getElementById("filter-session").value,
    path: document.getElementById("filter-path").value.trim(),
  };
}

// The live feed's summaries are matched here with the same rules the server's filters use.
function matches(summary, current) {
  if (current.method && summary.method !== current.method) return false;
  if (current.session && summary.session !== current.session) return false;
  if (current.path && !summary.path.startsWith(current.path)) return false;
  if (current.status && String(summary.status).charAt(0) !== current.status.charAt(0)) return false;
  if (current.q) {
    const text = `${summary.method} ${summary.target} ${summary.contentType ?? ""}`.toLowerCase();
    if (!text.includes(current.q.toLowerCase())) return false;
  }
  return true;
}

function statusClass(status) {
  return status ? `s${String(status).charAt(0)}xx` : "s0";
}

// Outcomes without a status, as the list's badge names them.
const outcomeLabels = { handshakeFailed: "TLS failed" };

// Outcomes that leave a response with a status unfinished: the client left, or the server stopped.
const cutOutcomes = { clientAborted: "client left", interrupted: "interrupted" };

function row(summary) {
  const tr = el("tr", {
    dataset: { id: String(summary.id) },
    class: summary.id === state.selected ? "selected" : "",
    tabindex: "0",
  },
  el("td", { class: "num" }, String(summary.id)),
  el("td", { class: "method" }, summary.method || "—"),
  el("td", { class: "path", title: summary.target }, summary.target || summary.path || "(no name)"),
  el("td", {}, el("span", { class: `badge ${statusClass(summary.status)}` }, summary.status ? String(summary.status) : outcomeLabels[summary.outcome] ?? summary.outcome),
    cutOutcomes[summary.outcome] && summary.status ? el("span", { class: "muted" }, ` ${cutOutcomes[summary.outcome]}`) : false),
  el("td", { class: "num" }, formatBytes(summary.requestBodyBytes)),
  el("td", { class: "num", title: summary.startedAt }, formatTime(summary.startedAt)),
  el("td", {}, summary.session));
  return tr;
}

function renderList() {
  clear(listBody);
  for (const id of state.order) listBody.append(row(state.entries.get(id)));
  document.getElementById("empty").hidden = state.order.length > 0;
}

function addSummary(summary, { live }) {
  if (state.entries.has(summary.id)) return;
  state.entries.set(summary.id, summary);
  state.order.unshift(summary.id);
  state.order.sort((a, b) => b - a);
  while (state.order.length > maxRows) state.entries.delete(state.order.pop());
  if (live && state.order[0] === summary.id) {
    listBody.prepend(row(summary));
    if (listBody.children.length > maxRows) listBody.lastElementChild.remove();
    document.getElementById("empty").hidden = true;
  } else {
    renderList();
  }
}

async function reload() {
  const arrived = [];
  state.arriving.add(arrived);
  try {
    const list = await api.listRequests({ ...filters(), limit: maxRows });
    state.entries.clear();
    state.order = [];
    for (const summary of list.requests) {
      state.entries.set(summary.id, summary);
      state.order.push(summary.id);
    }
    // Exchanges the feed told of while the list was on its way, newer than the list knows.
    const current = filters();
    for (const summary of arrived) {
      if (list.newestId !== null && summary.id <= list.newestId) continue;
      if (matches(summary, current)) addSummary(summary, { live: false });
    }
    const newest = Math.max(list.newestId ?? 0, ...arrived.map((summary) => summary.id));
    state.newestId = newest > 0 ? newest : list.newestId;
    renderList();
    refreshSessions();
  } catch (error) {
    statusLine.textContent = `history unavailable: ${error.message}`;
  } finally {
    state.arriving.delete(arrived);
  }
}

async function refreshSessions() {
  try {
    const { sessions } = await api.listSessions();
    const select = document.getElementById("filter-session");
    const current = select.value;
    clear(select).append(el("option", { value: "" }, "every session"));
    for (const session of sessions) select.append(el("option", { value: session.name }, `${session.name} (${session.count})`));
    select.value = sessions.some((s) => s.name === current) ? current : "";
  } catch {
    // The list still works without the session menu.
  }
}

function connect() {
  if (state.source) state.source.close();
  const source = new EventSource(api.eventsURL({ lastEventId: state.newestId }));
  state.source = source;
  let interrupted = false;
  source.addEventListener("open", () => {
    statusLine.textContent = "live";
    // After a break the server may have restarted, numbering from 1 again: the list is read anew.
    if (interrupted) reload();
    interrupted = false;
  });
  source.addEventListener("exchange", (event) => {
    const summary = JSON.parse(event.data);
    if (state.newestId === null || summary.id > state.newestId) state.newestId = summary.id;
    for (const arrived of state.arriving) arrived.push(summary);
    if (matches(summary, filters())) addSummary(summary, { live: true });
  });
  source.addEventListener("updated", (event) => {
    // An exchange whose response did not leave whole: its row changes in place.
    const summary = JSON.parse(event.data);
    if (!state.entries.has(summary.id)) return;
    state.entries.set(summary.id, summary);
    renderList();
    if (state.selected === summary.id) select(summary.id);
  });
  source.addEventListener("cleared", () => reload());
  source.addEventListener("error", () => {
    interrupted = true;
    statusLine.textContent = "disconnected; retrying";
    // EventSource reconnects by itself, sending Last-Event-ID; only a closed source needs help.
    if (source.readyState === EventSource.CLOSED) setTimeout(connect, 1000);
  });
}

async function select(id) {
  state.selected = id;
  listBody.querySelectorAll("tr").forEach((tr) => tr.classList.toggle("selected", Number(tr.dataset.id) === id));
  const detail = document.getElementById("detail");
  try {
    state.entry = await api.getRequest(id);
  } catch (error) {
    detail.hidden = false;
    document.getElementById("detail-title").textContent = error.message;
    clear(document.getElementById("tab-body"));
    return;
  }
  detail.hidden = false;
  document.getElementById("detail-title").textContent = `#${id} ${state.entry.request.method} ${state.entry.request.target}`;
  // A failed handshake has no request to copy.
  document.querySelector("#detail .copy").hidden = Boolean(state.entry.handshake);
  state.tab = renderTabs(document.getElementById("tabs"), document.getElementById("tab-body"), state.entry, state.tab);
}

async function copy(kind, button) {
  if (!state.entry) return;
  const text = kind === "curl" ? snippets.curl(state.entry) : kind === "swift" ? snippets.swift(state.entry) : snippets.afnetworking(state.entry);
  const original = button.textContent;
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = "Copied";
  } catch {
    // Without clipboard access (plain http on another host), show the text to copy by hand.
    const body = document.getElementById("tab-body");
    clear(body).append(el("pre", { class: "code" }, text));
    button.textContent = "Shown below";
  }
  setTimeout(() => { button.textContent = original; }, 1200);
}

async function showScenarios() {
  const body = document.querySelector("#scenarios tbody");
  if (body.children.length) return;
  const catalogue = await api.scenarios();
  const input = document.getElementById("scenario-filter");
  const render = () => {
    const needle = input.value.trim().toLowerCase();
    const shown = catalogue.scenarios.filter((s) => !needle || s.id.includes(needle) || s.description.toLowerCase().includes(needle));
    clear(body);
    for (const scenario of shown.slice(0, 600)) {
      const json = scenario.expectations && (scenario.expectations.json || Object.values(scenario.expectations)[0]);
      const outcome = json ? [json.object && json.object.kind ? json.object.kind : "no object",
        ...(json.errors || []).map((e) => `${e.domain} ${e.code}`)].join(" · ") : "";
      body.append(el("tr", {},
        el("td", {}, el("a", { href: scenario.url, target: "_blank", rel: "noopener" }, scenario.id), el("div", { class: "muted" }, scenario.description)),
        el("td", {}, String(scenario.status)),
        el("td", {}, scenario.contentType ?? el("span", { class: "muted" }, "none")),
        el("td", {}, `${scenario.bodyKind} (${scenario.bodyLength} B)`),
        el("td", {}, outcome)));
    }
    document.getElementById("scenario-count").textContent = `${shown.length} of ${catalogue.count}`;
  };
  input.addEventListener("input", render);
  render();
}

// The HTTPS view: the CA's downloads and pins, the client certificate, and the TLS scenarios.
async function showTLS() {
  const body = document.querySelector("#tls-scenarios tbody");
  if (body.children.length) return;
  const status = document.getElementById("tls-status");
  status.textContent = "reading the CA…";
  const tls = await api.tls();
  status.textContent = `HTTPS on port ${tls.httpsPort}; the CA's folder is ${tls.folder}.`;
  const link = (path, text) => el("a", { href: api.adminURL(path), download: "" }, text);
  const pin = (certificate) => el("code", { title: "SPKI SHA-256, base64" }, certificate.spkiSHA256);
  const root = tls.root;
  const client = tls.clientCertificate;
  clear(document.getElementById("tls-authority")).append(
    el("h3", {}, "Trust the root"),
    el("p", {}, "Download the root and add it to the client's trust store (",
      el("code", {}, "boomerang ca install-help"), " prints the commands for each system): ",
      link(root.downloads.pem, "PEM"), " · ", link(root.downloads.der, "DER"), " · ",
      link(root.downloads.mobileconfig, "configuration profile (iOS, macOS)"), "."),
    el("table", { class: "kv" },
      el("tr", {}, el("th", {}, "Root"), el("td", {}, root.subject), el("td", {}, pin(root))),
      el("tr", {}, el("th", {}, "Intermediate"), el("td", {}, tls.intermediate.subject), el("td", {}, pin(tls.intermediate))),
      el("tr", {}, el("th", {}, "Client CA"), el("td", {}, client.authority.subject), el("td", {}, pin(client.authority)))),
    el("p", {}, "A client certificate for mutual TLS, new at each download: ",
      link(client.pem, "PEM (certificate and key)"), " · ", link(client.pkcs12, "PKCS#12"),
      ` (password ${client.pkcs12Password}).`));
  for (const scenario of tls.scenarios) {
    body.append(el("tr", {},
      el("td", {}, el("strong", {}, scenario.name), el("div", { class: "muted" }, scenario.summary)),
      el("td", {}, el("a", { href: scenario.url, target: "_blank", rel: "noopener" }, scenario.host)),
      el("td", {}, scenario.portURL ? el("a", { href: scenario.portURL, target: "_blank", rel: "noopener" }, String(scenario.port)) : "—"),
      el("td", {}, el("span", { class: `badge ${scenario.outcome === "accept" ? "s2xx" : "s4xx"}` }, scenario.outcome), " ", scenario.expectation),
      el("td", {}, scenario.leaf ? [pin(scenario.leaf), " ", link(scenario.leaf.downloads.pem, "chain")] : "—")));
  }
  const unavailable = clear(document.getElementById("tls-unavailable"));
  for (const item of tls.unavailable) unavailable.append(el("li", {}, `${item.name}: ${item.reason}`));
  // The first start makes the scenarios' certificates in about a second: their pins come then.
  if (tls.pendingCertificates.length) {
    status.textContent += ` Making ${tls.pendingCertificates.length} scenario certificates…`;
    setTimeout(() => { clear(body); showTLS(); }, 1000);
  }
}

function show(view) {
  document.querySelectorAll("header nav button").forEach((b) => b.classList.toggle("active", b.dataset.view === view));
  document.querySelectorAll(".view").forEach((section) => { section.hidden = section.id !== `view-${view}`; });
  if (view === "scenarios") showScenarios().catch((error) => { document.getElementById("scenario-count").textContent = error.message; });
  if (view === "tls") showTLS().catch((error) => { document.getElementById("tls-status").textContent = error.message; });
}

document.querySelectorAll("header nav button").forEach((button) => button.addEventListener("click", () => show(button.dataset.view)));
listBody.addEventListener("click", (event) => {
  const tr = event.target.closest("tr");
  if (tr) select(Number(tr.dataset.id));
});
listBody.addEventListener("keydown", (event) => {
  const tr = event.target.closest("tr");
  if (tr && (event.key === "Enter" || event.key === " ")) {
    event.preventDefault();
    select(Number(tr.dataset.id));
  }
});
document.getElementById("tabs").addEventListener("click", (event) => {
  const button = event.target.closest("button[data-tab]");
  if (button && state.entry) state.tab = renderTabs(document.getElementById("tabs"), document.getElementById("tab-body"), state.entry, Number(button.dataset.tab));
});
document.querySelectorAll("button[data-copy]").forEach((button) => button.addEventListener("click", () => copy(button.dataset.copy, button)));
let debounce = null;
for (const id of ["filter-text", "filter-method", "filter-status", "filter-session", "filter-path"]) {
  // `change` too: a menu chosen by automation (or by some browsers) fires no `input`.
  for (const type of ["input", "change"]) {
    document.getElementById(id).addEventListener(type, () => {
      clearTimeout(debounce);
      debounce = setTimeout(reload, 150);
    });
  }
}
document.getElementById("clear-history").addEventListener("click", async () => {
  const session = filters().session;
  const what = session ? `the history of session "${session}"` : "the whole history, of every session";
  if (!window.confirm(`Delete ${what}?`)) return;
  await api.clearRequests(session || undefined);
  document.getElementById("detail").hidden = true;
  state.entry = null;
  reload();
});
document.getElementById("example-curl").textContent = `curl -F name=value ${location.origin}/post`;

// Mappings and mapping files that failed to load, one line each: each error's text names the
// file, line and mapping, and says when a last good version stays in force.
async function checkMappings() {
  const banner = document.getElementById("mapping-errors");
  try {
    const errors = (await api.mappings()).errors || [];
    banner.textContent = errors.length ? `Mappings not loaded: ${errors.map((error) => error.text).join(" · ")}` : "";
    banner.hidden = errors.length === 0;
  } catch {
    banner.hidden = true;
  }
}

setUpBuilder();
reload().then(connect);
checkMappings();
setInterval(checkMappings, 5000);
