/// A use case made for the request's viewer (sign-in set it once): what a controller takes
/// instead of the services behind it (wired in `WebServices+Controllers.swift`).
struct ForViewer<UseCase>: Sendable {
    let make: @Sendable (WebContext) async -> UseCase

    init(_ make: @escaping @Sendable (WebContext) async -> UseCase) {
        self.make = make
    }

    func callAsFunction(for context: WebContext) async -> UseCase {
        await make(context)
    }
}
