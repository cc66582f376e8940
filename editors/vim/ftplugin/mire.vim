" Mire rules files: 4-space blocks, # comments.
setlocal expandtab shiftwidth=4 softtabstop=4 commentstring=#\ %s
