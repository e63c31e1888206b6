print("render-gif: under construction")
