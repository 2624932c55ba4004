/// One whole part of a multipart message: its head and its body.
public struct MultipartPart: Sendable, Hashable {
    /// The part's headers.
    public var head: MultipartPartHead
    /// The part's body.
    public var body: [UInt8]

    /// Creates a part.
    public init(head: MultipartPartHead, body: [UInt8]) {
        self.head = head
        self.body = body
    }
}
