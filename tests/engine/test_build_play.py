"""``build.py --serve --port N`` (``make play PORT=N``) with the port already taken: one line on
stderr, exit status 1, and no build started (the port is taken before the 15 s build)."""

from __future__ import annotations

import importlib.util
import socket
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Sockets and a server: CPython only (the run inside Pyodide leaves this out).
pytestmark = pytest.mark.cpython_only


def load_build() -> ModuleType:
    """Import the repo's build.py under another name (``build`` is also PyPA's package)."""
    spec = importlib.util.spec_from_file_location("cassino_build_play", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_busy_port_is_one_line_before_any_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    build = load_build()
    builds: list[Path] = []
    monkeypatch.setattr(build, "build", lambda out, wheel: builds.append(out))
    out = tmp_path / "dist"
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        status = build.main(["--serve", "--port", str(port), "--out", str(out)])
    captured = capsys.readouterr()
    assert status == 1
    assert builds == []
    assert not out.exists()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert f"port {port} on 127.0.0.1 is already in use" in lines[0]
    assert f"make play PORT={port + 1}" in lines[0]
    assert "Traceback" not in captured.err


def test_free_port_builds_then_serves_on_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    build = load_build()
    events: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]

    def fake_build(out: Path, wheel: Path | None) -> None:
        # The port is already held while the build runs: nobody can take it meanwhile.
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as other, \
                pytest.raises(OSError):
            other.bind(("127.0.0.1", port))
        events.append("build")

    def fake_serve_forever(self: object) -> None:
        events.append("serve")
        raise KeyboardInterrupt

    monkeypatch.setattr(build, "build", fake_build)
    monkeypatch.setattr(build.SiteServer, "serve_forever", fake_serve_forever)
    status = build.main(["--serve", "--port", str(port), "--out", str(tmp_path / "dist")])
    assert status == 0
    assert events == ["build", "serve"]
    assert f"at http://127.0.0.1:{port}/" in capsys.readouterr().out
