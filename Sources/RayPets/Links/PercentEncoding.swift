/// Percent-encoding (RFC 3986) of the text inside a route or a link: a pet's id in
/// `raypets://clinic/pets/<id>` and in a saved route token such as `pet-detail:<id>`.
enum PercentEncoding {
    /// Percent-decodes `text` (UTF-8); `nil` for a malformed escape.
    static func decode(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next(), let low = iterator.next(),
                    let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
                else { return nil }
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Percent-encodes everything but unreserved URI characters.
    static func encode(_ text: String) -> String {
        text.utf8.map { byte in
            let c = Character(UnicodeScalar(byte))
            if c.isASCII && (c.isLetter || c.isNumber || "-._~".contains(c)) { return String(c) }
            let hex = String(byte, radix: 16, uppercase: true)
            return "%" + (hex.count == 1 ? "0" + hex : hex)
        }.joined()
    }
}
