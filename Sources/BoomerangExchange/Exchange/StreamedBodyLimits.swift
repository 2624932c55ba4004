/// What a streamed response body may still send: the bytes its head announced (a length, when it
/// announced one) and the bytes before a fault cuts it. Each protocol trims every piece with it.
public struct StreamedBodyLimits: Sendable, Hashable {
    /// What follows a piece once it is sent.
    public enum Next: Sendable, Hashable {
        /// More pieces may come.
        case more
        /// The announced length is reached: the body is complete.
        case complete
        /// The stream gave more than it announced; the piece was trimmed, and the response must
        /// end broken rather than send what its head did not promise.
        case overran
        /// The fault's cut is reached: the response ends broken here.
        case cut
    }

    /// Bytes still owed under the announced length, nil when none was announced.
    public private(set) var remaining: Int?
    /// Body bytes still to send before a fault cuts the response, nil for no cut.
    public private(set) var cutAfter: Int?

    public init(remaining: Int?, cutAfter: Int?) {
        self.remaining = remaining
        self.cutAfter = cutAfter
    }

    /// Whether the announced length has been sent.
    public var isComplete: Bool { remaining == 0 }

    /// Trims `piece` to what may still be sent, counts it as sent, and says what comes after it.
    public mutating func take(_ piece: inout [UInt8]) -> Next {
        var overran = false
        if let remaining, piece.count > remaining {
            piece.removeLast(piece.count - remaining)
            overran = true
        }
        var next = Next.more
        if let cut = cutAfter, piece.count >= cut {
            piece.removeLast(piece.count - cut)
            next = .cut
        }
        cutAfter = cutAfter.map { $0 - piece.count }
        remaining = remaining.map { $0 - piece.count }
        if next == .cut { return .cut }
        if overran { return .overran }
        return remaining == 0 ? .complete : .more
    }
}
