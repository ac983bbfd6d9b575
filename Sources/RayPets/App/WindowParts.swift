import Navigation

/// What the app makes for each window: the window, the routers over its hosts, and where its
/// notices and questions show.
@MainActor
public struct WindowParts {
    /// The window.
    public let window: any AppWindow
    /// The welcome page's router (first launch).
    public let welcomeRouter: any Router<AppRoute>
    /// The tabs.
    public let tabs: TabRouter<AppTab, AppRoute>
    /// The window's dialog.
    public let dialogRouter: any Router<AppRoute>
    /// The window's notices and toasts.
    public let feedback: any Feedback
    /// The window's "Discard changes?" alerts.
    public let questions: Questions

    /// The parts.
    public init(
        window: any AppWindow, welcomeRouter: any Router<AppRoute>, tabs: TabRouter<AppTab, AppRoute>,
        dialogRouter: any Router<AppRoute>, feedback: any Feedback, questions: Questions
    ) {
        self.window = window
        self.welcomeRouter = welcomeRouter
        self.tabs = tabs
        self.dialogRouter = dialogRouter
        self.feedback = feedback
        self.questions = questions
    }
}
