"""The director's window on the laptop and its desk: counts, registration, restore, web view."""
