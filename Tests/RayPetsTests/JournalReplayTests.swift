import Foundation
import Navigation
import NavigationTesting
import RayPets
import RayPetsTesting
import Testing

/// Makes a journal's inputs on the in-memory app, as `JournalReplay` asks: each input becomes
/// the user's action (`JournalScript`, read against the reference model as it goes), which
/// `InMemoryDriver` performs through the same intents and host callbacks as the GTK controls.
@MainActor
final class JournalReplayDriver {
    let harness = WindowsHarness()
    lazy var driver = InMemoryDriver(harness)
    private var model: NavigationModel
    private var script: JournalScript

    init(replaying events: [NavigationEvent], widths: [Int] = [400, 719, 720, 1200], maxWindows: Int = 3) {
        model = NavigationModel(
            pets: ClinicDatabase.samplePets, widths: widths + JournalScript.widths(in: events), maxWindows: maxWindows)
        script = JournalScript(events)
    }

    /// Performs `input` (the next one of the journal): every action the script makes of it.
    func perform(_ input: NavigationEvent) async throws {
        let inputsBefore = script.remaining
        while script.remaining == inputsBefore {
            guard let action = try script.next(in: model) else { continue }
            try await NavigationWalk.perform(action, on: driver)
            model.apply(action)
        }
    }
}

@MainActor
@Suite("Replaying RayPets' journal: a session, and a bug report")
struct AppJournalReplayTests {
    /// A session through most inputs the journal records: pages, a row, the editor's change,
    /// Back that keeps it and Forward that brings it back, a resize across 720 px, the
    /// sidebar's choices and Back, Back's history, a tab, the dialog's answers and Cancel, a
    /// second window, and a window's close that asks and its answer.
    static let session: [UserAction] = [
        .press("My pets"), .chooseRow(0), .press("Edit"), .typeNote("Typed A"), .back, .altRight, .back,
        .resize(1200), .chooseInSidebar("whiskers"), .addInSidebar, .typeNote("Typed A"), .chooseInSidebar("rex"),
        .sidebarBack, .resize(400), .press("Clinic info"), .press("Opening hours"), .backInHistory(0),
        .switchTab(.learn), .press("How to code"), .press("Next"), .back, .altRight, .switchTab(.clinic),
        .press("Schedule appointment"), .chooseRow(1), .press("Sick"), .cancel, .openWindow, .press("My pets"),
        .chooseRow(0), .press("Edit"), .typeNote("Typed A"), .closeWindow, .answer(.keepEditing), .closeWindow,
        .answer(.discard),
    ]

    @Test(
        "a session's journal, exported, replays on a fresh app with no difference, and as a walk the model agrees with")
    func sessionRoundTrip() async throws {
        let recording = WindowsHarness()
        let walk = NavigationWalk(seed: 0, steps: 0, widths: [400, 719, 720, 1200], maxWindows: 3)
        try await walk.run(InMemoryDriver(recording), pets: ClinicDatabase.samplePets, script: Self.session)
        let file = recording.app.journal.export()
        let events = try JournalFile.events(in: file)
        #expect(events.filter { $0.kind.isInput }.count >= Self.session.count - 2, "\(file)")

        let replay = JournalReplayDriver(replaying: events)
        let divergence = try await JournalReplay(events).run(
            into: replay.harness.app.journal, perform: replay.perform)
        #expect(divergence == nil, "\(divergence.map { "\($0)" } ?? "")")

        try await walk.run(InMemoryDriver(WindowsHarness()), pets: ClinicDatabase.samplePets, journal: events)
    }
}

@MainActor
@Suite("A bug report's journal, replayed")
struct BugReportReplayTests {
    /// A journal exported from the real app (`raypets --export-journal`) on a build where the
    /// sidebar's Add pet did nothing beside a pet.
    static func sidebarAddPetReport() throws -> [NavigationEvent] {
        let path =
            String(#filePath.dropLast("JournalReplayTests.swift".count))
            + "Journals/sidebar-add-pet-did-nothing.journal"
        return try JournalFile.events(in: String(contentsOfFile: path, encoding: .utf8))
    }

    @Test(
        "the sidebar's Add pet that did nothing beside a pet: its journal, replayed as a walk, must open the new pet's editor"
    )
    func sidebarAddPetAsAWalk() async throws {
        let events = try Self.sidebarAddPetReport()
        #expect(
            events.contains { $0.kind == .ignored("add-pet", page: "pets", value: nil) }, "the report holds the press")
        try await NavigationWalk(seed: 0, steps: 0).run(
            InMemoryDriver(WindowsHarness()), pets: ClinicDatabase.samplePets, journal: events)
    }

    @Test("replayed against the journal, today's app departs from the report exactly at that press")
    func sidebarAddPetAgainstTheJournal() async throws {
        let events = try Self.sidebarAddPetReport()
        let replay = JournalReplayDriver(replaying: events)
        let divergence = try #require(
            try await JournalReplay(events).run(into: replay.harness.app.journal, perform: replay.perform))
        print(divergence)
        #expect(divergence.recorded[divergence.index].kind == .ignored("add-pet", page: "pets", value: nil))
        #expect(divergence.replayed[divergence.index].kind == .intent("add-pet", page: "pets", value: nil))
    }
}
