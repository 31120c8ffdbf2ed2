"""The error kinds of the API, described where their ``type`` URIs point."""
