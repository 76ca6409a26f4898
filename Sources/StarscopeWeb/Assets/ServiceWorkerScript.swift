import Foundation

extension Assets {
    /// `/sw.js`: the worker's script after two lines naming the shell it stores at install (every
    /// stylesheet and script at the versioned address pages use, the icons, the manifest and
    /// `/offline`) and that shell's version, so the worker is replaced whenever any of them changes.
    static let serviceWorker: Asset? = {
        guard let script = all["sw.js"] else { return nil }
        let versioned = all.keys.filter { ($0.hasSuffix(".css") || $0.hasSuffix(".js")) && $0 != "sw.js" }.sorted().map(url)
        let images = all.keys.filter { $0.hasSuffix(".svg") || $0.hasSuffix(".png") }.sorted()
        let files = versioned + images.map(url) + images.map { prefix + $0 } + [SiteURL.manifest.href, SiteURL.offline.href]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let list = String(decoding: (try? encoder.encode(files)) ?? Data("[]".utf8), as: UTF8.self)
        let version = Asset(name: "shell", body: Data(list.utf8) + script.body).hash
        let head = "const SHELL_FILES = \(list);\nconst SHELL_VERSION = \"\(version)\";\n"
        return Asset(name: "sw.js", body: Data(head.utf8) + script.body)
    }()
}
