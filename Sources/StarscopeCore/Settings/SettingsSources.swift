import Configuration
import Foundation
import Synchronization

/// Where each setting comes from, through swift-configuration: the flags given, then the
/// `STARSCOPE_…` variables, then the configuration file, then the defaults; the first that holds
/// a setting wins. A variable that does not read as its kind (`STARSCOPE_TIMEOUT=ten`) counts as
/// unset (numbers beyond their range are held to it where they are read), so the process starts
/// as if it were not there; the file is checked strictly at start instead (`SettingsFile`).
public struct SettingsSources: Sendable {
    /// Where a setting in force came from.
    public enum Origin: Sendable, Equatable, CustomStringConvertible {
        case flag, environment, file(String), defaultValue

        public var description: String {
            switch self {
            case .flag: "flag"
            case .environment: "environment"
            case .file(let path): path
            case .defaultValue: "default"
            }
        }
    }

    let reader: ConfigReader
    let origins: OriginRecorder
    /// The configuration file read, if any.
    public let file: SettingsFile?

    /// `flags`: the values given on the command line, by setting.
    public init(flags: [SettingKey: ConfigContent] = [:], variables: [String: String], file: SettingsFile? = nil) {
        let given = Dictionary(
            uniqueKeysWithValues: flags.map { (AbsoluteConfigKey([$0.key.name]), ConfigValue($0.value, isSecret: $0.key.isSecret)) })
        let secrets = Set(SettingKey.all.filter(\.isSecret).map(\.variable))
        let environment = KeyMappingProvider(
            upstream: EnvironmentVariablesProvider(environmentVariables: variables, secretsSpecifier: .specific(secrets))
        ) { $0.prepending(ConfigKey(["starscope"])) }
        var providers: [any ConfigProvider] = [InMemoryProvider(name: "flags", values: given), environment]
        if let file { providers.append(file.provider) }
        origins = OriginRecorder(filePath: file?.path)
        reader = ConfigReader(providers: providers, accessReporter: origins)
        self.file = file
    }

    public func text(_ key: SettingKey) -> String? {
        reader.string(forKey: ConfigKey(key.name), isSecret: key.isSecret).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A number held to `range`; one that is not finite counts as unset.
    public func number(_ key: SettingKey, default fallback: Double, within range: ClosedRange<Double>) -> Double {
        guard let value = reader.double(forKey: ConfigKey(key.name)), value.isFinite else { return fallback }
        return min(max(value, range.lowerBound), range.upperBound)
    }

    public func flag(_ key: SettingKey) -> Bool {
        reader.bool(forKey: ConfigKey(key.name), default: false)
    }

    public func list(_ key: SettingKey) -> [String] {
        (reader.stringArray(forKey: ConfigKey(key.name)) ?? []).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Where `key`'s value in force came from (after it was read).
    public func origin(of key: SettingKey) -> Origin {
        origins.origin(of: key.name)
    }
}

/// Keeps, for each setting read, which provider gave its value (swift-configuration's access reports).
final class OriginRecorder: AccessReporter, Sendable {
    let filePath: String?
    private let seen = Mutex<[String: SettingsSources.Origin]>([:])

    init(filePath: String?) {
        self.filePath = filePath
    }

    func report(_ event: AccessEvent) {
        var origin = SettingsSources.Origin.defaultValue
        // Providers are asked in order (flags, variables, file) until one holds the setting; a
        // value that did not convert was not used.
        let answered = event.providerResults.firstIndex { result in
            if case .success(let lookup) = result.result { return lookup.value != nil }
            return false
        }
        if let answered, event.conversionError == nil, case .success(.some) = event.result {
            switch answered {
            case 0: origin = .flag
            case 1: origin = .environment
            default: origin = filePath.map { .file($0) } ?? .defaultValue
            }
        }
        let name = event.metadata.key.components.joined(separator: ".")
        seen.withLock { $0[name] = origin }
    }

    func origin(of name: String) -> SettingsSources.Origin {
        seen.withLock { $0[name] } ?? .defaultValue
    }
}
