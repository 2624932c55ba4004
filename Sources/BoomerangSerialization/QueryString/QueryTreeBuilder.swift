/// Builds the nested tree of ``QueryStringDecoder/decode(_:)-(Bytes)`` one pair at a time.
///
/// The rules are documented on ``QueryStringDecoder``. Nodes are reference objects so that a pair
/// is inserted by walking down without copying; the walk is a loop, and the final conversion
/// recurses at most as deep as the depth limit allows.
final class QueryTreeBuilder {
    private enum Segment {
        case append
        case index(Int)
        case key(String)
    }

    private final class Node {
        enum Kind { case value, list, map }
        var kind: Kind
        var value: QueryValue = .null
        var list: [(index: Int, node: Node)] = []
        var nextIndex = 0
        var map: [String: Node] = [:]

        init(kind: Kind) {
            self.kind = kind
        }

        init(value: QueryValue) {
            kind = .value
            self.value = value
        }

        /// Turns a list into a map keyed by the indices.
        func convertToMap() {
            guard kind == .list else { return }
            for entry in list {
                map[String(entry.index)] = entry.node
            }
            list = []
            nextIndex = 0
            kind = .map
        }

        /// Adds a value where one is already present: a value becomes a list of both, a list gets
        /// the value appended, a map gets it under the next free index key (`"0"`, `"1"`, …), so
        /// the tree never grows deeper than the key's segments.
        func appendValue(_ newValue: QueryValue) {
            switch kind {
            case .value:
                let moved = Node(value: value)
                value = .null
                kind = .list
                list = [(0, moved), (1, Node(value: newValue))]
                nextIndex = 2
            case .list:
                list.append((nextIndex, Node(value: newValue)))
                nextIndex += 1
            case .map:
                while map[String(nextIndex)] != nil { nextIndex += 1 }
                map[String(nextIndex)] = Node(value: newValue)
                nextIndex += 1
            }
        }

        func entry(at index: Int) -> Node? {
            list.first { $0.index == index }?.node
        }

        func insert(_ node: Node, at index: Int) {
            list.append((index, node))
            nextIndex = max(nextIndex, index + 1)
        }

        func toValue() -> QueryValue {
            switch kind {
            case .value:
                return value
            case .list:
                let ordered = list.enumerated().sorted {
                    $0.element.index != $1.element.index ? $0.element.index < $1.element.index : $0.offset < $1.offset
                }
                return .array(ordered.map { $0.element.node.toValue() })
            case .map:
                return .dictionary(map.mapValues { $0.toValue() })
            }
        }
    }

    private let configuration: QueryStringDecoderConfiguration
    private let root = Node(kind: .map)

    init(configuration: QueryStringDecoderConfiguration) {
        self.configuration = configuration
    }

    func insert(key: String, value: QueryValue) {
        let segments = parse(key)
        if !place(segments, value) {
            place(key: key, value, in: root)
        }
    }

    func result() -> [String: QueryValue] {
        root.map.mapValues { $0.toValue() }
    }

    /// Walks down and stores the value; returns false, having stored nothing, on a shape conflict.
    private func place(_ segments: [Segment], _ value: QueryValue) -> Bool {
        var current = root
        for (position, segment) in segments.enumerated() {
            if position == segments.count - 1 {
                return store(value, at: segment, in: current)
            }
            let needsMap: Bool
            switch segments[position + 1] {
            case .key: needsMap = true
            case .append, .index: needsMap = false
            }
            guard let child = child(of: current, at: segment, needsMap: needsMap) else { return false }
            switch (child.kind, needsMap) {
            case (.map, true), (.list, false): break
            case (.list, true): child.convertToMap()
            case (.map, false):
                if case .append = segments[position + 1] { return false }
            case (.value, _): return false
            }
            current = child
        }
        return false
    }

    private func child(of node: Node, at segment: Segment, needsMap: Bool) -> Node? {
        let fresh = Node(kind: needsMap ? .map : .list)
        switch (node.kind, segment) {
        case (.map, .key(let name)):
            if let existing = node.map[name] { return existing }
            node.map[name] = fresh
            return fresh
        case (.map, .index(let index)):
            return child(of: node, at: .key(String(index)), needsMap: needsMap)
        case (.map, .append):
            return nil
        case (.list, .append):
            node.insert(fresh, at: node.nextIndex)
            return fresh
        case (.list, .index(let index)):
            if let existing = node.entry(at: index) { return existing }
            node.insert(fresh, at: index)
            return fresh
        case (.list, .key):
            node.convertToMap()
            return child(of: node, at: segment, needsMap: needsMap)
        case (.value, _):
            return nil
        }
    }

    private func store(_ value: QueryValue, at segment: Segment, in node: Node) -> Bool {
        switch (node.kind, segment) {
        case (.map, .key(let name)):
            place(key: name, value, in: node)
        case (.map, .index(let index)):
            place(key: String(index), value, in: node)
        case (.map, .append), (.value, _):
            return false
        case (.list, .append):
            node.insert(Node(value: value), at: node.nextIndex)
        case (.list, .index(let index)):
            if let existing = node.entry(at: index) {
                existing.appendValue(value)
            } else {
                node.insert(Node(value: value), at: index)
            }
        case (.list, .key(let name)):
            node.convertToMap()
            place(key: name, value, in: node)
        }
        return true
    }

    private func place(key: String, _ value: QueryValue, in node: Node) {
        if let existing = node.map[key] {
            existing.appendValue(value)
        } else {
            node.map[key] = Node(value: value)
        }
    }

    /// Splits `parent[s1][s2]…` into segments, reading at most `maxDepth` bracket segments.
    private func parse(_ key: String) -> [Segment] {
        let bytes = Array(key.utf8)
        guard let open = bytes.firstIndex(of: UInt8(ascii: "[")) else { return [.key(key)] }
        var segments: [Segment] = [.key(String(decoding: bytes[..<open], as: UTF8.self))]
        var position = open
        while position < bytes.count, segments.count <= configuration.maxDepth, bytes[position] == UInt8(ascii: "["),
            let close = bytes[(position + 1)...].firstIndex(of: UInt8(ascii: "]"))
        {
            segments.append(segment(bytes[(position + 1)..<close]))
            position = close + 1
        }
        if position < bytes.count {
            segments.append(.key(String(decoding: bytes[position...], as: UTF8.self)))
        }
        return segments
    }

    private func segment(_ text: ArraySlice<UInt8>) -> Segment {
        if text.isEmpty { return .append }
        let digits = text.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        if digits, text.count <= 10, text.count == 1 || text.first != UInt8(ascii: "0"),
            let index = Int(String(decoding: text, as: UTF8.self)), index <= configuration.maxArrayIndex
        {
            return .index(index)
        }
        return .key(String(decoding: text, as: UTF8.self))
    }
}
