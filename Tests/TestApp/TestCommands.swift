import Glibc
import Gtk
import RayPets

/// What `raypets-test-app` adds to RayPets: the running app reads changes to the records from
/// stdin, one per line, makes each through `ClinicData` (so the window follows it as it
/// would follow an edit), and reports on stdout. Tests use it to change the records while a
/// dialog is open (a user cannot) and to kill the app while it writes (the crash test).
///
/// | command | reply, once the change is committed |
/// |---|---|
/// | `add NAME` | `saved added ID NAME` |
/// | `rename ID NAME` | `saved renamed ID NAME` |
/// | `delete ID` | `saved deleted ID` |
/// | `undo` (the last delete of this run) | `saved restored ID NAME` (NAME: the name it came back under) |
/// | `record ID` | `saved recorded ID RECORD` |
/// | `unrecord RECORD` (one recorded in this run) | `saved unrecorded RECORD` |
/// | `churn SEED COUNT` | COUNT random changes, each as `begin COMMAND` then its reply, and the navigation state saved after each (as a window's close saves it); then `done` |
///
/// A change that fails replies `error MESSAGE` and changes nothing.
@MainActor
final class TestCommands {
    private let data: ClinicData
    private let saveState: @MainActor () -> Void
    private var deleted: [ClinicData.DeletedPet] = []
    private var recorded: [AppointmentRecord] = []

    private init(data: ClinicData, saveState: @escaping @MainActor () -> Void) {
        self.data = data
        self.saveState = saveState
    }

    /// Reads commands from stdin until it closes; `saveState` writes the navigation state.
    static func listen(to data: ClinicData, saveState: @escaping @MainActor () -> Void) {
        let commands = TestCommands(data: data, saveState: saveState)
        LineReader.watch(fd: STDIN_FILENO) { line in
            guard let line else { return }
            commands.perform(line)
        }
    }

    private func perform(_ line: String) {
        let words = line.split(separator: " ", maxSplits: 2).map(String.init)
        guard let verb = words.first else { return }
        if verb == "churn", words.count == 3, let seed = UInt64(words[1]), let count = Int(words[2]) {
            Task { await churn(seed: seed, count: count) }
            return
        }
        reply(change(verb, words.dropFirst().joined(separator: " ")))
    }

    /// Makes one change; the reply line.
    private func change(_ verb: String, _ argument: String) -> String {
        do {
            switch verb {
            case "add":
                let pet = try data.add(PetDraft(name: argument))
                return "saved added \(pet.id) \(pet.name)"
            case "rename":
                let parts = argument.split(separator: " ", maxSplits: 1).map(String.init)
                guard parts.count == 2, let pet = data.pet(id: parts[0]) else { return "error no such pet" }
                var draft = PetDraft(pet)
                draft.name = parts[1]
                let renamed = try data.update(pet.id, with: draft)
                return "saved renamed \(renamed.id) \(renamed.name)"
            case "delete":
                deleted.append(try data.delete(argument))
                recorded.removeAll { $0.request.pet == argument }  // its history went with it
                return "saved deleted \(argument)"
            case "undo":
                guard let last = deleted.last else { return "error nothing to undo" }
                let restored = try data.undelete(last)
                deleted.removeLast()
                recorded += last.records.history
                return "saved restored \(restored.id) \(restored.name)"
            case "record":
                let record = try data.record(
                    AppointmentRequest(pet: argument, visitType: .well, outcome: .noAppointmentRequired))
                recorded.append(record)
                return "saved recorded \(argument) \(record.id)"
            case "unrecord":
                guard let index = recorded.firstIndex(where: { "\($0.id)" == argument }) else {
                    return "error no such record"
                }
                try data.deleteRecord(recorded[index])
                recorded.remove(at: index)
                return "saved unrecorded \(argument)"
            default:
                return "error unknown command \(verb)"
            }
        } catch {
            return "error \(error.userMessage)"
        }
    }

    /// `count` random changes, one per main-loop turn (the window follows each).
    private func churn(seed: UInt64, count: Int) async {
        var state = seed | 1
        func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
        for step in 0..<count {
            let pets = (try? data.allPets()) ?? []  // a few pets: the crash test's database
            let pet = pets.isEmpty ? nil : pets[next(pets.count)]
            let roll = next(10)
            let command: String
            if let pet, pets.count >= 3, roll > 2 {
                switch roll {
                case 3...4: command = "rename \(pet.id) R\(seed)-\(step)"
                case 7: command = "delete \(pet.id)"
                case 8 where !deleted.isEmpty: command = "undo"
                case 9 where !recorded.isEmpty: command = "unrecord \(recorded[next(recorded.count)].id)"
                default: command = "record \(pet.id)"
                }
            } else {
                command = "add P\(seed)-\(step)"
            }
            reply("begin \(command)")
            let words = command.split(separator: " ", maxSplits: 1).map(String.init)
            reply(change(words[0], words.count > 1 ? words[1] : ""))
            // The navigation state too, so that a kill can land in the middle of its write.
            saveState()
            await MainLoop.idle()
        }
        reply("done")
    }

    /// Writes `line` to stdout at once (unbuffered: the reader may kill the app next).
    private func reply(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            guard written > 0 else { return }
            offset += written
        }
    }
}
