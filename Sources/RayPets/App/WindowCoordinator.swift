import Navigation

/// The root of one window's coordinator tree (the `AppCoordinator` holds one per window). It
/// owns its window and the routers, gets the services (the shared ones and the window's own
/// feedback and questions) and hands them down; on the first launch it awaits the welcome
/// page, then starts a coordinator per tab. Navigation follows the clinic's records
/// (`WindowCoordinator+Data`).
@MainActor
public final class WindowCoordinator: Coordinator, NavigationWindow {
    /// Welcome (first launch only), then one coordinator per tab: Home and Learn.
    public var children: [any Coordinator] = []
    /// The window.
    public let window: any AppWindow
    /// The services every flow shares.
    public let services: ClinicServices
    /// The tabs and their stacks.
    public let tabs: TabRouter<AppTab, AppRoute>
    /// The dialog's router: every flow that opens a dialog presents through it.
    public let dialogRouter: any Router<AppRoute>
    private let welcomeRouter: any Router<AppRoute>
    /// Links that came while the welcome page showed, as they came (`window=new` kept):
    /// opened after *Get started*.
    var linksAfterWelcome: [String] = []
    /// Whether links wait for the welcome page's *Get started*.
    public var isHoldingLinks: Bool { !linksAfterWelcome.isEmpty }
    /// How long a link or a restore waits for each page it opens (`WindowCoordinator+Rebuild`);
    /// tests shorten it.
    var pageDeadline: Duration = .seconds(10)
    private var started = false
    var dataObservation: ClinicObservation?
    /// While a notice says a link's pet does not exist: the records, watched for it to come.
    var missingPetWatch: ClinicObservation?

    /// The app over `window`: the welcome page on `welcomeRouter`, the tabs on `tabs`,
    /// dialogs through `dialogRouter`.
    public init(
        window: any AppWindow, welcomeRouter: any Router<AppRoute>, tabs: TabRouter<AppTab, AppRoute>,
        dialogRouter: any Router<AppRoute>, services: ClinicServices
    ) {
        self.window = window
        self.welcomeRouter = welcomeRouter
        self.tabs = tabs
        self.dialogRouter = dialogRouter
        self.services = services
        // Back is never a loss: the pages it takes stay for Forward (and an editor's changes
        // with them), up to this many a stack.
        for tab in AppTab.allCases { tabs.router(for: tab).forwardLimit = Self.forwardLimit }
        (dialogRouter as? PageRouter<AppRoute>)?.forwardLimit = Self.forwardLimit
        services.questions.feedback = services.feedback
        followTheRecords()
    }

    /// How many pages each stack and the dialog keep for Forward.
    public nonisolated static let forwardLimit = 10

    /// The window's routers, the dialog's first: what is asked when the window closes.
    public var routers: [any Router<AppRoute>] { [dialogRouter] + AppTab.allCases.map { tabs.router(for: $0) } }

    /// The routers' names in the journal, in the order of `routers`: `dialog`, then each tab's.
    public var routerNames: [String] { ["dialog"] + AppTab.allCases.map { $0.rawValue } }

    /// The router of the tab the user is looking at.
    public var router: any Router<AppRoute> { tabs.selectedRouter }

    /// The app's flow ends with its window; dismissing it closes the dialog and takes every
    /// tab back to its root page.
    public func dismiss(animated: Bool) {
        dialogRouter.dismiss(animated: animated)
        for tab in tabs.tabs { tabs.router(for: tab).dismiss(animated: animated) }
    }

    /// Starts the app the first time; later calls (another launch) just raise the window.
    public func start() {
        if !started {
            started = true
            present(animated: false, onDismissed: nil)
        }
        window.present()
    }

    /// Shows the welcome page on the first launch, the tabs otherwise.
    public func present(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        guard !services.settings.hasCompletedWelcome else { return showTabs() }
        window.show(.welcome)
        let results = coordinate(to: WelcomeCoordinator(router: welcomeRouter), animated: false)
        Task.immediate { @MainActor [weak self] in
            // nil: the window closed on the welcome page (or the app is gone)
            guard await results.next() != nil, let self else { return }
            self.services.settings.completeWelcome()
            self.showTabs()
            let links = self.linksAfterWelcome
            self.linksAfterWelcome = []
            for link in links {
                // `window=new` is honoured now that there are windows to open.
                let (plain, wantsNew) = LinkWindow.split(link)
                if wantsNew, let windows = self.services.windows {
                    await windows.open(uri: link)
                } else {
                    await self.open(uri: plain)
                }
            }
        }
    }

    private func showTabs() {
        window.show(.tabs)
        presentChild(
            HomeCoordinator(router: tabs.router(for: .clinic), dialogRouter: dialogRouter, services: services),
            animated: false)
        presentChild(LearnCoordinator(router: tabs.router(for: .learn)), animated: false)
    }
}
