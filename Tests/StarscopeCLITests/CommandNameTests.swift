import ArgumentParser
import Testing

@testable import StarscopeCLI

/// Every command names itself. Without a name, swift-argument-parser derives one from the type's
/// name with `String(describing:)` each time it builds the command tree, and each of those runs
/// dynamic casts that scan every protocol conformance in the binary: a few milliseconds and
/// megabytes of pages on every start (see docs/PERFORMANCE.md).
@Suite struct CommandNameTests {
    @Test func everyCommandHasAnExplicitName() {
        var unnamed: [String] = []
        var pending: [any ParsableCommand.Type] = [Starscope.self]
        while let command = pending.popLast() {
            if command.configuration.commandName == nil { unnamed.append("\(command)") }
            pending.append(contentsOf: command.configuration.subcommands)
        }
        #expect(unnamed.isEmpty, "commands without a commandName: \(unnamed)")
    }
}

/// A command's own parse stands in for the whole tree's only when it gives the same command;
/// anything else (help, the version, completion scripts, a mistake) goes to the whole tree.
@Suite struct QuickParseTests {
    static func described(_ command: any ParsableCommand) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }

    @Test(arguments: [
        ["trending"], ["trending", "--since", "day", "--limit", "5", "--json"], ["trending", "--language", "C++", "--sort", "forks"],
        ["favorites"], ["favorites", "--json"], ["favorites", "add", "octo/kit"], ["favorites", "tag", "a/b", "x", "y"],
        ["favorites", "tags", "--json"], ["favorites", "describe", "x", "y"], ["lists", "--json"],
        ["favorites", "sync", "--lists", "--push"],
        ["repo", "apple/swift", "--watch"], ["search", "rocket", "--users"], ["auth", "status"], ["rising", "--since", "month"],
        ["serve", "--port", "0"], ["accounts", "forget", "mona"], ["history", "a/b", "--weeks"],
    ])
    func theQuickParseIsTheWholeTreesParse(arguments: [String]) throws {
        let whole = try Starscope.parseAsRoot(arguments)
        let quick = try #require(Starscope.quickParse(arguments), "\(arguments)")
        #expect(type(of: quick) == type(of: whole))
        #expect(Self.described(quick) == Self.described(whole))
    }

    @Test(arguments: [
        ["trending", "--help"], ["trending", "-h"], ["help", "trending"], ["favorites", "help"], ["trending", "--version"],
        ["trending", "--generate-completion-script", "bash"], ["trending", "--experimental-dump-help"],
        ["trending", "--since", "year"], ["trending", "--no-such-flag"], ["nosuchcommand"], [], ["--version"],
        ["repo"], ["favorites", "nosuch", "a/b"], ["history", "a/b", "--days", "--weeks"],
    ])
    func helpVersionAndMistakesGoToTheWholeTree(arguments: [String]) {
        #expect(Starscope.quickParse(arguments) == nil, "\(arguments)")
    }

    /// `--version` is answered before any parse, with what the whole tree prints.
    @Test func theVersionReadsAsTheWholeTreesDoes() async throws {
        for arguments in [["--version"], ["trending", "--version"]] {
            let result = try await CLI.run(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stdout == Starscope.configuration.version + "\n", "\(arguments)")
            #expect(result.stderr.isEmpty)
        }
    }
}
