/// Trimming by a set of characters, without Foundation.
extension StringProtocol {
    func trimmingCharacters(in set: String) -> Substring {
        var slice = self[...]
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return Substring(slice)
    }
}
