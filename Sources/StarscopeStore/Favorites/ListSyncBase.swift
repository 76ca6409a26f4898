/// What one of GitHub's star Lists held after the last sync with its tag, kept per account: the
/// base against which the next sync tells which side changed. A nil `listID` marks a List
/// deleted on GitHub: its tag stays, and is not made a List again.
public struct ListSyncBase: Sendable, Hashable {
    public var listID: String?
    public var tag: String
    public var description: String
    /// Full names of the repositories the List held.
    public var members: [String]

    public init(listID: String?, tag: String, description: String, members: [String]) {
        self.listID = listID
        self.tag = tag
        self.description = description
        self.members = members
    }
}
