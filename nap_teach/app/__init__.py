"""Entry points: the command line, the Voila launcher and the translators' extractors."""
