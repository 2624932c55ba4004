/// One thing a ``MultipartParser`` found, with the body bytes copied out.
///
/// The owned form of ``MultipartParser/Event`` for callers that keep events (tests, small
/// messages). How body bytes are cut into `.body` events depends on how the input was chunked;
/// ``MultipartParser/events(parsing:)`` merges neighbouring body events of one call.
public enum MultipartEvent: Sendable, Hashable {
    /// A part starts; its headers are complete.
    case partBegin(MultipartPartHead)
    /// Bytes of the current part's body.
    case body([UInt8])
    /// The current part's body is complete.
    case partEnd
    /// The close delimiter was read; anything after it is epilogue and ignored, except a
    /// delimiter line (``MultipartParserError/Code/partAfterCloseDelimiter``).
    case end
}
