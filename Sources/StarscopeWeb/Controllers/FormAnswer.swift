import Foundation
import Hummingbird
import StarscopeCore

/// What the handlers of forms answer with, shared by the controllers that take them: the status of
/// a change that failed, a string in a script's JSON answer, and Favourites showing what a form did.
enum FormAnswer {
    /// The status of the answer to a change that failed with `error`.
    static func status(_ error: StarscopeError) -> HTTPResponse.Status {
        switch error {
        case .notFound: .notFound
        case .badCredentials: .forbidden
        case .invalidInput: .badRequest
        default: .serviceUnavailable
        }
    }

    /// `text` as a JSON string, for the answers scripts get (`Accept: application/json`).
    static func jsonString(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return String(decoding: (try? encoder.encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }

    /// Favourites with what a form did (`imported` or `synced` and the outcome's id).
    static func favorites(showing name: String, _ id: String) -> String {
        var builder = QueryBuilder()
        builder.add(name, id)
        return SiteURL.favorites(FavoritesList()).href + "?" + builder.parts.joined(separator: "&")
    }
}
