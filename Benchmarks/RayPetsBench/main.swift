import CBenchSupport
import Glibc
import Gtk
import GtkNavigation
import Navigation
import NavigationTesting
import RayPets
import RayPetsUI

// RayPets' benchmarks (run by Benchmarks/run, release build):
//   raypets-bench navigate N [drawn]
//                              N push/pop cycles of a real How-to-code step through StackRouter
//                              and the GTK host (animations off); µs per cycle (wall and CPU),
//                              frames drawn per cycle, RSS at 1k and N. As fast as the loop
//                              goes by default (GTK lays out and draws only at frames, at most
//                              one per 16.7 ms, so most steps never reach the screen); with
//                              `drawn`, each push and each pop waits until the frame showing
//                              it has been drawn.
//   raypets-bench list FILE TEXT
//                              My pets over the records in the SQLite file FILE, in the GTK host
//                              (animations off): the push of My pets to its first drawn frame,
//                              RSS then; each keystroke typing TEXT into its search to the frame
//                              showing the filtered list (its matches counted off the main
//                              actor, as in the app; the mean is printed); then, with the
//                              search cleared, the whole list scrolled once, ten screens per
//                              frame (frames drawn, wall and CPU time). Benchmarks/c-baseline does the same in C.
//                              With TEXT "", only the push (what Benchmarks/instructions counts).
//   raypets-bench headless N   present+dismiss pairs through StackRouter on the in-memory host
//                              (after 10,000 unmeasured ones: first-use costs are not growth),
//                              and full appointment flows through their coordinator; ns per
//                              operation at 10k, 100k, ... N, and RSS.
//   raypets-bench pairs N | flows N
//                              only N pairs (after 1,000) or N flows, printing nothing: what
//                              Benchmarks/instructions counts.

func rssKiB() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var pages = 0
    var resident = 0
    withUnsafeMutablePointer(to: &pages) { p in
        withUnsafeMutablePointer(to: &resident) { r in _ = withVaList([p, r]) { vfscanf(file, "%ld %ld", $0) } }
    }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

/// What malloc has handed out and not had back (RSS minus the allocator's own free space).
func heapKiB() -> Int { Int(bench_heap_in_use() / 1024) }

let mode = CommandLine.arguments.dropFirst().first ?? "headless"
let count = Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? 10_000

@MainActor
func navigate(cycles: Int, drawn: Bool) {
    // The same structure as the C baseline: a window, a header bar with Back, one GtkStack —
    // here driven through BackNavigation, GtkStackHost and StackRouter with RayPets' views.
    let (router, _, framesDrawn) = benchWindow()
    let framesBefore = framesDrawn()
    var frames: Int { framesDrawn() - framesBefore }
    var rss1k = 0
    var heap1k = 0
    func settle() {
        if drawn {
            let seen = frames
            while frames == seen { MainLoop.iterate(blocking: true) }
        }
        while MainLoop.iterate() {}
    }
    let cpuStart = MainLoop.processCPUTime
    let start = MainLoop.now
    for cycle in 1...cycles {
        let step = HowToCodeStep.goOut
        let model = MessageModel(
            title: step.title, message: step.text, actionTitle: "Next", actionStyle: step.colour)
        router.present(.howToCode(step), model: model, animated: false, onDismissed: nil)
        settle()
        router.goBack(animated: false)
        settle()
        if cycle == 1_000 { (rss1k, heap1k) = (rssKiB(), heapKiB()) }
    }
    let elapsed = MainLoop.now - start
    let cpu = MainLoop.processCPUTime - cpuStart
    print(
        "cycles \(cycles) us-per-cycle \(Double(elapsed) / Double(cycles)) cpu-us-per-cycle \(Double(cpu) / Double(cycles))",
        "frames-per-cycle \(Double(frames) / Double(cycles)) rss-1k-kib \(rss1k) rss-end-kib \(rssKiB())",
        "heap-1k-kib \(heap1k) heap-end-kib \(heapKiB())")
}

