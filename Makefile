# Two commands: `make demo` and `make test` each set the machine up first.
SWIFT ?= swift
OUT ?= out

.PHONY: setup build demo test check docs bench gifs gallery clean fuzz sanitize install uninstall dist deb release-tool test-install

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

# The module graph first (every import declared in Package.swift, every module in README's map:
# scripts/check-modules.py) and the packages resolved, then four stages, each running side by side what shares no
# folder (make -j, each phase's output printed whole when it ends; scripts/timed.sh says how long each took):
# 1. the optimised static render-gif (built once: the command-line tests run it, as users get it, and test-install
#    installs it without building it again: `-o release-tool`), beside the debug build and the API reference made
#    from it (`make docs`: a warning or an undocumented public symbol fails it);
# 2. the whole suite alone, two tests at a time (each test in a process of its own);
# 3. the fuzzer's build, the installed archive and the example package;
# 4. 10 s of each fuzzer alone, so that the fuzzers get the processors they count inputs by.
TEST_RESULTS = .build/test-results.xml
TEST_STAGE = $(MAKE) --no-print-directory --output-sync=recurse
test: setup
	scripts/bootstrap.sh --test
	SWIFT=$(SWIFT) scripts/check-modules.py
	$(SWIFT) package resolve
	$(TEST_STAGE) -j2 test-release-build test-debug-build
	SPRUCE_TEST_RENDER_GIF="$(CURDIR)/$(RELEASE_BIN)/render-gif" \
	    scripts/timed.sh "suite" $(SWIFT) test --skip-build --parallel --xunit-output $(TEST_RESULTS)
	$(TEST_STAGE) -j3 test-fuzz-build test-installed test-example
	FUZZ_TARGETS="$(FUZZ_TARGETS)" FUZZ_RUNS=1000000 FUZZ_SECONDS=$(CI_FUZZ_SECONDS) SWIFT=$(SWIFT) \
	    scripts/timed.sh "fuzz" scripts/fuzz.sh

# The phases of `make test`, each one job of its stage (-j1: what a phase runs, it runs in turn).
.PHONY: test-release-build test-debug-build test-fuzz-build test-installed test-example
test-release-build:
	scripts/timed.sh "release build" $(MAKE) --no-print-directory -j1 release-tool
test-debug-build:
	scripts/timed.sh "debug build" $(SWIFT) build --build-tests
	scripts/timed.sh "docs" $(MAKE) --no-print-directory -j1 docs SWIFT=$(SWIFT)
test-fuzz-build:
	SWIFT=$(SWIFT) scripts/timed.sh "fuzzer build" scripts/fuzz.sh --build
test-installed:
	scripts/timed.sh "test-install" $(MAKE) --no-print-directory -j1 -o release-tool test-install
test-example:
	RENDER_GIF="$(CURDIR)/$(RELEASE_BIN)/render-gif" scripts/timed.sh "example package" scripts/example-package.sh

# The API reference of SpruceFilm, Spruce, Advance and SpruceSnapshotTesting (DocC through swift-docc-plugin; each
# module's catalogue is Sources/MODULE/MODULE.docc): one archive per module in $(DOCS_OUT), opened with any static
# web server (docs/README.md). It reuses the debug build. Members a type gets from a protocol extension are documented
# on the protocol, not again on each type; compiler-written members (a raw-value enum's `init(rawValue:)`) show the
# standard library's documentation. A warning (a broken link, a parameter the symbol does not have) fails the build,
# and so does a public symbol without a summary (scripts/docs-coverage.py reads docc's coverage file).
DOCS_OUT = .build/docs
DOCS_TARGETS = SpruceFilm Spruce Advance SpruceSnapshotTesting
docs: setup
	$(SWIFT) package --allow-writing-to-directory $(DOCS_OUT) generate-documentation $(addprefix --target ,$(DOCS_TARGETS)) \
	    --output-path $(DOCS_OUT) --experimental-skip-synthesized-symbols --enable-inherited-docs --warnings-as-errors \
	    --experimental-documentation-coverage --coverage-summary-level brief
	scripts/docs-coverage.py $(addprefix $(DOCS_OUT)/,$(addsuffix .doccarchive,$(DOCS_TARGETS)))

