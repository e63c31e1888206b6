import Foundation
import Hummingbird

/// The methods each path of a loopback server takes, recorded as its routes are added (`KnownRoutes`), so that a
/// request with another method on a known path is answered 405 Method Not Allowed with an `Allow` header
/// (`MethodGuard`), not 404. A path is a route's pattern: `:name` stands for one segment, `**` for the rest.
public final class AllowedMethods: @unchecked Sendable {
    private let lock = NSLock()
    private var routes: [(segments: [Substring], methods: [HTTPRequest.Method])] = []

    public init() {}

    /// Records that `pattern` takes `method` (a GET takes HEAD too: both servers answer HEAD as GET).
    public func add(_ pattern: String, _ method: HTTPRequest.Method) {
        let segments = Self.segments(pattern)
        let added: [HTTPRequest.Method] = method == .get ? [.get, .head] : [method]
        lock.lock(); defer { lock.unlock() }
        if let i = routes.firstIndex(where: { $0.segments == segments }) {
            routes[i].methods += added.filter { !routes[i].methods.contains($0) }
        } else {
            routes.append((segments, added))
        }
    }

    /// The methods `path` takes, in the order added; empty when no route has that path.
    public func methods(of path: String) -> [HTTPRequest.Method] {
        let asked = Self.segments(path)
        lock.lock(); defer { lock.unlock() }
        var found: [HTTPRequest.Method] = []
        for route in routes where Self.matches(route.segments, asked) {
            found += route.methods.filter { !found.contains($0) }
        }
        return found
    }

    private static func segments(_ path: String) -> [Substring] { path.split(separator: "/") }

    private static func matches(_ pattern: [Substring], _ path: [Substring]) -> Bool {
        for (i, part) in pattern.enumerated() {
            if part == "**" { return path.count > i }
            guard i < path.count, part.hasPrefix(":") || part == path[i] else { return false }
        }
        return pattern.count == path.count
    }
}

/// Answers a request whose method its path does not take with 405 and an `Allow` header naming the methods it
/// does take (`AllowedMethods`); a path no route has stays 404. It sits after `HostGuard` and `TokenGuard`, so a
/// request is checked for its Host and its token before it learns which methods a path takes.
public struct MethodGuard<Context: RequestContext>: RouterMiddleware {
    let allowed: AllowedMethods

    public init(_ allowed: AllowedMethods) { self.allowed = allowed }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let methods = allowed.methods(of: request.uri.path)
            guard !methods.isEmpty, !methods.contains(request.method) else { throw error }
            let names = methods.map(\.rawValue).joined(separator: ", ")
            var response = LocalResponse.refusal(.methodNotAllowed, "\(request.method.rawValue.prefix(16)) is not allowed here (allowed: \(names))")
            response.headers[.allow] = names
            return response
        }
    }
}

/// A router's `get` and `post`, each recording its path and method in `allowed` for `MethodGuard`.
public struct KnownRoutes<Context: RequestContext> {
    public let router: Router<Context>
    public let allowed: AllowedMethods

    public init(_ router: Router<Context>, _ allowed: AllowedMethods) { (self.router, self.allowed) = (router, allowed) }

    public func get(_ path: String, use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator) {
        allowed.add(path, .get)
        router.get(RouterPath(path), use: handler)
    }

    public func post(_ path: String, use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator) {
        allowed.add(path, .post)
        router.post(RouterPath(path), use: handler)
    }
}
