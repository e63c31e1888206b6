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

test: setup
	$(SWIFT) test

# Speed and memory figures (docs/Performance.md); not part of `make test`. BENCH_ARGS=--quick skips the
# one-minute films.
bench: setup
	SWIFT=$(SWIFT) scripts/bench.sh $(BENCH_ARGS)

clean:
	rm -rf .build $(OUT)
