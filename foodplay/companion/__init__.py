"""The table companion (issue #30): a real game followed entry by entry, checked and explained
by the engine, with chance named by the table (session.py, entries.py, private.py)."""
