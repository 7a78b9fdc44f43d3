-- Drives Neovim's built-in LSP client against `tdss lsp` (src/lsp/neovim.test.ts): opens TDSS_FILE, waits for
-- the diagnostics, applies the preferred quick fix of the first diagnostic that has one, then the completion
-- TDSS_COMPLETE_LABEL at the first occurrence of TDSS_COMPLETE_AT in the buffer, waits for the diagnostics
-- of the result, and writes what happened to TDSS_OUT as JSON. Neovim 0.7 API.
local out = {}

local function finish()
  vim.fn.writefile({ vim.fn.json_encode(out) }, os.getenv("TDSS_OUT"))
  vim.cmd("qa!")
end

local function run()
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("TDSS_FILE")))
  local buf = vim.api.nvim_get_current_buf()
  local published = {}
  local client_id = vim.lsp.start_client({
    name = "tdss",
    cmd = { os.getenv("TDSS_NODE"), os.getenv("TDSS_BIN"), "lsp", "--stdio" },
    root_dir = os.getenv("TDSS_ROOT"),
    get_language_id = function()
      return "json"
    end,
    handlers = {
      ["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
        vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
        table.insert(published, result)
      end,
    },
  })
  vim.lsp.buf_attach_client(buf, client_id)
  local client = vim.lsp.get_client_by_id(client_id)

  local function wait_for(count)
    return vim.wait(20000, function()
      return #published >= count
    end, 20)
  end
  if not wait_for(1) then
    out.error = "no diagnostics within 20 s"
    return
  end
  out.first = published[1].diagnostics
  out.shown = #vim.diagnostic.get(buf)

  -- The quick fix: the code actions for the first diagnostic, the preferred one applied.
  local fixed = nil
  for _, d in ipairs(out.first) do
    local params = {
      textDocument = { uri = vim.uri_from_bufnr(buf) },
      range = d.range,
      context = { diagnostics = { d } },
    }
    local responses = vim.lsp.buf_request_sync(buf, "textDocument/codeAction", params, 10000) or {}
    for _, response in pairs(responses) do
      for _, action in ipairs(response.result or {}) do
        if action.isPreferred and fixed == nil then
          fixed = action
        end
      end
    end
    if fixed then
      break
    end
  end
  if not fixed then
    out.error = "no preferred quick fix"
    return
  end
  out.fix = fixed.title
  vim.lsp.util.apply_workspace_edit(fixed.edit, client.offset_encoding)
  out.afterFix = vim.api.nvim_buf_get_lines(buf, 0, -1, false)

  -- The completion: asked inside the token, the item with the wanted label applied.
  local at = vim.fn.searchpos(os.getenv("TDSS_COMPLETE_AT"), "nw")
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = at[1] - 1, character = at[2] + 1 },
  }
  local responses = vim.lsp.buf_request_sync(buf, "textDocument/completion", params, 10000) or {}
  local item = nil
  for _, response in pairs(responses) do
    local items = response.result or {}
    if items.items then
      items = items.items
    end
    out.completions = #items
    for _, candidate in ipairs(items) do
      if candidate.label == os.getenv("TDSS_COMPLETE_LABEL") then
        item = candidate
      end
    end
  end
  if not item then
    out.error = "no completion item " .. os.getenv("TDSS_COMPLETE_LABEL")
    return
  end
  local before = #published
  vim.lsp.util.apply_text_edits({ item.textEdit }, buf, client.offset_encoding)
  out.lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  -- The server lints every change: wait for the diagnostics of the buffer as it now reads.
  vim.wait(20000, function()
    local last = published[#published]
    return #published > before and last.version == vim.lsp.util.buf_versions[buf]
  end, 20)
  out.last = published[#published].diagnostics
  vim.lsp.stop_client(client_id)
end

local ok, err = pcall(run)
if not ok then
  out.error = tostring(err)
end
finish()
