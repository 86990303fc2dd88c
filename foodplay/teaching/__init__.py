"""Teaching content built on the engine: lessons, quizzes, rule search, the rule index and the
printable summary."""
