import Foundation
import StarscopeStore

/// How GitHub's star Lists and Starscope's tags come into step (a tag is a List): a pure plan of
/// what to change on each side, from what each side holds now and what the List held after the
/// last sync (its base).
///
/// For a List's repositories and for its description alike: a change made on one side since the
/// last sync wins; changes made on both sides meet in the union (for the description, which has
/// no union, the tag's own wins). The first sync of a List takes the union. Nothing here deletes
/// a List or a favourite: taking a repository out of a List only takes the tag off it.
public struct ListMerge: Sendable {
    /// A List as GitHub holds it.
    public struct Remote: Sendable, Hashable {
        public var id: String
        public var name: String
        public var description: String
        public var isPrivate: Bool
        /// Full names, as GitHub spells them.
        public var members: [String]

        public init(id: String, name: String, description: String, isPrivate: Bool, members: [String]) {
            self.id = id
            self.name = name
            self.description = description
            self.isPrivate = isPrivate
            self.members = members
        }
    }

    /// A tag as Starscope holds it: the favourites carrying it.
    public struct Local: Sendable, Hashable {
        public var tag: String
        public var description: String
        public var members: [String]

        public init(tag: String, description: String, members: [String]) {
            self.tag = tag
            self.description = description
            self.members = members
        }
    }

    /// What a List held after the last sync (`listID` nil: deleted on GitHub, not made again).
    public typealias Base = ListSyncBase

    /// Which List a repository is to be in: one there now, or one this sync makes for a tag.
    public enum ListRef: Sendable, Hashable {
        case existing(String)
        case new(tag: String)
    }

    /// What to change on each side.
    public struct Plan: Sendable, Equatable {
        /// Tag → repositories (full names) to tag; those that are not favourites become ones.
        public var tag: [String: [String]] = [:]
        /// Tag → favourites (full names) to take the tag off.
        public var untag: [String: [String]] = [:]
        /// Tag → its description from GitHub.
        public var describe: [String: String] = [:]
        /// Lists to make (with `push`): the tag, its description, and whether it is private.
        public var create: [Create] = []
        /// List id → the description to give it (with `push`).
        public var redescribe: [String: String] = [:]
        /// Repository (full name) → every List it is to be in, for each repository whose Lists
        /// change (with `push`).
        public var memberships: [String: Set<ListRef>] = [:]
        /// The bases to keep for the next sync (for Lists made here, filled in once made).
        public var bases: [Base] = []
        /// Tags whose List was deleted on GitHub since the last sync.
        public var deletedOnGitHub: [String] = []
        /// Lists whose names cannot be tags (a comma, too long, or one name in two cases), left alone.
        public var unusable: [String] = []

        public struct Create: Sendable, Hashable {
            public var tag: String
            public var description: String
            public var isPrivate: Bool
        }

        /// Whether GitHub is to be changed at all.
        public var changesGitHub: Bool { !create.isEmpty || !redescribe.isEmpty || !memberships.isEmpty }
    }

    public var remote: [Remote]
    public var local: [Local]
    public var bases: [Base]
    /// Tags marked public: their Lists are made public (others private).
    public var publicTags: Set<String> = []

    public init(remote: [Remote], local: [Local], bases: [Base], publicTags: Set<String> = []) {
        self.remote = remote
        self.local = local
        self.bases = bases
        self.publicTags = Set(publicTags.map { $0.lowercased() })
    }

