"""The table in the browser: one page and its static files, served by the service itself."""
