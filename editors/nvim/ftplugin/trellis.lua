-- Buffer settings for Trellis files: `//` comments, two-space indentation, names with `-` as one
-- word (`top-borderline`, `my-card`), and tree-sitter highlighting on Neovim 0.10+ once the
-- parser is built (build-parser.sh); without it syntax/trellis.vim highlights.
if vim.b.did_ftplugin then
  return
end
vim.b.did_ftplugin = true

vim.bo.commentstring = '// %s'
vim.bo.comments = '://'
vim.bo.shiftwidth = 2
vim.bo.softtabstop = 2
vim.bo.expandtab = true
vim.opt_local.iskeyword:append('-')
vim.b.undo_ftplugin = 'setlocal commentstring< comments< shiftwidth< softtabstop< expandtab< iskeyword<'

if vim.fn.has('nvim-0.10') == 1 then
  pcall(vim.treesitter.start, 0, 'trellis')
end
