extension StringProtocol {
    /// The text without the characters of `set` at either end, without Foundation.
    public func trimmingCharacters(in set: String) -> Substring {
        var slice = self[...]
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return Substring(slice)
    }
}
