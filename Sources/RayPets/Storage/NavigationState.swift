/// The whole navigation state as one value: the selected tab, each tab's stack and the pages
/// it keeps for Forward, the dialog's stack (and the one answer its pages don't show), every
/// unsaved editor draft (with the pet it is based on) and the main window's size. Saved on
/// quit, restored on start.
public struct NavigationState: Equatable, Codable, Sendable {
    /// The one-window format's version (`encoded`; the app's file is `SavedWindows`, whose
    /// version says what its windows' lines may hold); a file from a newer RayPets is not
    /// guessed at.
    public static let currentVersion = 2  // 2: the editor's draft

    /// The tab shown.
    public var tab: AppTab
    /// Each tab's routes, root first.
    public var stacks: [AppTab: [AppRoute]]
    /// The pages each tab's stack keeps for Forward, the next one first (`<tab>-forward`
    /// lines; a tab with none has no line).
    public var forward: [AppTab: [AppRoute]]
    /// The dialog's routes; empty when it is closed.
    public var dialog: [AppRoute]
    /// The pages the dialog keeps for Forward (its Cancel kept them), the next one first.
    public var dialogForward: [AppRoute]
    /// The pain level answered in the dialog (its later pages don't show which), if any.
    public var pain: PainLevel?
    /// Every editor's fields that had changes — open, kept for Forward, or on the shelf
    /// (`Questions.drafts`) — with the pet each is based on: `draft-*` lines for the first,
    /// `draft2-*`, `draft3-*`… for the others (`draft-base-*` lines optional, so an older
    /// file's draft reads without a base).
    public var drafts: [EditorDraft]
    /// The main window's size and maximized state, if it could tell (`window-size` and
    /// `window-maximized` lines: optional, so version 2 readers without them read the rest; a
    /// line that is not a size is left out, and the window opens at its default).
    public var window: WindowFrame?

    /// A state.
    public init(
        tab: AppTab, stacks: [AppTab: [AppRoute]], forward: [AppTab: [AppRoute]] = [:], dialog: [AppRoute],
        dialogForward: [AppRoute] = [], pain: PainLevel? = nil, drafts: [EditorDraft] = [], window: WindowFrame? = nil
    ) {
        self.tab = tab
        self.stacks = stacks
        self.forward = forward.filter { !$0.value.isEmpty }
        self.dialog = dialog
        self.dialogForward = dialogForward
        self.pain = pain
        self.drafts = drafts
        self.window = window
    }

    /// The first draft, if any (one window's open editor, in most states).
    public var draft: EditorDraft? { drafts.first }

    /// The text saved to disk for one window: `key=value` lines, routes as tokens. (An app
    /// with many windows saves `SavedWindows`, which holds these lines for each.)
    public var encoded: String {
        KeyValueText.format([("version", "\(Self.currentVersion)")] + pairs(prefix: ""))
    }

    /// This window's lines, each key after `prefix`.
    func pairs(prefix: String) -> [(key: String, value: String)] {
        var pairs = [("tab", tab.rawValue)]
        let tokens = { (routes: [AppRoute]) in routes.map(\.token).joined(separator: ",") }
        for tab in AppTab.allCases {
            pairs.append((tab.rawValue, tokens(stacks[tab] ?? [])))
            if let ahead = forward[tab], !ahead.isEmpty { pairs.append((tab.rawValue + "-forward", tokens(ahead))) }
        }
        pairs.append(("dialog", tokens(dialog)))
        if !dialogForward.isEmpty { pairs.append(("dialog-forward", tokens(dialogForward))) }
        if let pain { pairs.append(("pain", pain.rawValue)) }
        for (index, draft) in drafts.enumerated() {
            let key = Self.draftKey(index)
            pairs += [
                ("\(key)-in", draft.tab?.rawValue ?? "dialog"), ("\(key)-page", draft.route.token),
                ("\(key)-name", PercentEncoding.encode(draft.fields.name)),
                ("\(key)-species", draft.fields.species.rawValue),
                ("\(key)-age", PercentEncoding.encode(draft.fields.age)),
                ("\(key)-notes", PercentEncoding.encode(draft.fields.notes)),
            ]
            if let focus = draft.focus { pairs.append(("\(key)-focus", focus.rawValue)) }
            // The base's id is the page's (`edit-pet:ID`): only an existing pet's editor has one.
            if let base = draft.base, case .editPet(base.id) = draft.route {
                pairs += [
                    ("\(key)-base-name", PercentEncoding.encode(base.name)),
                    ("\(key)-base-species", base.species.rawValue), ("\(key)-base-age", Self.token(of: base.age)),
                    ("\(key)-base-notes", PercentEncoding.encode(base.notes)),
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
        var forward: [AppTab: [AppRoute]] = [:]
        for tab in AppTab.allCases {
            stacks[tab] = try routes(tab.rawValue)
            if values[tab.rawValue + "-forward"] != nil { forward[tab] = try routes(tab.rawValue + "-forward") }
        }
        let dialog = try routes("dialog")
        let dialogForward = values["dialog-forward"] != nil ? try routes("dialog-forward") : []
        var pain: PainLevel?
        if let text = values["pain"] {
            guard let level = PainLevel(rawValue: text) else { throw .corrupt("unknown pain level") }
            pain = level
        }
        var drafts: [EditorDraft] = []
        while let draft = try Self.draft(in: values, key: Self.draftKey(drafts.count)) { drafts.append(draft) }
        self.init(
            tab: tab, stacks: stacks, forward: forward, dialog: dialog, dialogForward: dialogForward, pain: pain,
            drafts: drafts, window: Self.window(in: values))
    }

    /// The `window-*` lines, if they say a size (`WIDTHxHEIGHT`).
    private static func window(in values: [String: String]) -> WindowFrame? {
        guard let size = values["window-size"] else { return nil }
        let sides = size.split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]) else { return nil }
        return WindowFrame(width: width, height: height, isMaximized: values["window-maximized"] == "true")
    }

    /// The key before the `index`th draft's lines: `draft`, `draft2`, `draft3`…
    private static func draftKey(_ index: Int) -> String { index == 0 ? "draft" : "draft\(index + 1)" }

    /// The draft whose lines start with `key` (`draft-*`, `draft2-*`…), if any; all but the
    /// focus and the base must be there and valid. The base (`…-base-*`, written since drafts
    /// carry it) is optional; if its name is there, every base line must be, and valid, on an
    /// existing pet's editor.
    private static func draft(in all: [String: String], key: String) throws(DecodingError) -> EditorDraft? {
        guard all["\(key)-in"] != nil else { return nil }
        // The lines as the first draft's are named, for the checks below.
        var values: [String: String] = [:]
        for (name, value) in all where name.hasPrefix(key + "-") { values["draft" + name.dropFirst(key.count)] = value }
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
