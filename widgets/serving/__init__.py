"""The server side and the kernel side of serving pages: Voilà's command line and template,
admission and hardening, load notices, and the workarounds over Voilà and ipywidgets
(docs/architecture.md lists each). Importing this package loads no ipywidgets."""
