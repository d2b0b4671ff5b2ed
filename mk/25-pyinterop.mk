# Tier: Delta tables and Parquet files written by kafkalab are read back by independent
# implementations, Python's deltalake (delta-rs) and pyarrow, which must see the same rows and
# types. The packages are pinned and installed into a venv under the user cache, so a fresh CI
# machine sets itself up; a second run reuses the venv.
TEST_TIERS += test-pyinterop

PYINTEROP_VENV ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/kafkalab/pyinterop-venv
PYINTEROP_PKGS := deltalake==1.6.6 pyarrow==26.0.1

.PHONY: test-pyinterop
test-pyinterop:
	@set -e; venv="$(PYINTEROP_VENV)"; \
	if ! command -v python3 >/dev/null; then \
	  echo "test-pyinterop: python3 is missing; install it (apt-get install -y python3 python3-venv)"; exit 1; fi; \
	if [ ! -x "$$venv/bin/python" ]; then \
	  python3 -m venv "$$venv" || { echo "test-pyinterop: cannot create a venv at $$venv (apt-get install -y python3-venv)"; exit 1; }; fi; \
	if ! "$$venv/bin/python" -c 'import deltalake, pyarrow, sys; sys.exit(0 if (deltalake.__version__, pyarrow.__version__) == ("1.6.6", "26.0.1") else 1)' 2>/dev/null; then \
	  echo "test-pyinterop: installing $(PYINTEROP_PKGS) into $$venv"; \
	  "$$venv/bin/pip" install --quiet --disable-pip-version-check $(PYINTEROP_PKGS); fi; \
	KAFKALAB_PYTHON="$$venv/bin/python" $(GO) test -count=1 -run Interop -v ./engine/delta/... ./engine/filesink/...
