import Foundation
import Glibc
import Navigation
import NavigationTesting
import RayPetsTesting

@testable import RayPets

/// One parser of what the app reads from outside, and the properties its results must have.
/// `check` returns `nil` when the input is handled correctly — parsed into something that
/// keeps its properties, or refused with a message — and otherwise says what went wrong.
@MainActor
enum FuzzTarget: String, CaseIterable {
    /// `raypets://` links (from the desktop, the command line or D-Bus).
    case deeplink
    /// The navigation state file (`~/.local/state/raypets/navigation`), restored into the app.
    case state
    /// The settings file (`~/.config/raypets/settings`) and the `key=value` format both use.
    case settings
    /// A birth date typed into the editor's Age field (and stored in the database).
    case date
    /// Text typed into a list's search entry, run as a full-text query on stored names.
    case search
    /// A pet's name and notes typed or pasted into the editor (lines: a name, then notes).
    case name
    /// An `XDG_*` folder and `HOME` as the environment gives them (any bytes), made into the
    /// path of one of RayPets' files (a first byte choosing the folder and file, then the
    /// `XDG_*` value, then a NUL and `HOME`'s value, if any).
    case path

    func check(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        switch self {
        case .deeplink: return Self.checkLink(text)
        case .state: return Self.checkState(text)
        case .settings: return Self.checkSettings(bytes)
        case .date: return Self.checkDate(text)
        case .search: return Self.checkSearch(text)
        case .name: return Self.checkName(text)
        case .path: return Self.checkPath(bytes)
        }
    }

    // MARK: Links

    private static let pets = ClinicDatabase.samplePets

    private static func checkLink(_ text: String) -> String? {
        // Percent-encoding, which links and route tokens share, round-trips any text.
        if PercentEncoding.decode(PercentEncoding.encode(text)) != text {
            return "percent-encoding lost \(text.debugDescription)"
        }
        for pets in [Self.pets, nil] as [[Pet]?] {
            let link: DeepLink
            do { link = try DeepLink.parse(text, pets: pets) } catch {
                // Refused: the message names the problem and shows the link, cut to a length a
                // notice or a terminal line can show, with no control character left raw.
                if error.problem.isEmpty {
                    return "a refused link without a message: \(error.description.debugDescription)"
                }
                let formsLength = DeepLink.forms.joined(separator: "\n  ").count + 60
                if error.description.count > 200 + 300 + formsLength {
                    return "a \(text.count)-character link gave a \(error.description.count)-character message"
                }
                if error.description.unicodeScalars.contains(where: {
                    $0 != "\n" && $0.properties.generalCategory == .control
                }) {
                    return "a control character reached the message: \(error.description.debugDescription)"
                }
                continue
            }
            // A link that parses formats back to an equivalent link.
            let again: DeepLink
            do { again = try DeepLink.parse(link.uri, pets: pets) } catch {
                return "\(text.debugDescription) parses to \(link), whose URI \(link.uri) is refused: \(error)"
            }
            if again != link { return "\(text.debugDescription) parses to \(link), its URI \(link.uri) to \(again)" }
            // It leads to a state a user could click their way to (for the stored pets).
            if pets != nil {
                let target = link.routes
                let place = NavigationPlace(
                    tab: target.tab,
                    stacks: target.tab == .clinic
                        ? [.clinic: target.stack, .learn: [.learn]] : [.clinic: [.home], .learn: target.stack],
                    dialog: target.dialog)
                if reachableStates[place] == nil { return "\(link.uri) leads to \(place), which no clicks reach" }
            }
        }
        return nil
    }

    // MARK: The navigation state file

    private static func checkState(_ text: String) -> String? {
        let state: NavigationState
        do { state = try NavigationState(decoding: text) } catch {
            return error.description.isEmpty ? "a refused state file without a message" : nil
        }
        // What loads saves back as the same state.
        guard let again = try? NavigationState(decoding: state.encoded), again == state else {
            return "state \(state) does not survive its own encoding:\n\(state.encoded)"
        }
        // Restored into the app, it gives a place the reference model can reach, with every
        // flow and onDismissed the model expects there; all of it, if restore says so.
        let app = HeadlessApp()
        let complete = app.runToCompletion { await app.coordinator.restore(state) }
        let actual = NavigationSnapshot(actual: app.coordinator, dialog: app.dialogRouter)
        let place = NavigationPlace(tab: actual.tab, stacks: actual.stacks, dialog: actual.dialog)
        guard let model = reachableStates[place] else {
            return "restoring\n\(text)\ngave \(place), which no clicks reach"
        }
        // The place's pages kept for Forward are the file's (the model's first way there may
        // have kept others), and its drafts are not the model's to know.
        var forward: [NavigationModel.Location: [AppRoute]] = [.dialog: actual.dialogForward]
        for (tab, ahead) in actual.forward { forward[.tab(tab)] = ahead }
        var expected = NavigationSnapshot(expectedFrom: model.windows[model.focusedWindow].keeping(forward))
        expected.shelf = actual.shelf
        expected.question = actual.question  // no question is asked on restore; compared below
        if actual.question != nil { return "restoring asked a question: \(actual)" }
        if expected != actual { return "restoring\n\(text)\ngave\n\(actual)\nthe model expects\n\(expected)" }
        if complete == true,
            place != NavigationPlace(tab: state.tab, stacks: state.stacks, dialog: state.dialog)
        {
            return "restore reported success for\n\(text)\nbut shows \(place)"
        }
        if complete == nil { return "restoring\n\(text)\nnever finished" }
        return nil
    }

