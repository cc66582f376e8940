" Vim syntax file for Mire rules files (*.mire).
" Made by `python -m mire.regenerate` from cli/highlight.py: do not edit.
if exists("b:current_syntax")
  finish
endif

syn keyword mireDeclaration about action board const def display edition enum fallback game input legend option phase piece pieces proc rank replace setup show status trigger var variant when zone
syn match mireBuiltin "\<players\>"
syn match mireDeclaration "^\(players\|first\)\>"
syn keyword mireStatement again choose draw elif else ensure enter finish flip for if let log lose move next pass place remove repeat require return rotate shuffle while win
syn keyword mireKeyword after always area as ask at because blocks by capacity corners covered down each edges face facing from graph grid hex hexagon hidden internal key labels line link list mutable named nothing of once point private public reveals secret secretly share size stuck ties to triangle until up uses walls when where
syn match mireKeyword "\<\(for\s\+each\s\+player\|at\s\+once\s\+each\|per\s\+player\|ordered\s\+by\|sorted\s\+by\|hidden\s\+when\s\+covered\|ties\s\+share\|when\s\+stuck\|after\s\+move\|at\s\+turn\s\+start\|at\s\+end\)\>"
syn match mireKeyword "\(\<grid\s\+\d\+\s\+\)\@<=x\>"
syn match mireKeyword "\(\<hex\s\+\d\+\s\+\)\@<=x\>"
syn match mireKeyword "\(\<blocks\s\+\d\+\s\+\)\@<=x\>"
syn match mireKeyword "\<count\ze\s\+\d"
syn match mireKeyword "\<\(colour\|glyph\|picture\)\ze\s\+\""
syn match mireKeyword "^\s\+\zs\<spaces\>"
syn match mireKeyword "\<neighbors\ze\s\+\(orthogonal\|diagonal\|all_directions\)\>"
syn keyword mireOperator and downto in not or
syn keyword mireConstant false no none true yes
syn keyword mireBuiltin all_directions backward backward_left backward_right box decisions diagonal east forward forward_left forward_right left mover north northeast northwest opponent orthogonal others phase repetitions right south southeast southwest supply turn west winners
syn match mireFunction "\<\(abs\|all\|any\|at\|block\|border\|bottom\|can_act\|can_move\|ceil\|closed\|column\|count\|direction\|distance\|edge\|empty\|first\|floor\|frontier\|group\|in_a_row\|index\|land\|last\|max\|min\|neighbors\|next_player\|offset\|opposite\|owner\|path\|random\|ray\|region\|regions\|regions_of\|relative\|repetitions\|reverse\|round\|row\|seat\|seat_space\|sort\|space\|sum\|symmetric\|top\|touching\|turned\|unique\)\ze("
syn match mireAttribute "\.\s*\h\w*"
syn match mireNumber "\<\d\+\>"
syn region mireString start=+"+ skip=+\\.+ end=+"+ oneline
syn match mireComment "#.*$"

hi def link mireDeclaration Structure
hi def link mireStatement Statement
hi def link mireKeyword Keyword
hi def link mireOperator Operator
hi def link mireConstant Boolean
hi def link mireBuiltin Identifier
hi def link mireFunction Function
hi def link mireNumber Number
hi def link mireString String
hi def link mireComment Comment

let b:current_syntax = "mire"
