import BoomerangServer
import BoomerangSettings
import Testing

@Suite struct ServerSettingsTests {
    @Test func defaultsAreLoopbackOn8080() {
        let settings = ServerSettings()
        #expect(settings.host == "127.0.0.1")
        #expect(settings.port == 8080)
    }
}
