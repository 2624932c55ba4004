// The detail view of one exchange: tabs over the entry the admin API returns in full.
import { adminURL } from "./api.js";
import { append, base64ToBytes, clear, el, formatBytes, hexDump } from "./dom.js";

function table(rows, headings) {
  return el("table", { class: "kv" },
    headings ? el("thead", {}, el("tr", {}, headings.map((h) => el("th", {}, h)))) : null,
    el("tbody", {}, rows.map((cells) => el("tr", {}, cells.map((cell) => el("td", {}, cell ?? ""))))));
}

function pre(text, className = "code") {
  return el("pre", { class: className }, text);
}

function pretty(value) {
  return JSON.stringify(value, null, 2);
}

function prettyXML(text) {
  // Indents by tags for reading; the text stays text (no parsing into the page).
  let depth = 0;
  return text.replace(/>\s*</g, ">\n<").split("\n").map((line) => {
    if (/^<\/[^>]+>/.test(line)) depth = Math.max(depth - 1, 0);
    const out = "  ".repeat(depth) + line;
    if (/^<[^!?/][^>]*[^/]>$/.test(line) && !/^<[^>]+>.*<\/[^>]+>$/.test(line)) depth += 1;
    return out;
  }).join("\n");
}

function bodyView(body, decoded, downloadURL) {
  if (!body || body.size === 0) return el("p", { class: "muted" }, "No body.");
  const facts = table([
    ["Size", `${formatBytes(body.size)} (${body.size} bytes)`],
    ["Kind", body.kind],
    ["Content-Type", body.contentType ?? "none"],
    ["SHA-256", body.sha256 ?? "not hashed"],
    ["Kept", body.inline ? "whole" : "preview of the first bytes"],
  ]);
  const views = [facts, el("p", {}, el("a", { href: downloadURL, download: "" }, "Download the body"))];
  if (body.kind === "json" && decoded && decoded.json !== undefined && decoded.json !== null) {
    views.push(el("h4", {}, "JSON"), pre(pretty(decoded.json)));
  } else if (body.kind === "propertyList" && decoded && decoded.plist !== undefined) {
    views.push(el("h4", {}, "Property list"), pre(pretty(decoded.plist)));
  } else if (body.kind === "urlencoded" && decoded) {
    views.push(el("h4", {}, "Form"), pre(pretty(decoded.formParams ?? decoded.form)));
  }
  if (body.kind === "xml" && body.text !== undefined) {
    const wellFormed = decoded && decoded.xml ? decoded.xml.wellFormed : undefined;
    views.push(el("h4", {}, `XML${wellFormed === false ? " (not well-formed)" : ""}`), pre(prettyXML(body.text)));
  } else if (body.contentType && body.contentType.startsWith("image/") && body.inline) {
    views.push(el("h4", {}, "Image"), el("img", { class: "preview", src: downloadURL, alt: "the request body as an image" }));
  } else if (body.text !== undefined) {
    views.push(el("h4", {}, "Text"), pre(body.text));
  } else if (body.base64 !== undefined) {
    views.push(el("h4", {}, "Hex"), pre(hexDump(base64ToBytes(body.base64))));
  }
  return views;
}

function partsView(entry) {
  const multipart = entry.request.decoded && entry.request.decoded.multipart;
  if (!multipart) return el("p", { class: "muted" }, "Not a multipart body.");
  const header = table([
    ["Boundary", multipart.boundary],
    ["Close delimiter", multipart.complete ? "arrived" : "missing"],
    ["Parts", String(multipart.parts.length)],
  ]);
  const parts = multipart.parts.map((part, index) => el("div", { class: "part" },
    el("h4", {}, `Part ${index}: ${part.name ?? "(no name)"}`),
    table([
      ["Name", part.name],
      ["Filename", part.filename ?? "none"],
      ["Content-Type", part.contentType ?? "none"],
      ["Size", `${formatBytes(part.size)} (${part.size} bytes)`],
      ["SHA-256", part.sha256],
    ]),
    el("details", {}, el("summary", {}, "Part headers"), table((part.headers || []).map(([n, v]) => [n, v]))),
    part.text !== undefined ? pre(part.text) : null,
    part.truncated ? el("p", { class: "muted" }, "Not kept inline: counted and hashed only.")
      : el("a", { href: adminURL(`/__admin/requests/${entry.id}/parts/${index}`), download: "" }, "Download"),
  ));
  return [header, ...parts];
}