/// `dialogs N`: RayPets' main window, with a page in a dialog opened and closed `N` times, each
/// step drawn (waited for as a person sees it): the instructions of one open and close (counted
/// by hand with callgrind at two counts; Benchmarks/README.md, "A dialog inside its window").
@MainActor
func dialogs(cycles: Int) {
    guard MainLoop.initialize() else {
        print("no display")
        exit(2)
    }
    MainLoop.setAnimationsEnabled(false)
    let main = MainWindow(application: nil)
    main.show(.tabs)
    let router = ModalRouter(host: main.dialogHost)
    final class Frames { var count = 0 }
    let frames = Frames()
    main.window.onAfterPaint { frames.count += 1 }
    main.present()
    _ = MainLoop.run(until: { frames.count > 0 }, timeout: 30)
    while MainLoop.iterate() {}
    func settle() {
        let seen = frames.count
        _ = MainLoop.run(until: { frames.count > seen }, timeout: 30)
        while MainLoop.iterate() {}
    }
    let step = HowToCodeStep.goOut
    for _ in 1...cycles {
        let model = MessageModel(title: step.title, message: step.text, actionTitle: "Next", actionStyle: step.colour)
        router.present(.howToCode(step), model: model, animated: false, onDismissed: nil)
        settle()
        router.dismiss(animated: false)
        settle()
    }
    print("dialogs \(cycles) frames \(frames.count)")
}

/// A window with a header bar, Back and one GtkStackHost showing RayPets' real pages, as the C
/// baseline builds it; Home on top, first frame drawn. Returns the router and a frame counter.
@MainActor
func benchWindow() -> (StackRouter<AppRoute>, GtkStackHost<AppRoute>, () -> Int) {
    guard MainLoop.initialize() else {
        print("no display")
        exit(2)
    }
    MainLoop.setAnimationsEnabled(false)
    let window = Window()
    window.setDefaultSize(width: 560, height: 620)
    let header = HeaderBar()
    let navigation = BackNavigation(window: window)
    header.packStart(navigation.backButton)
    window.titlebar = header
    let host = GtkStackHost<AppRoute>(window: window, makeView: ViewFactory.makeView(for:))
    navigation.follow(host)
    window.child = host.widget
    let router = StackRouter(host: host)
    router.journalPlace = JournalPlace(journal: BenchJournal.shared, window: 1, router: "clinic")
    router.present(.home, model: HomeModel(), animated: false, onDismissed: nil)
    final class Frames { var count = 0 }
    let frames = Frames()
    window.onAfterPaint { frames.count += 1 }
    window.present()
    while frames.count == 0 { MainLoop.iterate(blocking: true) }
    while MainLoop.iterate() {}
    return (router, host, { frames.count })
}

@MainActor
func list(file: String, typing text: String) async {
    let (router, host, frames) = benchWindow()
    func nextFrame() {
        let seen = frames()
        while frames() == seen { MainLoop.iterate(blocking: true) }
    }
    let data = ClinicData(store: ClinicDatabase.open(path: file))
    let model = PetListModel(title: "My pets", prompt: "Choose a pet to see its details.", data: data)
    var start = MainLoop.now
    router.present(.pets, model: model, animated: false, onDismissed: nil)
    nextFrame()
    let push = MainLoop.now - start
    let rss = rssKiB()
    if text.isEmpty {  // no text to type: the push alone (what Benchmarks/instructions counts)
        print("pets \(model.count) push-ms \(Double(push) / 1000) rss-kib \(rss)")
        return
    }
    guard let view = host.shownView,
        let search = findWidgets(SearchEntry.self, in: view.widget).first,
        let list = findWidgets(ListView.self, in: view.widget).first,
        let scrolled = findWidgets(ScrolledWindow.self, in: view.widget).last
    else {
        print("no search entry or list on My pets")
        exit(1)
    }
    var keystrokes: [Int] = []
    for length in 1...text.count {
        let typed = String(text.prefix(length))
        start = MainLoop.now
        search.text = typed
        await waitUntilListed(typed, model)
        nextFrame()
        keystrokes.append(MainLoop.now - start)
    }
    let matches = list.count
    search.text = ""
    await waitUntilListed("", model)
    nextFrame()
    let (scrollStart, cpuStart, framesStart) = (MainLoop.now, MainLoop.processCPUTime, frames())
    while scrolled.verticalOffset < scrolled.maximumVerticalOffset {
        scrolled.verticalOffset = min(
            scrolled.verticalOffset + 10 * scrolled.visibleHeight, scrolled.maximumVerticalOffset)
        nextFrame()
    }
    print(
        "pets \(list.count) push-ms \(Double(push) / 1000) rss-kib \(rss)",
        "keystroke-ms \(Double(keystrokes.reduce(0, +)) / Double(keystrokes.count) / 1000) matches \(matches)",
        "scroll-frames \(frames() - framesStart) scroll-ms \(Double(MainLoop.now - scrollStart) / 1000)",
        "scroll-cpu-ms \(Double(MainLoop.processCPUTime - cpuStart) / 1000) rss-end-kib \(rssKiB())")
}

