# syntax=docker/dockerfile:1
# Two images from one file, both installed from uv.lock and nothing else:
#   target "server" (default): the Vorpal server, `vorpal serve` on 0.0.0.0:8000 (REDIS_URL required);
#     the lock's runtime packages only (no tests, no linters), the local packages as wheels
#   target "locust": the load generator (loadtest/locustfile.py), the lock's `loadtest` group

FROM python:3.11-slim AS base
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1 \
    UV_PYTHON_DOWNLOADS=never UV_NO_CACHE=1 UV_PROJECT_ENVIRONMENT=/opt/venv PATH=/opt/venv/bin:$PATH
WORKDIR /app
# uv itself comes from the lock, checked by its hashes (tools/uv_from_lock.py).
COPY uv.lock pyproject.toml README.md* ./
COPY tools/uv_from_lock.py tools/uv_from_lock.py
COPY protocol/pyproject.toml protocol/pyproject.toml
COPY clients/python/pyproject.toml clients/python/pyproject.toml
RUN python tools/uv_from_lock.py uv.lock > /tmp/uv.txt \
    && pip install --require-hashes --no-deps -r /tmp/uv.txt && rm /tmp/uv.txt

FROM base AS locust
RUN uv sync --locked --only-group loadtest
COPY loadtest/locustfile.py loadtest/locustfile.py
EXPOSE 8089
ENTRYPOINT ["locust", "-f", "/app/loadtest/locustfile.py"]

FROM base AS server
COPY protocol protocol
COPY clients/python clients/python
COPY server server
COPY vorpal vorpal
RUN uv sync --locked --no-editable \
    && useradd --system --uid 10001 vorpal
USER vorpal
EXPOSE 8000
HEALTHCHECK --interval=5s --timeout=3s --retries=5 \
    CMD python -c "import urllib.request,sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/readyz', timeout=2).status != 200)"
CMD ["vorpal", "serve", "--host", "0.0.0.0", "--port", "8000", "--workers", "1"]
