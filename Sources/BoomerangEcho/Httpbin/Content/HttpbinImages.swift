import BoomerangScenarios

/// The images of `/image` and `/image/{kind}`: the catalogue's PNG and WebP, a complete 1×1
/// baseline JPEG (the catalogue's JPEG is a header only), and a small SVG.
package enum HttpbinImages {
    /// A kind of image and its bytes.
    package struct Image {
        package let mediaType: String
        package let bytes: [UInt8]
    }

    package static let png = Image(mediaType: "image/png", bytes: ScenarioImages.png)
    package static let webp = Image(mediaType: "image/webp", bytes: ScenarioImages.webp)
    package static let jpeg = Image(mediaType: "image/jpeg", bytes: jpegBytes)
    package static let svg = Image(mediaType: "image/svg+xml", bytes: Array(svgText.utf8))

    /// The image `/image/{kind}` names: `png`, `jpeg`, `webp` or `svg`.
    package static func named(_ kind: String) -> Image? {
        switch kind {
        case "png": png
        case "jpeg": jpeg
        case "webp": webp
        case "svg": svg
        default: nil
        }
    }

    /// The image `/image` picks for an `Accept` value, tested in httpbin's order (WebP, SVG, JPEG,
    /// then PNG for `image/png` or `image/*`); no `Accept` gives PNG; nil when nothing fits.
    package static func negotiated(accept: String?) -> Image? {
        guard let accept = accept?.lowercased() else { return png }
        if accept.contains("image/webp") { return webp }
        if accept.contains("image/svg+xml") { return svg }
        if accept.contains("image/jpeg") { return jpeg }
        if accept.contains("image/png") || accept.contains("image/*") { return png }
        return nil
    }

    /// 1×1 grey baseline JPEG: quantisation table of ones, one-code Huffman tables (DC category 0,
    /// AC end-of-block), and a scan of those two codes.
    private static let jpegBytes: [UInt8] = {
        var file: [UInt8] = [0xFF, 0xD8]
        file += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        file += [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00]
        for tableClass: UInt8 in [0x00, 0x10] {
            file += [0xFF, 0xC4, 0x00, 0x14, tableClass, 0x01] + [UInt8](repeating: 0, count: 15) + [0x00]
        }
        file += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
        file += [0x3F]
        file += [0xFF, 0xD9]
        return file
    }()

    private static let svgText = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="120" height="60" viewBox="0 0 120 60">
          <rect width="120" height="60" rx="8" fill="#1d3557"/>
          <path d="M20 40 Q60 0 100 40" stroke="#f1faee" stroke-width="6" fill="none" stroke-linecap="round"/>
          <text x="60" y="54" font-family="sans-serif" font-size="10" text-anchor="middle" fill="#f1faee">boomerang</text>
        </svg>

        """
}
