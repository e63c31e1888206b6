RenderGif.entry(Array(CommandLine.arguments.dropFirst()))
