import Foundation

// Writes the Swift source of the built-in scenes (`BuiltInScenes.generated`, SpruceScene) for the
// BuiltInScenesPlugin build command. Arguments, in catalogue order:
//
//   <output.swift> (--scene <path> <file> (--image <reference> <path>)*)*
//
// `file` is the scene's path relative to fixtures/scenes (`examples/profile.yaml`); each `--image` is a path
// the scene names, as written, and the file it resolves to. Each scene's text, its one-line description and
// its images' bytes (base64) are compiled in. A scene without a top-level name and description, a name that
// is not the file name, or two scenes with one name stop the build with one line on stderr.

struct Scene {
    var file: String
    var path: String
    var images: [(reference: String, path: String)] = []
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("BuiltInScenesGenerator: error: \(message)\n".utf8))
    exit(1)
}

/// The file's text as UTF-8, with every line break (CR LF, CR) read as LF.
func readText(_ path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path) else { fail("\(path): cannot read it") }
    guard let text = String(validating: data, as: UTF8.self) else { fail("\(path): not UTF-8 text") }
    return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
}

/// The first capture of `pattern` in `text` (lines anchored), or nil.
func firstLine(_ pattern: String, in text: String) -> String? {
    let regex = try! NSRegularExpression(pattern: pattern, options: .anchorsMatchLines)
    guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
          let range = Range(match.range(at: 1), in: text) else { return nil }
    return String(text[range])
}

/// The scene's top-level `name` and `description`, without surrounding quotes.
func header(_ text: String, yaml: Bool, path: String) -> (name: String, description: String) {
    var name: String?, description: String?
    if yaml {
        name = firstLine(#"^name:\s*(.+?)\s*$"#, in: text)
        description = firstLine(#"^description:\s*(.+?)\s*$"#, in: text)
    } else {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else { fail("\(path): not JSON") }
        let fields = object as? [String: Any]
        name = fields?["name"] as? String
        description = fields?["description"] as? String
    }
    guard let name, !name.isEmpty, let description, !description.isEmpty else {
        fail("\(path): a built-in scene needs a top-level name and a one-line description")
    }
    let quotes = CharacterSet(charactersIn: "\"'")
    return (name.trimmingCharacters(in: quotes), description.trimmingCharacters(in: quotes))
}

/// A Swift raw string literal holding `text` exactly: as many `#` as it takes that no quote in the text closes it.
func rawLiteral(_ text: String, multiline: Bool = false) -> String {
    var hashes = "#"
    while text.contains("\"" + hashes) || (multiline && text.contains("\"\"\"" + hashes)) {
        hashes += "#"
    }
    // The line break after the opening and before the closing delimiter are not part of the string.
    return multiline ? "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)" : "\(hashes)\"\(text)\"\(hashes)"
}

/// The arguments as scenes, in the order given.
func parseArguments(_ arguments: [String]) -> (output: String, scenes: [Scene]) {
    guard let output = arguments.first else { fail("usage: BuiltInScenesGenerator <output.swift> (--scene <path> <file> (--image <reference> <path>)*)*") }
    var scenes: [Scene] = []
    var rest = arguments.dropFirst()
    while let flag = rest.popFirst() {
        guard rest.count >= 2 else { fail("\(flag) takes two values") }
        let first = rest.removeFirst(), second = rest.removeFirst()
        switch flag {
        case "--scene": scenes.append(Scene(file: second, path: first))
        case "--image" where !scenes.isEmpty: scenes[scenes.count - 1].images.append((first, second))
        default: fail("unexpected argument \(flag)")
        }
    }
    return (output, scenes)
}

func source(_ scenes: [Scene]) -> String {
    var lines = [
        "// Generated at build time from fixtures/scenes by BuiltInScenesGenerator (BuiltInScenesPlugin, SpruceScene);",
        "// each build whose scene or image files changed writes it again.",
        "",
        "extension BuiltInScenes {",
        "    static let generated: [BuiltInScene] = [",
    ]
    var seen: [String: String] = [:]
    for scene in scenes {
        let yaml = !scene.file.hasSuffix(".json")
        let text = readText(scene.path)
        let (name, description) = header(text, yaml: yaml, path: scene.path)
        let stem = ((scene.file as NSString).lastPathComponent as NSString).deletingPathExtension
        guard name == stem else { fail("\(scene.path): its name is '\(name)'; a built-in scene's name must be its file name") }
        if let other = seen[name] { fail("two built-in scenes share the name \(name): \(other) and \(scene.file)") }
        seen[name] = scene.file
        var images: [String: String] = [:]
        for image in scene.images {
            guard let data = FileManager.default.contents(atPath: image.path) else { fail("\(scene.path): cannot read the image \(image.path)") }
            images[image.reference] = data.base64EncodedString()
        }
        lines += [
            "        BuiltInScene(",
            "            name: \(rawLiteral(name)),",
            "            description: \(rawLiteral(description)),",
            "            file: \(rawLiteral(scene.file)),",
            "            format: .\(yaml ? "yaml" : "json"),",
            "            text: \(rawLiteral(text, multiline: true)),",
        ]
        if images.isEmpty {
            lines.append("            imagesBase64: [:]),")
        } else {
            lines.append("            imagesBase64: [")
            for (reference, data) in images.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                lines.append("                \(rawLiteral(reference)): \(rawLiteral(data)),")
            }
            lines.append("            ]),")
        }
    }
    lines += ["    ]", "}", ""]
    return lines.joined(separator: "\n")
}

let (output, scenes) = parseArguments(Array(CommandLine.arguments.dropFirst()))
let text = source(scenes)
// Rewritten only when it changes, so an edit that leaves the source as it was recompiles nothing.
if FileManager.default.contents(atPath: output) != Data(text.utf8) {
    do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
        fail("cannot write \(output): \(error.localizedDescription)")
    }
}
