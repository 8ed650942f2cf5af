"""Discord's request contract: every body the bot sends, checked against Discord's own
OpenAPI description (``spec/openapi.json``) and the limits Discord enforces that the
schemas cannot express (``limits.py``).

The spec is loaded and prepared once per process; a validator is compiled once per
route and kept. Refusals carry Discord's ``Invalid Form Body`` shape (code 50035): an
``errors`` tree keyed by the failing field's path, each leaf ``{"_errors": [{code,
message}]}``, which discord.py flattens into "In content: Must be 2000 or fewer...".
"""

from __future__ import annotations

import copy
import functools
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, ValidationError
from referencing import Registry
from referencing.jsonschema import DRAFT202012

SPEC_PATH = Path(__file__).parent / "spec" / "openapi.json"
SPEC_URI = "urn:discord-openapi"
JSON = "application/json"
MULTIPART = "multipart/form-data"


@dataclass(frozen=True)
class Problem:
    """One reason Discord would refuse a body: where, Discord's code, its message."""

    location: tuple[str | int, ...]
    code: str
    message: str
    # 400 Invalid Form Body for almost everything; 413 for oversized uploads.
    status: int = 400

    def __str__(self) -> str:
        where = ".".join(str(p) for p in self.location) or "(body)"
        return f"{where}: {self.message} [{self.code}]"


@dataclass(frozen=True)
class ContractViolation:
    """A request the real Discord would have refused."""

    method: str
    path: str
    route: str  # the spec's path template
    problems: tuple[Problem, ...]
    body: Any

    def __str__(self) -> str:
        listed = "; ".join(str(p) for p in self.problems)
        return f"{self.method} {self.path} ({self.route}): {listed}"


# -- preparing the spec --------------------------------------------------------------


def _discriminator(schemas: dict[str, Any], branch: Any) -> tuple[Any, ...] | None:
    """The ``type`` values a ``$ref`` branch of a union requires, if it requires one."""
    if not isinstance(branch, dict) or set(branch) != {"$ref"}:
        return None
    target = schemas.get(branch["$ref"].rsplit("/", 1)[-1], {})
    values = target.get("properties", {}).get("type", {}).get("enum")
    if "type" not in target.get("required", ()) or not isinstance(values, list):
        return None
    return tuple(values)


def _tagged_union(branches: list[Any], tags: list[tuple[Any, ...]]) -> dict[str, Any]:
    """``oneOf`` over branches told apart by ``type`` as an if/then/else chain.

    Equivalent when the tags are disjoint, but validates only the branch the body
    names, so it is much faster and its errors point into that branch instead of
    "not valid under any of the given schemas".
    """
    every = sorted({v for tag in tags for v in tag})
    chain: dict[str, Any] = {"required": ["type"], "properties": {"type": {"enum": every}}}
    for branch, tag in reversed(list(zip(branches, tags, strict=True))):
        condition = {"required": ["type"], "properties": {"type": {"enum": list(tag)}}}
        chain = {"if": condition, "then": branch, "else": chain}
    return chain


def _prepare(node: Any, schemas: dict[str, Any]) -> Any:
    if isinstance(node, list):
        return [_prepare(item, schemas) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _prepare(value, schemas) for key, value in node.items()}
    consts = out.get("oneOf")
    if isinstance(consts, list) and consts and all(
            isinstance(b, dict) and "const" in b and set(b) <= {"const", "title", "description"}
            for b in consts):
        # An enumeration written as ``oneOf`` of titled constants: one ``enum`` check.
        values = [b["const"] for b in consts]
        if len(values) == len(set(values)):
            del out["oneOf"]
            out["enum"] = values
    for key in ("oneOf", "anyOf"):
        branches = out.get(key)
        if not isinstance(branches, list) or len(branches) < 2:
            continue
        tags = [_discriminator(schemas, b) for b in branches]
        flat = [v for tag in tags if tag is not None for v in tag]
        if all(tag is not None for tag in tags) and len(flat) == len(set(flat)):
            del out[key]
            out.setdefault("allOf", []).append(_tagged_union(branches, tags))  # type: ignore[arg-type]
    return out


def prepared_spec(raw: dict[str, Any]) -> dict[str, Any]:
    spec = copy.deepcopy(raw)
    schemas = spec["components"]["schemas"]
    # Discord reads a snowflake from a string or an integer (discord.py sends attachment
    # ids as integers); the published spec only describes the string form.
    schemas["SnowflakeType"] = {
        "type": ["string", "integer"],
        "pattern": schemas["SnowflakeType"]["pattern"],
        "minimum": 0,
    }
    spec["components"]["schemas"] = _prepare(schemas, schemas)
    spec["paths"] = _prepare(spec["paths"], schemas)
    return spec


# -- Discord's error shape -------------------------------------------------------------


def _choices(values: Iterable[Any]) -> str:
    return "Value must be one of (" + ", ".join(repr(v) for v in values) + ")."


