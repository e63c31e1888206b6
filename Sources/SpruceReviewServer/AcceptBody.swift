import Foundation
import SpruceRender

/// The bodies of the review page's accepts, read strictly: a body that is not one of the forms below is refused
/// (400) before anything is written, so a misspelled key, a value of another type or an unknown name never becomes
/// "accept everything".
enum AcceptBody {
    static let kindsForm = "expected an empty body or {} (every kind that differs) or {\"kinds\": [\"filmstrip\", \"timing\", \"motion\"]} (one or more of those)"
    static let idsForm = "expected {\"ids\": [\"…\"]}"

    /// `POST /api/items/ID/accept`: nil (every kind that differs) for an empty body or `{}`; the kinds named by
    /// `{"kinds": [NAME, …]}`, at least one.
    static func kinds(_ body: Data) throws -> Set<ReviewItem.Kind>? {
        if body.isEmpty { return nil }
        let object = try self.object(body, keys: ["kinds"], form: kindsForm)
        guard let value = object["kinds"] else { return nil }
        guard let names = value as? [String], !names.isEmpty else { throw ReviewRefusal.badRequest(kindsForm) }
        return Set(try names.map { name in
            guard let kind = ReviewItem.Kind(rawValue: name) else {
                throw ReviewRefusal.badRequest("no golden kind '\(SafeText.escaped(name))' (filmstrip, timing, motion)")
            }
            return kind
        })
    }

    /// `POST /api/accept`: the ids of `{"ids": [ID, …]}`.
    static func ids(_ body: Data) throws -> [String] {
        guard let ids = try object(body, keys: ["ids"], form: idsForm)["ids"] as? [String] else { throw ReviewRefusal.badRequest(idsForm) }
        return ids
    }

    /// A JSON object with no key but `keys`.
    private static func object(_ body: Data, keys: Set<String>, form: String) throws -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any], Set(object.keys).isSubset(of: keys) else {
            throw ReviewRefusal.badRequest(form)
        }
        return object
    }
}
