" Trellis layouts, and MyGridLayout grid dictionaries named *.grid.json.
autocmd BufRead,BufNewFile *.trellis setfiletype trellis
