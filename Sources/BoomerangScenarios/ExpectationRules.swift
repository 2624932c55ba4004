import BoomerangSerialization

/// The rule engine behind every expectation: AFNetworking's response serialization (spec §2.2–2.8)
/// restated over a scenario's status, MIME type and body readings. It never calls a serializer.
///
/// 1. Validation (§2.2): the content type fails when the serializer has acceptable types, the MIME
///    type (lower-cased, parameters dropped; no wildcards, no `+json`) is not among them, and it is
///    not the case that there is no MIME type and no body. Its -1016 error exists only for a
///    non-empty body. The status fails outside 200–299 (the response always has a URL here) with
///    -1011 on top of the -1016.
/// 2. The gate (§2.3): a -1016 anywhere in the chain stops with no object; otherwise decoding goes
///    on, keeping the validation errors (a 404 with JSON gives the object and -1011).
/// 3. Decoding: the HTTP serializer returns the data; JSON gives nothing for an empty or one-space
///    body, else its reading; the XML parser returns a parser unparsed, even for an empty body;
///    the XML document, property list and image serializers use their readings (an empty body is
///    an XML error 4 and a property-list error 3840, but no image and no error). A decoding error
///    goes on top of the validation errors, except the image serializer's: AFNetworking returns
///    no object and no error for data that is not an image.
/// 4. The compound (§2.8) takes the first of [JSON, XML parser, property list, image] that gives an
///    object, else the raw data with the HTTP serializer's status check.
enum ExpectationRules {
    /// The outcome for `serializer`, or `nil` when a reading the rules need is missing.
    static func outcome(
        _ serializer: ScenarioSerializer,
        status: Int,
        contentType: String?,
        body: ScenarioBody
    )
        -> ExpectedOutcome?
    {
        if serializer == .compound {
            for component in ScenarioSerializer.compoundOrder {
                guard let outcome = outcome(component, status: status, contentType: contentType, body: body) else {
                    return nil
                }
                if outcome.object != nil { return outcome }
            }
            return outcome(.http, status: status, contentType: contentType, body: body)
        }
        let validationErrors = validate(serializer, status: status, mimeType: mimeType(of: contentType), body: body.bytes)
        if serializer != .http, validationErrors.contains(.unacceptableContentType) {
            return ExpectedOutcome(object: nil, errors: validationErrors)
        }
        func decoded<Value>(
            _ reading: ScenarioBody.Reading<Value>?,
            _ object: (Value) -> ExpectedObject
        ) -> ExpectedOutcome? {
            switch reading {
            case nil: return nil
            case .value(let value): return ExpectedOutcome(object: object(value), errors: validationErrors)
            case .failure(let error): return ExpectedOutcome(object: nil, errors: [error] + validationErrors)
            }
        }
        switch serializer {
        case .http:
            return ExpectedOutcome(object: .data, errors: validationErrors)
        case .json, .jsonRemovingNulls:
            if body.bytes.isEmpty || body.isSingleSpace { return ExpectedOutcome(object: nil, errors: validationErrors) }
            let removesNulls = serializer == .jsonRemovingNulls
            return decoded(body.json) { value in
                .json(canonical(removesNulls ? body.jsonWithoutNulls ?? value : value))
            }
        case .xmlParser:
            return ExpectedOutcome(object: .xmlParser, errors: validationErrors)
        case .xmlDocument:
            return decoded(body.xml) { _ in .xmlDocument }
        case .propertyList:
            return decoded(body.propertyList) { .propertyList(canonical($0)) }
        case .image:
            if body.bytes.isEmpty { return ExpectedOutcome(object: nil, errors: validationErrors) }
            if case .failure? = body.image { return ExpectedOutcome(object: nil, errors: validationErrors) }
            return decoded(body.image) { .image(format: $0.format, width: $0.width, height: $0.height) }
        case .compound:
            return nil
        }
    }

    /// The validation errors, outermost first (possibly none for an invalid response: a wrong
    /// content type with an empty body).
    static func validate(
        _ serializer: ScenarioSerializer,
        status: Int,
        mimeType: String?,
        body: [UInt8]
    )
        -> [ExpectedError]
    {
        var errors: [ExpectedError] = []
        if let acceptable = serializer.acceptableContentTypes,
            !(mimeType.map(acceptable.contains) ?? false),
            !(mimeType == nil && body.isEmpty),
            !body.isEmpty
        {
            errors.append(.unacceptableContentType)
        }
        if !(200..<300).contains(status) {
            errors.insert(.unacceptableStatus, at: 0)
        }
        return errors
    }

    /// Foundation's MIME type: the text before the first `;`, trimmed and lower-cased.
    static func mimeType(of contentType: String?) -> String? {
        guard let contentType else { return nil }
        let essence = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return essence.trimmingSpaces().lowercased()
    }

    /// Objects compared without regard to key order, as Foundation dictionaries are.
    static func canonical(_ value: StructuredValue) -> StructuredValue {
        switch value {
        case .array(let elements):
            return .array(elements.map(canonical))
        case .object(let object):
            let entries = object.sorted { $0.key < $1.key }.map { ($0.key, canonical($0.value)) }
            return .object(StructuredObject(entries))
        default:
            return value
        }
    }
}

