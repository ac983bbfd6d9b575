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
    /// Back that asks and its answer, a resize across 720 px, the sidebar's choices and Back,
    /// Back's history, a tab, the dialog's answers and Cancel, a second window.
    static let session: [UserAction] = [
        .press("My pets"), .chooseRow(0), .press("Edit"), .typeNote("Typed A"), .back, .answer(.keepEditing),
        .back, .answer(.discard), .resize(1200), .chooseInSidebar("whiskers"), .addInSidebar, .typeNote("Typed A"),
        .chooseInSidebar("rex"), .answer(.discard), .sidebarBack, .resize(400), .press("Clinic info"),
        .press("Opening hours"), .backInHistory(0), .switchTab(.learn), .press("How to code"), .press("Next"),
        .switchTab(.clinic), .press("Schedule appointment"), .chooseRow(1), .press("Sick"), .cancel,
        .answer(.discard), .openWindow, .press("My pets"), .switchWindow(0), .switchWindow(1), .closeWindow,
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
