-- What the package does when trellis-lsp attaches to a buffer: diagnostics shown while typing,
-- inlay hints on 0.10+, and the keymaps and options Neovim sets by itself only in later versions
-- (`K`, `[d`, `]d`, 'omnifunc' and 'formatexpr' before 0.10; `grn`, `gra`, `grr` before 0.11;
-- `gd` everywhere). A key the user has mapped already is left alone.
local M = {}

local function option(name, default)
  local value = vim.g['trellis_' .. name]
  if value == nil then
    return default
  end
  return value
end

local function map(buffer, lhs, rhs, desc)
  vim.api.nvim_buf_call(buffer, function()
    if vim.fn.maparg(lhs, 'n') == '' then
      vim.keymap.set('n', lhs, rhs, { buffer = buffer, desc = 'Trellis: ' .. desc })
    end
  end)
end

local function diagnostics_while_typing(client)
  local namespaces = { vim.lsp.diagnostic.get_namespace(client.id) }
  if vim.fn.has('nvim-0.10') == 1 then
    table.insert(namespaces, vim.lsp.diagnostic.get_namespace(client.id, true))
  end
  for _, namespace in ipairs(namespaces) do
    vim.diagnostic.config({ update_in_insert = true }, namespace)
  end
end

function M.buffer(client, buffer)
  if option('update_in_insert', true) then
    diagnostics_while_typing(client)
  end
  if vim.fn.has('nvim-0.10') == 1 and option('inlay_hints', true) and client.server_capabilities.inlayHintProvider then
    vim.lsp.inlay_hint.enable(true, { bufnr = buffer })
  end
  map(buffer, 'gd', vim.lsp.buf.definition, 'go to definition')
  if vim.fn.has('nvim-0.11') == 0 then
    map(buffer, 'grn', vim.lsp.buf.rename, 'rename')
    map(buffer, 'gra', vim.lsp.buf.code_action, 'code action')
    map(buffer, 'grr', vim.lsp.buf.references, 'references')
  end
  if vim.fn.has('nvim-0.10') == 0 then
    map(buffer, 'K', vim.lsp.buf.hover, 'hover')
    map(buffer, '[d', vim.diagnostic.goto_prev, 'previous diagnostic')
    map(buffer, ']d', vim.diagnostic.goto_next, 'next diagnostic')
    if vim.bo[buffer].omnifunc == '' then
      vim.bo[buffer].omnifunc = 'v:lua.vim.lsp.omnifunc'
    end
    if vim.bo[buffer].formatexpr == '' then
      vim.bo[buffer].formatexpr = 'v:lua.vim.lsp.formatexpr(#{timeout_ms: 5000})'
    end
  end
end

return M
