import Foundation
import Testing

@testable import StarscopeCore

/// GitHub's Lists and our tags: one side's change wins, both sides' meet in the union, nothing
/// is deleted, and a sync with nothing changed plans nothing.
@Suite struct ListMergeTests {
    typealias Remote = ListMerge.Remote
    typealias Local = ListMerge.Local
    typealias Base = ListMerge.Base

    static let tools = Remote(id: "UL_1", name: "Tools", description: "CLI things", isPrivate: false, members: ["a/one", "b/two"])

    @Test func theFirstSyncTakesTheUnionBothWays() {
        let merge = ListMerge(
            remote: [Self.tools], local: [Local(tag: "tools", description: "", members: ["B/Two", "c/three"])], bases: [])
        let pull = merge.plan(push: false)
        #expect(pull.tag == ["tools": ["a/one"]])
        #expect(pull.untag.isEmpty)
        #expect(pull.describe == ["tools": "CLI things"])
        #expect(!pull.changesGitHub)
        // Without --push, the base is what GitHub holds.
        #expect(pull.bases == [Base(listID: "UL_1", tag: "tools", description: "CLI things", members: ["a/one", "b/two"])])
        let push = merge.plan(push: true)
        #expect(push.memberships == ["c/three": [.existing("UL_1")]])
        #expect(push.bases.first?.members == ["a/one", "b/two", "c/three"])
    }

    @Test func aChangeOnOneSideWins() {
        let base = Base(listID: "UL_1", tag: "tools", description: "CLI things", members: ["a/one", "b/two"])
        // Taken out of the List on github.com: the tag comes off here.
        let remoteOnly = ListMerge(
            remote: [Remote(id: "UL_1", name: "Tools", description: "CLI things", isPrivate: false, members: ["a/one"])],
            local: [Local(tag: "tools", description: "CLI things", members: ["a/one", "b/two"])], bases: [base]
        ).plan(push: true)
        #expect(remoteOnly.untag == ["tools": ["b/two"]])
        #expect(remoteOnly.memberships.isEmpty)
        // Taken off here: pushed, it leaves the List (and no other).
        let localOnly = ListMerge(
            remote: [Self.tools, Remote(id: "UL_2", name: "Later", description: "", isPrivate: true, members: ["b/two"])],
            local: [
                Local(tag: "tools", description: "CLI things", members: ["a/one"]),
                Local(tag: "later", description: "", members: ["b/two"]),
            ],
            bases: [base, Base(listID: "UL_2", tag: "later", description: "", members: ["b/two"])]
        ).plan(push: true)
        #expect(localOnly.tag.isEmpty && localOnly.untag.isEmpty)
        #expect(localOnly.memberships == ["b/two": [.existing("UL_2")]])
        // Changed on both sides: the union.
        let both = ListMerge(
            remote: [
                Remote(id: "UL_1", name: "Tools", description: "CLI things", isPrivate: false, members: ["a/one", "b/two", "d/four"])
            ],
            local: [Local(tag: "tools", description: "Terminal", members: ["a/one", "e/five"])], bases: [base]
        ).plan(push: true)
        #expect(both.tag == ["tools": ["b/two", "d/four"]])
        #expect(both.memberships == ["e/five": [.existing("UL_1")]])
        #expect(both.redescribe == ["UL_1": "Terminal"])
        #expect(both.describe.isEmpty)
    }

    @Test func aSecondSyncWithNothingChangedPlansNothing() {
        let first = ListMerge(
            remote: [Self.tools],
            local: [Local(tag: "tools", description: "", members: ["c/three"]), Local(tag: "new", description: "", members: [])],
            bases: []
        ).plan(push: true)
        // As it stands after the first: GitHub holds the union and the new List.
        let made = Remote(id: "UL_9", name: "new", description: "", isPrivate: true, members: [])
        let synced = Remote(id: "UL_1", name: "Tools", description: "CLI things", isPrivate: false, members: ["a/one", "b/two", "c/three"])
        var bases = first.bases
        bases.append(Base(listID: "UL_9", tag: "new", description: "", members: []))
        let second = ListMerge(
            remote: [synced, made],
            local: [
                Local(tag: "tools", description: "CLI things", members: ["a/one", "b/two", "c/three"]),
                Local(tag: "new", description: "", members: []),
            ],
            bases: bases
        ).plan(push: true)
        #expect(!second.changesGitHub)
        #expect(second.tag.isEmpty && second.untag.isEmpty && second.describe.isEmpty)
    }

    @Test func newTagsBecomePrivateListsUnlessMarkedPublic() {
        let plan = ListMerge(
            remote: [],
            local: [
                Local(tag: "Rust", description: "Crates", members: ["r/one"]), Local(tag: "shared", description: "", members: ["s/two"]),
            ],
            bases: [], publicTags: ["SHARED"]
        ).plan(push: true)
        #expect(
            plan.create == [
                .init(tag: "Rust", description: "Crates", isPrivate: true), .init(tag: "shared", description: "", isPrivate: false),
            ])
        #expect(plan.memberships == ["r/one": [.new(tag: "Rust")], "s/two": [.new(tag: "shared")]])
        #expect(ListMerge(remote: [], local: [Local(tag: "Rust", description: "", members: [])], bases: []).plan(push: false) == .init())
    }

    @Test func aListDeletedOnGitHubLeavesItsTagAndIsNotMadeAgain() {
        let base = Base(listID: "UL_1", tag: "tools", description: "", members: ["a/one"])
        let local = [Local(tag: "tools", description: "", members: ["a/one"])]
        let plan = ListMerge(remote: [], local: local, bases: [base]).plan(push: true)
        #expect(plan.deletedOnGitHub == ["tools"])
        #expect(plan.untag.isEmpty && plan.create.isEmpty && !plan.changesGitHub)
        let later = ListMerge(remote: [], local: local, bases: plan.bases).plan(push: true)
        #expect(later.create.isEmpty && later.deletedOnGitHub.isEmpty)
        #expect(later.bases == plan.bases)
    }

    @Test func listsThatCannotBeTagsKeepWhatTheyHold() {
        let odd = Remote(id: "UL_3", name: "a, b", description: "", isPrivate: false, members: ["a/one"])
        let plan = ListMerge(remote: [odd, Self.tools], local: [Local(tag: "new", description: "", members: ["a/one"])], bases: [])
            .plan(push: true)
        #expect(plan.unusable == ["a, b"])
        #expect(plan.memberships["a/one"] == [.existing("UL_3"), .existing("UL_1"), .new(tag: "new")])
    }
}
