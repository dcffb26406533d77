"""The two-side modes: 1v1, 2v2 (欢乐成双), 3v3 (统帅三军), 4v4 (provisional); 国战 refused.

Chosen with `Settings(game_mode="1v1", mode_settings={"1v1.rule": "2013"})`;
identity mode (the default) uses none of this. Facts: `docs/modes.md`;
data: `data/modes.json` (each mode's parameters, its settings with their defaults,
and the sentences refusing what the standard set cannot play).

- `spec.py`: the mode's rules as one value (`ModeSpec`), settings applied.
- `teams.py`: the common model (teams, leaders, victory by side, rewards, 1v1
  reserves and replacement, the view).
- `draft.py`: the setup (pool draft in the snake 1-2-...-2-1, or offers).
- `order.py`: turn order (round the table, or 3v3 action units).
- `rule_skills.py`: the card and draw changes, as skills every seat holds.

Import the submodules themselves (this package imports nothing, so `settings.py`
can read `spec.py` without an import circle).
"""
