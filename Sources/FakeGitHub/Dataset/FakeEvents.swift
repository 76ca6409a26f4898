import Foundation
import StarscopeModels

extension FakeDataset {
    /// Every event type the fake produces, so that tests can check each is described.
    public static let eventTypes = [
        "PushEvent", "WatchEvent", "CreateEvent", "DeleteEvent", "ForkEvent", "IssuesEvent", "IssueCommentEvent",
        "PullRequestEvent", "PullRequestReviewEvent", "ReleaseEvent", "PublicEvent", "MemberEvent", "GollumEvent",
    ]

    /// An account's public events, newest first: up to 60, within the last 30 days, derived from the seed.
    public func events(for account: FakeAccount) -> [FakeEvent] {
        var random = SeededRandom(seed: seed ^ UInt64(bitPattern: account.id) &* 0x2545_F491_4F6C_DD1D)
        let count = account.login == "octocat" ? 60 : random.int(in: 0...40)
        let owned = repositories(ownedBy: account)
        var events: [FakeEvent] = []
        var time = anchor.addingTimeInterval(-Double(random.int(in: 60...7_200)))
        for index in 0..<count {
            let type = account.login == "octocat" ? Self.eventTypes[index % Self.eventTypes.count] : random.pick(Self.eventTypes)
            let repo = owned.isEmpty || random.chance(0.4) ? random.pick(repositories) : random.pick(owned)
            events.append(
                FakeEvent(
                    id: 40_000_000_000 + account.id * 1_000 + Int64(index),
                    type: type,
                    actor: account,
                    repo: repo,
                    payload: payload(type: type, repo: repo, random: &random),
                    createdAt: time.rounded()
                )
            )
            time = time.addingTimeInterval(-Double(random.int(in: 300...40_000)))
        }
        return events
    }

    private func payload(type: String, repo: FakeRepository, random: inout SeededRandom) -> [String: JSONValue] {
        let number = JSONValue.number(Double(random.int(in: 1...500)))
        switch type {
        case "PushEvent":
            let size = random.int(in: 1...5)
            return [
                "ref": .string("refs/heads/main"), "size": .number(Double(size)), "push_id": .number(Double(random.int(in: 1...999_999))),
            ]
        case "WatchEvent":
            return ["action": .string("started")]
        case "CreateEvent":
            return random.chance(0.5)
                ? ["ref_type": .string("repository"), "ref": .null]
                : ["ref_type": .string("branch"), "ref": .string("feature/" + random.pick(Words.repoWords))]
        case "DeleteEvent":
            return ["ref_type": .string("branch"), "ref": .string("old-" + random.pick(Words.repoWords))]
        case "ForkEvent":
            return ["forkee": .object(["full_name": .string("\(random.pick(accounts).login)/\(repo.name)")])]
        case "IssuesEvent":
            return [
                "action": .string(random.pick(["opened", "closed", "reopened"])),
                "issue": .object(["number": number, "title": .string(random.pick(HostileStrings.all))]),
            ]
        case "IssueCommentEvent":
            return ["action": .string("created"), "issue": .object(["number": number])]
        case "PullRequestEvent":
            let merged = random.chance(0.5)
            return [
                "action": .string(merged ? "closed" : "opened"), "number": number,
                "pull_request": .object(["number": number, "merged": .bool(merged)]),
            ]
        case "PullRequestReviewEvent":
            return ["action": .string("created"), "pull_request": .object(["number": number])]
        case "ReleaseEvent":
            return [
                "action": .string("published"),
                "release": .object(["tag_name": .string("v\(random.int(in: 0...9)).\(random.int(in: 0...20)).0")]),
            ]
        case "MemberEvent":
            return ["action": .string("added"), "member": .object(["login": .string(random.pick(accounts).login)])]
        case "GollumEvent":
            return ["pages": .array([.object(["page_name": .string("Home"), "action": .string("edited")])])]
        default:
            return [:]
        }
    }
}
