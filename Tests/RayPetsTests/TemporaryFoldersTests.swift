import Glibc
import Testing

@testable import RayPetsTesting

/// The folders tests write in: one folder per test process, all of it removed at exit (that
/// part is checked by `scripts/test`, which fails when a run leaves a `raypets-*` folder).
@Suite struct TemporaryFoldersTests {
    private func names(in path: String) -> [String]? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            names.append(
                withUnsafeBytes(of: entry.pointee.d_name) {
                    String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
                })
        }
        return names.sorted()
    }

    @Test func eachFolderIsFreshEmptyAndInsideThisProcessFolder() {
        let first = TemporaryFolders.make()
        let second = TemporaryFolders.make("other")
        #expect(first != second)
        let parent = String(first[..<first.lastIndex(of: "/")!])
        #expect(parent.split(separator: "/").last!.hasPrefix("raypets-tests."))
        #expect(second.hasPrefix(parent + "/other."))
        #expect(names(in: first) == [".", ".."])
    }

    /// What a test leaves: files, folders in folders, a folder it made read-only, a name that
    /// is not UTF-8, and a link to something outside, which must stay.
    @Test func removingAFolderTakesEverythingUnderItButNotWhatALinkPointsTo() throws {
        let folder = TemporaryFolders.make()
        let outside = TemporaryFolders.make("outside")
        #expect(mkdir(folder + "/a", 0o700) == 0)
        #expect(mkdir(folder + "/a/b", 0o700) == 0)
        for file in [folder + "/a/b/file", folder + "/top", outside + "/kept"] {
            let descriptor = open(file, O_CREAT | O_WRONLY, 0o600)
            #expect(descriptor >= 0)
            close(descriptor)
        }
        #expect(chmod(folder + "/a/b", 0o500) == 0)
        #expect(chmod(folder + "/a", 0o500) == 0)
        #expect(symlink(outside, folder + "/link") == 0)
        // "caf\u{E9}\u{FF}" in Latin-1
        let notUTF8: [CChar] = Array((folder + "/caf").utf8CString.dropLast()) + [-23, -1, 0]
        #expect(mkdir(notUTF8, 0o700) == 0)
        #expect(mkdir(notUTF8.dropLast() + Array("/inner".utf8CString), 0o700) == 0)

        TemporaryFolders.removeTree(folder)

        #expect(access(folder, F_OK) != 0)
        #expect(access(outside + "/kept", F_OK) == 0)
    }
}
