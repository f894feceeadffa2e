"""The settings a server is started with: the names of the environment variables that hold them (README,
"Configure"). Read where they are used: the store by `resources.store`, the address other phones reach by
`sharing.joining`, the language by `state.init`."""

STORE_PATH = "SCHICHTBUCH_STORE"
"""Where the games are kept: an SQLite file's path, or a PostgreSQL server's `postgresql://` URL."""

BASE_URL = "SCHICHTBUCH_BASE_URL"
"""The address other phones use to reach the app, for the join link and its QR code."""

DEFAULT_LANG = "SCHICHTBUCH_LANG"
"""The language when the link names none and the browser's is none of the app's."""
