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
//   raypets-bench headless N   present+dismiss pairs through StackRouter on the in-memory host
//                              (after 10,000 unmeasured ones: first-use costs are not growth),
//                              and full appointment flows through their coordinator; ns per
//                              operation at 10k, 100k, ... N, and RSS.

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
    guard MainLoop.initialize() else {
        print("no display")
        exit(2)
    }
    MainLoop.setAnimationsEnabled(false)
    // The same structure as the C baseline: a window, a header bar with Back, one GtkStack —
    // here driven through BackNavigation, GtkStackHost and StackRouter with RayPets' views.
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
    router.present(.home, model: HomeViewModel(), animated: false, onDismissed: nil)
    var frames = 0
    window.onAfterPaint { frames += 1 }
    window.present()
    while MainLoop.iterate() {}
    frames = 0
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
        let model = MessageViewModel(
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

@MainActor
func headless(operations: Int) async {
    // present+dismiss pairs
    let host = InMemoryHost<AppRoute>(recordsTransitions: false)
    let router = StackRouter(host: host)
    router.present(.home, model: HomeViewModel(), animated: false, onDismissed: nil)
    let model = MessageViewModel(title: "Step", message: "", actionTitle: "Next")
    // Warm up first: the first pairs pay one-time costs (page faults as the heap first grows,
    // symbol binding, type metadata), which would make the first window look slower.
    for _ in 0..<10_000 {
        router.present(.howToCode(.goOut), model: model, animated: true, onDismissed: {})
        router.dismiss(animated: true)
    }
    var checkpoint = 10_000
    var last = MainLoop.now
    var done = 0
    while done < operations {
        router.present(.howToCode(.goOut), model: model, animated: true, onDismissed: {})
        router.dismiss(animated: true)
        done += 1
        if done == checkpoint {
            let now = MainLoop.now
            let window = checkpoint - (checkpoint / 10 == 1_000 ? 0 : checkpoint / 10)
            print("pairs \(done) ns-per-pair \(Double(now - last) * 1000 / Double(window)) rss-kib \(rssKiB())")
            last = now
            checkpoint *= 10
        }
    }
    // Full appointment flows through PetAppointmentBuilderCoordinator (sick, a little, not fake).
    let tabHost = InMemoryTabHost<AppTab, AppRoute>(tabs: AppTab.allCases)
    let modalHost = InMemoryHost<AppRoute>(recordsTransitions: false)
    let tabs = TabRouter(tabs: AppTab.allCases, host: tabHost)
    let modal = ModalRouter(host: modalHost)
    tabs.router(for: .clinic).present(.home, model: HomeViewModel(), animated: false, onDismissed: nil)
    // Each finished flow is stored, as in the app (here in an in-memory SQLite database).
    let data = ClinicData(store: ClinicDatabase.inMemory())
    let feedback = FeedbackLog()
    let questions = Questions(router: ModalRouter(host: InMemoryHost<AppRoute>(recordsTransitions: false)))
    let flows = max(operations / 100, 1_000)
    let start = MainLoop.now
    for _ in 0..<flows {
        let flow = PetAppointmentBuilderCoordinator(
            router: modal, data: data, feedback: feedback, questions: questions)
        flow.present(animated: true, onDismissed: nil)
        (modalHost.visiblePage?.model as? PetListViewModel)?.select(at: 0)
        while modalHost.visibleRoute == .petPicker { await Task.yield() }
        (modalHost.visiblePage?.model as? ChoiceViewModel<VisitType>)?.select(.sick)
        (modalHost.visiblePage?.model as? ChoiceViewModel<PainLevel>)?.select(.aLittle)
        (modalHost.visiblePage?.model as? ChoiceViewModel<FakingAnswer>)?.select(.notFake)
        (modalHost.visiblePage?.model as? MessageViewModel)?.performAction()
    }
    let elapsed = MainLoop.now - start
    print(
        "flows \(flows) us-per-flow \(Double(elapsed) / Double(flows)) recorded \((try? data.history(of: data.allPets()[0].id).count) ?? -1) rss-kib \(rssKiB())"
    )
}

switch mode {
case "navigate": navigate(cycles: count, drawn: CommandLine.arguments.dropFirst(3).first == "drawn")
default: await headless(operations: count)
}
