"""Check the tutor behind JupyterHub: a local hub, two users, an app opened for each.

    .venv/bin/pip install '.[hub]'                      # jupyterhub (PyPI)
    npm install --prefix ~/.cache/foodplay-hub configurable-http-proxy   # the hub's proxy (npm)
    .venv/bin/python scripts/hub_check.py [--proxy PATH] [--notebook burg.ipynb]

Prints numbers and exits non-zero if a user's app did not load; not a test (it takes about a
minute, longer than the suite's budget allows). The hub runs on 127.0.0.1 with JupyterHub's
DummyAuthenticator (one shared password, two allowed users) and its SimpleLocalProcessSpawner
(every user's server is a `jupyterhub-singleuser` process of this user, with Voilà as a server
extension, as on Binder); each user logs in through the hub's form in Chromium and opens
/user/<name>/voila/render/notebooks/<notebook>. Everything is written to a temporary folder.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
from bench_browser import APP_READY_JS, CHROMIUM, CHROMIUM_ARGS, CLICK_JS  # noqa: E402
from bench_load import tree_rss_kib  # noqa: E402

USERS = ("ada", "ben")
DEFAULT_PROXY = Path.home() / ".cache" / "foodplay-hub" / "node_modules" / ".bin" / \
    "configurable-http-proxy"

CONFIG = """
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.JupyterHub.db_url = "sqlite:///{home}/hub.sqlite"
c.JupyterHub.cookie_secret_file = "{home}/cookie_secret"
c.ConfigurableHTTPProxy.command = ["{proxy}"]
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api_port}"
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = "{password}"
c.Authenticator.allowed_users = {users!r}
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = "{home}/users/{{username}}"
c.Spawner.cmd = ["{singleuser}"]
c.Spawner.notebook_dir = "{repo}"
c.Spawner.default_url = "/voila/render/notebooks/index.ipynb"
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 180
c.Spawner.args = {args!r}
c.Spawner.environment = {environment!r}
"""


def singleuser_args() -> list[str]:
    """The Voilà settings of `make serve` that also hold in Jupyter Server (per user): no theme
    or template from a page's address, and the tutor's extension, which lets a closing page's
    kernel-shutdown beacon through and hardens Voilà's pages (docs/security.md)."""
    from foodplay_widgets.serving.binder import EXTENSION
    from foodplay_widgets.serving.hardening import OVERRIDES_OFF
    from foodplay_widgets.serving.serve import CULL_IDLE_S, IOPUB_TIMEOUT_S, KERNEL_START_S

    args = [*OVERRIDES_OFF, f"--ServerApp.jpserver_extensions={EXTENSION}=True",
            f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT_S}",
            f"--VoilaExecutor.startup_timeout={KERNEL_START_S}",
            f"--MappingKernelManager.kernel_info_timeout={KERNEL_START_S}",
            f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_S}",
            "--MappingKernelManager.cull_interval=30",
            "--VoilaConfiguration.strip_sources=True"]
    if os.geteuid() == 0:
        args.append("--allow-root")
    return args


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--proxy", type=Path, default=DEFAULT_PROXY,
                        help=f"configurable-http-proxy (default {DEFAULT_PROXY})")
    parser.add_argument("--notebook", default="burg.ipynb")
    args = parser.parse_args()
    proxy = shutil.which(str(args.proxy)) or shutil.which("configurable-http-proxy")
    singleuser = Path(sys.executable).parent / "jupyterhub-singleuser"
    if not proxy:
        sys.exit(f"no configurable-http-proxy at {args.proxy}: npm install --prefix "
                 f"{DEFAULT_PROXY.parents[2]} configurable-http-proxy")
    if not singleuser.exists():
        sys.exit("no jupyterhub-singleuser beside this Python: pip install '.[hub]'")
    from foodplay_widgets.serving.serve import answers, free_port

    home = Path(tempfile.mkdtemp(prefix="fp-hub-"))
    env = dict(os.environ)
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "MPLCONFIGDIR",
                "IPYTHONDIR"):
        (home / var.lower()).mkdir()
        env[var] = str(home / var.lower())
    port, password = free_port(), secrets.token_urlsafe(12)
    (home / "jupyterhub_config.py").write_text(CONFIG.format(
        port=port, hub_port=free_port(), proxy_api_port=free_port(), home=home, proxy=proxy,
        password=password, users=set(USERS), singleuser=singleuser, repo=REPO,
        args=singleuser_args(),
        environment={k: env[k] for k in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR",
                                         "MPLCONFIGDIR", "IPYTHONDIR")}))
    base = f"http://127.0.0.1:{port}"
    log = open(home / "hub.log", "wb")  # noqa: SIM115 (open until the hub stops)
    t0 = time.monotonic()
    hub = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f",
                            str(home / "jupyterhub_config.py")], cwd=home, env=env,
                           stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    failed = 0
    try:
        while not answers(f"{base}/hub/health"):
            if hub.poll() is not None or time.monotonic() - t0 > 120:
                print((home / "hub.log").read_text(errors="replace")[-4000:])
                return 1
            time.sleep(0.3)
        print(f"hub up at {base} in {time.monotonic() - t0:.1f} s", flush=True)
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                 args=CHROMIUM_ARGS)
            pages = []
            for user in USERS:
                context = browser.new_context(viewport={"width": 1280, "height": 1600})
                context.set_default_timeout(240_000)
                page = context.new_page()
                start = time.monotonic()
                page.goto(f"{base}/hub/login")
                page.fill("#username_input", user)
                page.fill("#password_input", password)
                page.click("#login_submit")
                page.wait_for_url(f"{base}/user/{user}/**")
                spawned = time.monotonic() - start
                page.goto(f"{base}/user/{user}/voila/render/notebooks/{args.notebook}")
                page.wait_for_function(APP_READY_JS, polling=100)
                loaded = time.monotonic() - start
                click = page.evaluate(CLICK_JS, 1)
                print(f"{user}: logged in and server started in {spawned:.1f} s, "
                      f"{args.notebook} interactive at {loaded:.1f} s, Next click "
                      f"{click:.0f} ms", flush=True)
                pages.append(page)
            print(f"hub, proxy, servers and kernels: {tree_rss_kib(hub.pid) / 1024:.0f} MiB "
                  "resident", flush=True)
            for page in pages:
                page.close(run_before_unload=True)
            browser.close()
    except Exception as exc:  # report, then stop the hub
        print(f"FAILED: {type(exc).__name__}: {exc}")
        print((home / "hub.log").read_text(errors="replace")[-4000:])
        failed = 1
    finally:
        try:
            os.killpg(hub.pid, signal.SIGTERM)
            hub.wait(timeout=60)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(hub.pid, signal.SIGKILL)
        log.close()
        shutil.rmtree(home, ignore_errors=True)
    return failed


if __name__ == "__main__":
    sys.exit(main())
