import Foundation

/// Where Starscope keeps its files, following the XDG base directory rules.
public struct Paths: Sendable {
    public let environment: [String: String]
    let settings: SettingsSources

    public init(environment: [String: String], settings: SettingsSources? = nil) {
        self.environment = environment
        self.settings = settings ?? SettingsSources(variables: environment)
    }

    /// `--data-dir`, else the `dataDir` setting (`STARSCOPE_DATA_DIR`), else
    /// `$XDG_DATA_HOME/starscope` (`~/.local/share/starscope`).
    public func dataDirectory(option: String?) -> URL {
        if let option, !option.isEmpty { return URL(fileURLWithPath: option) }
        if let value = settings.text(.dataDir) { return URL(fileURLWithPath: value) }
        return base("XDG_DATA_HOME", fallback: ".local/share").appendingPathComponent("starscope")
    }

    /// The `configDir` setting (`STARSCOPE_CONFIG_DIR`), else `$XDG_CONFIG_HOME/starscope`
    /// (`~/.config/starscope`): the token file and the accounts key.
    public var configDirectory: URL {
        if let value = settings.text(.configDir) { return URL(fileURLWithPath: value) }
        return base("XDG_CONFIG_HOME", fallback: ".config").appendingPathComponent("starscope")
    }

    private func base(_ variable: String, fallback: String) -> URL {
        if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(fallback)
    }
}