def _fitting_branch(error: ValidationError) -> list[ValidationError] | None:
    """For a failed union, the errors of the branch the value most nearly fits.

    ``oneOf: [{type: null}, {$ref: X}]`` fails for a bad X with two branch errors; the
    useful one is X's, since the value clearly is not null. Among several branches of
    the right type, the one with the fewest errors is taken.
    """
    branches: dict[Any, list[ValidationError]] = {}
    for sub in error.context or ():
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    fitting = [errors for errors in branches.values()
               if not any(e.validator == "type" and e.absolute_path == error.absolute_path
                          for e in errors)]
    return min(fitting, key=len) if fitting else None


def _problems_of(error: ValidationError) -> list[Problem]:
    where = tuple(error.absolute_path)
    kind, limit = error.validator, error.validator_value
    if kind in ("oneOf", "anyOf") and (branch := _fitting_branch(error)) is not None:
        return [p for sub in branch for p in _problems_of(sub)]
    if kind in ("maxLength", "maxItems", "maxProperties"):
        return [Problem(where, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")]
    if kind in ("minLength", "minItems"):
        return [Problem(where, "BASE_TYPE_MIN_LENGTH", f"Must be {limit} or more in length.")]
    if kind == "required":
        instance = error.instance if isinstance(error.instance, dict) else {}
        return [Problem((*where, name), "BASE_TYPE_REQUIRED", "This field is required")
                for name in limit if name not in instance]
    if kind == "enum":
        return [Problem(where, "BASE_TYPE_CHOICES", _choices(limit))]
    if kind == "const":
        return [Problem(where, "BASE_TYPE_CHOICES", _choices([limit]))]
    if kind == "oneOf" and all(isinstance(b, dict) and "const" in b for b in limit):
        return [Problem(where, "BASE_TYPE_CHOICES", _choices(b["const"] for b in limit))]
    if kind == "maximum":
        return [Problem(where, "NUMBER_TYPE_MAX", f"Value must be less than or equal to {limit}.")]
    if kind == "minimum":
        return [Problem(where, "NUMBER_TYPE_MIN",
                        f"Value must be greater than or equal to {limit}.")]
    if kind == "type":
        wanted = limit if isinstance(limit, str) else " or ".join(limit)
        return [Problem(where, "BASE_TYPE_BAD_TYPE", f"Value must be of type {wanted}.")]
    return [Problem(where, "BASE_TYPE_INVALID", error.message[:200])]


def error_body(problems: Iterable[Problem]) -> dict[str, Any]:
    """Discord's Invalid Form Body response for ``problems``."""
    tree: dict[str, Any] = {}
    for problem in problems:
        node = tree
        for part in problem.location:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": problem.code, "message": problem.message})
    return {"code": 50035, "errors": tree, "message": "Invalid Form Body"}


# -- routes and validators ------------------------------------------------------------


class Contract:
    """The prepared spec: which template a request path is, and its body's validator."""

    def __init__(self, raw: dict[str, Any]) -> None:
        self.spec = prepared_spec(raw)
        resource = DRAFT202012.create_resource(self.spec)
        self.registry: Registry[Any] = Registry().with_resource(SPEC_URI, resource).crawl()
        # Literal segments beat parameters (``messages/@original`` before ``{message_id}``).
        templates = sorted(self.spec["paths"], key=lambda t: (t.count("{"), -len(t)))
        self._routes = [(re.compile(_pattern(t)), t) for t in templates]
        self._validators: dict[tuple[str, str], Draft202012Validator | None] = {}

    def route(self, method: str, path: str) -> str | None:
        """The spec's template for ``method path`` (relative to /api/v10), or None."""
        wanted = method.lower()
        for pattern, template in self._routes:
            if pattern.fullmatch(path) and wanted in self.spec["paths"][template]:
                return template
        return None

    def validator(self, method: str, template: str) -> Draft202012Validator | None:
        key = (method.lower(), template)
        if key not in self._validators:
            self._validators[key] = self._compile(*key)
        return self._validators[key]

    def _compile(self, method: str, template: str) -> Draft202012Validator | None:
        content = self.spec["paths"][template][method].get("requestBody", {}).get("content", {})
        # A multipart body is checked through its payload_json, which is the JSON body.
        kind = JSON if JSON in content else MULTIPART if MULTIPART in content else None
        if kind is None:
            return None
        pointer = "/".join(_escape(p) for p in ("paths", template, method, "requestBody",
                                                 "content", kind, "schema"))
        schema = {"$ref": f"{SPEC_URI}#/{pointer}"}
        return Draft202012Validator(schema, registry=self.registry)

    def check(self, method: str, template: str, body: Any) -> list[Problem]:
        validator = self.validator(method, template)
        if validator is None:
            return []
        problems: list[Problem] = []
        for error in validator.iter_errors(body):
            problems += _problems_of(error)
        return problems


def _escape(part: str) -> str:
    return part.replace("~", "~0").replace("/", "~1")


def _pattern(template: str) -> str:
    return re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template))


@functools.cache
def contract() -> Contract:
    """The process's one prepared contract (the spec is 1.2 MB; read it once)."""
    return Contract(json.loads(SPEC_PATH.read_text(encoding="utf-8")))
