/// What the page's Export button asks for (JSON): the format, the file name in the export folder, the still's time
/// and whether an existing file is replaced. `PreviewExport` checks and writes it; `PathGuard.exportTarget` checks
/// the name.
public struct PreviewExportRequest: Codable, Sendable {
    public var format: String
    public var name: String
    /// PNG only: the film time of the still (default: the end of the entrance).
    public var time: Double?
    /// A file of that name is replaced only when this is true (the page asks first).
    public var replace: Bool?
}
