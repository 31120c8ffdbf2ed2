"""The 3d6 table flow over HTTP: contests, group actions and long tasks."""
