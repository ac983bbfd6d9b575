import Glibc

// Two builds of one program:
// - `scripts/fuzz` builds it with `--sanitize=fuzzer --sanitize=address -DFUZZING`: libFuzzer
//   supplies `main` and calls `LLVMFuzzerTestOneInput` with inputs it grows by coverage; the
//   target is chosen by the environment variable RAYPETS_FUZZ_TARGET.
// - A plain build replays files: `raypets-fuzz TARGET FILE...` checks each input once (a
//   corpus, or a crash libFuzzer wrote), so a finding can be debugged without the fuzzer.

/// Writes `text` to standard error.
func printError(_ text: String) {
    _ = text.withCString { write(2, $0, strlen($0)) }
}

#if FUZZING
    nonisolated(unsafe) private var selected: FuzzTarget?

    @_cdecl("LLVMFuzzerInitialize")
    public func fuzzerInitialize(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>
    ) -> CInt {
        let name = getenv("RAYPETS_FUZZ_TARGET").map { String(cString: $0) } ?? ""
        selected = MainActor.assumeIsolated { FuzzTarget(rawValue: name) }
        if selected == nil {
            let names = MainActor.assumeIsolated { FuzzTarget.allCases.map(\.rawValue) }
            printError("RAYPETS_FUZZ_TARGET must be one of: \(names.joined(separator: ", "))\n")
            exit(2)
        }
        return 0
    }

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        MainActor.assumeIsolated {
            if let failure = selected!.check(bytes) {
                printError("raypets-fuzz: \(selected!.rawValue): \(failure)\n")
                abort()  // libFuzzer saves the input as crash-<sha1>
            }
        }
        return 0
    }
#else
    @main
    struct Replay {
        @MainActor
        static func main() {
            let arguments = CommandLine.arguments.dropFirst()
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
                let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
                printError("usage: raypets-fuzz \(names) FILE...  (checks each input once)\n")
                exit(2)
            }
            var failures = 0
            for path in arguments.dropFirst() {
                guard let bytes = readFile(path) else {
                    printError("raypets-fuzz: cannot read \(path)\n")
                    exit(2)
                }
                if let failure = target.check(bytes) {
                    print("FAIL \(path): \(failure)")
                    failures += 1
                }
            }
            print("raypets-fuzz: \(name): \(arguments.count - 1) inputs, \(failures) failed")
            exit(failures == 0 ? 0 : 1)
        }

        static func readFile(_ path: String) -> [UInt8]? {
            guard let file = fopen(path, "rb") else { return nil }
            defer { fclose(file) }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = fread(&buffer, 1, buffer.count, file)
                if count <= 0 { break }
                bytes += buffer[0..<count]
            }
            return bytes
        }
    }
#endif
