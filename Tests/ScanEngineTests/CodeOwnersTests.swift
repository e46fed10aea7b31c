import Testing
import ScanEngine

@Suite struct CodeOwnersTests {
    /// GitHub's own example file ("About code owners"), lines that matter here.
    static let github = """
        # These owners will be the default owners for everything in the repo.
        *       @global-owner1 @global-owner2
        # Order is important; the last matching pattern takes the most precedence.
        *.js    @js-owner #This is an inline comment.
        *.go docs@example.com
        *.txt @octo-org/octocats
        /build/logs/ @doctocat
        docs/* docs@example.com
        apps/ @octocat
        /docs/ @doctocat
        /scripts/ @doctocat @octocat
        **/logs @octocat
        /apps/ @octocat
        /apps/github
        """

    @Test func lastMatchingLineWins() {
        let o = CodeOwners(path: ".github/CODEOWNERS", text: Self.github)
        #expect(o.problems.isEmpty)
        #expect(o.owners(of: "README.md") == ["@global-owner1", "@global-owner2"])
        #expect(o.owners(of: "src/app.js") == ["@js-owner"], "the inline comment is not an owner")
        #expect(o.owners(of: "main.go") == ["docs@example.com"])
        #expect(o.owners(of: "notes/a.txt") == ["@octo-org/octocats"])
        #expect(o.owners(of: "scripts/build.sh") == ["@doctocat", "@octocat"])
        // docs/*: the folder's files, not its subfolders' — but /docs/ comes later and owns both.
        #expect(o.owners(of: "docs/getting-started.md") == ["@doctocat"])
        #expect(o.owners(of: "docs/build-app/troubleshooting.md") == ["@doctocat"])
        // A matching line with no owners leaves the file unowned: not the same as unmatched.
        #expect(o.owners(of: "apps/github/index.js") == [])
        #expect(o.owners(of: "apps/main/index.js") == ["@octocat"])
    }

    @Test func anchoredAndUnanchoredPatterns() {
        let o = CodeOwners(path: "CODEOWNERS", text: """
            Sources/ @a
            /App/ @b
            Shared/Views @c
            *.m @d
            """)
        #expect(o.owners(of: "Sources/x.swift") == ["@a"])
        #expect(o.owners(of: "Packages/Kit/Sources/x.swift") == ["@a"], "no slash but the trailing one: any depth")
        #expect(o.owners(of: "App/AppDelegate.swift") == ["@b"])
        #expect(o.owners(of: "Modules/App/x.swift") == nil, "a leading slash anchors at the root")
        #expect(o.owners(of: "Shared/Views/Main.swift") == ["@c"], "an inner slash anchors too, and a folder owns its files")
        #expect(o.owners(of: "Lib/Shared/Views/Main.swift") == nil)
        #expect(o.owners(of: "App/Legacy/Old.m") == ["@d"])
        #expect(o.owners(of: "Sources") == nil, "a trailing slash matches folders, not a file of that name")
    }

    @Test func starsWithinAndAcrossComponents() {
        let o = CodeOwners(path: "CODEOWNERS", text: """
            **/logs @logs
            /Features/**/Views/ @views
            /docs/* @docs
            /Kit/** @kit
            Feature?.swift @q
            """)
        #expect(o.owners(of: "logs/a.txt") == ["@logs"])
        #expect(o.owners(of: "deep/er/logs/a.txt") == ["@logs"])
        #expect(o.owners(of: "Features/Views/V.swift") == ["@views"], "** stands for no folder too")
        #expect(o.owners(of: "Features/Cart/Checkout/Views/V.swift") == ["@views"])
        #expect(o.owners(of: "docs/a.md") == ["@docs"])
        #expect(o.owners(of: "docs/sub/a.md") == nil, "docs/* owns the folder's own files only")
        #expect(o.owners(of: "Kit/Sources/Kit.swift") == ["@kit"])
        #expect(o.owners(of: "FeatureA.swift") == ["@q"])
        #expect(o.owners(of: "FeatureAB.swift") == nil)
    }

    @Test func noMatchAndNoFile() {
        let o = CodeOwners(path: "CODEOWNERS", text: "# nothing but comments\n\n   \n/App/ @app\n")
        #expect(o.rules.count == 1)
        #expect(o.owners(of: "Other/x.swift") == nil)
        #expect(CodeOwners.find { _ in nil } == nil)
    }

    @Test func theFirstLocationGitHubReadsWins() throws {
        let files = ["CODEOWNERS": "* @root", "docs/CODEOWNERS": "* @docs"]
        let found = try #require(CodeOwners.find { files[$0].map { .text(Array($0.utf8)) } })
        #expect(found.path == "CODEOWNERS")
        #expect(found.owners(of: "a.swift") == ["@root"])
        let github = try #require(CodeOwners.find { ($0 == ".github/CODEOWNERS" ? "* @gh" : files[$0]).map { .text(Array($0.utf8)) } })
        #expect(github.path == ".github/CODEOWNERS")
        let binary = try #require(CodeOwners.find { $0 == "CODEOWNERS" ? .text([0xff, 0xfe, 0x41]) : nil })
        #expect(binary.rules.isEmpty && binary.problems.first?.message == "not UTF-8 text; not read")
        let huge = try #require(CodeOwners.find { $0 == "CODEOWNERS" ? .text(Array(repeating: 0x20, count: CodeOwners.sizeLimit)) : nil })
        #expect(huge.rules.isEmpty && huge.problems.first?.message.hasSuffix("GitHub ignores a CODEOWNERS file of 3 MB or more; not read") == true)
    }

    @Test func malformedLinesAreSkippedAndNamedWithTheirLine() {
        let o = CodeOwners(path: ".github/CODEOWNERS", text: """
            * @everyone
            !/Generated/ @nobody
            /App/[A-Z]*.swift @app
            \\#notes @n
            /Kit/ kit-team
            /Lib/ @org/team/extra
            /Ok/ @ok\r
            """)
        #expect(o.rules.map(\.line) == [1, 7])
        #expect(o.problems.map(\.path) == Array(repeating: ".github/CODEOWNERS", count: 5))
        #expect(o.problems.map { $0.message.prefix(7) } == ["line 2:", "line 3:", "line 4:", "line 5:", "line 6:"])
        #expect(o.problems[0].message.contains("negation"))
        #expect(o.problems[3].message == "line 5: 'kit-team' is not an owner (an owner is @user, @org/team or an email address); the line is skipped")
        // The skipped lines own nothing; the valid ones still do, CRLF and all.
        #expect(o.owners(of: "Generated/x.swift") == ["@everyone"])
        #expect(o.owners(of: "Ok/x.swift") == ["@ok"])
    }
}
