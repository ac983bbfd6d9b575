import Glibc
import Gtk
import RayPets
import RayPetsUI

// RayPets' entry point: find the data files (next to the binary in a development build,
// in ../share when installed), set up translations and resources, and run the application.

/// The folder holding this executable.
func executableFolder() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return "." }
    let path = buffer.prefix(count).withUnsafeBufferPointer { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
}

/// The first of `candidates` that exists, else the last one.
func firstExisting(_ candidates: [String]) -> String {
    candidates.first { access($0, F_OK) == 0 } ?? candidates[candidates.count - 1]
}

// Command-line checks that need no window: list the link forms, or reject a bad link with a
// message and exit status 2 before anything is forwarded to a running instance.
let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--list-routes") {
    print(DeepLink.forms.joined(separator: "\n"))
    exit(0)
}
for argument in arguments where argument.lowercased().hasPrefix("raypets:") {
    do {
        _ = try DeepLink.parse(argument, pets: InMemoryPetStore.samplePets)
    } catch {
        let message = "raypets: \(error.description)\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        exit(2)
    }
}

let binFolder = executableFolder()
setUpTranslations(localeFolder: firstExisting([binFolder + "/locale", binFolder + "/../share/locale"]))
Resources.register(firstOf: [binFolder + "/raypets.gresource", binFolder + "/../share/raypets/raypets.gresource"])

// --fresh: start at Home instead of where the last run ended.
let fresh = arguments.contains("--fresh")
let app = RayPetsApp(settingsPath: SettingsStore.defaultPath(), statePath: StateStore.defaultPath(), restoresState: !fresh)
exit(app.run(arguments: CommandLine.arguments.filter { $0 != "--fresh" }))
