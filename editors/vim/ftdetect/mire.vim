au BufRead,BufNewFile *.mire setfiletype mire
