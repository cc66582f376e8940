"""A first compile on two cores: a forked process, the *helper*, compiles some of the functions an entry point
calls while this process compiles the others, and the two hand each other what they compile.

numba compiles an entry point and everything it calls in one thread, one function after another, and its own
Python and LLVM's optimisation of each function are ~all of a first compile. Where the machine has a second core,
`helped` forks the helper before the entry's compile begins, and each process compiles its calls of `PLANS`
(calls the prelude makes, with the argument types it makes them with) bottom up, as numba does. Each tells the
other which function it begins to compile and sends each it has compiled, as numba's cache keeps one
(`CompileResult._reduce`: the typing, the library's code), down a pipe. Where numba would read a function from its
disk cache (`Cache.load_overload`), a process takes the other's compile instead, waiting for it while the other is
still compiling it; then the entry's own compile takes what it calls so. Only this process writes numba's disk
cache (what it took from the helper too, as numba would have kept its own compile).

What is compiled does not change: a function taken from the other process is the one this process would have
compiled (the same source, the same argument types, the same numba), read back as a cached one is; two processes
that begin the same function at once both compile it. Where anything is not as expected (one core,
`MIRE_COMPILE_JOBS=1`, no fork, another thread running, numba's internals otherwise, a helper that fails or dies),
this process compiles what it lacks by itself, as before.
"""
from __future__ import annotations

import os
import pickle
import signal
import struct
import sys
import threading
from contextlib import contextmanager
from typing import Any, Iterator, Optional

# For each entry point, calls the prelude makes, with the argument types it makes them with ("a1": an int64
# vector, C order; "a2": an int64 matrix; "u1": a uint64 vector; "i": an int64), which the two processes compile
# before the entry's own compile takes them: this process its own (then the entry's, all the rest), the helper its
# own and then this process's from the last back, those this process has not begun yet. They are chosen so that the
# two begin far apart in the calls: here the listing and a move's effect, in the helper the end of a game (the end's
# conditions and the scoring, which every move's end reaches), the start and a stuck seat's end. Where the two meet
# (a helper of the rules both call), the later waits for the earlier's compile rather than compiling it again.
_RANDOM_GAMES = ((("pick_for_move", ("a1", "a1", "a2", "u1")), ("ranking_top", ("a1",)),
                  ("apply_listed", ("a1", "a1", "a1"))),
                 (("conclude", ("a1", "a1")), ("begin_game", ("a1", "a1", "i", "i")), ("stuck_called", ("a1", "a1"))))
PLANS: dict[str, tuple] = {entry: _RANDOM_GAMES
                            for entry in ("playouts", "playout_moves", "rollout", "balance_playouts")}
PLANS["perft"] = ((("list_moves_called", ("a1", "a2")), ("ranking_top", ("a1",)),  # (as perft_walk calls them)
                   ("apply_move_called", ("a1", "a1", "a1"))),
                  (("conclude", ("a1", "a1")), ("stuck_called", ("a1", "a1"))))
# the search bots' iterations (engine/native/search.py: the tree's listing and moves, then random lines)
PLANS["tree_search"] = ((("list_moves_called", ("a1", "a2")), ("ranking_top", ("a1",)),
                         ("apply_move_called", ("a1", "a1", "a1")), ("pick_for_move", ("a1", "a1", "a2", "u1")),
                         ("apply_listed", ("a1", "a1", "a1"))),
                        (("conclude", ("a1", "a1")), ("stuck_called", ("a1", "a1"))))

# the functions (name, argument types) this process took from the helper, by entry point, at its last compile
TAKEN: dict = {}

_HEADER = struct.Struct("<cII")  # a message: its kind, the lengths of its key and of its payload
_STARTED, _DONE, _FAILED = b"S", b"D", b"F"
# how long one process waits for a function the other is compiling before compiling it itself (a compile the
# other began may fail where numba then tries another way)
_PATIENCE = 120.0


