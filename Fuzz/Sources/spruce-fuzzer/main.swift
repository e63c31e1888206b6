import Foundation
import FuzzTargets

// The fuzzer of every parser of outside bytes (`FuzzTarget`): `FUZZ_TARGET=NAME spruce-fuzzer [libFuzzer flags]`.
// One executable for all targets, so the main package is built once with address sanitizer and coverage. Run by
// `make fuzz` (scripts/fuzz.sh), which builds it with coverage instrumentation and links libFuzzer without its
// `main` (this file's top-level code hands the command line to libFuzzer's driver).

let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
guard let target = FuzzTarget(rawValue: name) else {
    FileHandle.standardError.write(Data("spruce-fuzzer: FUZZ_TARGET must be one of \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(name)\"\n".utf8))
    exit(64)
}
// libFuzzer's callback is a C function pointer, which cannot capture the target.
nonisolated(unsafe) var chosen = target

func fuzzerTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    chosen.run(start.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}

/// libFuzzer's driver, from libclang_rt.fuzzer_no_main (linked by `make fuzz`).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzerTestOneInput))
