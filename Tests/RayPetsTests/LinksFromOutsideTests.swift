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
        "row 16 (issue 42): a window=new link that arrives while Welcome shows opens in a new window after Get started"
    )
    func windowNewOnWelcome() async {
        let (app, made) = Self.rig(firstLaunch: true)
        let first = app.openWindow()
        #expect(made.windows[0].welcomeHost.topRoute == .welcome)
        #expect(!(await app.open(uri: "raypets://clinic/info?window=new")))
        #expect(made.windows[0].feedback.notices == ["The link opens once you press Get started."])
        #expect(app.windows.windows.count == 1, "nothing to open a window on yet")
        made.windows[0].welcomeHost.topModel(as: MessageViewModel.self)?.performAction()
        for _ in 0..<2_000 where app.windows.windows.count < 2 { await Task.yield() }
        await NavigationTesting.settle(made.windows.flatMap(\.hosts))
        #expect(app.windows.windows.count == 2, "the link's own window")
        #expect(first.tabs.router(for: .clinic).routes == [.home], "the welcome window goes to Home")
        #expect(app.windows.windows.last?.tabs.router(for: .clinic).routes == [.home, .clinicInfo])
        #expect(app.windows.focused === app.windows.windows.last)
        // A link without window=new still opens in the welcome window once it is done.
        let (plain, plainMade) = Self.rig(firstLaunch: true)
        let only = plain.openWindow()
        #expect(!(await plain.open(uri: "raypets://clinic/info")))
        plainMade.windows[0].welcomeHost.topModel(as: MessageViewModel.self)?.performAction()
        await NavigationTesting.settle(plainMade.windows.flatMap(\.hosts))
        #expect(plain.windows.windows.count == 1)
        #expect(only.tabs.router(for: .clinic).routes == [.home, .clinicInfo])
    }
}
