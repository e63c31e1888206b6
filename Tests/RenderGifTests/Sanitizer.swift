import Foundation

/// The sanitizer this test process was built with; `swift test --sanitize=…` (`make sanitize`) builds the
/// render-gif the tests run with the same one. A sanitizer's runtime exports its entry point from the executable.
enum Sanitizer {
    case address, thread

    static let current: Sanitizer? = {
        if dlsym(nil, "__asan_init") != nil { return .address }
        if dlsym(nil, "__tsan_init") != nil { return .thread }
        return nil
    }()
}