    /// Every place a user can click their way to with the sample pets, and the model there
    /// (searched once, for the links and the state files).
    private static let reachableStates = Dictionary(
        NavigationModel.reachableStates(pets: pets).map { (NavigationPlace($0), $0) }, uniquingKeysWith: { a, _ in a })

    // MARK: The settings file

    private static let settingsPath = TemporaryFolders.make("fuzz") + "/settings"

    private static func checkSettings(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let file = fopen(settingsPath, "w") else { return "cannot write \(settingsPath)" }
        fwrite(bytes, 1, bytes.count, file)
        fclose(file)
        var reports: [String] = []
        let settings = SettingsStore(path: settingsPath) { reports.append($0) }
        // A file that is not UTF-8 is refused as a whole ("not text"), never repaired.
        let parsed = String(validating: bytes, as: UTF8.self) == nil ? nil : try? KeyValueText.parse(text)
        // Read as written: garbled means a first launch, and says why.
        if let parsed {
            if settings.hasCompletedWelcome != (parsed["welcome-completed"] == "true") {
                return "welcome-completed read as \(settings.hasCompletedWelcome) from \(text.debugDescription)"
            }
            // key=value text formats back to the same pairs.
            let pairs = parsed.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
            if (try? KeyValueText.parse(KeyValueText.format(pairs))) != parsed {
                return "key=value pairs \(parsed) do not survive formatting"
            }
        } else if settings.hasCompletedWelcome || reports.isEmpty {
            return "garbled settings \(text.debugDescription) were used, or not reported"
        }
        // Whatever was there, saving works and reads back.
        guard settings.completeWelcome() else { return "saving the settings failed: \(reports)" }
        reports = []
        if !SettingsStore(path: settingsPath, report: { reports.append($0) }).hasCompletedWelcome || !reports.isEmpty {
            return "saved settings do not read back: \(reports)"
        }
        return nil
    }

    // MARK: Names and notes

