"""Tests of the Regicide engine (engine/regicide)."""
