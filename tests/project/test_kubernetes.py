"""``deploy/kubernetes/``: every manifest is valid against the Kubernetes schemas, offline, and agrees
with the server it deploys.

The schemas are those that ``kubernetes-validate`` (pinned in uv.lock) ships, strict: a field the
API does not know fails, as ``kubectl apply --validate=strict`` would. Then what the schemas cannot
know: the probes ask the routes the server has, the grace period covers the preStop hook and the
drain settings (``server/web/drain.py``), every setting named is one the server reads, and the
example Redis values name the primary that ``REDIS_URL`` names.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml

from server.config import Settings
from server.store.sentinel import SentinelUrl

ROOT = Path(__file__).resolve().parents[2]
KUBERNETES = ROOT / "deploy" / "kubernetes"
#: The Kubernetes release whose schemas the manifests are checked against.
VERSION = "1.33.0"


def kustomization() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((KUBERNETES / "kustomization.yaml").read_text())
    return loaded


def resources() -> list[dict[str, Any]]:
    docs = []
    for name in kustomization()["resources"]:
        docs += [d for d in yaml.safe_load_all((KUBERNETES / name).read_text()) if d]
    return docs


def deployment() -> dict[str, Any]:
    return next(d for d in resources() if d["kind"] == "Deployment")


@pytest.mark.parametrize("doc", resources(), ids=lambda d: f"{d['kind']}/{d['metadata']['name']}")
def test_each_manifest_is_valid_against_the_kubernetes_schemas(doc: dict[str, Any]) -> None:
    kubernetes_validate.validate(doc, VERSION, strict=True)


def test_a_field_the_api_does_not_know_fails() -> None:
    doc = deployment()
    doc["spec"]["template"]["spec"]["containers"][0]["readinessProbes"] = {}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(doc, VERSION, strict=True)


def test_the_kustomization_lists_every_manifest_and_each_kind_once() -> None:
    listed = set(kustomization()["resources"])
    on_disk = {p.name for p in KUBERNETES.glob("*.yaml")} - {"kustomization.yaml", "redis-sentinel-values.yaml"}
    assert listed == on_disk
    kinds = sorted(d["kind"] for d in resources())
    assert kinds == ["Deployment", "HorizontalPodAutoscaler", "PodDisruptionBudget", "Service"]


def test_the_deployment_matches_the_server() -> None:
    pod = deployment()["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    env = {e["name"]: e.get("value") for e in container["env"]}
    # Every setting it sets is one the server reads (REDIS_PASSWORD only feeds REDIS_URL).
    read = set(re.findall(r'env\.get\("([A-Z_]+)"', (ROOT / "server" / "config.py").read_text()))
    assert set(env) - {"REDIS_PASSWORD"} <= read
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    port = container["ports"][0]["containerPort"]
    assert container["command"][container["command"].index("--port") + 1] == str(port)
    # SIGTERM comes after the preStop hook; the pod must get to exit by itself before SIGKILL.
    settings = Settings(drain_delay_s=float(env["VORPAL_DRAIN_DELAY_S"]),
                        shutdown_timeout_s=int(env["VORPAL_SHUTDOWN_TIMEOUT_S"]))  # fmt: skip
    pre_stop = container["lifecycle"]["preStop"]["sleep"]["seconds"]
    assert pre_stop + settings.drain_delay_s + settings.shutdown_timeout_s < pod["terminationGracePeriodSeconds"]
    strategy = deployment()["spec"]["strategy"]["rollingUpdate"]
    assert strategy["maxUnavailable"] == 0  # a rolling update never runs short
    # The URL is a Sentinel URL the store reads, naming the primary the example values configure.
    url = SentinelUrl.parse(env["REDIS_URL"])
    values = yaml.safe_load((KUBERNETES / "redis-sentinel-values.yaml").read_text())
    assert values["sentinel"]["enabled"] and url.master == values["sentinel"]["masterSet"]
    assert int(env["VORPAL_WRITE_REPLICAS"]) < values["replica"]["replicaCount"]