# The edit-test loop: the debug build, then every test but the slow classes (SLOW_TESTS: each over five seconds in
# a debug build; most run the program end to end or compare every pixel of long films), two at a time. `make test`
# runs them all.
SLOW_TESTS = BadInputTests KillSafetyTests DamageTrackingTests LottieSizeLimitTests RlottieComparisonTests JoinTests \
    GoldenTestCommandTests ToleranceTests TileFillTests FilmstripPagesTests BatchCLITests CompareTests OutputTests \
    AnimatedImageTests DistributedNetnsTests IndependentReaderTests ErrorTests HangTests MutationTests OptimizeTests \
    FullDiskTests PreviewSecurityTests PreviewCommandTests ContactSheetSamplingTests UmaskTests
empty :=
space := $(empty) $(empty)
check: setup
	scripts/bootstrap.sh --test
	SWIFT=$(SWIFT) scripts/check-modules.py
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel --skip '\.($(subst $(space),|,$(strip $(SLOW_TESTS))))/'

# The fuzzers of every parser of outside bytes (libFuzzer + address sanitizer, one executable built from its own
# package in Fuzz/; the targets are listed in Fuzz/Targets/FuzzTarget.swift): each target in FUZZ_TARGETS (default
# all) replays its regressions, then runs FUZZ_RUNS inputs or FUZZ_SECONDS seconds, whichever ends first.
# `make test` runs each target for CI_FUZZ_SECONDS, FUZZ_JOBS targets at a time (default one per processor: about a
# minute on two, after the build; docs/Testing.md).
FUZZ_RUNS ?= 100000
FUZZ_SECONDS ?= 900
CI_FUZZ_SECONDS ?= 10
FUZZ_TARGETS ?= scene batch golden images mp4 part-label frames-manifest preview
fuzz: setup
	FUZZ_TARGETS="$(FUZZ_TARGETS)" FUZZ_RUNS=$(FUZZ_RUNS) FUZZ_SECONDS=$(FUZZ_SECONDS) SWIFT=$(SWIFT) scripts/fuzz.sh

# The whole suite twice more, each in its own build folder: under AddressSanitizer (.build-asan; out-of-bounds and
# use-after-free in Swift and our C kernels, leaks) and under ThreadSanitizer (.build-tsan; data races). Both build
# optimised code, the code users run (-enable-testing keeps @testable imports working); the pixel loops of the
# equality tests run in minutes there instead of an hour. The render-gif the CLI tests run is built with the same
# sanitizer, and a report on its stderr fails the test that ran it; a report in the test process fails the run (the
# sanitizer's exit status). Suppressions, in scripts/sanitizers/, name third-party code only, each with the reason
# beside it; the table of suppressions used is not printed (it is no report, and would be a second line on stderr). Not part of `make test`: each run builds everything once more.
SANITIZERS = $(CURDIR)/scripts/sanitizers
SANITIZE_BUILD = -c release -Xswiftc -enable-testing
sanitize: setup
	scripts/bootstrap.sh --test
	ASAN_OPTIONS="detect_leaks=1$${ASAN_OPTIONS:+:$$ASAN_OPTIONS}" \
	LSAN_OPTIONS="suppressions=$(SANITIZERS)/lsan.supp:print_suppressions=0$${LSAN_OPTIONS:+:$$LSAN_OPTIONS}" \
	    $(SWIFT) test $(SANITIZE_BUILD) --sanitize=address --scratch-path .build-asan
	TSAN_OPTIONS="suppressions=$(SANITIZERS)/tsan.supp$${TSAN_OPTIONS:+:$$TSAN_OPTIONS}" \
	    $(SWIFT) test $(SANITIZE_BUILD) --sanitize=thread --scratch-path .build-tsan

# Speed and memory figures (docs/Performance.md); not part of `make test`. BENCH_ARGS=--quick skips the
# one-minute films.
bench: setup
	SWIFT=$(SWIFT) scripts/bench.sh $(BENCH_ARGS)

# The quick form: only end-to-end ÷ encoder-only (file and pipe), example grid at 1080p (3 runs) and 3840×2160
# (1 run), MP4 and GIF; about 5 minutes on a quiet 2-core machine. BENCH_ARGS="--scenes example:5" etc.
.PHONY: bench-ratios
bench-ratios: setup
	SWIFT=$(SWIFT) scripts/bench.sh ratios $(BENCH_ARGS)

clean:
	rm -rf .build .build-fuzz .build-dist .build-asan .build-tsan $(OUT)

