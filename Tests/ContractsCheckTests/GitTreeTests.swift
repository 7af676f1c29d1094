import ContractsCheck
import ContractsCore
import ContractsGit
import ContractsTestSupport
import Foundation
import XCTest

final class GitTreeTests: XCTestCase {
    func testIndexHoldsTheStagedVersionOfAPartiallyStagedFile() throws {
        let repo = try GitTestRepo()
        try repo.write("registry.yaml", "version: 1\n")
        try repo.write("App/Types.swift", "case one\n")
        try repo.commitAll("first")
        try repo.write("App/Types.swift", "case one\ncase two\n")
        try repo.git("add", "App/Types.swift")
        try repo.write("App/Types.swift", "case one\ncase two\ncase three (not staged)\n")

        let tree = try GitTree(root: repo.url, source: .index)

        XCTAssertEqual(try tree.readText("App/Types.swift"), "case one\ncase two\n")
        XCTAssertEqual(try DiskTree(root: repo.url).readText("App/Types.swift"),
                       "case one\ncase two\ncase three (not staged)\n")
        XCTAssertEqual(try tree.files(under: ""), ["App/Types.swift", "registry.yaml"])
    }

    func testIndexListsNewlyStagedFilesAndDropsStagedDeletions() throws {
        let repo = try GitTestRepo()
        try repo.write("a.sql", "select 1;\n")
        try repo.write("b.sql", "select 2;\n")
        try repo.commitAll("first")
        try repo.git("rm", "-q", "--cached", "a.sql")
        try repo.write("c.sql", "select 3;\n")
        try repo.git("add", "c.sql")
        try repo.write("untracked.sql", "select 4;\n")

        let tree = try GitTree(root: repo.url, source: .index)

        XCTAssertEqual(try tree.files(under: ""), ["b.sql", "c.sql"])
        XCTAssertFalse(tree.exists("a.sql"))
        XCTAssertThrowsError(try tree.read("untracked.sql"))
    }

    func testRevisionReadsTheCommittedFiles() throws {
        let repo = try GitTestRepo()
        try repo.write("database/001_init.sql", "create table t();\n")
        let first = try repo.commitAll("first")
        try repo.write("database/001_init.sql", "create table t(id int);\n")
        try repo.write("database/002_more.sql", "select 1;\n")
        try repo.commitAll("second")

        let old = try GitTree(root: repo.url, source: .revision(first))
        let head = try GitTree(root: repo.url, source: .revision("HEAD"))

        XCTAssertEqual(try old.files(under: "database"), ["database/001_init.sql"])
        XCTAssertEqual(try old.readText("database/001_init.sql"), "create table t();\n")
        XCTAssertEqual(try head.files(under: "database/"), ["database/001_init.sql", "database/002_more.sql"])
        XCTAssertEqual(try head.readText("database/001_init.sql"), "create table t(id int);\n")
    }

    /// `check --staged` reads the staged registry, the index's blobs and HEAD's through one `cat-file --batch`.
    func testTheIndexAndARevisionShareOneBlobReader() throws {
        let repo = try GitTestRepo()
        try repo.write("registry.yaml", "version: 1\n")
        try repo.write("a.sql", "select 1;\n")
        try repo.commitAll("first")
        try repo.write("a.sql", "select 2;\n")
        try repo.git("add", "a.sql")

        let blobs = GitBlobReader(dir: repo.url)
        XCTAssertEqual(try blobs.readIfPresent(":./registry.yaml"), Data("version: 1\n".utf8))
        let index = try GitTree(root: repo.url, source: .index, blobs: blobs)
        let head = try GitTree(root: repo.url, source: .revision("HEAD"), blobs: index.blobReader)
        XCTAssertTrue(index.blobReader === blobs)
        XCTAssertTrue(head.blobReader === blobs)
        XCTAssertEqual(try index.readText("a.sql"), "select 2;\n")
        XCTAssertEqual(try head.readText("a.sql"), "select 1;\n")
        XCTAssertEqual(try index.readText("a.sql"), "select 2;\n", "answers stay in order on the shared session")
    }

    func testUnknownRevisionThrowsWithGitsMessage() throws {
        let repo = try GitTestRepo()
        try repo.write("a.txt", "a\n")
        try repo.commitAll("first")

        XCTAssertThrowsError(try GitTree(root: repo.url, source: .revision("no-such-branch"))) { error in
            XCTAssertTrue("\(error)".contains("no-such-branch"), "\(error)")
        }
    }

