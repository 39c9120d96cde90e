"""Words and pictures of the engine's values: catalogues, HTML, card drawings, rule prose.

``i18n`` holds one catalogue per language (English, Spanish) and turns the
engine's explanations into sentences; ``html`` is the escaping builder;
``render`` and ``display`` draw cards, tricks and deals; ``rulebook`` is the
learner's prose of each rule and ``rulesdoc`` the generated rules reference.
"""
