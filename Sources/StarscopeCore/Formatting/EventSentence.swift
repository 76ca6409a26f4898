import StarscopeModels

/// A readable sentence for one public event: "octocat starred swiftlang/swift".
public enum EventSentence {
    public static func describe(_ event: Event) -> String {
        let actor = event.actor.login
        let repo = event.repo.name
        let payload = event.payload
        let action = payload["action"]?.stringValue
        switch event.type {
        case "PushEvent":
            let count = payload["size"]?.intValue ?? payload["commits"]?.arrayValue?.count ?? 0
            let branch = payload["ref"]?.stringValue.map { $0.replacingOccurrences(of: "refs/heads/", with: "") }
            let commits = count == 1 ? "1 commit" : "\(count) commits"
            return "\(actor) pushed \(commits) to \(branch.map { "\($0) in " } ?? "")\(repo)"
        case "WatchEvent":
            return "\(actor) starred \(repo)"
        case "ForkEvent":
            let fork = payload["forkee"]?["full_name"]?.stringValue
            return "\(actor) forked \(repo)\(fork.map { " to \($0)" } ?? "")"
        case "CreateEvent", "DeleteEvent":
            let verb = event.type == "CreateEvent" ? "created" : "deleted"
            let kind = payload["ref_type"]?.stringValue ?? "repository"
            if kind == "repository" { return "\(actor) \(verb) repository \(repo)" }
            let ref = payload["ref"]?.stringValue ?? ""
            return "\(actor) \(verb) \(kind) \(ref) in \(repo)"
        case "IssuesEvent":
            return "\(actor) \(action ?? "updated") issue \(number(payload["issue"]))in \(repo)"
        case "IssueCommentEvent":
            return "\(actor) commented on issue \(number(payload["issue"]))in \(repo)"
        case "PullRequestEvent":
            let merged = payload["pull_request"]?["merged"] == .bool(true)
            let verb = action == "closed" && merged ? "merged" : (action ?? "updated")
            return "\(actor) \(verb) pull request \(number(payload["pull_request"]))in \(repo)"
        case "PullRequestReviewEvent":
            return "\(actor) reviewed pull request \(number(payload["pull_request"]))in \(repo)"
        case "PullRequestReviewCommentEvent":
            return "\(actor) commented on pull request \(number(payload["pull_request"]))in \(repo)"
        case "CommitCommentEvent":
            return "\(actor) commented on a commit in \(repo)"
        case "ReleaseEvent":
            let tag = payload["release"]?["tag_name"]?.stringValue
            return "\(actor) \(action ?? "published") release \(tag.map { "\($0) " } ?? "")in \(repo)"
        case "PublicEvent":
            return "\(actor) made \(repo) public"
        case "MemberEvent":
            let member = payload["member"]?["login"]?.stringValue ?? "someone"
            return "\(actor) \(action ?? "added") \(member) as a collaborator on \(repo)"
        case "GollumEvent":
            return "\(actor) updated the wiki of \(repo)"
        default:
            let name = event.type.hasSuffix("Event") ? String(event.type.dropLast(5)) : event.type
            return "\(actor): \(name) in \(repo)"
        }
    }

    private static func number(_ item: JSONValue?) -> String {
        item?["number"]?.intValue.map { "#\($0) " } ?? ""
    }
}
