"""The live clock every window shares: the session, its commands, the cache, cues and texts."""
