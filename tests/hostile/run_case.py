"""Run `mire ARGS...` as a stranger's file would meet it: under a memory cap, with every file the process
opens written to a log, so a test can see that nothing outside the game's folder was read or written.

    python run_case.py LOG MEMORY_MB ARGS...
"""
import os
import resource
import sys


def main():
    log_path, memory_mb, *args = sys.argv[1:]
    limit = int(memory_mb) * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    log = open(log_path, "w", encoding="utf-8")  # noqa: SIM115 - open for the life of the process

    def audit(event, hook_args):
        if event == "open" and hook_args and isinstance(hook_args[0], (str, bytes)):
            path = os.fsdecode(hook_args[0])
            mode = hook_args[1] if len(hook_args) > 1 and isinstance(hook_args[1], str) else "r"
            log.write(f"{mode}\t{os.path.abspath(path)}\n")
            log.flush()
    sys.addaudithook(audit)
    from mire.cli.main import main as mire
    sys.argv = ["mire", *args]
    mire()


if __name__ == "__main__":
    main()
