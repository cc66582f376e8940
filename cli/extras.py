"""How to install an optional extra of Mire (`plot`, `lsp`, `cluster`), in words that work whether Mire was installed
from a package index or from a clone of its repository (where `mire[...]` names nothing pip can find)."""


def install_hint(extra: str) -> str:
    """`pip install '.[plot]'` in a clone of Mire (or `pip install 'mire[plot]'` from a package index)."""
    return f"pip install '.[{extra}]' in a clone of Mire (or pip install 'mire[{extra}]' from a package index)"
