"""Support for the app: the game store, sharing by link and QR code, and the translation catalog."""
