import BoomerangSerialization
import Testing

@Suite struct HTMLTextTests {
    @Test(arguments: [
        ("", ""), ("plain é ✓", "plain é ✓"), ("<img src=x onerror='a&b'>", "&lt;img src=x onerror=&#39;a&amp;b&#39;&gt;"),
        ("\"quoted\"", "&quot;quoted&quot;"), ("&amp;", "&amp;amp;"),
    ])
    func escapesTheFiveCharacters(text: String, escaped: String) {
        #expect(HTMLText.escaping(text) == escaped)
    }
}
