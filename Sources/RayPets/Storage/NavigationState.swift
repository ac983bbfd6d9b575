/// The whole navigation state as one value: the selected tab, each tab's stack, the dialog's
/// stack (and the one answer its pages don't show), the editor's unsaved draft (with the pet
/// it is based on) and the main window's size. Saved on quit, restored on start.
public struct NavigationState: Equatable, Codable, Sendable {
    /// The format's version; a file from a newer RayPets is not guessed at.
    public static let currentVersion = 2  // 2: the editor's draft

    /// The tab shown.
    public var tab: AppTab
    /// Each tab's routes, root first.
    public var stacks: [AppTab: [AppRoute]]
    /// The dialog's routes; empty when it is closed.
    public var dialog: [AppRoute]
    /// The pain level answered in the dialog (its later pages don't show which), if any.
    public var pain: PainLevel?
    /// The open editor's fields, if they had changes, and the pet they are based on
    /// (`draft-base-*` lines: optional, as the window's size is, so a reader without them reads
    /// the rest, and an older file's draft reads without a base).
    public var draft: EditorDraft?
    /// The main window's size and maximized state, if it could tell (`window-size` and
    /// `window-maximized` lines: optional, so version 2 readers without them read the rest; a
    /// line that is not a size is left out, and the window opens at its default).
    public var window: WindowFrame?

    /// A state.
    public init(
        tab: AppTab, stacks: [AppTab: [AppRoute]], dialog: [AppRoute], pain: PainLevel? = nil,
        draft: EditorDraft? = nil, window: WindowFrame? = nil
    ) {
        self.tab = tab
        self.stacks = stacks
        self.dialog = dialog
        self.pain = pain
        self.draft = draft
        self.window = window
    }

    /// The text saved to disk for one window: `key=value` lines, routes as tokens. (An app
    /// with many windows saves `SavedWindows`, which holds these lines for each.)
    public var encoded: String {
        KeyValueText.format([("version", "\(Self.currentVersion)")] + pairs(prefix: ""))
    }

    /// This window's lines, each key after `prefix`.
    func pairs(prefix: String) -> [(key: String, value: String)] {
        var pairs = [("tab", tab.rawValue)]
        for tab in AppTab.allCases {
            pairs.append((tab.rawValue, (stacks[tab] ?? []).map(\.token).joined(separator: ",")))
        }
        pairs.append(("dialog", dialog.map(\.token).joined(separator: ",")))
        if let pain { pairs.append(("pain", pain.rawValue)) }
        if let draft {
            pairs += [
                ("draft-in", draft.tab?.rawValue ?? "dialog"), ("draft-page", draft.route.token),
                ("draft-name", PercentEncoding.encode(draft.fields.name)),
                ("draft-species", draft.fields.species.rawValue),
                ("draft-age", PercentEncoding.encode(draft.fields.age)),
                ("draft-notes", PercentEncoding.encode(draft.fields.notes)),
            ]
            if let focus = draft.focus { pairs.append(("draft-focus", focus.rawValue)) }
            // The base's id is the page's (`edit-pet:ID`): only an existing pet's editor has one.
            if let base = draft.base, case .editPet(base.id) = draft.route {
                pairs += [
                    ("draft-base-name", PercentEncoding.encode(base.name)),
                    ("draft-base-species", base.species.rawValue), ("draft-base-age", Self.token(of: base.age)),
                    ("draft-base-notes", PercentEncoding.encode(base.notes)),
                ]
            }
        }
        if let window {
            pairs += [
                ("window-size", "\(window.width)x\(window.height)"), ("window-maximized", "\(window.isMaximized)"),
            ]
        }
        return pairs.map { (prefix + $0.0, $0.1) }
    }

    /// Why a saved state was refused.
    public enum DecodingError: Error, Equatable, CustomStringConvertible {
        /// The file is damaged or cut short.
        case corrupt(String)
        /// The file was written by a newer RayPets.
        case futureVersion(Int)

        /// A one-line explanation.
        public var description: String {
            switch self {
            case .corrupt(let why): "corrupt (\(why))"
            case .futureVersion(let version):
                "written by a newer RayPets (format \(version), this one reads \(SavedWindows.currentVersion))"
            }
        }
    }

    /// Reads `text` as written by `encoded`.
    public init(decoding text: String) throws(DecodingError) {
        let values = try Self.values(in: text, upTo: Self.currentVersion)
        try self.init(values: values.values, prefix: "")
    }

    /// `text`'s lines and its format version, which must be at most `newest`.
    static func values(in text: String, upTo newest: Int) throws(DecodingError) -> (
        values: [String: String], version: Int
    ) {
        let values: [String: String]
        do { values = try KeyValueText.parse(text) } catch { throw .corrupt("line without '='") }
        guard let versionText = values["version"], let version = Int(versionText) else { throw .corrupt("no version") }
        guard version <= newest else { throw .futureVersion(version) }
        return (values, version)
    }

