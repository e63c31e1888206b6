import Foundation
import SpruceScene

// The scene parser's libFuzzer target. Every input is read as a JSON and as a YAML scene; a document that
// parses is also played (built, measured, its frame count and Swift code made), which exercises the limits
// and the builder. Any `SceneError` is a correct answer; a trap, a sanitizer report, a leak of the stack or
// a hang is a finding. Run by `make fuzz`, which builds it with coverage instrumentation and links
// libFuzzer without its `main` (this file's top-level code hands the command line to libFuzzer's driver).

func sceneFuzzerTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    for yaml in [false, true] {
        guard let document = try? SceneParser.parse(data, yaml: yaml) else { continue }
        if let player = try? ScenePlayer(document: document, framesPerSecond: 25) {
            _ = player.frameCount
            _ = player.timingJSON()
            _ = document.swiftCode()
        }
    }
    return 0
}

/// libFuzzer's driver, from libclang_rt.fuzzer_no_main (linked by `make fuzz`).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, sceneFuzzerTestOneInput))
