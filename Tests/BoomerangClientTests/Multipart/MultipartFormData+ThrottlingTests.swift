import BoomerangClient
import BoomerangSerialization
import Testing

/// The thread-sleeping throttle the client hands to the core's form.
@Suite struct MultipartFormDataThrottlingTests {
    @Test func theThreadSleepBlocksForTheDelay() {
        let clock = ContinuousClock()
        let elapsed = clock.measure { MultipartFormData.threadSleep(0.05) }
        #expect(elapsed >= .milliseconds(50))
        let none = clock.measure { MultipartFormData.threadSleep(0) }
        #expect(none < .milliseconds(50))
    }

    /// One part of 111 bytes read in packets of 40: three packets, each followed by a real sleep.
    @Test func throttlingSleepsAfterEachPacket() throws {
        var form = MultipartFormData(boundary: "Boundary+0123456789ABCDEF")
        form.appendPart(formData: Array("bar".utf8), name: "foo")
        form.throttleBandwidth(packetSize: 40, delay: 0.02)
        #expect(form.packetSize == 40)
        #expect(form.delay == 0.02)
        #expect(form.pause != nil)
        var reader = form.makeReader()
        var sizes: [Int] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let elapsed = try ContinuousClock().measure {
            while true {
                let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
                if count == 0 { break }
                sizes.append(count)
            }
        }
        #expect(sizes == [40, 40, 31])
        #expect(elapsed >= .milliseconds(60))
    }
}
