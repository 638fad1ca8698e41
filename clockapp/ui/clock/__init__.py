"""The clock display for the room and the director's controls."""
