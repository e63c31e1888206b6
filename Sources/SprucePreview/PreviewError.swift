import Foundation

/// What the preview server refuses or cannot do, each with its HTTP status.
public enum PreviewError: Error, Equatable, CustomStringConvertible {
    case busy
    case notFound(String)
    case badRequest(String)
    case forbidden(String)
    case export(String)
    /// The export's name is taken: the page offers to replace it (the request again, with `replace`).
    case exists(String)

    public var status: Int {
        switch self {
        case .busy: return 503
        case .notFound: return 404
        case .badRequest: return 400
        case .forbidden: return 403
        case .export, .exists: return 409
        }
    }

    public var description: String {
        switch self {
        case .busy: return "too many renders at once; try again"
        case .notFound(let s), .badRequest(let s), .forbidden(let s), .export(let s), .exists(let s): return s
        }
    }
}