// Why an exchange ended early, and how far it got.
function abortSentence(entry) {
  const abort = entry.abort;
  const why = {
    writeTimeout: "The client stopped reading, and the server closed the connection at its write timeout",
    serverStopped: "The server stopped",
  }[abort.cause] ?? "The client went away";
  if (abort.phase === "response") {
    const response = entry.response || {};
    const announced = (response.headers || []).find(([name]) => name.toLowerCase() === "content-length");
    return `${why} while the response was sent: ${response.bodyBytes ?? 0} of ${announced ? announced[1] : "?"} body bytes were sent.`;
  }
  if (abort.phase === "delay") return `${why} while the response was held back by its delay: nothing was sent.`;
  return `${why} during the body: ${abort.receivedBodyBytes} of ${abort.expectedBodyBytes ?? "?"} body bytes arrived.`;
}

function diagnosticsView(entry) {
  const diagnostics = entry.request.diagnostics || [];
  const views = [];
  if (entry.refusal) {
    views.push(el("div", { class: "refusal" },
      el("h4", {}, `Refused: ${entry.refusal.status} ${entry.refusal.code}`),
      el("p", {}, entry.refusal.message),
      entry.refusal.offset !== undefined ? el("p", {}, `at byte ${entry.refusal.offset}`) : null));
  }
  if (entry.abort) {
    views.push(el("p", { class: "refusal" }, abortSentence(entry)));
  }
  if (!diagnostics.length && !views.length) return el("p", { class: "muted" }, "Nothing to report.");
  if (diagnostics.length) {
    views.push(table(diagnostics.map((d) => [el("span", { class: `level ${d.level}` }, d.level), d.code, d.message, d.offset ?? ""]),
      ["Level", "Code", "Message", "Offset"]));
  }
  return views;
}

function responseView(entry) {
  const response = entry.response;
  if (!response && entry.refusal) {
    return el("p", {}, `The server refused the request with ${entry.refusal.status} and its error document `
      + `(code ${entry.refusal.code}); the Diagnostics tab has the message and the byte it stopped at.`);
  }
  if (!response) return el("p", { class: "muted" }, "No response was sent.");
  const views = [
    table([
      ["Status", String(response.status)],
      ["Route", response.route ?? "none"],
      ["Body", `${formatBytes(response.bodyBytes)}`],
      ["On the wire", `${formatBytes(response.bytes)}`],
    ]),
    el("h4", {}, "Headers"),
    table((response.headers || []).map(([n, v]) => [n, v]), ["Name", "Value"]),
  ];
  if (response.raw) views.push(el("h4", {}, "Head as sent"), pre(response.raw));
  const body = response.body || {};
  if (body.text !== undefined) views.push(el("h4", {}, "Body"), pre(body.text));
  else if (body.base64 !== undefined) views.push(el("h4", {}, "Body (hex)"), pre(hexDump(base64ToBytes(body.base64))));
  return views;
}

// The request as received: its head, then the body the history kept (text as text, other bytes in
// hex), saying when the body was cut or not kept.
function rawView(entry) {
  const request = entry.request;
  const body = request.body || {};
  const views = [pre(request.raw ?? "", "code raw-head")];
  const size = body.size ?? 0;
  let kept = null;
  let shown = null;
  if (body.text !== undefined) {
    kept = new TextEncoder().encode(body.text).length;
    shown = pre(body.text, "code raw-body");
  } else if (body.base64 !== undefined) {
    const bytes = base64ToBytes(body.base64);
    kept = bytes.length;
    shown = pre(hexDump(bytes), "code raw-body hex");
  }
  let note;
  if (size === 0) note = "No body.";
  else if (kept === null || kept === 0) note = `Body not kept: ${size} bytes arrived; the history keeps bodies up to max_history_body_bytes.`;
  else if (!body.inline || kept < size) note = `Body truncated: the first ${kept} of ${size} bytes are shown (the history keeps bodies whole up to max_history_body_bytes).`;
  else if (body.base64 !== undefined && kept > 4096) note = `Body: all ${size} bytes kept; not UTF-8 text, so the first 4096 are shown in hex (the raw bytes below have them all).`;
  else note = `Body: all ${size} bytes, as received${body.base64 !== undefined ? " (not UTF-8 text: shown in hex)" : ""}.`;
  views.push(el("p", { class: size && kept === size ? "raw-note" : "raw-note muted" }, note));
  if (shown) views.push(shown);
  views.push(el("a", { href: adminURL(`/__admin/requests/${entry.id}/raw`) }, "The raw bytes"));
  return views;
}

function overview(entry) {
  const request = entry.request;
  return table([
    ["Request", `${request.method} ${request.target} ${request.version}`],
    ...(request.http2 ? [["HTTP/2", `stream ${request.http2.stream} on connection ${request.http2.connection}`
      + (request.http2.edges ? `, with the settings of ${request.http2.edges}` : "")]] : []),
    ["URL", request.url],
    ["Outcome", entry.outcome],
    ["Status", entry.status ? String(entry.status) : "none sent"],
    ["Route", entry.route ?? "none"],
    ["Session", entry.session],
    ["Client", entry.client],
    ["Started", entry.startedAt],
    ["Duration", `${(entry.durationMicroseconds / 1000).toFixed(2)} ms`],
    ["Request body", formatBytes(entry.requestBodyBytes)],
    ["Response", entry.refusal ? `the error document of the refusal (${entry.refusal.status})` : formatBytes(entry.responseBytes)],
    ["Request id", entry.requestId],
    ["Diagnostics", String(entry.diagnosticCount)],
  ]);
}