    func testRegistryInASubfolderSeesOnlyItsFilesRelativeToIt() throws {
        let repo = try GitTestRepo()
        try repo.write("README.md", "top\n")
        try repo.write("ios/registry.yaml", "version: 1\n")
        try repo.write("ios/App/Types.swift", "case one\n")
        try repo.write("ios/supabase/migrations/20260101000000_init.sql", "select 1;\n")
        try repo.commitAll("first")
        try repo.write("ios/App/Types.swift", "case one\ncase two\n")
        try repo.git("add", "ios/App/Types.swift")
        let root = repo.url.appendingPathComponent("ios")

        let index = try GitTree(root: root, source: .index)
        let head = try GitTree(root: root, source: .revision("HEAD"))

        let expected = ["App/Types.swift", "registry.yaml", "supabase/migrations/20260101000000_init.sql"]
        XCTAssertEqual(try index.files(under: ""), expected)
        XCTAssertEqual(try head.files(under: ""), expected)
        XCTAssertEqual(try index.readText("App/Types.swift"), "case one\ncase two\n")
        XCTAssertEqual(try head.readText("App/Types.swift"), "case one\n")
        XCTAssertEqual(try index.files(under: "supabase"), ["supabase/migrations/20260101000000_init.sql"])
    }

    func testManyBlobsAndOddNamesRoundTrip() throws {
        let repo = try GitTestRepo()
        var expected: [String: String] = [:]
        for i in 0..<300 {
            // Sizes around the reader's buffer, including empty files and files without a final newline.
            let text = i == 0 ? "" : String(repeating: "line \(i)\n", count: i * 97) + "end \(i)"
            expected["src/file \(i)\tä.ts"] = text
            try repo.write("src/file \(i)\tä.ts", text)
        }
        try repo.commitAll("many")

        let tree = try GitTree(root: repo.url, source: .index)
        let paths = try tree.files(under: "src")
        XCTAssertEqual(Set(paths), Set(expected.keys))
        var random = SeededRandom("GitTreeTests read order")
        for path in paths.shuffled(using: &random) { XCTAssertEqual(try tree.readText(path), expected[path], path) }
        let batch = try tree.read(paths)
        XCTAssertEqual(batch.map { String(decoding: $0, as: UTF8.self) }, paths.map { expected[$0]! })
    }

    func testAMissingObjectFailsThatRequestOnlyAndTheReaderGoesOn() throws {
        let repo = try GitTestRepo()
        try repo.write("a.txt", String(repeating: "a", count: 200_000))
        try repo.commitAll("first")
        let real = try repo.git("rev-parse", "HEAD:a.txt")
        let reader = GitBlobReader(dir: repo.url)
        let absent = String(repeating: "1", count: 40)

        XCTAssertThrowsError(try reader.read([absent, real, real, absent, real])) { error in
            XCTAssertTrue("\(error)".contains(absent), "\(error)")
        }
        XCTAssertEqual(try reader.read(real).count, 200_000)
    }

    /// Blobs read by object id are kept (a check reads each file once per reader, and `--staged` again at HEAD):
    /// read again, the same bytes; a blob past the reader's budget is read from git again, the same. Only object ids
    /// are kept: a name (`:./a.txt`, `HEAD:a.txt`) says what the index or a branch holds, which may change.
    func testBlobsAreKeptByObjectID() throws {
        let repo = try GitTestRepo()
        try repo.write("a.txt", "first\n")
        try repo.write("big.txt", String(repeating: "b", count: 5_000))
        _ = try repo.commitAll("first")
        let first = try repo.git("rev-parse", "HEAD:a.txt").trimmingCharacters(in: .whitespacesAndNewlines)
        let big = try repo.git("rev-parse", "HEAD:big.txt").trimmingCharacters(in: .whitespacesAndNewlines)
        let reader = GitBlobReader(dir: repo.url, keepBytes: 1_000)
        XCTAssertEqual(try reader.readIfPresent(":./a.txt"), Data("first\n".utf8))
        let bigText = Data(String(repeating: "b", count: 5_000).utf8)
        XCTAssertEqual(try reader.read([first, big, first]), [Data("first\n".utf8), bigText, Data("first\n".utf8)])
        XCTAssertEqual(try reader.read([big, first, big]), [bigText, Data("first\n".utf8), bigText])
        XCTAssertThrowsError(try reader.read([first, String(repeating: "1", count: 40)]))
        XCTAssertEqual(try reader.read(first), Data("first\n".utf8))
        XCTAssertTrue(GitBlobReader.isObjectID(first))
        XCTAssertFalse(GitBlobReader.isObjectID(":./a.txt"))
        XCTAssertFalse(GitBlobReader.isObjectID("HEAD:" + String(first.dropLast(5))))
    }

    func testSymlinksAndUnmergedEntriesAreNotFiles() {
        let listing = Data((
            "100644 \(String(repeating: "a", count: 40)) 0\tkept.swift\0"
            + "120000 \(String(repeating: "b", count: 40)) 0\tlink.swift\0"
            + "160000 \(String(repeating: "c", count: 40)) 0\tsubmodule\0"
            + "100644 \(String(repeating: "d", count: 40)) 2\tconflict.swift\0"
            + "100755 \(String(repeating: "e", count: 40)) 0\ttool.sh\0"
        ).utf8)

        XCTAssertEqual(GitListing.parseIndex(listing).map(\.path), ["kept.swift", "tool.sh"])
    }
}
