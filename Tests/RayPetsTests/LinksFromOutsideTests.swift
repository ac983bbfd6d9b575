import Glibc
import Navigation
import NavigationTesting
import RayPets
import Testing

/// Links from outside the app (a command line, a D-Bus `Open`), as many or as long as another
/// program sends, and a link that comes before the welcome page is done.
@MainActor
@Suite("Links from outside: batches, long links, links on the welcome page")
struct LinksFromOutsideTests {
    /// The windows the app made, in order.
    final class Made { var windows: [HarnessWindow] = [] }

    /// The app (no window open yet); `firstLaunch` leaves the welcome page to do.
    static func rig(firstLaunch: Bool = false) -> (AppCoordinator, Made) {
        let made = Made()
        let settings = SettingsStore(path: makeTemporaryFolder() + "/settings")
        if !firstLaunch { settings.completeWelcome() }
        let app = AppCoordinator(data: makeData(), settings: settings) {
            let window = HarnessWindow()
            made.windows.append(window)
            return window.parts()
        }
        return (app, made)
    }

    @Test(
        "row 14 (issue 42): one D-Bus Open with 2,000 links: the first 5 open, a main-loop turn between them; one notice says 1995 were not"
    )
    func batchOfLinks() async {
        let (app, made) = Self.rig()
        app.openWindow()
        var windowsAtEachTurn: [Int] = []
        let links = Array(repeating: "raypets://clinic/info?window=new", count: 2000)
        let reached = await app.open(batch: links) { windowsAtEachTurn.append(app.windows.windows.count) }
        #expect(LinkBatch.maxOpened == 5)
        #expect(reached == Array(repeating: true, count: 5), "the first five opened")
        #expect(app.windows.windows.count == 6, "five new windows, not 2,000")
        #expect(windowsAtEachTurn == [2, 3, 4, 5], "the loop turns between one link and the next")
        let notices = made.windows.flatMap(\.feedback.notices)
        #expect(notices == ["1995 more links were not opened: RayPets opens at most 5 links at once."])
        #expect(made.windows.last?.feedback.notices.count == 1, "in the window used last")
        for window in app.windows.windows.dropFirst() {
            #expect(window.tabs.router(for: .clinic).routes == [.home, .clinicInfo])
        }
        // A batch that fits opens whole, link after link, with no notice of its own.
        let (small, smallMade) = Self.rig()
        small.openWindow()
        var turns = 0
        let few = ["raypets://clinic/info", "raypets://learn/how-to-code/2", "raypets://clinic/pets"]
        #expect(await small.open(batch: few) { turns += 1 } == [true, true, true])
        #expect(turns == 2 && smallMade.windows[0].feedback.notices.isEmpty)
        #expect(small.windows.windows[0].tabs.router(for: .clinic).routes == [.home, .pets])
        let withABadOne = ["raypets://clinic/nowhere"] + few
        #expect(await small.open(batch: withABadOne) { turns += 1 } == [false, true, true, true])
        #expect(smallMade.windows[0].feedback.notices.count == 1, "only the bad link's own notice")
    }

