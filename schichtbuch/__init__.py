"""What the pages stand on, in layers, lowest first: the game store (`store`), the texts (`texts`), the
session (`session`), the path of a tap (`live`), the web shell (`shell`), what goes from the table to
others (`sharing`), what the pages draw (`widgets`) and groups (`groups`). A module imports its own layer
and those below it, never one above (tests/test_imports.py)."""
