/// A multipart part that could not be added, or a multipart body that could not be produced.
///
/// The two errors AFNetworking reports when a file part is appended (`notAFileURL`,
/// `fileNotReachable`) carry AFNetworking's error domain, code -1000 (`NSURLErrorBadURL`) and
/// failure reason (serialization spec §1.6.5).
public struct MultipartFormDataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong. An open set: new codes may be added.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String

        /// Creates a code from its name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The code's name.
        /// A one-line summary with the code, the value and the offset.
        public var description: String { rawValue }

        /// The URL given for a file part is not a `file:` URL.
        public static let notAFileURL = Code(rawValue: "notAFileURL")
        /// The file of a file part does not exist or cannot be examined (`stat` failed).
        public static let fileNotReachable = Code(rawValue: "fileNotReachable")
        /// A file part's file could not be opened when its body was read (it vanished, or lost permission).
        public static let fileOpenFailed = Code(rawValue: "fileOpenFailed")
        /// Reading a file part's file failed (`read` returned -1; a directory gives `EISDIR`).
        public static let fileReadFailed = Code(rawValue: "fileReadFailed")
        /// A file or stream part ended before its declared length.
        public static let bodyShorterThanDeclared = Code(rawValue: "bodyShorterThanDeclared")
        /// A file or stream part had bytes beyond its declared length.
        public static let bodyLongerThanDeclared = Code(rawValue: "bodyLongerThanDeclared")
        /// A stream part's reader threw, or could not be made.
        public static let streamReadFailed = Code(rawValue: "streamReadFailed")
        /// The destination file could not be opened for writing.
        public static let destinationOpenFailed = Code(rawValue: "destinationOpenFailed")
        /// Writing to the destination file failed.
        public static let destinationWriteFailed = Code(rawValue: "destinationWriteFailed")
        /// The request handed to ``MultipartFormData/writeBodyStream(of:toFile:)`` has no stream body.
        public static let noBodyStream = Code(rawValue: "noBodyStream")
    }

    /// AFNetworking's request serialization error domain.
    public static let domain = "com.alamofire.error.serialization.request"

    /// What went wrong.
    public var code: Code
    /// The offending value: a URL or path, or the name of the part being read.
    public var value: String
    /// The offset in the multipart body where reading failed, when the error happened while reading.
    public var offset: Int64?
    /// The `errno` of the failed system call, if one failed.
    public var systemError: Int32?
    /// A description of the underlying error thrown by a stream part's reader.
    public var underlying: String?

    /// Creates an error.
    public init(
        code: Code,
        value: String,
        offset: Int64? = nil,
        systemError: Int32? = nil,
        underlying: String? = nil
    ) {
        self.code = code
        self.value = value
        self.offset = offset
        self.systemError = systemError
        self.underlying = underlying
    }

    /// AFNetworking's error domain, ``domain``.
    public var domain: String { Self.domain }

    /// AFNetworking's error code for the two errors AFNetworking itself reports (-1000,
    /// `NSURLErrorBadURL`); `nil` for the others.
    public var errorCode: Int? {
        code == .notAFileURL || code == .fileNotReachable ? -1000 : nil
    }

    /// AFNetworking's `NSLocalizedFailureReason` for its two errors; `nil` for the others.
    public var failureReason: String? {
        switch code {
        case .notAFileURL: "Expected URL to be a file URL"
        case .fileNotReachable: "File URL not reachable."
        default: nil
        }
    }

    /// A one-line summary with the code, the value and the offset.
    public var description: String {
        var text = "MultipartFormDataError(\(code): \(value.debugDescription)"
        if let offset { text += " at byte \(offset)" }
        if let systemError { text += ", errno \(systemError)" }
        if let underlying { text += ", \(underlying)" }
        return text + ")"
    }
}
