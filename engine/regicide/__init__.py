"""regicide."""
