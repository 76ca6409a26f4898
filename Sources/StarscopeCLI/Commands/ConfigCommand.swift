import ArgumentParser
import Foundation
import StarscopeCore
import StarscopeModels
import StarscopeWeb

/// `starscope config show`: every setting in force and where it came from.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show Starscope's settings.",
        subcommands: [Show.self]
    )

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Print every setting in force and where it came from: a flag, a variable, the file, or the default.",
            discussion: "Secrets (the database address, the metrics token, the GitHub token) show as set or unset."
        )

        @OptionGroup var global: GlobalOptions

        @Option(
            help: ArgumentHelp(
                "The configuration file `serve --config` would read; without it, /etc/starscope/starscope.json when it exists.",
                valueName: "FILE"))
        var config: String?

        @Flag(help: "Print JSON, for scripts: each setting's value and source.")
        var json = false

        func run() async throws {
            let file = try await SettingsFile.load(orSystem: config)
            let environment = try global.environment(ProcessInfo.processInfo.environment, file: file)
            let settings = WebSettings(environment: environment)
            var rows = SettingKey.all.map { key in
                (name: key.name, value: settings.shown(key), source: Self.source(environment.settings.origin(of: key), key: key))
            }
            rows.append(
                (
                    name: "token", value: environment.environmentToken == nil ? "unset" : "set",
                    source: environment.environmentToken?.name ?? "default"
                ))
            if json {
                var object = JSONObjectWriter()
                for row in rows {
                    var member = JSONObjectWriter()
                    member.add("value", row.value)
                    member.add("source", row.source)
                    object.add(row.name, member)
                }
                writeOut(String(decoding: object.bytes, as: UTF8.self) + "\n")
                return
            }
            let width = rows.map(\.name.count).max() ?? 0
            let valueWidth = min(48, rows.map(\.value.count).max() ?? 0)
            for row in rows {
                let name = row.name.padding(toLength: width, withPad: " ", startingAt: 0)
                let value = row.value.count >= valueWidth ? row.value : row.value.padding(toLength: valueWidth, withPad: " ", startingAt: 0)
                writeOut("\(name)  \(value)  \(row.source)\n")
            }
        }

        /// `flag`, `STARSCOPE_…` (the variable), the file's path, or `default`.
        static func source(_ origin: SettingsSources.Origin, key: SettingKey) -> String {
            if case .environment = origin { return key.variable }
            return origin.description
        }
    }
}
