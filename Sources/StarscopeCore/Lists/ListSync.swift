import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore

/// `favorites sync --lists [--push]`: GitHub's star Lists and the tags here come into step (a tag
/// is a List), as `ListMerge` plans. GitHub is changed first, so that a refusal (a token without
/// the `user` scope) leaves both sides as they were; mutations are sent only for what differs.
public struct ListSync: Sendable {
    /// What a sync did, for one line.
    public struct Report: Sendable, Hashable {
        /// Lists made on GitHub from tags.
        public var listsMade: [String] = []
        /// Repositories tagged and untagged here.
        public var addedHere = 0
        public var removedHere = 0
        /// Repositories put in and taken out of Lists on GitHub.
        public var addedOnGitHub = 0
        public var removedOnGitHub = 0
        /// Repositories that became favourites because a List holds them.
        public var favoritesMade: [String] = []
        /// Tags whose List was deleted on GitHub (the tags stay).
        public var deletedOnGitHub: [String] = []
        /// Lists left alone because their names cannot be tags.
        public var unusable: [String] = []
        /// Repositories in a List that could not be made favourites (gone, or not shown to you).
        public var unreachable: [String] = []

        /// What happened, in one line (the terminal and the web say the same).
        public func sentence(push: Bool) -> String {
            var here = "Here: \(addedHere) tagged, \(removedHere) untagged"
            if !favoritesMade.isEmpty { here += ", \(CountNoun.text(favoritesMade.count, "new favourite"))" }
            var parts = [here]
            if push {
                parts.append(
                    "on GitHub: \(CountNoun.text(listsMade.count, "List")) made, \(addedOnGitHub) added, \(removedOnGitHub) removed")
            }
            if !deletedOnGitHub.isEmpty { parts.append("\(CountNoun.text(deletedOnGitHub.count, "List")) deleted on GitHub kept as tags") }
            return "Synced with GitHub Lists. " + parts.joined(separator: "; ") + "."
        }
    }

    public let favorites: Favorites
    public let lists: any StarLists
    public let hasToken: Bool

    public init(favorites: Favorites, lists: any StarLists, hasToken: Bool) {
        self.favorites = favorites
        self.lists = lists
        self.hasToken = hasToken
    }

    static let needsToken = StarscopeError.badCredentials("Syncing with GitHub Lists needs a GitHub token, and none is set.")

    /// Every List of the token's user, as GitHub holds them now.
    public func read() async throws(StarscopeError) -> [StarList] {
        guard hasToken else { throw Self.needsToken }
        return try await lists.all()
    }

    public func sync(push: Bool) async throws(StarscopeError) -> Report {
        guard hasToken else { throw Self.needsToken }
        let database = favorites.database
        let viewer = favorites.viewer
        let remote = try await lists.all()
        let (local, publicTags) = try await localTags()
        let bases = try await StarscopeError.fromStore { () async throws(StoreError) in try await database.listSyncBases(for: viewer) }
        let merge = ListMerge(
            remote: remote.map {
                ListMerge.Remote(
                    id: $0.id, name: $0.name, description: Self.oneLine($0.description), isPrivate: $0.isPrivate,
                    members: $0.repositories.map(\.fullName))
            },
            local: local, bases: bases, publicTags: publicTags)
        var plan = merge.plan(push: push)
        var report = Report(deletedOnGitHub: plan.deletedOnGitHub, unusable: plan.unusable)
        if push && plan.changesGitHub {
            try await apply(&plan, remote: remote, report: &report)
        }
        try await applyHere(plan, report: &report)
        let finalBases = plan.bases
        try await StarscopeError.fromStore { () async throws(StoreError) in
            try await database.replaceListSyncBases(finalBases, for: viewer)
        }
        return report
    }

    /// The tags here with the favourites carrying them, and those marked public.
    func localTags() async throws(StarscopeError) -> ([ListMerge.Local], Set<String>) {
        let database = favorites.database
        let viewer = favorites.viewer
        let all = try await StarscopeError.fromStore { () async throws(StoreError) in try await database.favorites(for: viewer, tag: nil) }
        let summaries = try await favorites.tags()
        var members: [String: [String]] = [:]
        for favorite in all {
            for tag in favorite.tags { members[tag.lowercased(), default: []].append(favorite.repository.fullName) }
        }
        let local = summaries.map {
            ListMerge.Local(tag: $0.tag, description: $0.description, members: members[$0.tag.lowercased()] ?? [])
        }
        return (local, Set(summaries.filter(\.isPublic).map(\.tag)))
    }

