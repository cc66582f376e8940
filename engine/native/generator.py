"""The interpreter's own generator, natively, for perft of a game whose moves draw (docs/backends.md, "Chance").

`mire perft --chance sample` counts the lines of a game whose moves draw as the interpreter's seeded generator
draws them: Python's `random.Random` (MT19937), each draw of n outcomes its `_randbelow(n)` (the fewest bits
that hold n - 1, drawn again while the number is n or more), its state taken back by an undo. The native chance
stream (splitmix64, chance.py) draws other numbers, so the counts would be another sample's. For perft the state
vector therefore holds that generator too: MT19937's 624 words and its index after the draws' log (`MTGEN`: a
flag, the index, the words; in a game whose rules draw), written from the interpreter's generator when a perft
start is handed over (`with_generator`), and each draw (chance.py's `draw`) takes its outcome from it while the
flag is set, every word and the index written through the journal (an undo takes a draw back, as the
interpreter's journal takes its generator's state back). A series of random playouts and a search's rollouts
never set the flag: they draw from the native stream.

Python's twist and tempering (Modules/_randommodule.c, genrand_uint32) and `getrandbits(k)` for k <= 32 (one
word's top k bits) are written here; a draw among more than 2**32 outcomes stops with an error.
"""
from __future__ import annotations

WORDS = 624
# the flag (1: draw from this generator), the index of the next word, the words, then the draws perft's walk made
# from it (a tally never journalled: an undo does not take it back, a move tried for its `ensure`s does)
SLOTS = 3 + WORDS


def generator_slots(chance: bool) -> int:
    """The slots the generator takes after the draws' log: in a game whose rules draw, else none."""
    return SLOTS if chance else 0


def generator_source(at: int, slots: int) -> list[str]:
    """The module's constants: where the generator's slots begin, whether the game has them."""
    return [f"MTGEN = {at}  # the interpreter's generator for perft (generator.py): flag, index, 624 words",
            f"MTDRAWS = {at + 2 + WORDS}  # the draws perft's walk made from it",
            f"MTGEN_ON = {1 if slots else 0}"]


def with_generator(layout, state, st):
    """A copy of the native vector `st` whose draws come from the interpreter's generator of `state`, as it is now
    (perft from that position draws what the interpreter's perft draws); `st` itself when the game has no slots
    for it (its rules never draw)."""
    if not layout.generator_slots:
        return st
    version, words, _gauss = state.rng.getstate()
    if version != 3 or len(words) != WORDS + 1:
        raise ValueError(f"a generator state of another kind ({version}, {len(words)} words)")
    out = st.copy()
    at = layout.generator_at
    out[at] = 1
    out[at + 1] = words[WORDS]
    out[at + 2:at + 2 + WORDS] = words[:WORDS]
    out[at + 2 + WORDS] = 0
    return out


GENERATOR_PRELUDE = '''

# ---------------------------------------------------------------- the interpreter's generator (generator.py)

@njit(cache=True)
def mt_twist(st, jr):
    # MT19937's next 624 words, in place (Python's genrand_uint32), each write journalled
    base = MTGEN + 2
    for kk in range(624):
        y = (st[base + kk] & 0x80000000) | (st[base + (kk + 1) % 624] & 0x7FFFFFFF)
        v = st[base + (kk + 397) % 624] ^ (y >> 1)
        if y & 1:
            v ^= 0x9908B0DF
        w(st, jr, base + kk, v)


@njit(cache=True)
def mt_word(st, jr):
    # the generator's next 32-bit word, tempered
    i = st[MTGEN + 1]
    if i >= 624:
        mt_twist(st, jr)
        i = 0
    y = st[MTGEN + 2 + i]
    w(st, jr, MTGEN + 1, i + 1)
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & 0xFFFFFFFF


@njit(cache=True)
def mt_below(st, jr, n):
    # Random._randbelow(n): k = n.bit_length() bits (a word's top k), drawn again while the number is n or more
    if n > 0xFFFFFFFF:
        raise ValueError("a draw among more outcomes than the native generator draws")
    k = 0
    m = n
    while m > 0:
        k += 1
        m >>= 1
    r = mt_word(st, jr) >> (32 - k)
    while r >= n:
        r = mt_word(st, jr) >> (32 - k)
    return r


@njit(cache=True)
def perft_drawing(start, depth, counts, ends):
    # perft (prelude.py's), and how many draws the moves it played made (MTDRAWS: the tally an undo leaves, which
    # a move tried for its `ensure`s takes back, as the interpreter's report leaves a try's draws out)
    st = start.copy()
    jr = np.zeros(1 + 2 * JCAP, np.int64)
    perft_walk(st, jr, depth, counts, ends)
    return st[MTDRAWS] - start[MTDRAWS]
'''
