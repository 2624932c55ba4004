// The request builder: sends a request to this server from the page and shows the echo.
import { clear, el } from "./dom.js";

function pairRow(container, { name = "", value = "", file = false } = {}) {
  const row = el("div", { class: "pair" },
    el("input", { type: "text", placeholder: "name", value: name, "aria-label": "name" }),
    file ? el("input", { type: "file", "aria-label": "file" })
      : el("input", { type: "text", placeholder: "value", value, "aria-label": "value" }),
    el("button", { type: "button", class: "remove", "aria-label": "remove", onclick: () => row.remove() }, "×"));
  if (file) row.dataset.file = "1";
  container.append(row);
  return row;
}

function pairs(container) {
  return Array.from(container.querySelectorAll(".pair")).map((row) => {
    const [name, value] = row.querySelectorAll("input");
    return { name: name.value, value: row.dataset.file ? value.files[0] : value.value, file: !!row.dataset.file };
  }).filter((pair) => pair.name !== "");
}

function escapeXML(text) {
  return String(text).replace(/[<>&]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;" })[c]);
}

// An XML property list of a JSON value, as AFPropertyListRequestSerializer would send it.
export function propertyList(value) {
  const lines = [];
  const write = (item, indent) => {
    const pad = "\t".repeat(indent);
    if (Array.isArray(item)) {
      lines.push(`${pad}<array>`);
      item.forEach((element) => write(element, indent + 1));
      lines.push(`${pad}</array>`);
    } else if (item !== null && typeof item === "object") {
      lines.push(`${pad}<dict>`);
      for (const key of Object.keys(item).sort()) {
        if (item[key] === null) continue;
        lines.push(`${pad}\t<key>${escapeXML(key)}</key>`);
        write(item[key], indent + 1);
      }
      lines.push(`${pad}</dict>`);
    } else if (typeof item === "boolean") {
      lines.push(`${pad}<${item}/>`);
    } else if (typeof item === "number") {
      lines.push(Number.isInteger(item) ? `${pad}<integer>${item}</integer>` : `${pad}<real>${item}</real>`);
    } else {
      lines.push(`${pad}<string>${escapeXML(item)}</string>`);
    }
  };
  write(value, 0);
  return ['<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">', ...lines, "</plist>", ""].join("\n");
}

export function setUpBuilder() {
  const form = document.getElementById("builder");
  const query = document.getElementById("b-query");
  const headers = document.getElementById("b-headers");
  const fields = document.getElementById("b-fields");
  const json = document.getElementById("b-json");
  const outcome = document.getElementById("b-outcome");
  const echo = document.getElementById("b-echo");
  const kind = () => form.querySelector("input[name=b-kind]:checked").value;

  const showFieldsFor = () => {
    const current = kind();
    json.hidden = !(current === "json" || current === "plist");
    fields.hidden = !(current === "form" || current === "multipart");
    document.getElementById("b-add-field").hidden = fields.hidden;
    document.getElementById("b-add-file").hidden = current !== "multipart";
  };
  form.querySelectorAll("input[name=b-kind]").forEach((radio) => radio.addEventListener("change", showFieldsFor));
  form.querySelectorAll("button[data-add]").forEach((button) => button.addEventListener("click", () => pairRow(document.getElementById(button.dataset.add))));
  document.getElementById("b-add-field").addEventListener("click", () => pairRow(fields));
  document.getElementById("b-add-file").addEventListener("click", () => pairRow(fields, { file: true }));
  pairRow(fields, { name: "name", value: "Ada" });
  showFieldsFor();

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const method = document.getElementById("b-method").value;
    const url = new URL(document.getElementById("b-url").value, location.origin);
    for (const pair of pairs(query)) url.searchParams.append(pair.name, pair.value);
    const init = { method, headers: new Headers() };
    for (const pair of pairs(headers)) init.headers.append(pair.name, pair.value);
    const bodyKind = kind();
    try {
      if (method !== "GET" && method !== "HEAD") {
        if (bodyKind === "json") {
          init.body = JSON.stringify(JSON.parse(json.value));
          init.headers.set("Content-Type", "application/json");
        } else if (bodyKind === "plist") {
          init.body = propertyList(JSON.parse(json.value));
          init.headers.set("Content-Type", "application/x-plist");
        } else if (bodyKind === "form") {
          init.body = new URLSearchParams(pairs(fields).map((pair) => [pair.name, pair.value]));
        } else if (bodyKind === "multipart") {
          const data = new FormData();
          for (const pair of pairs(fields)) {
            if (pair.file && pair.value) data.append(pair.name, pair.value, pair.value.name);
            else if (!pair.file) data.append(pair.name, pair.value);
          }
          init.body = data;
        }
      }
    } catch (error) {
      outcome.textContent = `The JSON body is not valid JSON: ${error.message}`;
      return;
    }
    if (!init.headers.has("Accept")) init.headers.set("Accept", "application/json");
    outcome.textContent = "sending…";
    clear(echo);
    const started = performance.now();
    try {
      const response = await fetch(url.pathname + url.search, init);
      const text = await response.text();
      const elapsed = (performance.now() - started).toFixed(1);
      outcome.textContent = `${response.status} ${response.statusText} · ${response.headers.get("Content-Type") ?? "no Content-Type"} · ${text.length} characters · ${elapsed} ms`;
      let shown = text;
      try {
        shown = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // Not JSON: shown as it came.
      }
      echo.textContent = shown;
    } catch (error) {
      outcome.textContent = `The request failed: ${error.message}`;
    }
  });
}
