import CGettext
import Glibc

/// The gettext domain of RayPets' messages (`raypets.mo`).
public let translationDomain = "raypets"

/// `text` translated into the user's language (gettext, domain "raypets"). Placeholders in
/// braces are filled from `values` after translation, so translators can move them:
/// `L("Appointment for {pet}", ["pet": pet.name])`.
///
/// Every user-visible string goes through `L` (or `Ln` for plurals); `po/POTFILES` lists the
/// files `xgettext --keyword=L --keyword=Ln:1,2` reads.
public func L(_ text: String, _ values: [String: String] = [:]) -> String {
    // Copy the result inside withCString: without a translation, gettext returns the very
    // pointer it was given, which for a Swift String is only valid during the call.
    fill(text.withCString { String(cString: dgettext(translationDomain, $0)) }, values)
}

/// The singular or plural form of a message for `count`, translated (ngettext). `{count}`
/// is replaced by the number.
public func Ln(_ singular: String, _ plural: String, count: Int, _ values: [String: String] = [:]) -> String {
    var all = values
    all["count"] = String(count)
    let translated = singular.withCString { one in
        plural.withCString { many in String(cString: dngettext(translationDomain, one, many, UInt(max(count, 0)))) }
    }
    return fill(translated, all)
}

/// Sets up translations for this process: the user's locale (`LANG`, `LC_*`, `LANGUAGE`) and
/// where `raypets.mo` files live (`folder/<lang>/LC_MESSAGES/raypets.mo`).
public func setUpTranslations(localeFolder: String) {
    setlocale(LC_ALL, "")
    bindtextdomain(translationDomain, localeFolder)
    bind_textdomain_codeset(translationDomain, "UTF-8")
}

/// Where the translations of a binary in `binFolder` are: `binFolder/locale` (next to a
/// build's binaries), else `binFolder/../share/locale` (an installed app's prefix). Only a
/// folder counts: installed in `/usr/bin`, the app sits beside glibc's `locale` program.
package func translationsFolder(nextTo binFolder: String) -> String {
    let candidates = [binFolder + "/locale", binFolder + "/../share/locale"]
    return candidates.first { path in
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    } ?? candidates[candidates.count - 1]
}

/// Replaces each `{key}` in `text` by `values[key]`; unknown keys stay as they are.
/// (Hand-written so the app needs no regex library at run time. It works on the UTF-8 bytes,
/// found with `memchr`: the braces are ASCII. Walking Characters (grapheme breaking) made it
/// 20,000 instructions a message, a fifth of a whole appointment flow, and walking the
/// `UTF8View` by index still 15,000 a flow, measured with callgrind.)
private func fill(_ text: String, _ values: [String: String]) -> String {
    guard !values.isEmpty else { return text }
    var text = text
    return text.withUTF8 { bytes -> String? in
        guard let base = bytes.baseAddress else { return nil }
        /// The offset of the first `byte` at `from` or after, if any.
        func find(_ byte: Character, from: Int) -> Int? {
            guard from < bytes.count, let found = memchr(base + from, Int32(byte.asciiValue!), bytes.count - from)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        guard var open = find("{", from: 0) else { return nil }
        var result = ""
        var start = 0
        while let close = find("}", from: open + 1) {
            result += text(start..<open)
            result += values[text(open + 1..<close)] ?? text(open..<close + 1)
            start = close + 1
            guard let next = find("{", from: start) else { break }
            open = next
        }
        return result + text(start..<bytes.count)
    } ?? text
}
