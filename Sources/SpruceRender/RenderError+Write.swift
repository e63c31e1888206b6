extension RenderError {
    /// The file could not be written (as opposed to a picture that could not be drawn).
    public var isWriteFailure: Bool { if case .write = self { return true } else { return false } }

    /// A write the file system stopped midway (`StoppedWrite`), as opposed to a refusal of one target (a FIFO
    /// where a golden goes).
    public var isOutOfSpace: Bool {
        guard case .write(let message) = self else { return false }
        return StoppedWrite.reason(in: message) != nil
    }
}
