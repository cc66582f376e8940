"""`mire serve`: the games in a browser (a Starlette server, its SQLite store, a board drawn as SVG from each
seat's view, and a small front end of plain ES modules in static/)."""
