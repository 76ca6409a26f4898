import Foundation
import GitHubAPI
import StarscopeCore
import StarscopeStore
import Synchronization

/// The server's own token (the environment's, else the one Settings stored) and what reads
/// through it: the server's pages, the owner's favourites, what everyone sees, and the embeds'
/// share of its hour. Settings can change the token while the app runs.
final class ServerToken: Sendable {
    /// The layers between use cases and GitHub, stacked once for every token in use.
    let stack: GitHubStack
    let tokenFile: TokenFile
    /// `GH_TOKEN` or `GITHUB_TOKEN`: when set, it wins over the stored token.
    let environmentToken: String?
    /// Whose eyes the server's pages read through: the owner's on a server without accounts;
    /// with accounts, everyone's (public repositories only, whoever owns the token).
    let serverViewer: Viewer
    /// What new embed drawings for strangers and guests may spend of the token's hour, in requests.
    let embedAllowance: RequestAllowance
    private let current: CurrentReading
    /// The token as everyone sees it, spending from `embedAllowance`.
    private let embedCurrent: CurrentReading
    /// Live counts of the server's pages, guests' and a server without accounts.
    let live: LiveHub
    /// Whether each person starred what they looked at, as GitHub said a moment ago (`StarStates`).
    let starStates = StarStates()

    init(settings: WebSettings, stack: GitHubStack) {
        self.stack = stack
        tokenFile = TokenFile(directory: settings.configDirectory)
        environmentToken = settings.environmentToken?.token
        serverViewer = settings.accounts ? .everyone : .owner
        let token = environmentToken ?? (try? tokenFile.read()) ?? nil
        current = CurrentReading(stack.reading(token: token, viewer: .owner))
        embedAllowance = RequestAllowance(share: settings.embedShare)
        embedCurrent = CurrentReading(stack.reading(token: token, viewer: .everyone, allowance: embedAllowance))
        let (readings, viewer) = (current, serverViewer)
        // Live counts and the background checks split the live share: together they never spend more.
        live = LiveHub(budget: Self.liveBudget(settings)) { readings.value.viewed(by: viewer) }
    }

    /// Each token's live counts spend half of the live share (the background checks the other half).
    static func liveBudget(_ settings: WebSettings) -> LiveBudget {
        LiveBudget(share: settings.liveShare / 2, minimumInterval: settings.liveInterval)
    }

    /// The server's pages: a server without accounts, and its live checks, read through it. With
    /// accounts it shows public repositories only: what guests and people without a token of their own see.
    var reading: ReadContext { current.value.viewed(by: serverViewer) }

    /// All the token may see, for the owner's favourites (the terminal's and a server without accounts).
    var ownerReading: ReadContext { current.value }

    /// What star-history SVGs asked by strangers and guests are drawn with: the token as everyone
    /// sees it (an embed may be shown anywhere), within the embeds' share of its hour.
    var strangersEmbedReading: ReadContext { embedCurrent.value }

    /// The token as everyone sees it: public repositories only, for what the server itself reads
    /// for all (breaking out) and the embeds of people signed in.
    var publicReading: ReadContext { current.value.viewed(by: .everyone) }

    /// The stored token, if any.
    var storedToken: String? { (try? tokenFile.read()) ?? nil }

    /// Whether the server has a token: the environment's or a stored one.
    var exists: Bool { environmentToken != nil || storedToken != nil }

    /// Saves (or, with nil, deletes) the token and switches to it unless the environment's wins.
    func useStoredToken(_ token: String?) throws(StoreError) {
        if let token { try tokenFile.write(token) } else { try tokenFile.delete() }
        let effective = environmentToken ?? token
        current.value = stack.reading(token: effective, viewer: .owner)
        embedCurrent.value = stack.reading(token: effective, viewer: .everyone, allowance: embedAllowance)
        starStates.forgetAll()
    }
}

/// The reading context for the token in use, swapped when Settings changes the token.
final class CurrentReading: Sendable {
    private let reading: Mutex<ReadContext>

    init(_ reading: ReadContext) {
        self.reading = Mutex(reading)
    }

    var value: ReadContext {
        get { reading.withLock { $0 } }
        set { reading.withLock { $0 = newValue } }
    }
}
