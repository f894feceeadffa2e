"""The live path of a tap: a tap reaching its session, what the phone says about it, saving and undo, closing a
stage, and the live refresh that shows it on the other phones."""
