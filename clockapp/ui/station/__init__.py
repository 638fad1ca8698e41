"""The station: the windows of one tournament wired together, and switching tournaments."""
