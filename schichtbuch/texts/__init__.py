"""The words: the translation catalogs, their extraction from the code, and a page's words in the session's language."""
