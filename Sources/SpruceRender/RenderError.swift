import Foundation

/// Everything that can go wrong between a view tree and a PNG, each with a one-line message.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    case invalidSize(String)
    case invalidGeometry(String)
    case pngDecode(String)
    case write(String)
    case cairo(String)
    /// Memory the operating system refused (a `ulimit -v`, a container's limit), not a fault of the input.
    case outOfMemory(String)

    public var description: String {
        switch self {
        case .invalidSize(let m): return "invalid size: \(m)"
        case .invalidGeometry(let m): return "invalid geometry: \(m)"
        case .pngDecode(let m): return "cannot read PNG: \(m)"
        case .write(let m): return "cannot write: \(m)"
        case .cairo(let m): return "cairo: \(m)"
        case .outOfMemory(let m): return "out of resources: \(m)"
        }
    }
}

extension RenderError {
    /// Memory was refused: the input may be good.
    public var isOutOfMemory: Bool { if case .outOfMemory = self { return true } else { return false } }
}

extension RenderError: LocalizedError {
    public var errorDescription: String? { description }
}
