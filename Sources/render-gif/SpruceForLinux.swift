/// The release of this package: the one place the version is written. `render-gif --version`, the header of
/// `--print-swift`, the gallery page, `make dist`'s archive name and the man page all take it from here.
enum SpruceForLinux {
    static let version = "0.1.0"
}
