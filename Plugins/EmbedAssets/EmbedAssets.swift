import Foundation
import PackagePlugin

/// Embeds the web app's files (`Public/` in the target: CSS, JavaScript, the service worker, the
/// manifest and the icons) into the binary at build time, so that they stay real files in the
/// repository, checked as what they are, while `starscope serve` runs from anywhere.
@main
struct EmbedAssets: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let folder = target.directoryURL.appending(path: "Public")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        let inputs = names.map { folder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedAssets.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.count) web assets",
                executable: try context.tool(named: "embed-assets").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
