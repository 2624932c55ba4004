/// An object of a ``StructuredValue``: string keys in insertion order, each key at most once.
///
/// Small objects (the usual echo document) are searched linearly; past
/// ``StructuredObject/indexThreshold`` entries a hash index is kept so that look-ups and
/// ``updateValue(_:forKey:)`` stay constant-time and a parser that builds an object stays linear.
/// Equality and hashing consider the entries in order.
public struct StructuredObject: Sendable {
    /// One key and its value.
    public struct Entry: Sendable, Hashable {
        /// The key.
        public var key: String
        /// The value.
        public var value: StructuredValue

        /// Creates an entry.
        public init(key: String, value: StructuredValue) {
            self.key = key
            self.value = value
        }
    }

    /// The number of entries past which a hash index is maintained.
    public static let indexThreshold = 32

    /// The entries in insertion order.
    public private(set) var entries: [Entry]
    private var index: [String: Int]?

    /// Creates an empty object.
    public init() {
        entries = []
    }

    /// Creates an empty object with room for `minimumCapacity` entries.
    public init(minimumCapacity: Int) {
        entries = []
        entries.reserveCapacity(minimumCapacity)
    }

    /// Creates an object from ordered pairs.
    ///
    /// - Precondition: no key appears twice.
    public init(_ pairs: some Sequence<(String, StructuredValue)>) {
        self.init()
        for (key, value) in pairs {
            append(value, forKey: key)
        }
    }

    /// The number of entries.
    public var count: Int { entries.count }

    /// Whether there are no entries.
    public var isEmpty: Bool { entries.isEmpty }

    /// The keys in order.
    public var keys: [String] { entries.map(\.key) }

    /// The position of `key`, or `nil` when absent.
    public func position(of key: String) -> Int? {
        if let index {
            return index[key]
        }
        return entries.firstIndex { $0.key == key }
    }

    /// Whether `key` is present.
    public func contains(_ key: String) -> Bool {
        position(of: key) != nil
    }

    /// Appends an entry at the end.
    ///
    /// - Precondition: `key` is not already present (use ``updateValue(_:forKey:)`` when it may be).
    public mutating func append(_ value: StructuredValue, forKey key: String) {
        precondition(position(of: key) == nil, "duplicate key in StructuredObject: \(key)")
        appendUnchecked(value, forKey: key)
    }

    /// Replaces the value of `key` in place, or appends the entry when the key is absent.
    ///
    /// - Returns: the previous value, or `nil` when the entry was appended.
    @discardableResult
    public mutating func updateValue(_ value: StructuredValue, forKey key: String) -> StructuredValue? {
        if let position = position(of: key) {
            let old = entries[position].value
            entries[position].value = value
            return old
        }
        appendUnchecked(value, forKey: key)
        return nil
    }

    /// Replaces the value at `position`, keeping its key.
    public mutating func replaceValue(at position: Int, with value: StructuredValue) {
        entries[position].value = value
    }

    /// Removes the entry for `key`, keeping the order of the others.
    ///
    /// - Returns: the removed value, or `nil` when the key was absent.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> StructuredValue? {
        guard let position = position(of: key) else { return nil }
        let removed = entries.remove(at: position)
        index = nil
        rebuildIndexIfNeeded()
        return removed.value
    }

    /// The value for `key`. Setting `nil` removes the entry; setting a value replaces it in place or
    /// appends it.
    public subscript(key: String) -> StructuredValue? {
        get {
            position(of: key).map { entries[$0].value }
        }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Appends without looking for the key; the caller knows it is absent.
    /// Appends an entry whose key the caller knows to be new (checked in debug builds only): for
    /// documents built from fixed keys on hot paths, where the duplicate search would cost a scan.
    public mutating func append(_ value: StructuredValue, forNewKey key: String) {
        assert(position(of: key) == nil, "duplicate key in StructuredObject: \(key)")
        appendUnchecked(value, forKey: key)
    }

    mutating func appendUnchecked(_ value: StructuredValue, forKey key: String) {
        entries.append(Entry(key: key, value: value))
        if index != nil {
            index?[key] = entries.count - 1
        } else {
            rebuildIndexIfNeeded()
        }
    }

    private mutating func rebuildIndexIfNeeded() {
        guard entries.count > Self.indexThreshold else { return }
        var built = [String: Int](minimumCapacity: entries.count * 2)
        for (position, entry) in entries.enumerated() {
            built[entry.key] = position
        }
        index = built
    }
}

extension StructuredObject: Hashable {
    /// Whether both objects have the same entries in the same order.
    public static func == (lhs: StructuredObject, rhs: StructuredObject) -> Bool {
        lhs.entries == rhs.entries
    }

    /// Hashes the entries in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(entries)
    }
}

extension StructuredObject: RandomAccessCollection {
    /// The position of the first entry.
    public var startIndex: Int { 0 }

    /// The position past the last entry.
    public var endIndex: Int { entries.count }

    /// The entry at `position`.
    public subscript(position: Int) -> Entry {
        entries[position]
    }
}

extension StructuredObject: ExpressibleByDictionaryLiteral {
    /// Creates an object with the keys in the order written.
    ///
    /// - Precondition: no key appears twice.
    public init(dictionaryLiteral elements: (String, StructuredValue)...) {
        self.init(minimumCapacity: elements.count)
        for (key, value) in elements {
            append(value, forKey: key)
        }
    }
}
