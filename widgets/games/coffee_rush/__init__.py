"""Coffee Rush's UI: its table, its move builder and its narrated opening."""