def wanted_jobs() -> int:
    """How many processes a first compile may use: `MIRE_COMPILE_JOBS`, else the cores this process may run on
    (at most 2: the helper takes one part of the calls)."""
    told = os.environ.get("MIRE_COMPILE_JOBS", "").strip()
    if told.isdigit():
        return int(told)
    try:
        return min(2, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return 1


def _numba_types(kinds: tuple) -> Optional[tuple]:
    try:
        from numba.core import types
    except ImportError:
        return None
    vector = types.Array(types.int64, 1, "C")
    made = {"a1": vector, "a2": types.Array(types.int64, 2, "C"), "u1": types.Array(types.uint64, 1, "C"),
            "i": types.int64}
    return tuple(made[k] for k in kinds)


class Peer:
    """One side of the exchange between the two processes, each compiling: what this one began and compiled is
    told to the other; what the other began and compiled is read by a thread, and each function either compiles
    is taken from it (waiting while it is still compiling it) rather than compiled again."""

    def __init__(self, read_fd: int, write_fd: int):
        self.out = os.fdopen(write_fd, "wb")  # (buffered: a message written whole, however large)
        self.begun: set = set()  # (name, types) this process compiles
        self.theirs: set = set()  # ... the other began and has not ended
        self.sent: dict = {}  # ... the other compiled: its payload (b"": it could not be handed over)
        self.used: list = []  # what this process took from the other
        self.over = False  # the other ended (or its pipe did)
        self.lock = threading.Condition()
        self.reader = threading.Thread(target=self._read, args=(read_fd,), name="mire-compile-peer", daemon=True)
        self.reader.start()

    def _read(self, fd: int) -> None:
        with os.fdopen(fd, "rb") as pipe:
            while True:
                header = pipe.read(_HEADER.size)
                if len(header) < _HEADER.size:
                    break
                kind, key_length, payload_length = _HEADER.unpack(header)
                key_text = pipe.read(key_length)
                payload = pipe.read(payload_length)
                if len(key_text) < key_length or len(payload) < payload_length:
                    break
                key = tuple(key_text.decode().split("\0", 1))
                with self.lock:
                    if kind == _STARTED:
                        self.theirs.add(key)
                    else:
                        self.theirs.discard(key)
                        if kind == _DONE:
                            self.sent[key] = payload
                    self.lock.notify_all()
        with self.lock:
            self.over = True
            self.lock.notify_all()

    def tell(self, kind: bytes, key: tuple, payload: bytes = b"") -> None:
        text = "\0".join(key).encode()
        try:
            self.out.write(_HEADER.pack(kind, len(text), len(payload)) + text + payload)
            self.out.flush()
        except OSError:  # (the other ended: it needs nothing more)
            pass

    def take(self, key: tuple) -> Optional[bytes]:
        """The other's compile of this function, waiting for it while the other is compiling it (and this process
        is not); None when this process is to compile it."""
        with self.lock:
            if key not in self.begun:
                self.lock.wait_for(lambda: key not in self.theirs or self.over, timeout=_PATIENCE)
            payload = self.sent.get(key)
        if payload:
            self.used.append(key)
            return payload
        return None

    def close(self) -> None:
        try:
            self.out.close()
        except OSError:
            pass


def _key(name: str, sig: Any) -> tuple:
    from numba.core import sigutils
    args = sig if isinstance(sig, tuple) else sigutils.normalize_signature(sig)[0]
    return (name, str(tuple(args)))


def _calls(dispatchers: dict, wanted: tuple) -> list:
    calls = []
    for name, kinds in wanted:
        types = _numba_types(kinds)
        if name in dispatchers and types is not None:
            calls.append((name, types))
    return calls


@contextmanager
def helped(entry: str, dispatchers: dict) -> Iterator[Optional[Peer]]:
    """While `entry` is first compiled (the caller calls it): a helper process compiles calls of `PLANS` while
    this process compiles its own, the two handing each other what they compile. `dispatchers`: the module's
    functions by name, their caches enabled. Yields this process's side of the exchange (None: no helper: one
    core, `MIRE_COMPILE_JOBS=1`, no fork, another thread running, which a fork would not copy, or numba not as
    expected)."""
    plan: tuple = PLANS.get(entry, ((), ()))
    here, there = _calls(dispatchers, plan[0]), _calls(dispatchers, plan[1])
    if not here or not there or wanted_jobs() < 2 or not sys.platform.startswith("linux") or not hasattr(os, "fork") \
            or threading.active_count() > 1 or not _numba_as_expected(dispatchers):
        yield None
        return
    sys.stdout.flush()
    sys.stderr.flush()
    parent = os.getpid()
    from_parent, to_helper = os.pipe()
    from_helper, to_parent = os.pipe()
    pid = os.fork()
    if pid == 0:  # the helper: never returns
        os.close(to_helper)
        os.close(from_helper)
        _help(dispatchers, there + here[::-1], from_parent, to_parent, parent)
    os.close(from_parent)
    os.close(to_parent)
    peer = Peer(from_helper, to_helper)
    undo = _exchange(peer, dispatchers, keep=True)
    try:
        _compile_unclaimed(peer, dispatchers, here)
        yield peer
    finally:
        for restore in undo:
            restore()
        TAKEN[entry] = list(peer.used)
        peer.close()
        try:
            os.kill(pid, signal.SIGKILL)  # (it may still be compiling what this process no longer needs)
        except OSError:
            pass
        try:
            os.waitpid(pid, 0)
        except OSError:
            pass
        peer.reader.join(timeout=5)


def _numba_as_expected(dispatchers: dict) -> bool:
    try:
        from numba.core import caching, compiler
    except ImportError:
        return False
    return all(hasattr(d, "_cache") and hasattr(d._cache, "load_overload") and hasattr(d._cache, "_impl")
               and hasattr(d, "compile") for d in dispatchers.values()) and \
        hasattr(compiler.CompileResult, "_rebuild") and hasattr(caching.Cache, "_save_overload")


def _exchange(peer: Peer, dispatchers: dict, keep: bool) -> list:
    """Each dispatcher's cache read takes the other's compile first, and its cache write tells the other; `keep`:
    write numba's disk cache too (the parent alone writes it). The ways back."""
    from numba.core.serialize import dumps
    undo = []
    for name, dispatcher in dispatchers.items():
        cache = dispatcher._cache
        load_overload, save_overload, compile_ = cache.load_overload, cache.save_overload, dispatcher.compile

        def load(sig, target_context, name=name, cache=cache, load_overload=load_overload,
                 save_overload=save_overload):
            key = _key(name, sig)
            payload = peer.take(key)
            if payload is not None:
                cres = cache._impl.rebuild(target_context, pickle.loads(payload))
                if keep:
                    save_overload(sig, cres)  # (kept on disk as numba would have kept its own compile)
                return cres
            cres = load_overload(sig, target_context)
            if cres is None:
                with peer.lock:
                    peer.begun.add(key)
                peer.tell(_STARTED, key)
            return cres

        def save(sig, cres, name=name, cache=cache, save_overload=save_overload):
            if keep:
                save_overload(sig, cres)
            if peer.over:  # (the other has ended: nothing to serialise for it)
                return
            shareable = cache._impl.check_cachable(cres)
            peer.tell(_DONE, _key(name, sig), dumps(cache._impl.reduce(cres)) if shareable else b"")

        def compiled(sig, name=name, compile_=compile_):
            try:
                return compile_(sig)
            except BaseException:
                key = _key(name, sig)
                if key in peer.begun:
                    peer.tell(_FAILED, key)
                raise
        cache.load_overload, cache.save_overload, dispatcher.compile = load, save, compiled

        def restore(cache=cache, dispatcher=dispatcher):
            cache.__dict__.pop("load_overload", None)
            cache.__dict__.pop("save_overload", None)
            dispatcher.__dict__.pop("compile", None)
        undo.append(restore)
    return undo


def _compile_unclaimed(peer: Peer, dispatchers: dict, calls: list) -> None:
    """Compile each call in turn but those the other process has begun or compiled (the entry takes them)."""
    for name, types in calls:
        key = _key(name, types)
        with peer.lock:
            claimed = key in peer.theirs or key in peer.sent
        if not claimed:
            dispatchers[name].compile(types)


def _end_with_the_parent(parent: int) -> None:
    """The helper is killed when its parent ends, however it ends (Linux's PR_SET_PDEATHSIG), rather than compiling
    on for nobody."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # (1: PR_SET_PDEATHSIG)
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:  # (the parent ended before the call above)
        os._exit(1)


def _help(dispatchers: dict, targets: list, read_fd: int, write_fd: int, parent: int) -> None:
    """The helper process: compile each target (with what it calls), exchanging with the parent; it writes no
    cache of its own. Then end, whatever happened, running nothing of the parent's."""
    status = 1
    try:
        _end_with_the_parent(parent)
        quiet = os.open(os.devnull, os.O_WRONLY)  # (numba's warnings are the parent's to give)
        os.dup2(quiet, 1)
        os.dup2(quiet, 2)
        peer = Peer(read_fd, write_fd)
        _exchange(peer, dispatchers, keep=False)
        _compile_unclaimed(peer, dispatchers, targets)
        peer.close()
        status = 0
    except BaseException:  # (the parent compiles what it lacks; nothing of the helper's may reach the user)
        pass
    finally:
        os._exit(status)
