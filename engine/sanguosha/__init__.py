"""sanguosha."""
