# kafkalab's build. `make run` starts kafkalab on the embedded broker; `make test` installs
# or starts everything the tests need and runs every tier. Extra tiers live in mk/*.mk: each
# file appends its target to TEST_TIERS, so adding a tier never edits this file.

GO      ?= go
BIN     := bin/kafkalab
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X main.version=$(VERSION)

# Tiers run by `make test` after the unit tests, in order (appended by mk/*.mk).
TEST_TIERS :=

include $(sort $(wildcard mk/*.mk))

.PHONY: run build test unit vet fmt-check tidy-check bench clean
run: build
	./$(BIN)

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o bin/ ./cmd/kafkalab ./cmd/kafkalab-container

test: fmt-check tidy-check vet unit $(TEST_TIERS)
	@echo "make test: all tiers passed"

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

# go.mod and go.sum say exactly what the code imports: direct requirements are not marked
# indirect, and nothing is missing or left over.
tidy-check:
	@out=$$($(GO) mod tidy -diff) || { echo "go mod tidy would change go.mod/go.sum:"; echo "$$out"; exit 1; }

vet:
	$(GO) vet ./...

unit:
	$(GO) test -count=1 ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

clean:
	rm -rf bin
