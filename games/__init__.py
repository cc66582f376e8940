"""The bundled games: rules files and their data. `mire play` with no game starts DEFAULT_GAME."""

DEFAULT_GAME = "mosquito-show"