function queryView(entry) {
  const decoded = entry.request.decoded || {};
  const pairs = decoded.query || [];
  if (!pairs.length) return el("p", { class: "muted" }, "No query.");
  return [
    el("h4", {}, "Pairs, in order"),
    table(pairs.map(([name, value]) => [name, value === null ? el("span", { class: "muted" }, "(no value)") : value]), ["Name", "Value"]),
    el("h4", {}, "Nested (AFNetworking's bracket rules)"),
    pre(pretty(decoded.params ?? {})),
  ];
}

// What TLS said: the facts of the connection a request came on, or why its handshake failed.
function tlsView(entry) {
  const failure = entry.handshake;
  if (failure) {
    const list = (items) => (items.length ? items.join(", ") : "none");
    return [
      el("div", { class: "refusal" },
        el("h4", {}, `Handshake failed: ${failure.cause}`),
        el("p", {}, `${failure.explanation[0].toUpperCase()}${failure.explanation.slice(1)}.`),
        failure.detail ? el("p", { class: "muted" }, failure.detail) : null),
      table([
        ["Name asked for (SNI)", failure.serverName ?? "none"],
        ["Alert from the client", failure.alertReceived ?? "none"],
        ["Alert from the server", failure.alertSent ?? "none"],
        ["Versions offered", list(failure.offeredVersions)],
        ["ALPN offered", list(failure.offeredProtocols)],
        ["JA4", failure.ja4 ?? "no ClientHello"],
        ["Scenario", failure.scenario ?? "none"],
      ]),
      el("h4", {}, `Cipher suites offered (${failure.offeredCiphers.length})`),
      pre(failure.offeredCiphers.join("\n")),
    ];
  }
  const tls = entry.request.tls;
  const certificate = tls.clientCertificate;
  return [
    table([
      ["Version", tls.version],
      ["Cipher suite", tls.cipher],
      ["ALPN", tls.alpn ?? "none"],
      ["Name asked for (SNI)", tls.serverName ?? "none"],
      ["Session resumed", tls.resumed ? "yes" : "no"],
      ["JA4", tls.ja4 ?? ""],
      ["Client certificate", certificate ? `${certificate.subject} (issuer ${certificate.issuer})` : "none"],
    ]),
  ];
}

function handshakeOverview(entry) {
  return table([
    ["Outcome", "TLS handshake failed: no request came"],
    ["Why", entry.handshake.explanation],
    ["Client", entry.client],
    ["Started", entry.startedAt],
    ["Duration", `${(entry.durationMicroseconds / 1000).toFixed(2)} ms`],
  ]);
}

export function tabsFor(entry) {
  const request = entry.request;
  if (entry.handshake) return [["Overview", () => handshakeOverview(entry)], ["TLS", () => tlsView(entry)]];
  const tabs = [
    ["Overview", () => overview(entry)],
    ["Headers", () => [
      table((request.headers || []).map(([n, v]) => [n, v]), ["Name (as sent)", "Value"]),
      request.redactedHeaders && request.redactedHeaders.length
        ? el("p", { class: "muted" }, `Redacted in the history: ${request.redactedHeaders.join(", ")}`) : null,
    ]],
    ["Query", () => queryView(entry)],
    ["Body", () => bodyView(request.body, request.decoded, adminURL(`/__admin/requests/${entry.id}/body`))],
  ];
  if (request.tls) tabs.push(["TLS", () => tlsView(entry)]);
  if (request.decoded && request.decoded.multipart) tabs.push(["Parts", () => partsView(entry)]);
  tabs.push(
    ["Raw", () => rawView(entry)],
    [`Diagnostics${entry.diagnosticCount ? ` (${entry.diagnosticCount})` : ""}`, () => diagnosticsView(entry)],
    ["Response", () => responseView(entry)],
  );
  return tabs;
}

export function renderTabs(tabBar, body, entry, selected = 0) {
  const tabs = tabsFor(entry);
  const index = Math.min(selected, tabs.length - 1);
  clear(tabBar);
  tabs.forEach(([name], position) => {
    tabBar.append(el("button", {
      type: "button", role: "tab", "aria-selected": position === index ? "true" : "false",
      class: position === index ? "active" : "", dataset: { tab: String(position) },
    }, name));
  });
  append(clear(body), [tabs[index][1]()]);
  return index;
}
