/// How far an upload or a download has come: the counterpart of the `NSProgress` objects
/// AFNetworking hands to its progress blocks.
public struct TransferProgress: Sendable, Hashable {
    /// Which way the bytes travel.
    public struct Direction: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The direction's name.
        public let rawValue: String

        /// Creates a direction from its name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The direction's name.
        public var description: String { rawValue }

        /// The request body being sent.
        public static let upload = Direction(rawValue: "upload")
        /// The response body being received.
        public static let download = Direction(rawValue: "download")
    }

    /// Which way the bytes travel.
    public var direction: Direction
    /// The bytes sent or received so far.
    public var completedBytes: Int64
    /// The bytes expected in all, or `nil` when unknown (a chunked body).
    public var totalBytes: Int64?

    /// Creates a progress value.
    public init(direction: Direction, completedBytes: Int64, totalBytes: Int64?) {
        self.direction = direction
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
    }

    /// `completedBytes / totalBytes`, 1 for an empty body, or `nil` when the total is unknown.
    public var fractionCompleted: Double? {
        guard let totalBytes else { return nil }
        guard totalBytes > 0 else { return 1 }
        return Double(completedBytes) / Double(totalBytes)
    }
}

/// Receives upload and download progress; called on the session's delegate queue.
public typealias ProgressHandler = @Sendable (TransferProgress) -> Void
