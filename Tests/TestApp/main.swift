import Glibc
import RayPetsUI

// The end-to-end and crash tests' RayPets: exactly what the `raypets` executable runs
// (`RayPetsMain.run`), and, once the window and services are built, `TestCommands` reading
// changes to the records from stdin. Built with the tests, never installed: the `raypets`
// binary has no way to read commands.
exit(
    RayPetsMain.run(arguments: CommandLine.arguments) { app in
        app.onActivated = { [weak app] services in
            TestCommands.listen(to: services.data) { app?.saveState() }
        }
    })
