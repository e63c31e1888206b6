# Two commands: `make demo` and `make test` each set the machine up first.
SWIFT ?= swift
OUT ?= out

.PHONY: setup build demo test bench gifs gallery clean

setup:
	@scripts/bootstrap.sh

build: setup
	$(SWIFT) build -c release --product render-gif

demo: build
	@mkdir -p $(OUT)
	scripts/demo.sh $(OUT)

# Our versions of Spruce's eight documented example gifs, with comparison sheets: $(OUT)/gifs/index.html
gifs: build
	@mkdir -p $(OUT)/gifs
	RENDER_GIF=.build/release/render-gif scripts/gifs.sh $(OUT)/gifs

test: setup
	$(SWIFT) test
	scripts/example-package.sh

# Speed and memory figures (docs/Performance.md); not part of `make test`. BENCH_ARGS=--quick skips the
# one-minute films.
bench: setup
	SWIFT=$(SWIFT) scripts/bench.sh $(BENCH_ARGS)

clean:
	rm -rf .build $(OUT)

# The review gallery: every sort's GIF, parameters, Swift, contact sheet and timing chart on one static page.
gallery: build
	RENDER_GIF="$$($(SWIFT) build -c release --show-bin-path)/render-gif" scripts/gallery.sh $(OUT)/gallery
