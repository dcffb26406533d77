"""Three Kingdoms Kill (三国杀) standard edition, identity mode: the rules engine.

Work in progress (issue #3). Available now: the catalogue (`engine.sanguosha.catalogue`:
cards, generals, skills, identities, role tables from `data/*.json`), card text
(`parse_card("kill@S7")` / `format_card(card)`) and the refusal reasons
(`engine.sanguosha.reasons.Reason`).
"""

from engine.sanguosha.catalogue import Card, catalogue, format_card, parse_card, role_counts
from engine.sanguosha.reasons import REASONS, Reason

__all__ = ["Card", "REASONS", "Reason", "catalogue", "format_card", "parse_card", "role_counts"]
