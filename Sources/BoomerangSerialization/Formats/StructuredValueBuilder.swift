/// A ``StructuredSink`` that builds the ``StructuredValue`` tree.
public struct StructuredValueBuilder: StructuredSink {
    public typealias Failure = Never

    private enum Container {
        case object(StructuredObject, key: String?)
        case array([StructuredValue])
    }

    private var open: [Container] = []
    private var finished: StructuredValue?

    /// Creates an empty builder.
    public init() {}

    /// The value built; `.null` when nothing was written.
    ///
    /// - Precondition: every container opened was closed.
    public var result: StructuredValue {
        precondition(open.isEmpty, "a container is still open")
        return finished ?? .null
    }

    public mutating func beginObject() {
        open.append(.object(StructuredObject(), key: nil))
    }

    public mutating func endObject() {
        guard case .object(let object, _)? = open.popLast() else { preconditionFailure("no object is open") }
        add(.object(object))
    }

    public mutating func beginArray() {
        open.append(.array([]))
    }

    public mutating func endArray() {
        guard case .array(let elements)? = open.popLast() else { preconditionFailure("no array is open") }
        add(.array(elements))
    }

    public mutating func key(_ key: String) {
        guard case .object(let object, _)? = open.popLast() else { preconditionFailure("a key outside an object") }
        open.append(.object(object, key: key))
    }

    public mutating func key(utf8 key: UnsafeBufferPointer<UInt8>) {
        self.key(String(decoding: key, as: UTF8.self))
    }

    public mutating func string(_ text: String) {
        add(.string(text))
    }

    public mutating func value(_ value: StructuredValue) {
        add(value)
    }

    private mutating func add(_ value: StructuredValue) {
        switch open.popLast() {
        case nil:
            precondition(finished == nil, "a second value at the top level")
            finished = value
        case .object(var object, let key)?:
            guard let key else { preconditionFailure("an object member without a key") }
            object.append(value, forNewKey: key)
            open.append(.object(object, key: nil))
        case .array(var elements)?:
            elements.append(value)
            open.append(.array(elements))
        }
    }
}
