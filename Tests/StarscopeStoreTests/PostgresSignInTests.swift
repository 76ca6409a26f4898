import Foundation
import StarscopeTestSupport
import Testing

@testable import StarscopePostgres
@testable import StarscopeStore

/// A database address PostgreSQL refuses (a wrong password, a user or database it does not have)
/// is told at once, in a sentence naming what is wrong and never the password, instead of after a
/// minute of silent retries as "cannot reach its database".
@Suite struct PostgresSignInTests {
    /// `url` with `change` made to its parts.
    static func changed(_ url: String, _ change: (inout URLComponents) -> Void) throws -> String {
        var components = try #require(URLComponents(string: url))
        change(&components)
        return try #require(components.string)
    }

    /// The error opening `url` gives, or nil when it opened; fails the test when it takes over 5 s.
    static func refusal(_ url: String) async throws -> StoreError? {
        try await withThrowingTaskGroup(of: StoreError??.self) { group in
            group.addTask {
                do {
                    let store = try await PostgresStore.open(url: url)
                    store.close()
                    return .some(nil)
                } catch let error as StoreError {
                    return .some(error)
                }
            }
            group.addTask {
                try await Task.sleep(for: .seconds(5))
                return nil
            }
            defer { group.cancelAll() }
            let first = try await group.next() ?? nil
            return try #require(first, "opening the store took more than 5 seconds")
        }
    }

    @Test func aWrongPasswordIsToldAtOnceWithoutThePassword() async throws {
        let url = try await TestPostgres.newDatabase()
        let wrong = try Self.changed(url) { $0.password = "not-the-password-7f3a" }
        let error = try #require(try await Self.refusal(wrong))
        #expect(error.message.contains("PostgreSQL did not accept the password for user “starscope”"), "\(error.message)")
        #expect(!error.message.contains("not-the-password-7f3a") && !error.message.contains("postgres://"))
    }

    @Test func aDatabaseThatIsNotThereIsNamed() async throws {
        let url = try await TestPostgres.newDatabase()
        let missing = try Self.changed(url) { $0.path = "/no_such_database" }
        let error = try #require(try await Self.refusal(missing))
        #expect(error.message.contains("PostgreSQL has no database “no_such_database”"), "\(error.message)")
    }

    @Test func aUserThatIsNotThereIsRefused() async throws {
        let url = try await TestPostgres.newDatabase()
        let stranger = try Self.changed(url) { $0.user = "nobody_here" }
        let error = try #require(try await Self.refusal(stranger))
        // Over TCP PostgreSQL answers a missing user as it does a wrong password (so that no one
        // can find out which users exist); over its socket, with trust, it says so.
        #expect(error.message.contains("user “nobody_here”"), "\(error.message)")
    }

    @Test func theRightAddressStillOpens() async throws {
        let url = try await TestPostgres.newDatabase()
        // Not timed: migrating a new database on a busy machine may take longer than a refusal.
        let store = try await PostgresStore.open(url: url)
        store.close()
    }

    @Test func eachRefusalHasItsSentence() throws {
        let parts = try PostgresURL.parts("postgres://mona:secret@db.example:6543/team")
        #expect(
            PostgresStore.signInRefusal(code: "28000", message: "role \"mona\" does not exist", parts: parts)?.message
                == "Starscope cannot open its database at db.example:6543/team: PostgreSQL has no user “mona”: create it, or check the database address."
        )
        #expect(
            PostgresStore.signInRefusal(code: "28000", message: "no pg_hba.conf entry for host\n\"10.0.0.1\"", parts: parts)?.message
                == "Starscope cannot open its database at db.example:6543/team: PostgreSQL does not let user “mona” in (no pg_hba.conf entry for host \"10.0.0.1\")."
        )
        #expect(PostgresStore.signInRefusal(code: "53300", message: "too many connections", parts: parts) == nil)
    }
}