# The review gallery: every sort's GIF, parameters, Swift, contact sheet and timing chart on one static page.
gallery: build
	RENDER_GIF="$$($(SWIFT) build -c release --show-bin-path)/render-gif" scripts/gallery.sh $(OUT)/gallery

# --- Installing -----------------------------------------------------------------------------------------------
# `make install PREFIX=/usr/local` (DESTDIR for packagers): render-gif, its man page and bash/zsh/fish completions;
# `make uninstall` removes exactly those files (scripts/install.sh files lists them). `make dist`: the same tree
# with the README as out/dist/render-gif-VERSION-linux-ARCH.tar.gz. The program is a release build with Swift's
# runtime linked in (--static-swift-stdlib), so it runs without the toolchain; it needs ffmpeg, Cairo and fonts
# (scripts/bootstrap.sh). `make deb`: the same tree with prefix /usr as out/dist/render-gif_VERSION-1_ARCH.deb
# (scripts/deb.sh). All three carry LICENSE, THIRD-PARTY-NOTICES (generated from the build: scripts/notices.py) and
# CHANGELOG.md. `make test-install` (part of `make test`) installs all three ways and runs them with env -i, runs
# README.md's commands as written (scripts/readme_commands.py), and
# checks the CI recipe (action.yml, docs/examples/animation-goldens.yml) against GitHub's published schemas.
PREFIX ?= /usr/local
DESTDIR ?=
# Its own build folder: switching .build/release between static and shared runtime would rebuild it every time.
DIST_BUILD = .build-dist
RELEASE_BIN = $(DIST_BUILD)/release
EXTRAS = $(DIST_BUILD)/install-extras

# C sources name themselves with __FILE__ (libyaml's and NIO's checks): the checkout's folder is
# mapped away, so the paths the program carries are relative to the checkout, not absolute. No $ORIGIN run path:
# the program loads no library of its own (Debian's lintian calls a custom search path an error). No symbols of
# its own in the dynamic symbol table (--no-export-dynamic): nothing looks them up, and at start-up the dynamic
# loader and the Swift runtime's dladdr would search some 29,000 of them.
release-tool: setup
	$(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath --scratch-path $(DIST_BUILD) --product render-gif \
	    -Xcc -ffile-prefix-map=$(CURDIR)/= -Xlinker --no-export-dynamic
	$(SWIFT) build --package-path $(DIST_BUILD)/checkouts/swift-argument-parser \
	    --scratch-path "$(CURDIR)/$(DIST_BUILD)/manual-tool" --product generate-manual
	MANUAL_TOOL=$(DIST_BUILD)/manual-tool/debug/generate-manual scripts/install.sh extras $(RELEASE_BIN)/render-gif $(EXTRAS) $(DIST_BUILD)

# Builds first when Swift is on PATH; without it (sudo's secure_path drops the toolchain), installs what
# `make release-tool` built, so `make release-tool && sudo make install` needs no toolchain as root.
install:
	@if command -v $(SWIFT) >/dev/null 2>&1; then $(MAKE) --no-print-directory release-tool; \
	elif [ -x $(RELEASE_BIN)/render-gif ] && [ -s $(EXTRAS)/render-gif.1 ]; then \
	    echo "install: $(SWIFT) is not on PATH; installing the build in $(RELEASE_BIN)" >&2; \
	else echo "install: $(SWIFT) is not on PATH and nothing is built; run make release-tool first, then make install" >&2; exit 1; fi
	scripts/install.sh install $(RELEASE_BIN)/render-gif $(EXTRAS) "$(DESTDIR)$(PREFIX)"

uninstall:
	scripts/install.sh uninstall "$(DESTDIR)$(PREFIX)"

dist: release-tool
	scripts/dist.sh $(RELEASE_BIN)/render-gif $(EXTRAS) $(OUT)/dist

deb: release-tool
	scripts/deb.sh $(RELEASE_BIN)/render-gif $(EXTRAS) $(DIST_BUILD) $(OUT)/dist

test-install: dist deb
	scripts/test_install.sh "$$(ls -t $(OUT)/dist/render-gif-*.tar.gz | head -1)" "$$(ls -t $(OUT)/dist/render-gif_*.deb | head -1)"
	.build-venv/bin/check-jsonschema --builtin-schema vendor.github-actions action.yml
	.build-venv/bin/check-jsonschema --builtin-schema vendor.github-workflows docs/examples/animation-goldens.yml
