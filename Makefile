# The two commands a newcomer needs: `make serve` and `make test`.
# Everything they need (a virtualenv, Python and npm packages) is installed on first use.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
UV := $(BIN)/uv
STAMP := $(VENV)/.installed
# What the checks need installed first; `make test-latest` runs them on its own venv with nothing.
INSTALLED ?= $(STAMP)
LATEST := .venv-latest
LOWEST := .venv-lowest
HOST ?= 127.0.0.1
PORT ?= 8000
export UV_PYTHON_DOWNLOADS := never

.PHONY: serve test lint typecheck pytest jstest install lock test-latest test-lowest test-partition test-faults test-contract clean

# uv, the one tool that reads uv.lock, is itself taken from uv.lock (by hash, with pip).
$(UV): uv.lock tools/uv_from_lock.py
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PYTHON) tools/uv_from_lock.py uv.lock > $(VENV)/uv-requirement.txt
	$(BIN)/pip install -q --disable-pip-version-check --require-hashes --no-deps -r $(VENV)/uv-requirement.txt
	touch $(UV)

# Exactly what uv.lock holds (--locked: a lock that disagrees with a pyproject.toml is refused).
$(STAMP): $(UV) pyproject.toml protocol/pyproject.toml clients/python/pyproject.toml uv.lock clients/js/package-lock.json tools/openapi-lint/package-lock.json \
  tools/api-clients/package-lock.json
	UV_PROJECT_ENVIRONMENT=$(VENV) $(UV) sync --locked --extra dev --quiet
	@# nginx and docker-compose (Debian) for the deployment tests; they skip only if this cannot work.
	bash deploy/topology.sh install-tools || echo "nginx/docker-compose missing: tests/project/test_deploy.py will skip" >&2
	@# The JS SDK's packages: the playground (/play) serves the SDK and its MessagePack module to browsers.
	cd clients/js && npm ci --no-audit --no-fund --loglevel=error || echo "npm ci failed: /play cannot load the JS SDK" >&2
	@# redocly, pinned, to lint /openapi.json (tests/web/test_openapi_contract.py); it runs offline.
	cd tools/openapi-lint && npm ci --no-audit --no-fund --loglevel=error || echo "npm ci failed: the redocly lint test will skip" >&2
	@# openapi-typescript, tsc and the AsyncAPI parser, pinned: what a generated client sees (tests/web/test_openapi_types.py, test_asyncapi.py).
	cd tools/api-clients && npm ci --no-audit --no-fund --loglevel=error || echo "npm ci failed: the generated-client tests will skip" >&2
	@# Debian's chromium for the playground's browser tests; they skip only if this cannot work.
	bash deploy/chromium.sh install || echo "chromium missing: tests/web/test_playground.py will skip" >&2
	touch $(STAMP)

install: $(STAMP)

## Start the server on http://$(HOST):$(PORT) with an embedded Redis (data in .vorpal/).
serve: $(STAMP)
	$(BIN)/vorpal serve --host $(HOST) --port $(PORT)

## Run every check: lint, types, the Python tests and the JavaScript tests.
test: lint typecheck pytest jstest

## Regenerate uv.lock from the pyproject.toml files (the newest releases their ranges allow).
lock: $(UV)
	$(UV) lock --upgrade

## The whole suite on the newest releases the ranges allow, in a scratch venv ($(LATEST)): run it
## before raising a bound or regenerating the lock, and when a dependency publishes a release.
test-latest: $(STAMP)
	rm -rf $(LATEST)
	$(UV) venv --quiet --python $(PYTHON) $(LATEST)
	$(UV) pip install --quiet --python $(LATEST)/bin/python --upgrade \
	  -e protocol -e clients/python -e ".[dev]"
	@echo "newest releases the ranges allow, where they differ from uv.lock:"
	@$(LATEST)/bin/python tools/lock_diff.py --extra dev
	VORPAL_UNLOCKED=1 $(MAKE) lint typecheck pytest jstest VENV=$(LATEST) INSTALLED=

## The Python tests on the lowest releases the runtime ranges allow (the dev extra at the lock's), in a
## scratch venv ($(LOWEST)): run it when a lower bound changes or code starts using something new.
test-lowest: $(STAMP)
	rm -rf $(LOWEST)
	$(UV) venv --quiet --python $(PYTHON) $(LOWEST)
	$(BIN)/python tools/lock_diff.py --dev-pins > $(LOWEST)/tools.txt
	$(UV) pip install --quiet --python $(LOWEST)/bin/python --resolution lowest-direct \
	  -e protocol -e clients/python -e . -r $(LOWEST)/tools.txt
	@echo "lowest releases of the runtime's direct dependencies:"
	@$(LOWEST)/bin/python tools/lock_diff.py --extra dev
	VORPAL_UNLOCKED=1 $(MAKE) pytest VENV=$(LOWEST) INSTALLED=

lint: $(INSTALLED)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/python tools/module_sizes.py

typecheck: $(INSTALLED)
	$(BIN)/mypy server vorpal protocol/vorpal_protocol clients/python/vorpal_client examples/python tests tools

## The Python tests, spread over the machine's cores (each worker starts its own Redis and servers).
pytest: $(INSTALLED)
	$(BIN)/pytest -q -n auto --maxprocesses 4

jstest: $(INSTALLED)
	@if [ -f clients/js/package.json ]; then \
	  cd clients/js && npm ci --no-audit --no-fund --loglevel=error && \
	    VORPAL_REST_RATE_PER_S=0 PATH="$(CURDIR)/$(BIN):$$PATH" npm test; \
	else echo "no JS SDK yet"; fi

## Partitions and Sentinel failovers under play, in network namespaces (root; minutes): how many
## acknowledged moves a failover loses with VORPAL_WRITE_REPLICAS=1 (none) and with 0 (printed).
## The long fault tests (replicated Redis and Sentinel failovers, the write policy, a cluster, rolling
## restarts, two instances on the clock with one killed): a few minutes, outside `make test`.
test-faults: $(INSTALLED)
	$(BIN)/pytest -q -n auto --maxprocesses 4 -m faults

test-partition: $(INSTALLED)
	$(BIN)/pytest -q -s -p no:xdist -m partition tests/store/test_partition.py

## The OpenAPI contract with Schemathesis' whole coverage phase (about 24,000 more invalid bodies for the three
## operations whose body is a union by game; about two minutes): run it when the document or a request model changes.
test-contract: $(INSTALLED)
	VORPAL_CONTRACT=full $(BIN)/pytest -q -p no:xdist tests/web/test_openapi_contract.py

clean:
	rm -rf $(VENV) $(LATEST) $(LOWEST) .mypy_cache .ruff_cache .pytest_cache
