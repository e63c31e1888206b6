import Foundation
import Hummingbird

/// Refuses every request but the page's own (`open`) that does not carry this launch's token, in the
/// `X-Review-Token` header or, for a GET or HEAD (an image the page loads by address, the printed address,
/// `curl -I`), the `token` query item: another page of this machine, even one that gets past `HostGuard`, does not
/// know the token and cannot act. A request that changes something (POST) carries it in the header only, which a
/// form on another page cannot set. The token is made at launch from the system's random source and written only
/// into the page.
public struct TokenGuard<Context: RequestContext>: RouterMiddleware {
    public let token: String
    /// Paths served without a token (the page itself, which carries it).
    public let open: Set<String>
    public static var header: String { "X-Review-Token" }

    public init(token: String, open: Set<String> = ["/"]) { (self.token, self.open) = (token, open) }

    /// 32 random bytes as hex.
    public static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let reads = request.method == .get || request.method == .head
        if open.contains(request.uri.path), reads { return try await next(request, context) }
        let given = request.headers.first { $0.name.canonicalName == Self.header.lowercased() }?.value
            ?? (reads ? request.uri.queryParameters.get("token") : nil)
        guard let given, Self.same(given, token) else {
            return LocalResponse.refusal(.forbidden, "the request does not carry this page's token (reload the page)")
        }
        return try await next(request, context)
    }

    /// Compares in time that does not depend on where the two first differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
