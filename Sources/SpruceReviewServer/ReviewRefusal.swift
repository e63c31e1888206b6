import Foundation

/// What the review server refuses, with its HTTP status; `description` is the `error` of the JSON answer.
public enum ReviewRefusal: Error, Equatable, CustomStringConvertible {
    case notFound(String)
    case badRequest(String)
    /// Refused whoever asks: a golden that is a symbolic link is not written through.
    case forbidden(String)
    /// A golden could not be written (the disk, a permission): nothing of the accepted item was changed.
    case notWritten(String)

    public var status: Int {
        switch self {
        case .notFound: 404
        case .badRequest: 400
        case .forbidden: 403
        case .notWritten: 500
        }
    }

    public var description: String {
        switch self {
        case .notFound(let m), .badRequest(let m), .forbidden(let m), .notWritten(let m): m
        }
    }
}