    @Test(
        "row 15 (issue 42): a 5 MB link through D-Bus: the stderr line is cut to a stated length and says so; the notice quotes the link's start"
    )
    func longLinkOnStandardError() async throws {
        let marker = "row15-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let link = "raypets://clinic/" + marker + String(repeating: "x", count: 5_000_000)
        let written = captureStandardError {
            AppFiles.reportToStandardError("could not open " + link + "\nsecond line, short")
        }
        #expect(written.utf8.count < 10_000, "\(written.utf8.count) bytes written for one report")
        let lines = written.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let line = try #require(lines.first { $0.contains(marker) })
        #expect(line.count <= AppFiles.maxReportLineLength + 100, "\(line.count) characters")
        #expect(line.contains(String(repeating: "x", count: 900)), "cut at the stated length, not before")
        #expect(line.hasPrefix("raypets: could not open raypets://clinic/" + marker), "\(line.prefix(80))")
        let length = ("could not open " + link).utf8.count
        #expect(line.hasSuffix("… (cut: \(length) bytes in all)"), "\(line.suffix(60))")
        let short = lines.filter { $0.count < 100 }
        #expect(short.contains("second line, short"), "each line is cut on its own: \(short)")

        // In the app: refused, the screen stays, the notice quotes only the link's start.
        let (app, made) = Self.rig()
        app.openWindow()
        #expect(!(await app.open(uri: link)))
        let notice = try #require(made.windows[0].feedback.notices.last)
        #expect(notice.hasPrefix("Cannot open \u{2068}raypets://clinic/" + marker), "\(notice.prefix(80))")
        #expect(notice.count < 400, "\(notice.count)")
        #expect(app.windows.windows[0].tabs.router(for: .clinic).routes == [.home])
        // A link within the length limit whose problem quotes its query keys: cut too.
        let key = String(repeating: "k", count: 1500)
        for keys in ["clinic?\(key)=1", "clinic/appointment?pet=rex&\(key)=1"] {
            #expect(!(await app.open(uri: "raypets://" + keys)))
            let notice = made.windows[0].feedback.notices.last ?? ""
            #expect(notice.hasPrefix("Cannot open \u{2068}raypets://clinic") && notice.count < 400, "\(notice.count)")
        }
    }

    @Test(
        "row 16 (issue 42): a window=new link that arrives while Welcome shows opens in a new window after Get started"
    )
    func windowNewOnWelcome() async {
        let (app, made) = Self.rig(firstLaunch: true)
        let first = app.openWindow()
        #expect(made.windows[0].welcomeHost.topRoute == .welcome)
        #expect(!(await app.open(uri: "raypets://clinic/info?window=new")))
        #expect(made.windows[0].feedback.notices == ["The link opens once you press Get started."])
        #expect(app.windows.windows.count == 1, "nothing to open a window on yet")
        made.windows[0].welcomeHost.topModel(as: MessageModel.self)?.performAction()
        for _ in 0..<2_000 where app.windows.windows.count < 2 { await Task.yield() }
        await NavigationTesting.settle()
        #expect(app.windows.windows.count == 2, "the link's own window")
        #expect(first.tabs.router(for: .clinic).routes == [.home], "the welcome window goes to Home")
        #expect(app.windows.windows.last?.tabs.router(for: .clinic).routes == [.home, .clinicInfo])
        #expect(app.windows.focused === app.windows.windows.last)
        // A link without window=new still opens in the welcome window once it is done.
        let (plain, plainMade) = Self.rig(firstLaunch: true)
        let only = plain.openWindow()
        #expect(!(await plain.open(uri: "raypets://clinic/info")))
        plainMade.windows[0].welcomeHost.topModel(as: MessageModel.self)?.performAction()
        await NavigationTesting.settle()
        #expect(plain.windows.windows.count == 1)
        #expect(only.tabs.router(for: .clinic).routes == [.home, .clinicInfo])
    }
}

/// What `body` writes to standard error (file descriptor 2), which goes to a temporary file
/// meanwhile. (Another test writing to stderr at the same moment lands there too.)
func captureStandardError(_ body: () -> Void) -> String {
    let path = makeTemporaryFolder() + "/stderr"
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let saved = dup(2)
    dup2(file, 2)
    body()
    dup2(saved, 2)
    close(saved)
    close(file)
    return readFile(path) ?? ""
}

@MainActor
@Suite("A notice that is no longer true goes")
struct StaleNoticeTests {
    @Test("round 3, row 20: a link to a pet deleted a moment ago: its notice goes as soon as Undo brings the pet back")
    func row20NoticeGoesWithItsCause() async throws {
        let app = AppHarness()
        let deleted = try app.services.data.delete("rex")
        #expect(!(await app.app.open(uri: "raypets://clinic/pets/rex")))
        let notice = try #require(app.feedback.notices.last)
        #expect(notice.contains("There is no pet called"))
        _ = try app.services.data.add(PetDraft(name: "Pickle"))  // another change, Rex still gone
        #expect(app.feedback.withdrawn.isEmpty, "the pet is still gone: the notice stays")
        _ = try app.services.data.undelete(deleted)
        #expect(app.feedback.withdrawn == [notice])
    }
}
