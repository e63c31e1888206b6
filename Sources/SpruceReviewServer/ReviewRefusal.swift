import Foundation

/// What the review server refuses, with its HTTP status; `description` is the `error` of the JSON answer.
public enum ReviewRefusal: Error, Equatable, CustomStringConvertible {
    case notFound(String)
    case badRequest(String)
    /// A golden could not be written (the disk, a permission): nothing of the accepted item was changed.
    case notWritten(String)

    public var status: Int {
        switch self {
        case .notFound: 404
        case .badRequest: 400
        case .notWritten: 500
        }
    }

    public var description: String {
        switch self {
        case .notFound(let m), .badRequest(let m), .notWritten(let m): m
        }
    }
}
