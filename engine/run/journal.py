"""The kinds of entry in a state's journal (the record of its changes that undo rolls back), in a module of
their own so that the build layer's kept listings can read a journal without importing the state."""

# MOVE: a piece moved; CREATE: a piece made; ATTR, ITEM: an attribute or an item set; ORDER: a zone reordered;
# RNG: the generator drawn from; ADDED: an item added to the end of a list (the log, the chance events, the
# writes); TURN: the turn passed; SPACE: a space's value set; PIECE_VALUE: a piece's value set; EMPTIED: a place
# emptied at once; ITEM_HEAVY: an ITEM whose old value is a list, with the items it holds (see MAX_JOURNAL)
MOVE, CREATE, ATTR, ITEM, ORDER, RNG, ADDED, TURN, SPACE, PIECE_VALUE, EMPTIED, ITEM_HEAVY = range(12)