    /// The plan; `push` also changes GitHub, else only the tags here move.
    public func plan(push: Bool, tagName: (String) -> String? = FavoriteText.tag) -> Plan {
        var plan = Plan()
        let localByKey = Dictionary(local.map { ($0.tag.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        let baseByID = Dictionary(bases.compactMap { base in base.listID.map { ($0, base) } }, uniquingKeysWith: { first, _ in first })
        let tombstones = Set(bases.filter { $0.listID == nil }.map { $0.tag.lowercased() })
        var handled: Set<String> = []
        /// Repository key → (display name, Lists after, Lists before) for every repository in a List.
        var after: [String: Set<ListRef>] = [:]
        var before: [String: Set<ListRef>] = [:]
        var names: [String: String] = [:]

        for list in remote {
            // Setting a repository's Lists sets all of them: those left alone keep what they hold.
            for member in Members(list.members).keys { before[member, default: []].insert(.existing(list.id)) }
            guard let tag = baseByID[list.id]?.tag ?? tagName(list.name), !handled.contains(tag.lowercased()) else {
                plan.unusable.append(list.name)
                for member in Members(list.members).keys { after[member, default: []].insert(.existing(list.id)) }
                continue
            }
            let key = tag.lowercased()
            handled.insert(key)
            let mine = localByKey[key]
            let base = baseByID[list.id]
            let remoteSet = Members(list.members)
            let localSet = Members(mine?.members ?? [])
            let merged = Self.merge(remote: remoteSet, local: localSet, base: base.map { Members($0.members) })
            names.merge(remoteSet.names, uniquingKeysWith: { first, _ in first })
            names.merge(localSet.names, uniquingKeysWith: { first, _ in first })
            let shownTag = mine?.tag ?? tag
            let toTag = merged.keys.subtracting(localSet.keys)
            let toUntag = localSet.keys.subtracting(merged.keys)
            if !toTag.isEmpty { plan.tag[shownTag] = toTag.sorted().compactMap { names[$0] } }
            if !toUntag.isEmpty { plan.untag[shownTag] = toUntag.sorted().compactMap { names[$0] } }
            let description = Self.mergeText(remote: list.description, local: mine?.description ?? "", base: base?.description)
            if description != (mine?.description ?? "") { plan.describe[shownTag] = description }
            if push && description != list.description { plan.redescribe[list.id] = description }
            for member in (push ? merged.keys : remoteSet.keys) { after[member, default: []].insert(.existing(list.id)) }
            plan.bases.append(
                Base(
                    listID: list.id, tag: shownTag, description: push ? description : list.description,
                    members: (push ? merged.keys : remoteSet.keys).sorted().compactMap { names[$0] }))
        }
        // Lists gone from GitHub since the last sync: their tags stay, and say so.
        for base in bases where base.listID != nil && !handled.contains(base.tag.lowercased()) {
            handled.insert(base.tag.lowercased())
            plan.deletedOnGitHub.append(base.tag)
            plan.bases.append(Base(listID: nil, tag: base.tag, description: base.description, members: []))
        }
        for base in bases where base.listID == nil && !handled.contains(base.tag.lowercased()) {
            handled.insert(base.tag.lowercased())
            plan.bases.append(base)
        }
        // Tags with no List yet: made Lists (with `push`).
        if push {
            for tag in local where !handled.contains(tag.tag.lowercased()) && !tombstones.contains(tag.tag.lowercased()) {
                handled.insert(tag.tag.lowercased())
                plan.create.append(
                    .init(tag: tag.tag, description: tag.description, isPrivate: !publicTags.contains(tag.tag.lowercased())))
                let members = Members(tag.members)
                names.merge(members.names, uniquingKeysWith: { first, _ in first })
                for member in members.keys { after[member, default: []].insert(.new(tag: tag.tag)) }
            }
            for (member, lists) in after where lists != before[member, default: []] {
                if let name = names[member] { plan.memberships[name] = lists }
            }
            for (member, lists) in before where after[member] == nil && !lists.isEmpty {
                if let name = names[member] { plan.memberships[name] = [] }
            }
        }
        return plan
    }

    /// A List's repositories after the sync: one side's change wins; both sides' meet in the union.
    static func merge(remote: Members, local: Members, base: Members?) -> Members {
        guard let base else { return remote.union(local) }
        let remoteChanged = remote.keys != base.keys
        let localChanged = local.keys != base.keys
        switch (remoteChanged, localChanged) {
        case (false, false), (true, false): return remote
        case (false, true): return local
        case (true, true): return remote.union(local)
        }
    }

    /// A description after the sync: one side's change wins; when both changed, the tag's own.
    static func mergeText(remote: String, local: String, base: String?) -> String {
        guard let base else { return local.isEmpty ? remote : local }
        if local != base { return local }
        return remote
    }

    /// Repositories by full name in any case, keeping a spelling of each.
    struct Members {
        var names: [String: String] = [:]
        var keys: Set<String> { Set(names.keys) }

        init(_ fullNames: [String]) {
            for name in fullNames where names[name.lowercased()] == nil { names[name.lowercased()] = name }
        }

        func union(_ other: Members) -> Members {
            var joined = self
            joined.names.merge(other.names, uniquingKeysWith: { first, _ in first })
            return joined
        }
    }
}
