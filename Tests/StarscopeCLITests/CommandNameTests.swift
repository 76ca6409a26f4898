import ArgumentParser
import StarscopeCLI
import Testing

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
