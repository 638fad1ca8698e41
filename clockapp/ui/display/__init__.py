"""The clock display on the wall: its window, painted parts, lock, fullscreen and palette."""
