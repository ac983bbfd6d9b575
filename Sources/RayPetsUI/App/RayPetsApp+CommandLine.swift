import Gtk
import RayPets

extension RayPetsApp {
    /// RayPets' command line, as GNOME apps have it: GApplication parses it, `--help` lists
    /// every option, and links (`raypets://…`) are its parameters.
    func installCommandLine() {
        application.addOption("fresh", description: L("Start at Home instead of where the last run ended"))
        application.addOption("list-routes", description: L("Print the forms of raypets:// links and exit"))
        application.addOption("version", description: L("Print the version and exit"))
        application.setCommandLineHelp(
            parameters: L("[raypets://LINK…]"),
            summary: L("RayPets: the pet clinic app. A link opens its page, in the running window if there is one."))
        application.onLocalOptions { [weak self] given in
            if given.contains("version") {
                print("raypets \(AppInfo.version)")
                return 0
            }
            if given.contains("list-routes") {
                print(DeepLink.forms.joined(separator: "\n"))
                return 0
            }
            if given.contains("fresh") { self?.restoresState = false }
            return nil
        }
    }
}
