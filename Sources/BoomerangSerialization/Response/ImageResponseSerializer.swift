/// `AFImageResponseSerializer` for a platform without an image stack: validates, then recognises
/// the format and reads the pixel size with ``ImageHeaderReader`` (spec §2.7).
///
/// - Acceptable types are AFNetworking's list exactly (no WebP, SVG, JPEG 2000 or `image/x-ms-bmp`);
///   the reader still recognises WebP for callers that widen the list.
/// - `nil` or empty data gives no object and the validation error.
/// - Data that is not a recognised image: AFNetworking reports **no error** (iOS returns a nil
///   `UIImage`; macOS even returns an empty 0×0 `NSImage`), and so does this port by default
///   (``UndecodableImagePolicy/nilObject``: no object, only the validation error if any);
///   ``UndecodableImagePolicy/error`` reports it instead (-1016 in `NSURLErrorDomain`, on top of
///   the validation error).
public struct ImageResponseSerializer: ResponseSerializer {
    /// AFNetworking's acceptable types.
    public static let defaultAcceptableContentTypes: Set<String> = [
        "image/tiff", "image/jpeg", "image/gif", "image/png", "image/ico", "image/x-icon",
        "image/bmp", "image/x-bmp", "image/x-xbitmap", "image/x-win-bitmap",
    ]

    /// What to do with data that is not a recognised image.
    public enum UndecodableImagePolicy: Sendable, Hashable {
        /// Report ``ResponseSerializationError/Code/unrecognizedImage`` or
        /// ``ResponseSerializationError/Code/truncatedImage``.
        case error
        /// Return no object and leave the validation error alone, as AFNetworking does (the default).
        case nilObject
    }

    /// The validation settings.
    public var base: HTTPResponseSerializer
    /// What to do with undecodable data. Default ``UndecodableImagePolicy/nilObject``, AFNetworking's behaviour.
    public var undecodableImagePolicy: UndecodableImagePolicy

    /// Creates a serializer.
    public init(
        base: HTTPResponseSerializer = HTTPResponseSerializer(acceptableContentTypes: defaultAcceptableContentTypes),
        undecodableImagePolicy: UndecodableImagePolicy = .nilObject
    ) {
        self.base = base
        self.undecodableImagePolicy = undecodableImagePolicy
    }

    /// `.image(output)`.
    public func responseObject(from output: ImageInfo, data: [UInt8]?) -> ResponseObject {
        .image(output)
    }

    /// Validates, then decodes unless the content type failed (the gate of AFNetworking's subclasses).
    public func serialize(response: ResponseValue?, data: [UInt8]?, reportsErrors: Bool) -> ResponseSerialization<ImageInfo> {
        base.gated(response: response, data: data, reportsErrors: reportsErrors) { validationError in
            guard let data, !data.isEmpty else { return ResponseSerialization(object: nil, error: validationError) }
            do throws(ResponseSerializationError) {
                return ResponseSerialization(object: try ImageHeaderReader.read(data), error: validationError)
            } catch {
                guard reportsErrors else { return ResponseSerialization(object: nil, error: nil) }
                switch undecodableImagePolicy {
                case .error:
                    return ResponseSerialization(object: nil, error: .attaching(validationError, to: error))
                case .nilObject:
                    return ResponseSerialization(object: nil, error: validationError)
                }
            }
        }
    }
}
