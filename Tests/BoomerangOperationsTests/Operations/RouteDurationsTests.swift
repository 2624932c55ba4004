import Testing

@testable import BoomerangOperations


/// The lock-free duration histogram renders what swift-prometheus's histogram rendered.
@Suite struct RouteDurationsTests {
    @Test func rendersCumulativeBucketsSumAndCountPerRoute() {
        let metrics = ServerMetrics(startedAt: 0)
        let echo = metrics.durations(route: "echo.get")
        #expect(metrics.durations(route: "echo.get") === echo)
        for nanoseconds: Int64 in [100_000, 250_000, 300_000, 2_000_000_000, 20_000_000_000] {
            echo.record(nanoseconds: nanoseconds)
        }
        metrics.durations(route: "a\"b").record(nanoseconds: 1)
        let text = String(decoding: metrics.render(activeConnections: 0, history: nil), as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0 == "# TYPE boomerang_request_duration_seconds histogram" }.count == 1)
        let echoLines = lines.filter { $0.contains(#"{route="echo.get""#) }
        #expect(echoLines == [
            #"boomerang_request_duration_seconds_bucket{route="echo.get",le="0.00025"} 2"#,
            #"boomerang_request_duration_seconds_bucket{route="echo.get",le="0.0005"} 3"#,
            #"boomerang_request_duration_seconds_bucket{route="echo.get",le="0.001"} 3"#,
            #"boomerang_request_duration_seconds_bucket{route="echo.get",le="0.002"} 3"#,
            #"boomerang_request_duration_seconds_bucket{route="echo.get",le="0.005"} 3"#,
            #"boomerang_request_duration_seconds_bucket{route="echo.get",le="0.01"} 3"#,
            #"boomerang_request_duration_seconds_bucket{route="echo.get",le="0.025"} 3"#,
            #"boomerang_request_duration_seconds_bucket{route="echo.get",le="0.05"} 3"#,
            #"boomerang_request_duration_seconds_bucket{route="echo.get",le="0.1"} 3"#,
            #"boomerang_request_duration_seconds_bucket{route="echo.get",le="0.25"} 3"#,
            #"boomerang_request_duration_seconds_bucket{route="echo.get",le="0.5"} 3"#,
            #"boomerang_request_duration_seconds_bucket{route="echo.get",le="1.0"} 3"#,
            #"boomerang_request_duration_seconds_bucket{route="echo.get",le="2.5"} 4"#,
            #"boomerang_request_duration_seconds_bucket{route="echo.get",le="5.0"} 4"#,
            #"boomerang_request_duration_seconds_bucket{route="echo.get",le="10.0"} 4"#,
            #"boomerang_request_duration_seconds_bucket{route="echo.get",le="+Inf"} 5"#,
            #"boomerang_request_duration_seconds_sum{route="echo.get"} 22.00065"#,
            #"boomerang_request_duration_seconds_count{route="echo.get"} 5"#,
        ])
        #expect(lines.contains(#"boomerang_request_duration_seconds_count{route="a\"b"} 1"#))
    }
}
