import StarscopeStore

extension StarscopeError {
    /// Runs a store call for a use case: its failure becomes the sentence a person reads.
    static func fromStore<T>(_ body: () async throws(StoreError) -> T) async throws(StarscopeError) -> T {
        do {
            return try await body()
        } catch {
            throw StarscopeError(error)
        }
    }
}
