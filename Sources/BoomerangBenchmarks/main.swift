#if canImport(Glibc)
import Glibc
#endif

// Usage: swift run -c release BoomerangBenchmarks <name>…   (or `list`)
// Each memory measurement reads this process's peak RSS, so run one per invocation.
// To add a measurement, append a `Benchmark` to this table (a new file per domain).
let benchmarks: [Benchmark] = MultipartBenchmarks.all + QueryBenchmarks.all + JSONBenchmarks.all + CompressionBenchmarks.all

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments == ["list"] || arguments == ["--help"] {
    print("usage: BoomerangBenchmarks <name>…\n")
    for benchmark in benchmarks {
        print(
            "  " + benchmark.name + String(repeating: " ", count: max(1, 28 - benchmark.name.count)) + benchmark.summary
        )
    }
    exit(arguments.isEmpty ? 1 : 0)
}
for name in arguments {
    guard let benchmark = benchmarks.first(where: { $0.name == name }) else {
        printError("unknown benchmark \(name); try `list`")
        exit(2)
    }
    do {
        try benchmark.run()
    } catch {
        printError("\(name) failed: \(error)")
        exit(1)
    }
}

func printError(_ message: String) {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
