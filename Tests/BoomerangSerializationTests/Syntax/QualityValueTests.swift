import BoomerangSerialization
import Testing

/// `qvalue`, read once for `Accept` and `Accept-Encoding`.
@Suite struct QualityValueTests {
    @Test(arguments: [
        ("0", 0), ("1", 1000), ("0.5", 500), ("0.25", 250), ("0.125", 125), ("0.", 0), ("1.", 1000),
        ("1.000", 1000), ("0.001", 1),
    ])
    func readsWeights(text: String, thousandths: Int) {
        #expect(QualityValue.thousandths(text.utf8) == thousandths)
        #expect(QualityValue.thousandths(Array(text.utf8)[...]) == thousandths)
    }

    @Test(arguments: ["", "2", "1.5", "1.001", "0.1234", ".5", "-0", "0,5", "abc", "01", "1.0000"])
    func refusesWeightsOutsideTheGrammar(text: String) {
        #expect(QualityValue.thousandths(text.utf8) == nil)
    }
}
