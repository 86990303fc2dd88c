"""The tutor's screen for one game (`tutor.App`) and the panels it is composed of: table,
explanation, moves, timeline, scores, share, rule lookup."""
