/// One named measurement: `swift run -c release BoomerangBenchmarks <name>`.
struct Benchmark: Sendable {
    /// The subcommand name.
    var name: String
    /// One line for `list`.
    var summary: String
    /// Runs the measurement and prints its figures.
    var run: @Sendable () throws -> Void
}