    /// Changes GitHub: Lists made first (the first mutation, so that a refusal changes nothing),
    /// then descriptions, then each changed repository's Lists.
    func apply(_ plan: inout ListMerge.Plan, remote: [StarList], report: inout Report) async throws(StarscopeError) {
        var made: [String: String] = [:]
        for list in plan.create {
            made[list.tag.lowercased()] = try await lists.create(name: list.tag, description: list.description, isPrivate: list.isPrivate)
            report.listsMade.append(list.tag)
        }
        for (id, description) in plan.redescribe.sorted(by: { $0.key < $1.key }) {
            try await lists.describe(listID: id, as: description)
        }
        var ids: [String: String] = [:]
        for list in remote {
            for item in list.repositories { ids[item.fullName.lowercased()] = item.id }
        }
        let unknown = plan.memberships.keys.filter { ids[$0.lowercased()] == nil }
        if !unknown.isEmpty {
            for (name, id) in try await lists.repositoryIDs(unknown.sorted()) { ids[name.lowercased()] = id }
        }
        var before: [String: Set<String>] = [:]
        for list in remote {
            for item in list.repositories { before[item.fullName.lowercased(), default: []].insert(list.id) }
        }
        for (name, refs) in plan.memberships.sorted(by: { $0.key < $1.key }) {
            guard let itemID = ids[name.lowercased()] else {
                report.unreachable.append(name)
                continue
            }
            let listIDs = Set(
                refs.compactMap { ref -> String? in
                    switch ref {
                    case .existing(let id): id
                    case .new(let tag): made[tag.lowercased()]
                    }
                })
            try await lists.setLists(ofRepository: itemID, to: listIDs.sorted())
            let was = before[name.lowercased()] ?? []
            report.addedOnGitHub += listIDs.subtracting(was).count
            report.removedOnGitHub += was.subtracting(listIDs).count
        }
        // The Lists made here get their bases, holding what was put in them.
        for list in plan.create {
            guard let id = made[list.tag.lowercased()] else { continue }
            let members = plan.memberships.filter { $0.value.contains(.new(tag: list.tag)) }.map(\.key).sorted()
            plan.bases.append(ListSyncBase(listID: id, tag: list.tag, description: list.description, members: members))
        }
    }

    /// Changes the tags here: favourites made where a List holds a repository that is not one,
    /// tags put on and taken off, descriptions taken from GitHub.
    func applyHere(_ plan: ListMerge.Plan, report: inout Report) async throws(StarscopeError) {
        let known = Set(try await favoriteNames())
        for (tag, names) in plan.tag.sorted(by: { $0.key < $1.key }) {
            for name in names {
                if !known.contains(name.lowercased()) && !report.favoritesMade.contains(name) {
                    guard let parsed = try? RepositoryName(parsing: name) else {
                        report.unreachable.append(name)
                        continue
                    }
                    do {
                        _ = try await favorites.add(parsed, snapshotFreshFor: 600)
                        report.favoritesMade.append(name)
                    } catch {
                        guard case .notFound = error else { throw error }
                        report.unreachable.append(name)
                        continue
                    }
                }
                do {
                    try await favorites.tag(name, [tag])
                    report.addedHere += 1
                } catch {
                    // A favourite already carrying the most tags it may: the rest still syncs.
                    guard case .invalidInput = error else { throw error }
                    report.unreachable.append(name)
                }
            }
        }
        for (tag, names) in plan.untag.sorted(by: { $0.key < $1.key }) {
            for name in names {
                try await favorites.tag(name, [tag], remove: true)
                report.removedHere += 1
            }
        }
        for (tag, description) in plan.describe.sorted(by: { $0.key < $1.key }) {
            try await favorites.describe(tag, description)
        }
    }

    /// A List's description as a tag's: one line, printable, at most the length a tag's may be.
    static func oneLine(_ text: String) -> String {
        let scalars = text.unicodeScalars.map { FavoriteText.isControl($0) || $0 == "\n" || $0 == "\t" ? " " : $0 }
        let printable = String(String.UnicodeScalarView(scalars))
        let folded = printable.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return String(folded.prefix(FavoriteText.maximumTagDescriptionLength))
    }

    func favoriteNames() async throws(StarscopeError) -> [String] {
        let database = favorites.database
        let viewer = favorites.viewer
        return try await StarscopeError.fromStore { () async throws(StoreError) in
            try await database.favorites(for: viewer, tag: nil).map { $0.repository.fullName.lowercased() }
        }
    }
}
