import Foundation

/// What a batch did, item by item: printed as lines, and written as JSON with `--report`.
public struct BatchReport: Codable, Equatable {
    public enum Status: String, Codable { case rendered, skipped, failed }

    public struct Entry: Codable, Equatable {
        public var index: Int
        public var scene: String
        public var out: String
        public var status: Status
        /// Estimated frames (the sharding weight); 0 when the item could not be read.
        public var frames: Int
        public var seconds: Double
        /// The failure's one line (render-gif's message), nil unless failed.
        public var message: String?
        /// render-gif's exit status for a failed render.
        public var exitStatus: Int32?

        public init(index: Int, scene: String, out: String, status: Status, frames: Int, seconds: Double,
                    message: String? = nil, exitStatus: Int32? = nil) {
            (self.index, self.scene, self.out, self.status, self.frames, self.seconds, self.message, self.exitStatus)
                = (index, scene, out, status, frames, seconds, message, exitStatus)
        }

        /// `rendered  reel/a.gif  (120 frames, 3.2 s)`, `FAILED    reel/b.mp4: <message>`.
        public var line: String {
            switch status {
            case .rendered: return "rendered  \(out)  (\(frames) frames, \(String(format: "%.1f", seconds)) s)"
            case .skipped: return "skipped   \(out)  (up to date)"
            case .failed: return "FAILED    " + (out.isEmpty ? "" : out + ": ") + (message ?? "items[\(index)] failed")
            }
        }
    }

    public var version: String
    /// 1-based, as given to --shard.
    public var shard: Int
    public var shards: Int
    public var items: [Entry]

    public init(version: String, shard: Int, shards: Int, items: [Entry]) {
        (self.version, self.shard, self.shards, self.items) = (version, shard, shards, items)
    }

    public var failed: Int { items.filter { $0.status == .failed }.count }

    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try! encoder.encode(self)
    }
}