    /// One window's state from the lines whose keys start with `prefix`.
    init(values all: [String: String], prefix: String) throws(DecodingError) {
        let values =
            prefix.isEmpty
            ? all
            : Dictionary(
                uniqueKeysWithValues: all.compactMap { key, value in
                    key.hasPrefix(prefix) ? (String(key.dropFirst(prefix.count)), value) : nil
                })
        guard let tabText = values["tab"], let tab = AppTab(rawValue: tabText) else {
            throw .corrupt("no \(prefix)tab")
        }
        func routes(_ key: String) throws(DecodingError) -> [AppRoute] {
            guard let list = values[key] else { throw .corrupt("no \(prefix)\(key) line") }
            var routes: [AppRoute] = []
            for token in list.split(separator: ",") {
                guard let route = AppRoute(token: String(token)) else { throw .corrupt("unknown page \(token)") }
                routes.append(route)
            }
            return routes
        }
        var stacks: [AppTab: [AppRoute]] = [:]
        for tab in AppTab.allCases { stacks[tab] = try routes(tab.rawValue) }
        let dialog = try routes("dialog")
        var pain: PainLevel?
        if let text = values["pain"] {
            guard let level = PainLevel(rawValue: text) else { throw .corrupt("unknown pain level") }
            pain = level
        }
        self.init(
            tab: tab, stacks: stacks, dialog: dialog, pain: pain, draft: try Self.draft(in: values),
            window: Self.window(in: values))
    }

    /// The `window-*` lines, if they say a size (`WIDTHxHEIGHT`).
    private static func window(in values: [String: String]) -> WindowFrame? {
        guard let size = values["window-size"] else { return nil }
        let sides = size.split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]) else { return nil }
        return WindowFrame(width: width, height: height, isMaximized: values["window-maximized"] == "true")
    }

    /// The `draft-*` lines, if any; all but the focus and the base must be there and valid.
    /// The base (`draft-base-*`, written since drafts carry it) is optional; if its name is
    /// there, every base line must be, and valid, on an existing pet's editor.
    private static func draft(in values: [String: String]) throws(DecodingError) -> EditorDraft? {
        guard let place = values["draft-in"] else { return nil }
        let tab = AppTab(rawValue: place)
        guard tab != nil || place == "dialog" else { throw .corrupt("unknown draft place") }
        guard let token = values["draft-page"], let route = AppRoute(token: token) else {
            throw .corrupt("no draft page")
        }
        func text(_ key: String) throws(DecodingError) -> String {
            guard let raw = values[key], let text = PercentEncoding.decode(raw) else { throw .corrupt("bad \(key)") }
            return text
        }
        guard let speciesText = values["draft-species"], let species = Species(rawValue: speciesText) else {
            throw .corrupt("bad draft-species")
        }
        let fields = PetDraft(
            name: try text("draft-name"), species: species, age: try text("draft-age"), notes: try text("draft-notes"))
        var focus: PetField?
        if let field = values["draft-focus"] {
            guard let known = PetField(rawValue: field) else { throw .corrupt("bad draft-focus") }
            focus = known
        }
        var base: Pet?
        if values["draft-base-name"] != nil {
            guard case .editPet(let id) = route else { throw .corrupt("a base for a new pet's draft") }
            guard let speciesText = values["draft-base-species"], let species = Species(rawValue: speciesText)
            else { throw .corrupt("bad draft-base-species") }
            guard let ageText = values["draft-base-age"], let age = Self.age(from: ageText) else {
                throw .corrupt("bad draft-base-age")
            }
            base = Pet(
                id: id, name: try text("draft-base-name"), species: species, age: age,
                notes: try text("draft-base-notes"))
        }
        return EditorDraft(tab: tab, route: route, fields: fields, focus: focus, base: base)
    }

    /// A pet's age as one value: empty when unknown, `born:YYYY-MM-DD`, `years:N`, or
    /// `years:N:YYYY-MM-DD` (N years old on that day).
    private static func token(of age: PetAge?) -> String {
        switch age {
        case nil: ""
        case .born(let date): "born:\(date)"
        case .years(let years, nil): "years:\(years)"
        case .years(let years, let day?): "years:\(years):\(day)"
        }
    }

    /// The age `token(of:)` wrote: `.some(nil)` for an unknown age, `nil` if `text` is not one.
    private static func age(from text: String) -> PetAge?? {
        if text.isEmpty { return .some(nil) }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        switch (parts.first, parts.count) {
        case ("born", 2):
            return SimpleDate(parsing: parts[1]).map { .some(.born($0)) }
        case ("years", 2), ("years", 3):
            guard let years = Int(parts[1]) else { return nil }
            guard parts.count == 3 else { return .some(.years(years, asOf: nil)) }
            return SimpleDate(parsing: parts[2]).map { .some(.years(years, asOf: $0)) }
        default:
            return nil
        }
    }
}
