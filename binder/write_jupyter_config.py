"""Merge binder/jupyter_server_config.json into $HOME/.jupyter/jupyter_server_config.json.

Run by binder/postBuild. Settings already in the target file are kept unless ours name them.
"""

import json
import pathlib
import sys


def merge(ours: dict, config: dict) -> dict:
    """`config` with every section of `ours` laid over it, one key (or dict entry) at a time."""
    for section, values in ours.items():
        merged = config.setdefault(section, {})
        for key, value in values.items():
            if isinstance(value, dict) and isinstance(merged.get(key), dict):
                merged[key].update(value)
            else:
                merged[key] = value
    return config


def main() -> None:
    ours = json.loads((pathlib.Path(__file__).parent / "jupyter_server_config.json").read_text())
    target = pathlib.Path.home() / ".jupyter" / "jupyter_server_config.json"
    config = json.loads(target.read_text()) if target.exists() else {}
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(merge(ours, config), indent=2) + "\n")
    print(f"postBuild: wrote {target}", file=sys.stderr)


if __name__ == "__main__":
    main()
