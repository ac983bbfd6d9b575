import Glibc

/// The accelerators `Resources/gtk/shortcuts.ui` shows (its `accelerator` properties, XML
/// entities decoded), read from the source tree this test was built from.
func shortcutsWindowAccelerators(filePath: String = #filePath) throws -> [String] {
    let root = filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
    let text = try readTextFile(root + "/Resources/gtk/shortcuts.ui")
    let open = "<property name=\"accelerator\">"
    return text.split(separator: "\n").compactMap { line -> String? in
        guard let start = line.firstRange(of: open), let end = line.firstRange(of: "</property>") else { return nil }
        return String(line[start.upperBound..<end.lowerBound])
            .replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&amp;", with: "&")
    }
}

/// The text of the file at `path` (UTF-8).
func readTextFile(_ path: String) throws -> String {
    guard let file = fopen(path, "r") else { throw Failure(description: "cannot read \(path)") }
    defer { fclose(file) }
    var text = ""
    var buffer = [CChar](repeating: 0, count: 4096)
    while fgets(&buffer, Int32(buffer.count), file) != nil {
        text += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return text
}