    /// Lines: a name, then notes (the rest). What the editor accepts is stored in one form a
    /// person can tell apart: trimmed NFC, no control character, something visible, the
    /// length and accent limits kept (accents counted decomposed); a name that only looks
    /// different (another normal form, case, a zero-width character, spaces hidden behind
    /// one) is the same name, and its key is stable; what it refuses changes nothing.
    private static func checkName(_ text: String) -> String? {
        let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let typed = String(parts[0])
        let notes = parts.count > 1 ? String(parts[1]) : ""
        let data = ClinicData(store: ClinicDatabase.inMemory())
        let before = (try? data.allPets()) ?? []
        // The key: what is stored keys as what was typed; keying twice changes nothing; it
        // holds nothing invisible and no space at its ends.
        let key = PetRules.nameKey(typed)
        if PetRules.nameKey(PetRules.storedName(typed)) != key || PetRules.nameKey(key) != key {
            return "the key of \(typed.debugDescription) changes when stored or keyed again"
        }
        if key != key.trimmingSpaces || key.unicodeScalars.contains(where: \.properties.isDefaultIgnorableCodePoint) {
            return "the key of \(typed.debugDescription) keeps a space at an end or an invisible character"
        }
        let draft = PetDraft(name: typed, notes: notes)
        let problems = data.problems(in: draft, editing: nil)
        let pet: Pet
        do { pet = try data.add(draft) } catch {
            if problems.isEmpty { return "\(typed.debugDescription) had no problem but was refused: \(error)" }
            if problems.values.contains(where: \.isEmpty) {
                return "a problem without a message for \(typed.debugDescription)"
            }
            if (try? data.allPets()) != before { return "a refused \(typed.debugDescription) changed the records" }
            return nil
        }
        if !problems.isEmpty { return "\(typed.debugDescription) was stored despite \(problems)" }
        let name = pet.name
        let scalars = name.unicodeScalars
        if scalars.contains(where: { $0.properties.generalCategory == .control })
            || scalars.contains(where: \.isRefusedInNames)
        {
            return "a control character was stored: \(name.debugDescription)"
        }
        if notes.unicodeScalars.contains(where: {
            !"\n\r\t".unicodeScalars.contains($0) && $0.properties.generalCategory == .control
        }) {
            return "notes with a control character were stored: \(notes.debugDescription)"
        }
        if !name.utf8.elementsEqual(name.nfc.utf8) { return "\(name.debugDescription) is not stored in NFC" }
        if name != name.trimmingInvisibleEnds || name.isEmpty { return "\(name.debugDescription) is not trimmed" }
        if scalars.allSatisfy(\.isInvisible) { return "an invisible name was stored: \(name.debugDescription)" }
        if name.count > PetRules.maxNameLength || pet.notes.count > PetRules.maxNotesLength {
            return "a name or notes over the limit were stored"
        }
        // Marks counted decomposed: a precomposed letter's own accents count too.
        if name.contains(where: { PetRules.marks(in: $0) > PetRules.maxMarksPerCharacter })
            || typed.contains(where: { $0.unicodeScalars.count(where: \.isMark) > PetRules.maxMarksPerCharacter })
        {
            return "too many marks on one letter were stored: \(name.debugDescription)"
        }
        // Looks the same, is the same: decomposed, upper-cased, with a zero-width space.
        let decomposed = String(
            String.UnicodeScalarView(
                name.unicodeScalars.flatMap { scalar -> [Unicode.Scalar] in
                    // A precomposed Latin letter with one accent, decomposed by hand for the common cases.
                    switch scalar {
                    case "\u{E9}": ["e", "\u{301}"]
                    case "\u{E8}": ["e", "\u{300}"]
                    case "\u{FC}": ["u", "\u{308}"]
                    case "\u{F1}": ["n", "\u{303}"]
                    default: [scalar]
                    }
                }))
        // (Upper case only where it lowers back: "ß" upper-cases to "SS", another name.)
        let upper = name.uppercased().lowercased() == name.lowercased() ? [name.uppercased()] : []
        for twin in [decomposed, "\u{200B}" + name, " " + name + " ", "\u{200B} " + name + " \u{2060}"] + upper {
            guard let found = data.pet(named: twin) else {
                return "\(twin.debugDescription) does not find \(name.debugDescription)"
            }
            if found.id != pet.id { return "\(twin.debugDescription) finds another pet than \(name.debugDescription)" }
            if data.problems(in: PetDraft(name: twin), editing: nil)[.name] == nil {
                return "\(twin.debugDescription) could be saved beside \(name.debugDescription)"
            }
        }
        return nil
    }

    // MARK: Paths

    /// The path's bytes are exactly the environment's bytes and the file's place in it: the
    /// `XDG_*` value + `/raypets/<name>` when it is absolute, else `HOME` when it is absolute
    /// (or the password database's home, or `/nonexistent`) + the folder's fallback; its C string is those bytes; its description reads back to them.
    private static func checkPath(_ bytes: [UInt8]) -> String? {
        guard let selector = bytes.first else { return nil }
        let folders: [(AppFiles.Folder, String, String)] = [
            (.config, "XDG_CONFIG_HOME", "/.config"), (.state, "XDG_STATE_HOME", "/.local/state"),
            (.data, "XDG_DATA_HOME", "/.local/share"),
        ]
        let (folder, variable, fallback) = folders[Int(selector) % 3]
        let name = ["settings", "navigation", "clinic.sqlite3"][Int(selector / 3) % 3]
        let values = bytes.dropFirst().split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
        let xdg = Array(values.first ?? [])
        let home = values.count > 1 ? Array(values[1].prefix { $0 != 0 }) : nil  // getenv ends at a NUL
        let path = AppFiles.path(of: name, in: folder) { key in
            key == variable ? FilePath(bytes: xdg) : key == "HOME" ? home.map { FilePath(bytes: $0) } : nil
        }
        // A HOME that is not absolute (or none) gives way to the password database's home,
        // else /nonexistent: never /tmp, never a folder relative to where the app was started.
        let usableHome = home.flatMap { $0.first == UInt8(ascii: "/") ? $0 : nil }
        let fallbackHome = AppFiles.passwordDatabaseHome()?.bytes ?? Array("/nonexistent".utf8)
        let expected =
            xdg.first == UInt8(ascii: "/")
            ? xdg + Array("/raypets/\(name)".utf8)
            : (usableHome ?? fallbackHome) + Array("\(fallback)/raypets/\(name)".utf8)
        if path.bytes != expected { return "\(bytes) gave the path \(path.bytes), not \(expected)" }
        let cString = path.withCString {
            UnsafeBufferPointer(start: $0, count: strlen($0)).map { UInt8(bitPattern: $0) }
        }
        if cString != expected { return "the C string of \(path.bytes) is \(cString)" }
        let description = path.description
        if String(validating: Array(description.utf8), as: UTF8.self) != description {
            return "the description of \(path.bytes) is not valid UTF-8"
        }
        if unescaped(description) != path.bytes {
            return "the description \(description.debugDescription) does not read back to \(path.bytes)"
        }
        if let text = String(validating: path.bytes, as: UTF8.self), !text.contains("\\"), description != text {
            return "the UTF-8 path \(text.debugDescription) is shown as \(description.debugDescription)"
        }
        return nil
    }

