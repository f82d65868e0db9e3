# The two commands a newcomer needs: `make serve` and `make test`.
# Everything they need (a virtualenv, Python and npm packages) is installed on first use.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: serve test lint typecheck pytest jstest install clean

$(STAMP): pyproject.toml protocol/pyproject.toml clients/python/pyproject.toml clients/js/package-lock.json tools/openapi-lint/package-lock.json
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --disable-pip-version-check --upgrade pip
	$(BIN)/pip install -q --disable-pip-version-check -e protocol -e clients/python -e ".[dev]"
	@# nginx and docker-compose (Debian) for the deployment tests; they skip only if this cannot work.
	bash deploy/topology.sh install-tools || echo "nginx/docker-compose missing: tests/test_deploy.py will skip" >&2
	@# The JS SDK's packages: the playground (/play) serves the SDK and its MessagePack module to browsers.
	cd clients/js && npm ci --no-audit --no-fund --loglevel=error || echo "npm ci failed: /play cannot load the JS SDK" >&2
	@# redocly, pinned, to lint /openapi.json (tests/test_openapi_contract.py); it runs offline.
	cd tools/openapi-lint && npm ci --no-audit --no-fund --loglevel=error || echo "npm ci failed: the redocly lint test will skip" >&2
	@# Debian's chromium for the playground's browser tests; they skip only if this cannot work.
	bash deploy/chromium.sh install || echo "chromium missing: tests/test_playground.py will skip" >&2
	touch $(STAMP)

install: $(STAMP)

## Start the server on http://$(HOST):$(PORT) with an embedded Redis (data in .vorpal/).
serve: $(STAMP)
	$(BIN)/vorpal serve --host $(HOST) --port $(PORT)

## Run every check: lint, types, the Python tests and the JavaScript tests.
test: lint typecheck pytest jstest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache

typecheck: $(STAMP)
	$(BIN)/mypy server protocol/vorpal_protocol clients/python/vorpal_client examples/python tests

## The Python tests, spread over the machine's cores (each worker starts its own Redis and servers).
pytest: $(STAMP)
	$(BIN)/pytest -q -n auto --maxprocesses 4

jstest: $(STAMP)
	@if [ -f clients/js/package.json ]; then \
	  cd clients/js && npm ci --no-audit --no-fund --loglevel=error && \
	    VORPAL_REST_RATE_PER_S=0 PATH="$(CURDIR)/$(BIN):$$PATH" npm test; \
	else echo "no JS SDK yet"; fi

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
