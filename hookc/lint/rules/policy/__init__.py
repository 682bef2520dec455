"""Policy rules: a team's own limits on hooks, off until configured."""
