"""The four built-in plugins: two draw rules and two scorings, written against the public hooks."""
