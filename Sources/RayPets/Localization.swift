import CGettext

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

private func fill(_ text: String, _ values: [String: String]) -> String {
    values.reduce(text) { text, value in text.replacing("{\(value.key)}", with: value.value) }
}
