import Foundation

// Writes a Swift file holding each given file's bytes (base64) under its name: the build-time
// half of the `EmbedAssets` plugin. Usage: embed-assets OUTPUT.swift FILE…

let arguments = Array(CommandLine.arguments.dropFirst())
guard let output = arguments.first, arguments.count > 1 else {
    FileHandle.standardError.write(Data("usage: embed-assets OUTPUT.swift FILE…\n".utf8))
    exit(2)
}
var text = """
    // Generated at build time by embed-assets from Sources/StarscopeWeb/Public: do not edit.

    /// The web app's files as they are in the repository, base64-encoded, by file name.
    enum EmbeddedAssets {
        static let base64: [String: String] = [

    """
for path in arguments.dropFirst().sorted() {
    let url = URL(fileURLWithPath: path)
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("embed-assets: cannot read \(path)\n".utf8))
        exit(1)
    }
    text += "        \"\(url.lastPathComponent)\": \"\(data.base64EncodedString())\",\n"
}
text += "    ]\n}\n"
// Rewrite only on change, so the target is not rebuilt when nothing moved.
if FileManager.default.contents(atPath: output) != Data(text.utf8) {
    do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
        FileHandle.standardError.write(Data("embed-assets: cannot write \(output)\n".utf8))
        exit(1)
    }
}
