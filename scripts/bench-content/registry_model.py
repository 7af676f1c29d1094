"""The parts of registry.yaml the synthetic tree needs, read line by line (no YAML library on the bench host).

Reads the layout the repository's registry.yaml uses: notification values as `- raw:` blocks, deep-link
cases as `- name:` blocks with `{ name, type, payload_key }` params, and the BadgeCounts payload fields.
"""
import re


class Registry:
    def __init__(self):
        self.values = []       # [{raw, icon, can_be_disabled, preference_key, badge, deep_link: [..]}]
        self.deep_links = []   # [{name, params: [{name, type, payload_key, optional}]}]
        self.badge_fields = []  # [(key, type)]
        self.badges = []
        self.fallback = "other"

    @property
    def raws(self):
        return [v["raw"] for v in self.values]


def camel(raw):
    head, *rest = raw.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def _scalar(text):
    text = text.split(" #")[0].strip()
    return None if text in ("null", "~", "") else text.strip('"')


def _inline_map(text):
    body = text.strip().lstrip("-").strip().strip("{}")
    out = {}
    for part in body.split(","):
        if ":" in part:
            k, v = part.split(":", 1)
            out[k.strip()] = v.strip()
    return out


def read_registry(path):
    reg = Registry()
    section = None
    payload = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if not line.startswith(" "):
                section = line.split(":")[0]
                continue
            stripped = line.strip()
            if section == "notification_types":
                if stripped.startswith("fallback:"):
                    reg.fallback = _scalar(stripped.split(":", 1)[1])
                elif stripped.startswith("- raw:"):
                    reg.values.append({"raw": _scalar(stripped[6:]), "can_be_disabled": "true", "deep_link": []})
                elif reg.values and line.startswith("      ") and ":" in stripped:
                    key, value = stripped.split(":", 1)
                    if key == "deep_link":
                        value = value.split(" #")[0].strip()
                        links = [x.strip() for x in value.strip("[]").split(",") if x.strip()]
                        reg.values[-1]["deep_link"] = links
                    else:
                        reg.values[-1][key] = _scalar(value)
            elif section == "badges" and stripped.startswith("cases:"):
                reg.badges = [x.strip() for x in stripped.split(":", 1)[1].strip(" []").split(",")]
            elif section == "deep_links":
                if stripped.startswith("- name:"):
                    reg.deep_links.append({"name": _scalar(stripped[7:]), "params": []})
                elif stripped.startswith("- {") and reg.deep_links:
                    p = _inline_map(stripped)
                    reg.deep_links[-1]["params"].append({
                        "name": p.get("name"), "type": p.get("type"), "payload_key": p.get("payload_key"),
                        "optional": p.get("optional") == "true"})
            elif section == "payloads":
                m = re.match(r"^  (\w+):$", line)
                if m:
                    payload = m.group(1)
                elif payload == "BadgeCounts" and re.match(r"^      \w+:", line):
                    key, rest = stripped.split(":", 1)
                    typ = re.search(r"type:\s*\"?([\w\[\]]+)", rest)
                    reg.badge_fields.append((key, typ.group(1) if typ else rest.strip()))
    return reg
