import Glibc
import Gtk
import RayPetsUI

// The start-up benchmark's RayPets: exactly what the `raypets` executable runs
// (`RayPetsMain.run`), except that right after the main window's first frame is drawn it
// prints `first-frame <monotonic µs>` and quits, as the C baseline's `startup` mode does.
// Benchmarks/measure.py times it from exec.
exit(
    RayPetsMain.run(arguments: CommandLine.arguments) { app in
        app.onFirstFrame = { app in
            print("first-frame \(MainLoop.now)")
            app.application.quit()
        }
    })
