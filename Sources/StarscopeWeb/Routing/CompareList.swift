import Foundation
import Hummingbird
import StarscopeCore

/// `/compare?repos=A/B,C/D&align=created&scale=log`: the repositories to compare (2 to 10 for a
/// chart; fewer shows the form to add more), how their curves are aligned and scaled.
struct CompareList: Hashable, Sendable {
    static let most = 10

    var repositories: [RepositoryName]
    var alignment: StarHistoryChart.Alignment = .date
    var scale: StarHistoryChart.Scale = .linear
    var measure: StarHistoryChart.Measure = .total

    init(
        repositories: [RepositoryName], alignment: StarHistoryChart.Alignment = .date, scale: StarHistoryChart.Scale = .linear,
        measure: StarHistoryChart.Measure = .total
    ) {
        self.repositories = repositories
        self.alignment = alignment
        self.scale = scale
        self.measure = measure
    }

    /// Names separated by commas or spaces, or given as several `repos` (the Favourites picker's
    /// checkboxes); a bad name, more than ten, or an unknown `align`, `scale` or `show` is a 400
    /// with one sentence.
    init(_ values: QueryValues) throws {
        let text = values.all("repos").joined(separator: ",")
        guard text.utf8.count <= 2_000 else { throw HTTPError(.badRequest, message: "“repos” is too long.") }
        var names: [RepositoryName] = []
        for part in text.split(whereSeparator: { $0 == "," || $0 == " " }) {
            guard let name = try? RepositoryName(parsing: String(part)) else {
                throw HTTPError(.badRequest, message: "“\(part.prefix(100))” is not OWNER/NAME.")
            }
            if !names.contains(where: { $0.description.lowercased() == name.description.lowercased() }) { names.append(name) }
        }
        guard names.count <= Self.most else { throw HTTPError(.badRequest, message: "Compare at most \(Self.most) repositories.") }
        guard let alignment = StarHistoryChart.Alignment(rawValue: values["align"] ?? "date") else {
            throw HTTPError(.badRequest, message: "“align” must be date or created.")
        }
        guard let scale = StarHistoryChart.Scale(rawValue: values["scale"] ?? "linear") else {
            throw HTTPError(.badRequest, message: "“scale” must be linear or log.")
        }
        guard let measure = StarHistoryChart.Measure(rawValue: values["show"] ?? "total") else {
            throw HTTPError(.badRequest, message: "“show” must be total or weekly.")
        }
        self.init(repositories: names, alignment: alignment, scale: scale, measure: measure)
    }

    func parameters(path: String, theme: EmbedTheme? = nil) -> String {
        var builder = QueryBuilder()
        builder.add("repos", repositories.map(\.description).joined(separator: ","))
        if alignment != .date { builder.add("align", alignment.rawValue) }
        if scale != .linear { builder.add("scale", scale.rawValue) }
        if measure != .total { builder.add("show", measure.rawValue) }
        builder.add("theme", theme?.rawValue)
        return builder.url(path)
    }
}

/// The colours of an embedded SVG: `?theme=light|dark` (light by default).
enum EmbedTheme: String, Sendable, Hashable, CaseIterable {
    case light, dark

    init(_ values: QueryValues) throws {
        guard let theme = EmbedTheme(rawValue: values["theme"] ?? "light") else {
            throw HTTPError(.badRequest, message: "“theme” must be light or dark.")
        }
        self = theme
    }

    var palette: StarHistoryChart.Palette { self == .dark ? .dark : .light }
}
