import Configuration
import Foundation
import SystemPackage

/// A configuration file (`serve --config FILE`, else `/etc/starscope/starscope.json` when it
/// exists): one JSON object of settings by name (`SettingKey`), read by swift-configuration's
/// JSON provider. It is checked whole when read: an unknown name or a value of the wrong kind
/// stops the start with one sentence that names it.
public struct SettingsFile: Sendable {
    public static let systemPath = "/etc/starscope/starscope.json"

    public let path: String
    let provider: FileProvider<JSONSnapshot>

    /// Reads and checks the file at `path`.
    public static func load(_ path: String) async throws(StarscopeError) -> SettingsFile {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .invalidInput("Cannot read the configuration file \(path).")
        }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .invalidInput("The configuration file \(path) must hold one JSON object of settings.")
        }
        let known = Dictionary(uniqueKeysWithValues: SettingKey.all.map { ($0.name, $0) })
        for name in object.keys.sorted() where known[name] == nil {
            throw .invalidInput("“\(String(name.prefix(64)))” in \(path) is not a Starscope setting (see `starscope config show`).")
        }
        // A secret in a file every user of the machine may read (as a package's file under /etc
        // is) is no secret: refused, with where it belongs instead.
        let secrets = object.keys.compactMap { known[$0] }.filter(\.isSecret).sorted { $0.name < $1.name }
        if !secrets.isEmpty, othersMayRead(path) {
            throw .invalidInput(
                "\(path) can be read by every user of this machine, so it must not hold \(secrets.map(\.name).joined(separator: " or ")): "
                    + "make it readable by its owner only (chmod 600), or set \(secrets.map(\.variable).joined(separator: " and ")) "
                    + "in a file only root reads (systemd's EnvironmentFile=).")
        }
        let provider: FileProvider<JSONSnapshot>
        do {
            provider = try await FileProvider<JSONSnapshot>(filePath: FilePath(path))
        } catch {
            throw .invalidInput("The configuration file \(path) is not valid JSON.")
        }
        let reader = ConfigReader(provider: provider)
        for name in object.keys.sorted() {
            guard let key = known[name], let problem = Self.problem(with: key, in: reader) else { continue }
            throw .invalidInput("“\(name)” in \(path) must be \(problem).")
        }
        return SettingsFile(path: path, provider: provider)
    }

    /// Whether users other than the file's owner and group may read `path`.
    static func othersMayRead(_ path: String) -> Bool {
        guard let permissions = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int else {
            return false
        }
        return permissions & 0o004 != 0
    }

    /// The file at `path` (`--config`), else the system's file when there is one.
    public static func load(orSystem path: String?) async throws(StarscopeError) -> SettingsFile? {
        if let path { return try await load(path) }
        guard FileManager.default.fileExists(atPath: systemPath) else { return nil }
        return try await load(systemPath)
    }

    /// What `key`'s value should have been, when it is not that.
    static func problem(with key: SettingKey, in reader: ConfigReader) -> String? {
        let name = ConfigKey(key.name)
        switch key.kind {
        case .text:
            return (try? reader.requiredString(forKey: name)) == nil ? "text" : nil
        case .flag:
            return (try? reader.requiredBool(forKey: name)) == nil ? "true or false" : nil
        case .list:
            return (try? reader.requiredStringArray(forKey: name)) == nil ? "a list of text, such as [\"a\", \"b\"]" : nil
        case .number:
            let value = try? reader.requiredDouble(forKey: name)
            if key == .port {
                guard let value, (0...65_535).contains(value), value.rounded() == value else { return "a port from 0 to 65535" }
                return nil
            }
            guard let value, value.isFinite, value >= 0 else { return "a number, 0 or more" }
            return nil
        }
    }
}
