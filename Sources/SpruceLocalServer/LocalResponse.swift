import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1

/// The responses of the loopback servers (`render-gif preview`, `render-gif review`): bytes with their type and
/// cache rule, JSON, a refusal as `{"error": …}`, and a request's body read up to a bound.
public enum LocalResponse {
    public static func refusal(_ status: HTTPResponse.Status, _ message: String, fields extra: [String: Any] = [:]) -> Response {
        var fields: [String: Any] = extra
        fields["error"] = message
        let text = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
        var r = bytes(status, "application/json", text, cache: "no-store")
        if status == .serviceUnavailable { r.headers[.retryAfter] = "1" }
        return r
    }

    /// The answer to a request that failed for a reason other than a refusal (a fault of the server, not of the
    /// request): 500 with `failedText`, the same every time, and the error itself on standard error through `logger`.
    /// The error's text stays out of the answer: it may name the machine's paths.
    /// A request broken on the wire (HTTPParserError: its body ended before its Content-Length, a chunk was
    /// malformed) is the client's fault, not the server's: its error is thrown again, unlogged, and Hummingbird
    /// answers 400 and closes the connection.
    public static func failure(_ error: Error, logger: Logger) throws -> Response {
        if error is HTTPParserError { throw error }
        logger.error("a request failed: \(error)")
        return refusal(.internalServerError, failedText)
    }

    /// The `error` of every `failure` answer.
    public static let failedText = "the server could not answer this request; the terminal it runs in says why"

    public static func json(_ text: String) -> Response { bytes(.ok, "application/json", Data(text.utf8), cache: "no-store") }

    public static func bytes(_ status: HTTPResponse.Status, _ type: String, _ data: Data, cache: String) -> Response {
        Response(status: status, headers: headers(type, cache: cache, length: data.count), body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    public static func headers(_ type: String, cache: String, length: Int? = nil) -> HTTPFields {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = cache
        if let length { headers[.contentLength] = String(length) }
        return headers
    }

    /// The request's body, at most `limit` bytes: a longer one (announced, or sent in chunks) throws
    /// HTTPError(.contentTooLarge).
    public static func body(_ request: Request, limit: Int) async throws -> Data {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw HTTPError(.contentTooLarge)
        }
        var request = request
        do {
            return Data(try await request.collectBody(upTo: limit).readableBytesView)
        } catch is NIOTooManyBytesError {
            throw HTTPError(.contentTooLarge)
        }
    }
}
