import BoomerangSerialization
import BoomerangSettings
import Logging
import Testing

@testable import BoomerangHistory
@testable import BoomerangMocks
@testable import BoomerangOperations
@testable import BoomerangServer

/// The OpenAPI route's catalog must not keep the route table alive: the table holds that route,
/// its handler holds the catalog, and a catalog of routes kept every server's history, mappings
/// and metrics after the server was gone (found by LeakSanitizer).
@Suite struct OperationsCatalogTests {
    @Test func aServerContextThatIsDroppedFreesItsHistoryAndMappings() {
        weak var history: HistoryStore?
        weak var mappings: MappingStore?
        do {
            var settings = ServerSettings()
            settings.mappingsDirectory = nil
            let context = ServerContext(settings: settings, log: Logger(label: "test"))
            history = context.history
            mappings = context.mappings
            #expect(history != nil && mappings != nil)
        }
        #expect(history == nil, "the history outlived its server")
        #expect(mappings == nil, "the mappings outlived their server")
    }

    @Test func theCatalogDescribesTheRoutesItWasGiven() {
        let router = ServerRoutes.router(settings: ServerSettings())
        let document = OpenAPIDocument.make(routes: router.table.routes)
        let catalog = OperationsRoutes.Catalog()
        catalog.publish(router.table.routes)
        #expect(OpenAPIDocument.make(routes: [], extra: catalog.current) == document)
    }
}
