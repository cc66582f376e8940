"""How far a rule may go in one move before it is stopped with a RuleError (docs/language.md, "Safety")."""

MAX_LOOP_STEPS = 200_000  # loop steps (for, repeat, ordered by, comprehensions) per move, with its triggers
MAX_DEPTH = 200  # nested calls of defs and procs