    /// The bytes a `FilePath.description` stands for: `\\` is a backslash, `\xNN` a byte.
    private static func unescaped(_ description: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var scalars = Array(description.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\" else {
                bytes += Array(String(scalar).utf8)
                continue
            }
            switch scalars.popFirst() {
            case "\\": bytes.append(UInt8(ascii: "\\"))
            case "x":
                guard scalars.count >= 2,
                    let byte = UInt8(String(String.UnicodeScalarView(scalars.prefix(2))), radix: 16)
                else { return nil }
                bytes.append(byte)
                scalars = scalars.dropFirst(2)
            default: return nil
            }
        }
        return bytes
    }

    // MARK: Dates

    private static func checkDate(_ text: String) -> String? {
        guard let date = SimpleDate(parsing: text) else { return nil }
        // Only YYYY-MM-DD (spaces around allowed), and a real day.
        if text.trimmingSpaces != date.description { return "\(text.debugDescription) read as \(date)" }
        if SimpleDate(year: date.year, month: date.month, day: date.day) != date { return "\(date) is not a day" }
        return nil
    }

    // MARK: Search

    /// Lines: up to six pet names, then what is typed into the search entry.
    private static func checkSearch(_ text: String) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let typed = lines.popLast() ?? ""
        let data = ClinicData(store: ClinicDatabase.inMemory())
        for pet in (try? data.allPets()) ?? [] { _ = try? data.delete(pet.id) }
        var names: [String] = []
        for name in lines.prefix(6) {
            if let pet = try? data.add(PetDraft(name: name)) { names.append(pet.name) }
        }
        let search = PetSearch(typed)
        let found: [String]
        let count: Int
        do {
            found = try data.store.pets(matching: search, from: .offset(0), limit: 100).map(\.pet.name)
            count = try data.store.petCount(matching: search, before: nil)
        } catch { return "searching \(typed.debugDescription) failed: \(error)" }
        if count != found.count { return "\(typed.debugDescription): count \(count), listed \(found.count)" }
        if !Set(found).isSubset(of: Set(names)) { return "\(typed.debugDescription) found pets never stored: \(found)" }
        // For ASCII text the rule is simple to state: every word typed starts a word of the
        // name, ignoring case (SQLite's tokenizer and Swift agree on ASCII letters and digits).
        if (names + [typed]).allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) {
            func words(_ s: String) -> [String] {
                s.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
            }
            let expected = names.filter { name in
                search.isAll
                    || (!search.words.isEmpty
                        && words(typed).allSatisfy { w in words(name).contains { $0.hasPrefix(w) } })
            }
            if found.sorted() != expected.sorted() {
                return "\(typed.debugDescription) in \(names) found \(found), expected \(expected)"
            }
        }
        return nil
    }
}

/// The app on in-memory hosts (no GTK), as the state file is restored into it.
@MainActor
final class HeadlessApp {
    let dialogRouter = ModalRouter(host: InMemoryHost<AppRoute>())
    let coordinator: WindowCoordinator

    final class NoWindow: AppWindow {
        func present() {}
        func show(_ section: AppSection) {}
    }

    init() {
        let settings = SettingsStore(path: "/nonexistent/raypets-fuzz/settings") { _ in }
        let services = ClinicServices(
            settings: settings, questions: Questions(router: ModalRouter(host: InMemoryHost<AppRoute>())))
        let tabs = TabRouter(
            tabs: AppTab.allCases,
            host: InMemoryTabHost<AppTab, AppRoute>(tabs: AppTab.allCases, layouts: [.clinic: AppRoute.splitLayout]))
        coordinator = WindowCoordinator(
            window: NoWindow(), welcomeRouter: StackRouter(host: InMemoryHost<AppRoute>()), tabs: tabs,
            dialogRouter: dialogRouter, services: services)
        settings.completeWelcome()
        coordinator.start()
    }

    /// Runs `work` to its end, turning the main run loop for the results it awaits; `nil` if
    /// it has not ended after 10,000 turns.
    func runToCompletion<Result>(_ work: @escaping @MainActor () async -> Result) -> Result? {
        var result: Result?
        Task.immediate { result = await work() }
        var turns = 0
        while result == nil && turns < 10_000 {
            _ = RunLoop.main.run(mode: .default, before: Date())
            turns += 1
        }
        return result
    }
}