/// Runs the loop until the list shows the matches of `text`: the entry reports the text on the
/// loop's next turn, and the count comes back from another thread as a main-actor job. This
/// benchmark runs as a main-queue job itself (`onMainLoop`: the bridge drained the queue into
/// it), so that job runs only when this one suspends: between turns of GLib's loop that find
/// nothing to do, it yields, then sleeps 50 µs (the app's loop is woken by `MainQueueBridge`).
@MainActor
func waitUntilListed(_ text: String, _ model: PetListModel) async {
    while model.list.search.text != text || model.isSearching {
        if MainLoop.iterate() { continue }
        await Task.yield()
        if model.isSearching { usleep(50) }
    }
}

/// A pet's page pushed and drawn, with notes of `length` characters (words of five letters):
/// the median milliseconds from the push to its first frame, over `repeats` pushes.
@MainActor
func petPage(notes length: Int, repeats: Int) {
    let (router, _, frames) = benchWindow()
    let store = ClinicDatabase.inMemory()
    // Straight into the store: notes longer than the editor allows, as an older file may hold.
    let words = String(repeating: "abcd ", count: length / 5 + 1).prefix(length)
    let pet = try! store.addPet(Pet(id: "", name: "Notes", species: .dog, age: nil, notes: String(words)))
    let data = ClinicData(store: store)
    var times: [Int] = []
    for _ in 0..<repeats {
        let seen = frames()
        let start = MainLoop.now
        router.present(
            .petDetail(pet.id), model: PetDetailsModel(pet: pet, data: data), animated: false, onDismissed: nil)
        while frames() == seen { MainLoop.iterate(blocking: true) }
        times.append(MainLoop.now - start)
        router.goBack(animated: false)
        while MainLoop.iterate() {}
    }
    times.sort()
    print("notes \(length) pet-page-ms \(Double(times[times.count / 2]) / 1000)")
}

/// Every widget of type `T` inside `widget`'s tree of Swift wrappers.
@MainActor
func findWidgets<T: Widget>(_ type: T.Type, in widget: Widget) -> [T] {
    var found: [T] = []
    if let match = widget as? T { found.append(match) }
    if let box = widget as? Box { found += box.children.flatMap { findWidgets(type, in: $0) } }
    if let scrolled = widget as? ScrolledWindow { found += findWidgets(type, in: scrolled.child) }
    return found
}

/// A stack router on the in-memory host with Home on it, and the page model the pairs show.
/// No leak checks: they are for tests (and these pairs show one model on every page).
@MainActor
func headlessStack() -> (StackRouter<AppRoute>, MessageModel) {
    let host = InMemoryHost<AppRoute>(recordsTransitions: false, checksLeaks: false)
    let router = StackRouter(host: host)
    router.journalPlace = JournalPlace(journal: BenchJournal.shared, window: 1, router: "clinic")
    router.present(.home, model: HomeModel(), animated: false, onDismissed: nil)
    return (router, MessageModel(title: "Step", message: "", actionTitle: "Next"))
}

/// The navigation journal the benchmarks' routers record into, as the app's routers do: every
/// scenario counts navigation with its journal on.
@MainActor
enum BenchJournal {
    static let shared = NavigationJournal()
}

/// `count` present+dismiss pairs of a How-to-code step through `router`.
@MainActor
func presentAndDismiss(_ count: Int, on router: StackRouter<AppRoute>, model: MessageModel) {
    for _ in 0..<count {
        router.present(.howToCode(.goOut), model: model, animated: true, onDismissed: {})
        router.dismiss(animated: true)
    }
}

