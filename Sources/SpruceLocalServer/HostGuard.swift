import Foundation
import Hummingbird

/// Refuses every request whose Host, or Origin when it has one, is not this server's own address: a page on
/// another site that resolves its own name to 127.0.0.1 (DNS rebinding) or posts to the server from a browser
/// tab gets 403, not the scene.
public struct HostGuard<Context: RequestContext>: RouterMiddleware {
    let allowed: @Sendable () -> Set<String>

    public init(allowed: @escaping @Sendable () -> Set<String>) { self.allowed = allowed }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let hosts = allowed()
        // The first Host header becomes the authority and any other stays among the headers: with two, which one
        // counts is the proxy's guess, so neither is taken (RFC 9112 §3.2: 400).
        if request.headers.contains(where: { $0.name.canonicalName == "host" }) {
            return LocalResponse.refusal(.badRequest, "a request has exactly one Host header")
        }
        guard let host = request.head.authority?.lowercased(), hosts.contains(host) else {
            return LocalResponse.refusal(.forbidden, "the Host header must be this server's address (\(hosts.sorted().first ?? "?"))")
        }
        if let origin = request.headers[.origin] {
            guard origin.lowercased().hasPrefix("http://"), hosts.contains(String(origin.lowercased().dropFirst(7))) else {
                return LocalResponse.refusal(.forbidden, "requests from another origin are refused")
            }
        }
        return try await next(request, context)
    }

    /// `host:port` spellings that name a server bound to `host` on `port`: `host` as given, the address it spells
    /// written the usual way (a browser writes `127.1` as `127.0.0.1`), and for `localhost`, 127.0.0.1 and ::1 all
    /// three (`localhost` resolves to either).
    public static func names(host: String, port: Int) -> Set<String> {
        let given = Loopback.unbracketed(host).lowercased()
        let numeric = Loopback.numeric(given)
        var names: Set<String> = [authority(given, port)]
        if let numeric { names.insert(authority(numeric, port)) }
        if given == "localhost" || numeric == "127.0.0.1" || numeric == "::1" {
            names.formUnion(["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"])
        }
        return names
    }

    private static func authority(_ host: String, _ port: Int) -> String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
