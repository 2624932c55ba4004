// "Copy as …" for one history entry: curl, a Swift URLRequest, and the AFNetworking call whose
// serializers would produce the same request.
const skipped = new Set(["host", "content-length", "connection", "transfer-encoding"]);

function shellQuote(text) {
  return `'${String(text).replaceAll("'", `'\\''`)}'`;
}

function swiftString(text) {
  return JSON.stringify(String(text)).replace(/\\u([0-9a-fA-F]{4})/g, "\\u{$1}");
}

function objcString(text) {
  return "@" + JSON.stringify(String(text)).replace(/\\u([0-9a-fA-F]{4})/g, "\\U0000$1");
}

function headersToSend(entry) {
  return (entry.request.headers || []).filter(([name]) => !skipped.has(name.toLowerCase()));
}

export function curl(entry) {
  const request = entry.request;
  const parts = ["curl"];
  if (request.method !== "GET") parts.push("-X", request.method);
  parts.push(shellQuote(request.url));
  for (const [name, value] of headersToSend(entry)) parts.push("-H", shellQuote(`${name}: ${value}`));
  const body = request.body || {};
  if (body.inline && body.text !== undefined) {
    parts.push("--data-binary", shellQuote(body.text));
  } else if (body.inline && body.base64 !== undefined) {
    return `printf %s ${shellQuote(body.base64)} | base64 -d | ${parts.join(" ")} --data-binary @-`;
  }
  return parts.join(" ");
}

export function swift(entry) {
  const request = entry.request;
  const lines = [
    `var request = URLRequest(url: URL(string: ${swiftString(request.url)})!)`,
    `request.httpMethod = ${swiftString(request.method)}`,
  ];
  for (const [name, value] of headersToSend(entry)) {
    lines.push(`request.addValue(${swiftString(value)}, forHTTPHeaderField: ${swiftString(name)})`);
  }
  const body = request.body || {};
  if (body.inline && body.text !== undefined) {
    lines.push(`request.httpBody = Data(${swiftString(body.text)}.utf8)`);
  } else if (body.inline && body.base64 !== undefined) {
    lines.push(`request.httpBody = Data(base64Encoded: ${swiftString(body.base64)})!`);
  } else if (body.size > 0) {
    lines.push(`// the ${body.size}-byte body was not kept; download it from /__admin/requests/${entry.id}/body`);
  }
  lines.push("let (data, response) = try await URLSession.shared.data(for: request)");
  return lines.join("\n");
}

function objcValue(value, indent = "") {
  if (value === null || value === undefined) return "[NSNull null]";
  if (Array.isArray(value)) return `@[${value.map((item) => objcValue(item, indent)).join(", ")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value).map(([key, item]) => `${objcString(key)}: ${objcValue(item, indent)}`);
    return `@{${entries.join(", ")}}`;
  }
  if (typeof value === "number") return `@${value}`;
  if (typeof value === "boolean") return value ? "@YES" : "@NO";
  return objcString(value);
}

export function afnetworking(entry) {
  const request = entry.request;
  const decoded = request.decoded || {};
  const url = new URL(request.url);
  const kind = (request.body || {}).kind;
  let serializer = "AFHTTPRequestSerializer";
  let parameters = decoded.params && Object.keys(decoded.params).length ? decoded.params : null;
  if (kind === "json") {
    serializer = "AFJSONRequestSerializer";
    parameters = decoded.json ?? parameters;
  } else if (kind === "propertyList") {
    serializer = "AFPropertyListRequestSerializer";
    parameters = decoded.plist ?? parameters;
  } else if (kind === "urlencoded" || kind === "multipart") {
    parameters = decoded.formParams ?? parameters;
  }
  const headers = headersToSend(entry).filter(([name]) => !/^(content-type|user-agent|accept-language|accept-encoding|accept)$/i.test(name));
  const headerDictionary = headers.length
    ? `@{${headers.map(([name, value]) => `${objcString(name)}: ${objcString(value)}`).join(", ")}}`
    : "nil";
  const method = request.method.toUpperCase();
  const path = url.pathname.replace(/^\//, "");
  const lines = [
    `AFHTTPSessionManager *manager = [[AFHTTPSessionManager alloc] initWithBaseURL:[NSURL URLWithString:${objcString(url.origin + "/")}]];`,
    `manager.requestSerializer = [${serializer} serializer];`,
  ];
  if (kind === "multipart") {
    const files = (decoded.multipart && decoded.multipart.parts || []).filter((part) => part.filename);
    const appends = files.map((part) => `    [formData appendPartWithFileURL:<file URL> name:${objcString(part.name)} fileName:${objcString(part.filename)} mimeType:${objcString(part.contentType || "application/octet-stream")} error:nil];`);
    if (method === "POST") {
      lines.push(
        `[manager POST:${objcString(path + url.search)} parameters:${objcValue(parameters)} headers:${headerDictionary} constructingBodyWithBlock:^(id<AFMultipartFormData> formData) {`,
        ...appends,
        "} progress:nil success:nil failure:nil];",
      );
    } else {
      // The session manager's multipart convenience is POST only; other methods build the request.
      lines.push(
        `NSMutableURLRequest *request = [manager.requestSerializer multipartFormRequestWithMethod:${objcString(method)} URLString:${objcString(request.url)} parameters:${objcValue(parameters)} constructingBodyWithBlock:^(id<AFMultipartFormData> formData) {`,
        ...appends,
        "} error:nil];",
        ...headers.map(([name, value]) => `[request setValue:${objcString(value)} forHTTPHeaderField:${objcString(name)}];`),
        "[[manager uploadTaskWithStreamedRequest:request progress:nil completionHandler:nil] resume];",
      );
    }
  } else if (["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"].includes(method)) {
    const progress = method === "GET" || method === "POST" ? " progress:nil" : "";
    lines.push(`[manager ${method}:${objcString(path + url.search)} parameters:${objcValue(method === "GET" || method === "HEAD" || method === "DELETE" ? null : parameters)} headers:${headerDictionary}${progress} success:nil failure:nil];`);
    if (method === "GET" && parameters) {
      lines.push(`// or, letting AFNetworking build the query: [manager GET:${objcString(path)} parameters:${objcValue(parameters)} headers:${headerDictionary} progress:nil success:nil failure:nil];`);
    }
  } else {
    lines.push(`NSMutableURLRequest *request = [manager.requestSerializer requestWithMethod:${objcString(method)} URLString:${objcString(request.url)} parameters:${objcValue(parameters)} error:nil];`);
  }
  return lines.join("\n");
}
