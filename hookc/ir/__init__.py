"""hookc's intermediate representation: immutable nodes, spans excluded from equality."""
