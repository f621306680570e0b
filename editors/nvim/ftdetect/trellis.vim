" Trellis layouts (*.trellis). Grid-dictionary JSON keeps the json filetype.
autocmd BufRead,BufNewFile *.trellis setfiletype trellis
