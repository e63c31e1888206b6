import Foundation

/// `render-gif review`: a port out of range, neither scene paths nor an artifacts folder, and a goldens or artifacts
/// folder that is a file are refused before any port is bound; scene paths that are not there before any scene is played.
extension BadInputCases {
    static let review: [BadInputCase] = [
        BadInputCase("review on a port out of range", ["review", "$S", "--port", "70000"], status: 64,
                     message: "^--port: must be 0…65535, got 70000$"),
        BadInputCase("review of nothing", ["review", "--port", "0"], status: 64,
                     message: "^review: give scene files or folders, or --artifacts$"),
        BadInputCase("review of a path that is not there", ["review", "$S/none", "--port", "0"], status: 66,
                     message: "^no such scene file or folder '$S/none'$"),
        // A name ending in '/' is a folder's: a scene file named so is not read as if the '/' were not there.
        BadInputCase("review of a scene file named as a folder", ["review", "$S/scene.json/", "--port", "0"], status: 66,
                     message: "^'$S/scene.json/': a name ending in '/' is a folder's, and this is a file \\(drop the '/'\\)$"),
        BadInputCase("test of a scene file named as a folder", ["test", "$S/scene.json/"], status: 66,
                     message: "^'$S/scene.json/': a name ending in '/' is a folder's, and this is a file \\(drop the '/'\\)$"),
        BadInputCase("review with a goldens folder that is a file", ["review", "$S", "--goldens", "$S/g.txt", "--port", "0"], status: 66,
                     message: "^--goldens '$S/g.txt': it is a file, not a folder$", setup: { try $0.write("g.txt", "x") }),
        // As `test` says it, a slash at its end or not.
        BadInputCase("review with a goldens folder that is a file and ends in a slash", ["review", "$S", "--goldens", "$S/g.txt/", "--port", "0"],
                     status: 66, message: "^--goldens '$S/g.txt/': it is a file, not a folder$", setup: { try $0.write("g.txt", "x") }),
        // A goldens folder that is a loop of links is named by its flag, as `test` names it.
        BadInputCase("review with a goldens folder that is a link loop", ["review", "$S", "--goldens", "$S/loop", "--port", "0"], status: 66,
                     message: "^--goldens '$S/loop': it is a symbolic link that leads nowhere \\(links loop\\), not a folder$",
                     setup: { box in _ = symlink("loop", box.path("loop")) }),
        BadInputCase("review with an artifacts folder that is a file", ["review", "$S", "--artifacts", "$S/a.txt", "--port", "0"], status: 66,
                     message: "^--artifacts '$S/a.txt': not a folder$", setup: { try $0.write("a.txt", "x") }),
    ]
}
