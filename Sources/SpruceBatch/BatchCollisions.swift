import Foundation
import SpruceRender

/// What no batch item may write over, checked for every file an item writes (its out, its timing file, review
/// pictures and Lottie file) before any item runs: the batch's own files (the manifest, the records folder),
/// what another item writes, and what any other item reads (its scene file, its images).
/// The later item of a pair fails with the reason and the earlier one still runs; an item's own files against each
/// other are the render's to refuse. Paths are compared after resolving `..` and symbolic links, and by inode.
public enum BatchCollisions {
    /// A path claimed by the batch (`owner` nil) or an item, resolved (`OutputPlan.realPath`); a written one also as
    /// its item gives it.
    struct Claim {
        enum Kind { case batch(String), written(as: String), read }
        let key: String
        let owner: Int?
        let kind: Kind
    }

    /// Sets the problem of each item that would write over another's file or the batch's own (`own`: each path
    /// with what it is, "the manifest").
    public static func check(_ runs: inout [BatchItemPlan], own: [(path: String, what: String)]) {
        var claims = BatchClaims()
        for (path, what) in own { claims.add(Claim(key: OutputPlan.realPath(path), owner: nil, kind: .batch(what))) }
        // What an item reads is claimed even when the item cannot run (its scene file is missing yet): whether a pair
        // is refused does not depend on what an earlier run left on disk.
        for i in runs.indices {
            for path in runs[i].reads { claims.add(Claim(key: OutputPlan.realPath(path), owner: i, kind: .read)) }
        }
        for i in runs.indices where runs[i].problem == nil {
            var mine: [Claim] = []
            for (flag, path) in runs[i].writes {
                // The item's out is named as in the manifest ("out"); its other files by their labels.
                let isOut = path == runs[i].item.out
                let key = OutputPlan.realPath(path)
                if let claim = claims.same(as: key, notOf: i) {
                    runs[i].problem = BatchItemProblem(message(flag: flag, isOut: isOut, path: path, claim: claim), status: BatchRunner.cannotCreate)
                    break
                }
                // One inside the other: a file written into another item's folder of frames, or a folder over its file.
                if let claim = claims.nested(with: key, notOf: i) {
                    let other = claim.owner.map { "items[\($0)]" } ?? "the batch"
                    runs[i].problem = BatchItemProblem("its \(isOut ? "out" : flag) '\(path)' and a file of \(other) are one inside the other; "
                        + "give each item its own folder", status: BatchRunner.cannotCreate)
                    break
                }
                mine.append(Claim(key: key, owner: i, kind: .written(as: path)))
            }
            if runs[i].problem == nil { mine.forEach { claims.add($0) } }
        }
    }

    /// The first item that reads the file at `path` (its scene file or an image), compared as `check` compares.
    public static func reader(of path: String, in runs: [BatchItemPlan]) -> Int? {
        let key = OutputPlan.realPath(path)
        return runs.indices.first { i in runs[i].reads.contains { same(OutputPlan.realPath($0), key) } }
    }

    /// The first item that writes the file at `path` (its out or another of its files), or a folder `path` is in, or
    /// a file inside `path`, compared as `check` compares; with the label of that file ("out" for the item's out) and
    /// its path as the item gives it, and whether the two are one inside the other. An item that cannot run still
    /// claims its out: whether a pair is refused does not depend on what is on disk.
    public static func writer(of path: String, in runs: [BatchItemPlan]) -> (item: Int, label: String, path: String, nested: Bool)? {
        let key = OutputPlan.realPath(path)
        for i in runs.indices {
            let files = runs[i].writes.isEmpty ? [(label: "out", path: runs[i].item.out)].filter { !$0.path.isEmpty } : runs[i].writes
            for (label, file) in files {
                let other = OutputPlan.realPath(file)
                let nested = other.hasPrefix(key + "/") || key.hasPrefix(other + "/")
                if nested || same(other, key) { return (i, file == runs[i].item.out ? "out" : label, file, nested) }
            }
        }
        return nil
    }

    /// Two resolved paths (`OutputPlan.realPath`) name one file: the same path, or one file by its inode (hard links).
    private static func same(_ a: String, _ b: String) -> Bool { a == b || OutputPlan.sameFile(a, b) }

    private static func message(flag: String, isOut: Bool, path: String, claim: Claim) -> String {
        let other = claim.owner.map { "items[\($0)]" } ?? ""
        switch claim.kind {
        case .batch(let what): return "its \(isOut ? "out" : flag) '\(path)' is \(what) of this batch; give it another name"
        case .written(let given) where isOut && given == path: return "\(other) writes '\(path)' too; give each item its own out"
        case .written(let given) where isOut:
            return "its out '\(path)' is the file \(other) writes as '\(given)'; give each item its own out"
        case .written: return "its \(flag) '\(path)' is written by \(other) too; give each item its own files"
        case .read: return "its \(flag) '\(path)' is read by \(other) (its scene or an image); give it another name"
        }
    }
}
