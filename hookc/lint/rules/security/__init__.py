"""Security rules: what a handler runs or holds that puts the machine or its secrets at risk."""
