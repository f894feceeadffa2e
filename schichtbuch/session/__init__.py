"""A phone's session in this server process: the settings and resources of the process, the session's state and
cookies, and what a page run places."""