/// Runs `count` whole appointment flows through AppointmentRequestCoordinator (a pet, sick,
/// a little, not fake), each stored as in the app (in an in-memory SQLite database); returns
/// the data they were stored in.
@MainActor
func appointmentFlows(_ count: Int) async -> ClinicData {
    let tabHost = InMemoryTabHost<AppTab, AppRoute>(tabs: AppTab.allCases)
    let dialogHost = InMemoryHost<AppRoute>(recordsTransitions: false, checksLeaks: false)
    let tabs = TabRouter(tabs: AppTab.allCases, host: tabHost)
    let dialog = ModalRouter(host: dialogHost)
    dialog.journalPlace = JournalPlace(journal: BenchJournal.shared, window: 1, router: "dialog")
    for tab in AppTab.allCases {
        tabs.router(for: tab).journalPlace = JournalPlace(journal: BenchJournal.shared, window: 1, router: tab.rawValue)
    }
    tabs.router(for: .clinic).present(.home, model: HomeModel(), animated: false, onDismissed: nil)
    let data = ClinicData(store: ClinicDatabase.inMemory())
    let feedback = FeedbackLog()
    let questions = Questions(
        router: ModalRouter(host: InMemoryHost<AppRoute>(recordsTransitions: false, checksLeaks: false)))
    for _ in 0..<count {
        let flow = AppointmentRequestCoordinator(
            router: dialog, data: data, feedback: feedback, questions: questions)
        flow.present(animated: true, onDismissed: nil)
        (dialogHost.topPage?.model as? PetListModel)?.select(at: 0)
        while dialogHost.topRoute == .petPicker { await Task.yield() }
        (dialogHost.topPage?.model as? TypedChoiceModel<VisitType>)?.select(.sick)
        (dialogHost.topPage?.model as? TypedChoiceModel<PainLevel>)?.select(.aLittle)
        (dialogHost.topPage?.model as? TypedChoiceModel<FakingAnswer>)?.select(.notFake)
        (dialogHost.topPage?.model as? MessageModel)?.performAction()
    }
    return data
}

@MainActor
func headless(operations: Int) async {
    let (router, model) = headlessStack()
    // Warm up first: the first pairs pay one-time costs (page faults as the heap first grows,
    // symbol binding, type metadata), which would make the first window look slower.
    presentAndDismiss(10_000, on: router, model: model)
    var checkpoint = 10_000
    var last = MainLoop.now
    var done = 0
    while done < operations {
        presentAndDismiss(1, on: router, model: model)
        done += 1
        if done == checkpoint {
            let now = MainLoop.now
            let window = checkpoint - (checkpoint / 10 == 1_000 ? 0 : checkpoint / 10)
            print("pairs \(done) ns-per-pair \(Double(now - last) * 1000 / Double(window)) rss-kib \(rssKiB())")
            last = now
            checkpoint *= 10
        }
    }
    let flows = max(operations / 100, 1_000)
    let start = MainLoop.now
    let data = await appointmentFlows(flows)
    let elapsed = MainLoop.now - start
    print(
        "flows \(flows) us-per-flow \(Double(elapsed) / Double(flows)) recorded \((try? data.history(of: data.allPets()[0].id).count) ?? -1) rss-kib \(rssKiB())"
    )
}

/// Runs `body` on GLib's main loop with the main-queue bridge, as the app runs (no display is
/// opened). An async top level would run under dispatch_main, where Linux drains the main
/// queue on a worker thread (not the app's), and valgrind cannot follow it.
@MainActor
func onMainLoop(_ body: @escaping @MainActor () async -> Void) {
    MainQueueBridge.install()
    var finished = false
    Task.immediate { @MainActor in
        await body()
        finished = true
    }
    while !finished { MainLoop.iterate(blocking: true) }
}

switch mode {
case "list":
    let text = CommandLine.arguments.dropFirst(3).first ?? "bis"
    onMainLoop { await list(file: CommandLine.arguments[2], typing: text) }
case "navigate": navigate(cycles: count, drawn: CommandLine.arguments.dropFirst(3).first == "drawn")
case "pet-page": petPage(notes: count, repeats: 21)
case "dialogs": dialogs(cycles: count)
case "pairs":  // for instruction counts: 1,000 pairs to warm up, then `count`
    let (router, model) = headlessStack()
    presentAndDismiss(1_000 + count, on: router, model: model)
case "flows":  // for instruction counts: `count` appointment flows
    onMainLoop { _ = await appointmentFlows(count) }
default: onMainLoop { await headless(operations: count) }
}
