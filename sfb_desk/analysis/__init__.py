"""numpy analysis: expected-damage curves, Monte Carlo of volleys."""
