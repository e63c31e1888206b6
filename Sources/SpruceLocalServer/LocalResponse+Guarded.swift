import Foundation
import Hummingbird
import Logging

extension LocalResponse {
    /// What a route answers: `body`'s response, or, for the error it throws, the server's own refusal of it
    /// (`refusal`; nil for an error that is none of the server's refusals), else 503 when the server is busy
    /// (`LocalServerBusy`), 413 for a body over `maximumBody` bytes, and for any other error `failure`: 500 with the
    /// fixed text, the error on standard error.
    public static func guarded(maximumBody: Int, logger: Logger, refusal: (Error) -> Response?,
                               _ body: () async throws -> Response) async throws -> Response {
        do { return try await body() } catch {
            if let answer = refusal(error) { return answer }
            switch error {
            case let busy as LocalServerBusy:
                return LocalResponse.refusal(.serviceUnavailable, busy.description)
            case let e as HTTPError where e.status == .contentTooLarge:
                return LocalResponse.refusal(.contentTooLarge, "the request body is over \(maximumBody) bytes")
            default:
                return try failure(error, logger: logger)
            }
        }
    }
}
