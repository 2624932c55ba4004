// The JDK's own HTTP client (java.net.http, JDK 11+) against Boomerang, for the tests in
// JavaClientTests.swift. Run as a single source file: java JavaClient.java MODE ARGUMENTS...
//
// Trust and client certificates come from the standard system properties, as an app's would:
// -Djavax.net.ssl.trustStore=… -Djavax.net.ssl.trustStorePassword=… (and keyStore for mutual TLS).
//
// Modes (each prints one JSON object):
//   get URL [VERSION]            one request; VERSION is HTTP_2 (the default) or HTTP_1_1
//   post URL BYTES [VERSION]     an upload of BYTES bytes ("a" repeated), streamed from a publisher
//   shared URL COUNT             one request, then COUNT at once on the same client
//   catalogue NAME=URL...        one GET per URL, each on its own client: accept or refuse
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

public class JavaClient {
    public static void main(String[] args) throws Exception {
        String mode = args[0];
        switch (mode) {
            case "get" -> System.out.println(get(args[1], version(args, 2)));
            case "post" -> System.out.println(post(args[1], Integer.parseInt(args[2]), version(args, 3)));
            case "shared" -> System.out.println(shared(args[1], Integer.parseInt(args[2])));
            case "catalogue" -> System.out.println(catalogue(args));
            default -> throw new IllegalArgumentException("unknown mode " + mode);
        }
    }

    static HttpClient.Version version(String[] args, int index) {
        return args.length > index ? HttpClient.Version.valueOf(args[index]) : HttpClient.Version.HTTP_2;
    }

    static HttpClient client(HttpClient.Version version) {
        return HttpClient.newBuilder().version(version).connectTimeout(Duration.ofSeconds(5)).build();
    }

    static HttpRequest.Builder request(String url) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(8));
    }

    static String get(String url, HttpClient.Version version) {
        try {
            return describe(client(version).send(request(url).build(), HttpResponse.BodyHandlers.ofString()));
        } catch (Exception error) {
            return failure(error);
        }
    }

    static String post(String url, int bytes, HttpClient.Version version) {
        byte[] body = "a".repeat(bytes).getBytes();
        HttpRequest upload = request(url).header("Content-Type", "application/octet-stream")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
        try {
            return describe(client(version).send(upload, HttpResponse.BodyHandlers.ofString()));
        } catch (Exception error) {
            return failure(error);
        }
    }

    /// The first request opens the connection; the next ones, sent together, may share it.
    static String shared(String url, int count) throws Exception {
        HttpClient client = client(HttpClient.Version.HTTP_2);
        List<String> answers = new ArrayList<>();
        answers.add(describe(client.send(request(url + "?n=0").build(), HttpResponse.BodyHandlers.ofString())));
        List<CompletableFuture<HttpResponse<String>>> pending = new ArrayList<>();
        for (int index = 1; index <= count; index++) {
            pending.add(client.sendAsync(request(url + "?n=" + index).build(), HttpResponse.BodyHandlers.ofString()));
        }
        for (CompletableFuture<HttpResponse<String>> each : pending) answers.add(describe(each.join()));
        return "{\"answers\":[" + String.join(",", answers) + "]}";
    }

    /// One after another: the JDK 17 client sometimes leaves a request unanswered until its
    /// timeout when many of its handshakes fail at once.
    static String catalogue(String[] args) {
        Map<String, String> answers = new TreeMap<>();
        for (int index = 1; index < args.length; index++) {
            String[] pair = args[index].split("=", 2);
            answers.put(pair[0], get(pair[1], HttpClient.Version.HTTP_2));
        }
        List<String> entries = new ArrayList<>();
        answers.forEach((name, answer) -> entries.add(quote(name) + ":" + answer));
        return "{" + String.join(",", entries) + "}";
    }

    static String describe(HttpResponse<String> response) {
        return "{\"outcome\":\"accept\",\"status\":" + response.statusCode()
            + ",\"version\":" + quote(response.version().name())
            + ",\"body\":" + quote(response.body()) + "}";
    }

    static String failure(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        StringBuilder chain = new StringBuilder();
        for (Throwable each = cause; each != null; each = each.getCause()) {
            if (chain.length() > 0) chain.append(" <- ");
            chain.append(each.getClass().getName()).append(": ").append(each.getMessage());
        }
        return "{\"outcome\":\"refuse\",\"error\":" + quote(chain.toString()) + "}";
    }

    static String quote(String text) {
        if (text == null) return "null";
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) out.append(String.format("\\u%04x", (int) c)); else out.append(c);
                }
            }
        }
        return out.append('"').toString();
    }
}
