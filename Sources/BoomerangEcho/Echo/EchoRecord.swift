import BoomerangExchange
import BoomerangSerialization

/// The echo's own values for one request, kept by reference.
package struct EchoRecord: ResponseAnnotation {
    package var document: StructuredValue
    package var parts: [MultipartCollector.Part]
    package var bodySHA256: String?
    package var bodyKind: BodyCollector.Kind
}
