import Gtk
import RecipeBoxCore

/// The application: one window, and `recipebox://` links from the command line or the
/// desktop, opened in the running window.
@MainActor
public final class RecipeBoxApp {
    /// The GtkApplication.
    public let application = Application(id: "io.github.raypets.RecipeBox", opensURIs: true)
    /// The window, once activated.
    public private(set) var window: RecipeBoxWindow?
    private let log = Log(domain: "recipe-box")

    /// The app, ready to run.
    public init() {
        application.onActivate { [weak self] in self?.activate() }
        application.onOpen { [weak self] uris in self?.open(uris) }
    }

    /// Runs until the window closes; returns the exit status.
    public func run(arguments: [String] = CommandLine.arguments) -> Int32 { application.run(arguments: arguments) }

    private func activate() {
        if let window { return window.window.present() }
        let window = RecipeBoxWindow(application: application)
        self.window = window
        window.window.present()
    }

    private func open(_ uris: [String]) {
        activate()
        guard let window else { return }
        for uri in uris {
            do throws(RecipeLink.ParseError) {
                let link = try RecipeLink.parse(uri, recipes: window.coordinator.recipes)
                Task.immediate { await window.coordinator.open(link) }
            } catch {
                log.warning(error.description)
            }
        }
    }
}
