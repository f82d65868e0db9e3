# syntax=docker/dockerfile:1
# Two images from one file:
#   target "server" (default): the Vorpal server, `vorpal serve` on 0.0.0.0:8000 (REDIS_URL required)
#   target "locust": the load generator (loadtest/locustfile.py, with loadtest/requirements.txt)

FROM python:3.11-slim AS base
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
WORKDIR /app

FROM base AS locust
COPY loadtest/requirements.txt loadtest/requirements.txt
RUN pip install -r loadtest/requirements.txt
COPY loadtest/locustfile.py loadtest/locustfile.py
EXPOSE 8089
ENTRYPOINT ["locust", "-f", "/app/loadtest/locustfile.py"]

FROM base AS server
COPY protocol protocol
COPY clients/python clients/python
COPY pyproject.toml README.md* ./
COPY server server
RUN pip install ./protocol ./clients/python . \
    && useradd --system --uid 10001 vorpal
USER vorpal
EXPOSE 8000
HEALTHCHECK --interval=5s --timeout=3s --retries=5 \
    CMD python -c "import urllib.request,sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/readyz', timeout=2).status != 200)"
CMD ["vorpal", "serve", "--host", "0.0.0.0", "--port", "8000", "--workers", "1"]
