import SpruceScene
import XCTest

/// `--accept`'s list is split at commas, and a scene whose name holds a comma (`login, dark.json`) is still named by
/// it: pieces that make a checked name again when joined are that name.
final class AcceptanceNamesTests: XCTestCase {
    func testANameWithACommaIsMadeWholeAgainstTheScenesChecked() throws {
        let checked = ["login", "login, dark", "a", "a,b,c", "b"]
        func names(_ list: String) throws -> [String] { try XCTUnwrap(SceneGoldenRun.Acceptance(list: list)).names(among: checked) }
        XCTAssertEqual(try names("login, dark"), ["login, dark"])
        XCTAssertEqual(try names("login,login, dark,b"), ["login", "login, dark", "b"])
        XCTAssertEqual(try names("a,b"), ["a", "b"], "no checked name is a,b")
        XCTAssertEqual(try names("a,b,c"), ["a,b,c"], "the longest checked name first")
        XCTAssertEqual(try names("zzz, dark"), ["zzz", " dark"], "unknown pieces stay pieces, for the error to name")
        XCTAssertEqual(SceneGoldenRun.Acceptance.all.names(among: checked), [])
    }
}
