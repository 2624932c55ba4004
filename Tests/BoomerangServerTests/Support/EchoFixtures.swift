import BoomerangSamples
import Crypto
import Foundation

/// Request bodies every client test sends, and what the echo must report for them.
enum EchoFixtures {
    /// 300 KiB of seeded random bytes with CRLF runs and boundary-like runs spliced in.
    static let binaryFile: [UInt8] = {
        var generator = SplitMix64(seed: 0xB00_3E5A)
        var bytes = generator.bytes(300 * 1024)
        let traps = [Array("\r\n--".utf8), Array("\r\n--Boundary+0123456789ABCDEF".utf8), [13, 10, 13, 10], Array("--\r\n".utf8)]
        for (index, trap) in traps.enumerated() {
            bytes.replaceSubrange((index * 50_000)..<(index * 50_000 + trap.count), with: trap)
        }
        return bytes
    }()

    static func sha256(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// The query every client sends: nested brackets, a repeated key, an escaped space, a bare key.
    static let query = "a=1&b%5B%5D=2&b%5B%5D=3&c%5Bd%5D%5Be%5D=x%20y&flag"

    static let jsonBody = Array(#"{"name":"boomerang","list":[1,2.5,true,null],"nested":{"k":"v"}}"#.utf8)

    static var plistBody: [UInt8] {
        let value: [String: Any] = ["name": "boomerang", "count": 3, "items": ["a", "b"]]
        return [UInt8](try! PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0))
    }

    /// Checks the echo of `GET /get?<query>`.
    static func checkQueryEcho(_ echo: [String: Any]?) -> [String] {
        var problems: [String] = []
        let args = echo?["args"] as? [String: Any]
        if args?["a"] as? String != "1" { problems.append("args.a: \(String(describing: args?["a"]))") }
        if args?["b[]"] as? [String] != ["2", "3"] { problems.append("args.b[]: \(String(describing: args?["b[]"]))") }
        if args?["c[d][e]"] as? String != "x y" { problems.append("args.c[d][e]") }
        if args?["flag"] as? String != "" { problems.append("args.flag") }
        let params = echo?["params"] as? [String: Any]
        if params?["b"] as? [String] != ["2", "3"] { problems.append("params.b") }
        if ((params?["c"] as? [String: Any])?["d"] as? [String: Any])?["e"] as? String != "x y" { problems.append("params.c.d.e") }
        if !(params?["flag"] is NSNull) { problems.append("params.flag should be null") }
        return problems
    }

    /// Checks the echo of a multipart POST with `field=value` and `file` = ``binaryFile``.
    static func checkMultipartEcho(_ echo: [String: Any]?, fileName: String = "blob.bin") -> [String] {
        var problems: [String] = []
        let form = echo?["form"] as? [String: Any]
        if form?["field"] as? String != "value" { problems.append("form.field: \(String(describing: form))") }
        let files = echo?["files"] as? [String: Any]
        let expected = "data:application/octet-stream;base64," + Data(binaryFile).base64EncodedString()
        if files?["file"] as? String != expected { problems.append("files.file differs") }
        let parts = (echo?["multipart"] as? [String: Any])?["parts"] as? [[String: Any]] ?? []
        guard let part = parts.first(where: { $0["name"] as? String == "file" }) else {
            return problems + ["no multipart part named file"]
        }
        if part["filename"] as? String != fileName { problems.append("filename: \(String(describing: part["filename"]))") }
        if (part["size"] as? NSNumber)?.intValue != binaryFile.count { problems.append("size: \(String(describing: part["size"]))") }
        if part["sha256"] as? String != sha256(binaryFile) { problems.append("sha256 differs") }
        return problems
    }
}
