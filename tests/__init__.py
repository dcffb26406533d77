"""The test suite: one package, so every test module has one name (tests.x.y), whichever way it is imported."""
