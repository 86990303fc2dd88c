"""Languages: the message catalogues, plural rules, Korean particles, language codes and
glossaries."""
