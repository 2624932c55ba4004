/// The weight of an element of `Accept`, `Accept-Encoding` and the other negotiation fields
/// ([RFC 9110 §12.4.2](https://www.rfc-editor.org/rfc/rfc9110#section-12.4.2)), in thousandths:
/// the one reader of `qvalue`.
///
/// ```
/// qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )
/// ```
public enum QualityValue {
    /// The weight `text` gives, from 0 (`q=0`, not acceptable) to 1000 (`q=1`), or `nil` when it
    /// is outside the grammar (`1.5`, `0.1234`, `abc`, empty).
    ///
    /// ```swift
    /// QualityValue.thousandths("0.5".utf8)   // 500
    /// ```
    public static func thousandths(_ text: some Collection<UInt8>) -> Int? {
        var bytes = text.makeIterator()
        guard let first = bytes.next(), first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        var thousandths = first == UInt8(ascii: "1") ? 1000 : 0
        guard let dot = bytes.next() else { return thousandths }
        guard dot == UInt8(ascii: "."), text.count <= 5 else { return nil }
        var scale = 100
        while let byte = bytes.next() {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            if first == UInt8(ascii: "1") && byte != UInt8(ascii: "0") { return nil }
            thousandths += Int(byte - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return thousandths
    }
}
