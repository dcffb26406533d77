"""Rules engines (sans-IO, deterministic given a seed): Three Kingdoms Kill and Regicide."""
